/**
 * Text matching over a snapshot's inverted file (decision 0003): the semantics of
 * `search @@ to_tsquery('english', '(t1:ABC | s1:ABC) & t2:ABC & t3:*ABC')` (a term's synonyms as
 * alternatives) — every word in the title, brand
 * or category words (issue 11 §6: a word only in a description does not make a product match) —
 * or, with `descriptions`, of `'t1 & t2 & t3:*'`; relevance summed from occurrence weights.
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

/** A query term: its lexeme and its synonyms' (any of them matches), and whether they match as prefixes (`lexeme:*`). */
export interface Term {
  lexemes: string[];
  prefix: boolean;
}

/**
 * Rows matching every term (`t1 & t2 & …`): the first `count` entries of `s.scratch.found`, with
 * `s.scratch.relevance[row]` the summed occurrence weights of the matched lexemes. Without
 * `descriptions` a term matches only where its lexeme occurs in a strong field (title, brand,
 * category words). An empty term list matches nothing (PostgreSQL's empty tsquery). The result is
 * valid until the next call.
 */
export function matchTerms(s: Snapshot, terms: readonly Term[], descriptions = false): number {
  const { stamp, seen, relevance, found } = s.scratch;
  if (!terms.length) return 0;
  const gen = nextGeneration(s);
  let count = 0;
  const { lexicon, postStart, postRow, postWeight, postStrong } = s;
  for (let k = 0; k < terms.length; k++) {
    const t = terms[k]!;
    const last = k === terms.length - 1;
    for (const lexeme of t.lexemes) {
      let lo = lowerBound(lexicon, lexeme);
      let hi = lo;
      if (t.prefix) while (hi < lexicon.length && lexicon[hi]!.startsWith(lexeme)) hi++;
      else if (lexicon[lo] === lexeme) hi = lo + 1;
      for (; lo < hi; lo++) {
        for (let p = postStart[lo]!, end = postStart[lo + 1]!; p < end; p++) {
          if (!descriptions && postStrong[p] === 0) continue;
          const row = postRow[p]!;
          if (stamp[row] !== gen) {
            if (k !== 0) continue; // missed an earlier term
            stamp[row] = gen;
            seen[row] = 0;
            relevance[row] = 0;
          }
          const have = seen[row]!;
          if (have === k) {
            seen[row] = k + 1;
            relevance[row] = relevance[row]! + postWeight[p]!;
            if (last) found[count++] = row;
          } else if (have === k + 1) relevance[row] = relevance[row]! + postWeight[p]!; // another lexeme of this term
        }
      }
    }
  }
  return count;
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
