/**
 * What the search snapshot reads of each row's words beyond its tsvector (decision 0003; issue 11
 * §6): compound names ("Dress Shirt": the shirt is the kind, "dress" its modifier), the words a
 * sub-brand's name adds to its parent's (a line, not a kind), the analyser's lexemes of the kind
 * words, and brands by their first word. Used by `buildSnapshot` (snapshot.ts).
 */
import { PRODUCT_KIND_WORDS, ownKindWords, queryWords } from '@b-deals/core';
import type { Queryable } from '@b-deals/db';
import type { NamedRef } from './snapshot.ts';
import { CLASS_INDEX } from './tsvector.ts';
import { analysed } from './vocabulary.ts';

/**
 * Compound names of one row (issue 11 §6): for each lexeme whose strong occurrences are all
 * modifiers, the lexeme of the kind it modifies ('' when all are parts of hyphenated words).
 * A strong occurrence is a modifier when its lexeme is a kind word (`kinds`) that is not one of
 * the row's own category (`own`) and the next word in the same field is a kind word too ("Dress
 * Shirt", "Shirt Dress", the category name "Dress Shoes"); it is a part when it is a part of a
 * hyphenated word ("Wide-Leg": `wide-leg`, then `wide`, `leg` at the next positions), so a query
 * word does not find it ("leggings" is no "wide-leg"). Lexemes absent from the result are words of
 * their own.
 */
export function compoundHeads(
  entries: ReadonlyArray<readonly [string, number, boolean, readonly number[]]>,
  kinds: ReadonlySet<string>,
  own: ReadonlySet<string>,
): Map<string, string> {
  const heads = new Map<string, string>();
  let any = false;
  for (const e of entries) if (e[2] && kinds.has(e[0]) && !own.has(e[0])) any = true;
  if (!any) return heads;
  const lexemeAt = new Map<number, string>(); // strong position × 4 + class → lexeme
  const partOf = new Set<number>(); // strong positions that are parts of a hyphenated word
  const nextAfter = new Map<number, number>(); // position of a hyphenated word → the next word's position
  for (const [lexeme, , strong, occ] of entries) {
    if (!strong) continue;
    const parts = lexeme.includes('-') ? lexeme.split('-').length : 0;
    for (const o of occ) {
      if ((o & 3) === CLASS_INDEX.D) continue;
      lexemeAt.set(o, lexeme);
      if (parts) {
        const pos = o >> 2;
        for (let k = 1; k <= parts; k++) partOf.add(pos + k);
        nextAfter.set(pos, pos + parts + 1);
      }
    }
  }
  for (const [lexeme, , strong, occ] of entries) {
    if (!strong || !kinds.has(lexeme) || own.has(lexeme)) continue;
    let head: string | null = null;
    let free = false;
    for (const o of occ) {
      const cls = o & 3;
      if (cls === CLASS_INDEX.D) continue;
      const pos = o >> 2;
      if (partOf.has(pos)) {
        head ??= '';
        continue;
      }
      const next = lexemeAt.get((nextAfter.get(pos) ?? pos + 1) * 4 + cls);
      if (next !== undefined && kinds.has(next)) head = next;
      else free = true;
    }
    if (!free && head !== null) heads.set(lexeme, head);
  }
  return heads;
}

/** `compoundHeads`-style mark of a sub-brand's line word that stands only in the row's brand name (postHead -3). */
export const BRAND_LINE = '\u0000line';
/** `compoundHeads`-style mark of a word of the row's colour name standing only in that name (postHead -4). */
export const COLOUR_NAME = '\u0000colour';

/**
 * Sub-brand lines (issue 11 §6): the words a sub-brand's name adds to its parent brand's name (the
 * "Leather" of "Ashvale Leather", the "Jeans" of "Calvin Klein Jeans") name the line, not what a
 * product of it is: a canvas tote of "Ashvale Leather" is no "leather tote". Returns the lexemes
 * of `line` that stand in the row's strong fields only as part of its brand name — in the brand
 * field (weight B) and in runs of the title (A) that spell the brand name — and nowhere else
 * (not in the rest of the title, nor in the category words). Found in the demo catalogue, whose
 * brands have lines by department ("Northvale Kids", "… Leather", "… Sport") and whose titles
 * start with the brand.
 */
