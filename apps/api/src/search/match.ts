/**
 * Text matching over a snapshot's inverted file (decision 0003): the semantics of
 * `search @@ to_tsquery('english', '(t1:ABC | s1:ABC) & t2:ABC & t3:*ABC')` (a term's synonyms as
 * alternatives) — every word in the title, brand or category words as a word of its own, not as
 * the modifier of a compound name (issue 11 §6: a word only in a description does not make a
 * product match; "dresses" finds no dress shirts) — or, with `descriptions`, of `'t1 & t2 & t3:*'` (a kind word
 * still in the strong fields alone in the search's description fallback, decision 0032);
 * relevance summed from occurrence weights, plus phrase proximity.
 */
import type { Snapshot } from './snapshot.ts';

/** First index in the sorted `list` whose entry is ≥ `key` (binary search). */
function lowerBound(list: readonly string[], key: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** True when `lexeme` is a word of the snapshot's catalogue (its sorted lexicon holds it). */
export function hasLexeme(s: Pick<Snapshot, 'lexicon'>, lexeme: string): boolean {
  return s.lexicon[lowerBound(s.lexicon, lexeme)] === lexeme;
}

/** A query term: its lexeme and its synonyms' (any of them matches), and whether they match as prefixes (`lexeme:*`). */
export interface Term {
  lexemes: string[];
  prefix: boolean;
}

/**
 * Where a term may match (see {@link matchTerms}): false, only in the strong fields (title, brand, category words);
 * true, in descriptions too ("More in …": the kind's products that hold every word anywhere); 'except-kinds', in
 * descriptions too except a kind word (core `PRODUCT_KIND_WORDS`), which still matches only as it does without
 * descriptions (the description fallback of a search: a description's "pairs with jeans" makes no top a pair of jeans).
 */
export type Descriptions = boolean | 'except-kinds';

/** Relevance added when a term's lexeme directly follows the previous term's in the row's strong fields (phrase proximity). */
export const PROXIMITY_BONUS = 0.5;

/**
 * Rows matching every term (`t1 & t2 & …`): the first `count` entries of `s.scratch.found`, with
 * `s.scratch.relevance[row]` the summed occurrence weights of the matched lexemes, plus
 * PROXIMITY_BONUS for each term whose lexeme directly follows the previous term's (first strong
 * positions: "running shoes" ranks "Running Shoe" above "Shoe for Trail Running"). Without
 * `descriptions` a term matches only where its lexeme occurs in a strong field (title, brand,
 * category words), and only as a word of its own (issue 11 §6, compound names): where every
 * occurrence modifies another kind (snapshot `postHead`: the "dress" of "Dress Shirt") it matches
 * only when the next term is that kind ("dress shirt"); a part of a hyphenated word ("leg" of
 * "Wide-Leg") never, not even with `descriptions`, where the other rules of this paragraph are
 * relaxed (the fallback finds "forest blazer" in a Forest Green blazer), except for a kind word when
 * `descriptions` is 'except-kinds' (decision 0032: the kind word keeps every rule of the strong
 * fields, the other words may come from a description). The last term matches as
 * a prefix (`lexeme:*`) only when its lexeme is no word of the catalogue ("sneak" finds sneakers; "suit" is a word, so it does not find suitcases).
 * A word a sub-brand's name adds to its parent's ("Leather" of "Ashvale Leather") matches where it
 * stands only in the brand name just when `named` (core search `namedBrands`) holds the row's
 * brand (row-words `brandLineOnly`); a word of a product's colour name that is no colour word ("Denim"
 * of "Denim Blue") where it stands only in that name just when the query names one of the
 * product's colours (`colours.ts` `colourNameOnly`). A colour word (core `SEARCH_COLOUR_WORDS`) matches a product that states its colours (GMC
 * `color`) only when those colours or its brand's name hold it (issue 11 §6: a "14k Gold-Plated"
 * necklace in silver is no "gold necklace"; the snapshot's `colourOf`, `colourBits`).
 * An empty term list, or one with a term of which no lexeme has a posting, matches nothing (PostgreSQL's empty tsquery; `t1 & t2` with t2 in no row). The result is valid until the
 * next call.
 */
export function matchTerms(s: Snapshot, terms: readonly Term[], descriptions: Descriptions = false, named: Uint8Array | null = null): number {
  const { stamp, seen, relevance, found, pos } = s.scratch;
  if (!terms.length) return 0;
  const gen = nextGeneration(s);
  let count = 0;
  const { lexicon, postStart, postRow, postWeight, postStrong, postHead, postPos, colourOf, coloured, colourBits, kindLexeme } = s;
  // Lexicon ranges [lo, hi) of each term's lexemes.
  const ranges = terms.map((t) =>
    t.lexemes.map((lexeme) => {
      const lo = lowerBound(lexicon, lexeme);
      let hi = lo;
      if (lexicon[lo] === lexeme) hi = lo + 1;
      else if (t.prefix) while (hi < lexicon.length && lexicon[hi]!.startsWith(lexeme)) hi++;
      return [lo, hi] as const;
    }),
  );
  // A term none of whose lexemes is a word of the catalogue matches no row: so does the whole query ("women qzvac" need
  // not walk the postings of "women" to learn it).
  if (ranges.some((r) => r.every(([lo, hi]) => postStart[hi]! === postStart[lo]!))) return 0;
  // Colour words the query names (bits as the snapshot's `colourBits`), for words of colour names.
  const queryColours = [0, 0];
  for (const r of ranges)
    for (const [lo, hi] of r) for (let i = lo; i < hi; i++) if (s.colourOf[i]! >= 0) queryColours[s.colourOf[i]! >> 5]! |= 1 << (s.colourOf[i]! & 31);
  for (let k = 0; k < terms.length; k++) {
    const last = k === terms.length - 1;
    const next = last ? null : ranges[k + 1]!;
    for (const [from, to] of ranges[k]!) {
      for (let lo = from; lo < to; lo++) {
        const colour = colourOf[lo]!;
        // A kind word matches as it does without descriptions, whatever the mode: in the strong fields, as a word of its own.
        const strict = descriptions === false || (descriptions === 'except-kinds' && kindLexeme[lo] === 1);
        const word = colour >> 5;
        const bit = 1 << (colour & 31);
        for (let p = postStart[lo]!, end = postStart[lo + 1]!; p < end; p++) {
          if (!strict) {
            // A part of a hyphenated word is no word in either mode ("leggings" finds no "Wide-Leg" jeans).
            if (postStrong[p] === 1 && postHead[p] === -2) continue;
          } else {
            if (postStrong[p] === 0) continue;
            const head = postHead[p]!;
            if (head === -3) {
              // A sub-brand's line word only in the brand name: matches when the query names the brand.
              const b = s.brandOf[postRow[p]!]!;
              if (named === null || b < 0 || named[b] !== 1) continue;
            } else if (head === -4) {
              // A word of the product's colour name only in that name: matches when the query names one of its colours.
              const r = postRow[p]! * 2;
              if ((colourBits[r]! & queryColours[0]!) === 0 && (colourBits[r + 1]! & queryColours[1]!) === 0) continue;
            } else if (head !== -1 && !(head >= 0 && next !== null && inRanges(next, head))) continue;
          }
          const row = postRow[p]!;
          // A colour word matches a product that states its colours only when they (or its brand's name) hold it.
          if (colour >= 0 && coloured[row] === 1 && (colourBits[row * 2 + word]! & bit) === 0) continue;
          if (stamp[row] !== gen) {
            if (k !== 0) continue; // missed an earlier term
            stamp[row] = gen;
            seen[row] = 0;
            relevance[row] = 0;
          }
          const have = seen[row]!;
          const at = postPos[p]!;
          if (have === k) {
            seen[row] = k + 1;
            relevance[row] = relevance[row]! + postWeight[p]! + (k > 0 && at !== 0 && at === pos[row]! + 1 ? PROXIMITY_BONUS : 0);
            pos[row] = at;
            if (last) found[count++] = row;
          } else if (have === k + 1) relevance[row] = relevance[row]! + postWeight[p]!; // another lexeme of this term
        }
      }
    }
  }
  return count;
}

/** True when lexicon index `i` lies in one of the ranges. */
function inRanges(ranges: ReadonlyArray<readonly [number, number]>, i: number): boolean {
  for (const [lo, hi] of ranges) if (i >= lo && i < hi) return true;
  return false;
}

/** Starts a new generation of the scratch arrays (clearing the stamps when the counter wraps). */
function nextGeneration(s: Snapshot): number {
  const sc = s.scratch;
  if (sc.gen === 0xffffffff) {
    sc.stamp.fill(0);
    sc.gen = 0;
  }
  return ++sc.gen;
}
