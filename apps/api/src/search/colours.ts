/**
 * Colours in the in-memory index (issue 11 §6): the colour words the search reads (core
 * `SEARCH_COLOUR_WORDS`) as the analyser's lexemes, the words of a product's colour names that
 * stand only in that name, and the colour words of its stated colours (GMC `color`) as words of
 * its strong fields. `snapshot.ts` builds the index with them; `match.ts` reads the result. Also the
 * listings' colour filter: each product's basic colours as a bit mask.
 */
import { BASIC_COLOURS, basicColours, SEARCH_COLOUR_WORDS } from '@b-deals/core';
import type { Queryable } from '@b-deals/db';
import { CLASS_INDEX, LEXEME_WEIGHTS } from './tsvector.ts';
import { addPosting, type Postings } from './postings.ts';
import { analysed } from './vocabulary.ts';

/**
 * Colour names (issue 11 §6): the words of a product's stated colour names (GMC `color`, each
 * given as its set of lexemes in `names`) that are no colour words themselves (`colours`: the
 * "Denim" of "Denim Blue", the "Forest" of "Forest Green") and stand in the row's strong fields
 * only inside that colour name, where the title spells it (a run of consecutive title positions
 * holding exactly its words): a bomber jacket in denim blue is no "denim jacket". Found in the
 * demo catalogue, whose titles end in the colour's name.
 */
export function colourNameOnly(
  entries: ReadonlyArray<readonly [string, number, boolean, readonly number[]]>,
  names: ReadonlyArray<ReadonlySet<string>>,
  colours: ReadonlyMap<string, number>,
): Set<string> {
  const out = new Set<string>();
  const words = new Set(names.flatMap((n) => [...n].filter((l) => !colours.has(l))));
  if (!words.size) return out;
  const title = new Map<number, string>();
  for (const [lexeme, , , occ] of entries) for (const o of occ) if ((o & 3) === CLASS_INDEX.A) title.set(o >> 2, lexeme);
  const inName = new Set<number>(); // title positions spelling a colour name
  for (const name of names) {
    if (name.size < 2) continue;
    for (const start of title.keys()) {
      const run = Array.from({ length: name.size }, (_, k) => title.get(start + k));
      if (run.every((l) => l !== undefined && name.has(l)) && new Set(run).size === name.size) for (let k = 0; k < name.size; k++) inName.add(start + k);
    }
  }
  for (const [lexeme, , strong, occ] of entries) {
    if (!strong || !words.has(lexeme)) continue;
    if (occ.every((o) => (o & 3) === CLASS_INDEX.D || ((o & 3) === CLASS_INDEX.A && inName.has(o >> 2)))) out.add(lexeme);
  }
  return out;
}

/** The analyser's lexemes of the colour words (core `SEARCH_COLOUR_WORDS`), each to its index (at most 64). */
export async function colourLexemes(db: Queryable): Promise<Map<string, number>> {
  const res = await db.query<{ lexemes: string[] }>(`SELECT tsvector_to_array(${analysed('w')}) AS lexemes FROM unnest($1::text[]) AS x(w)`, [
    [...SEARCH_COLOUR_WORDS],
  ]);
  const out = new Map<string, number>();
  for (const r of res.rows) for (const l of r.lexemes) if (!out.has(l)) out.set(l, out.size);
  if (out.size > 64) throw new RangeError('more than 64 colour words');
  return out;
}

/** Weight of a colour word a product states (GMC `color`) where its title, brand and category words do not hold it: a category word's. */
export const STATED_COLOUR_WEIGHT = LEXEME_WEIGHTS.C;

/**
 * The colour words of a row's stated colours (GMC `color`; `names`, each the lexemes of one colour
 * name joined by spaces) as words of its strong fields (issue 11 §6): a cap in "Charcoal Grey"
 * titled "…, Charcoal" is found by "grey cap", as a product whose colour the feed states is that
 * colour whatever its title says. A colour word its strong fields hold already is left as it is;
 * one only in its description becomes strong; any other is added with {@link STATED_COLOUR_WEIGHT}
 * and no position (no phrase proximity). Words of a colour name that are no colour words ("Forest"
 * of "Forest Green") are not added.
 */
export function addStatedColours(
  postings: Postings,
  row: number,
  entries: ReadonlyArray<readonly [string, number, boolean, readonly number[]]>,
  names: readonly string[],
  colours: ReadonlyMap<string, number>,
): void {
  const stated = new Set(names.flatMap((n) => n.split(' ').filter((l) => colours.has(l))));
  if (stated.size === 0) return;
  for (const [lexeme, , strong] of entries) {
    if (!stated.delete(lexeme) || strong) continue;
    const p = postings.get(lexeme)!;
    p.strong[p.strong.length - 1] = 1; // this row's posting, just written
  }
  for (const lexeme of stated) addPosting(postings, lexeme, row, STATED_COLOUR_WEIGHT, 1, 0);
}

/**
 * The basic colours (core `basicColours`) of a product's stated colours (GMC `color` of its active
 * offers, `products.colors`) as a bit mask: bit i for `BASIC_COLOURS[i]` (15 colours, fits 16 bits).
 * 0 when no colour is stated or none names a colour word ("As shown"). The listings' colour filter
 * keeps a row when its mask shares a bit with the chosen colours' (`facet-pass.ts`).
 */
export function basicColourMask(colors: readonly string[]): number {
  let mask = 0;
  for (const color of colors) for (const basic of basicColours(color)) mask |= 1 << BASIC_COLOURS.indexOf(basic);
  return mask;
}