export function brandLineOnly(entries: ReadonlyArray<readonly [string, number, boolean, readonly number[]]>, line: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  if (!entries.some((e) => e[2] && line.has(e[0]))) return out;
  const brand: Array<[number, string]> = [];
  const title = new Map<number, string>();
  for (const [lexeme, , , occ] of entries)
    for (const o of occ) {
      if ((o & 3) === CLASS_INDEX.B) brand.push([o >> 2, lexeme]);
      else if ((o & 3) === CLASS_INDEX.A) title.set(o >> 2, lexeme);
    }
  const seq = brand.sort((a, b) => a[0] - b[0]).map(([, l]) => l);
  const inBrand = new Set<number>(); // title positions spelling the brand name
  if (seq.length)
    for (const start of title.keys()) if (seq.every((l, k) => title.get(start + k) === l)) for (let k = 0; k < seq.length; k++) inBrand.add(start + k);
  for (const [lexeme, , strong, occ] of entries) {
    if (!strong || !line.has(lexeme)) continue;
    if (occ.every((o) => (o & 3) === CLASS_INDEX.B || (o & 3) === CLASS_INDEX.D || ((o & 3) === CLASS_INDEX.A && inBrand.has(o >> 2)))) out.add(lexeme);
  }
  return out;
}

/** The analyser's lexemes that each sub-brand's name adds to its parent's, by dense brand index (see `brandLineOnly`). */
export async function brandLineLexemes(db: Queryable, brands: readonly NamedRef[], parent: Int32Array): Promise<Map<number, Set<string>>> {
  const subs = brands.flatMap((_, i) => (parent[i]! >= 0 ? [i] : []));
  const out = new Map<number, Set<string>>();
  if (!subs.length) return out;
  const names = [...new Set(subs.flatMap((i) => [brands[i]!.name, brands[parent[i]!]!.name]))];
  const res = await db.query<{ w: string; lexemes: string[] }>(`SELECT w, tsvector_to_array(${analysed('w')}) AS lexemes FROM unnest($1::text[]) AS x(w)`, [
    names,
  ]);
  const lexemesOf = new Map(res.rows.map((r) => [r.w, r.lexemes]));
  for (const i of subs) {
    const own = new Set(lexemesOf.get(brands[parent[i]!]!.name) ?? []);
    const added = (lexemesOf.get(brands[i]!.name) ?? []).filter((l) => !own.has(l));
    if (added.length) out.set(i, new Set(added));
  }
  return out;
}

/**
 * The analyser's lexemes of the kind words (core `PRODUCT_KIND_WORDS`) and of each category's own
 * kind words (core `ownKindWords`), in one query: a hyphenated word is its compound lexeme alone.
 */
export async function kindLexemes(
  db: Queryable,
  rows: ReadonlyArray<{ category_code: string }>,
): Promise<{ kinds: Set<string>; ownOf: (code: string) => Set<string> }> {
  const codes = [...new Set(rows.map((r) => r.category_code))];
  const ownWords = new Map(codes.map((c) => [c, ownKindWords(c)]));
  const words = [...new Set([...PRODUCT_KIND_WORDS, ...[...ownWords.values()].flat()])];
  const res = await db.query<{ w: string; lexemes: string[] }>(`SELECT w, tsvector_to_array(${analysed('w')}) AS lexemes FROM unnest($1::text[]) AS x(w)`, [
    words,
  ]);
  const lexemesOf = new Map(
    res.rows.map((r) => {
      const compound = r.w.includes('-') ? r.lexemes.filter((l) => l.includes('-')) : [];
      return [r.w, compound.length ? compound : r.lexemes];
    }),
  );
  const stem = (ws: readonly string[]) => new Set(ws.flatMap((w) => lexemesOf.get(w) ?? []));
  const kinds = stem(PRODUCT_KIND_WORDS);
  const own = new Map([...ownWords].map(([c, ws]) => [c, stem(ws)]));
  const none = new Set<string>();
  return { kinds, ownOf: (code) => own.get(code) ?? none };
}

/** Brand indexes by the first word of their lower-cased name (core `queryWords` splitting). */
export function brandsByFirstWord(brands: readonly NamedRef[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  brands.forEach((b, i) => {
    const first = queryWords(b.name)[0];
    if (first) out.set(first, [...(out.get(first) ?? []), i]);
  });
  return out;
}
