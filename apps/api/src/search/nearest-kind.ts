/**
 * The fallbacks of a query that finds nothing (issue 11 §6; {@link broaden}); the "more of its kind" of one
 * that finds a few is `more-of-kind.ts`. The first, the "nearest kind": a query of a kind and other words
 * ("olive jacket") that finds nothing, even corrected, is run again without the kind word, within
 * the groups that kind is filed under (core `nearestKindGroups`: jackets under Women's Coats and
 * Men's Coats & Jackets), so the shopper sees olive coats, parkas and blazers, and the page says
 * which word was left out and where it looked (`SearchResponse.broadened`).
 */
import {
  AUDIENCE_WORDS,
  BABY_KIDS_CODE,
  COLOUR_WORDS,
  audienceOfQueryWord,
  categoryByCode,
  categoryPhrases,
  categoryTrail,
  kindCategories,
  nearestKindGroups,
  type CategoryFilter,
  type CategoryNode,
} from '@b-deals/core';
import type { SearchResponse } from '@b-deals/contracts';

/** `SearchResponse.broadened` when set. */
export type Broadened = NonNullable<SearchResponse['broadened']>;

/**
 * A group's label for the page: its name, after its department's where the name does not hold the
 * department's first word ("Women's Coats", "Handbags"; "Men's Clothing › Coats & Jackets"), or
 * after its parent's where that names the department more closely ("Women's Shoes › Sneakers",
 * not "Shoes › Sneakers" twice beside the men's).
 */
export function groupLabel(group: CategoryNode): string {
  const trail = categoryTrail(group);
  const department = trail[0];
  if (!department || department === group) return group.term;
  const parent = trail[trail.length - 2]!;
  if (parent !== department && parent.term.toLowerCase().includes(department.term.toLowerCase())) return `${parent.term} › ${group.term}`;
  const first = department.term.split(/\s+/)[0]!.toLowerCase();
  return group.term.toLowerCase().includes(first) ? group.term : `${department.term} › ${group.term}`;
}

/**
 * Tries each word of `words` that names a kind filed under a group, the last word first (the kind
 * usually ends the query): `run(rest, filters)` searches the other words within each of those
 * groups, then within those where it found something. Returns that search with what to tell the
 * shopper (only the groups searched are named); null when no word is such a kind, when no other
 * word is left, or when nothing is found this way either.
 */
export async function nearestKind<R extends { total: number }>(
  words: readonly string[],
  run: (rest: string[], filters: CategoryFilter[]) => Promise<R>,
): Promise<{ result: R; broadened: Broadened } | null> {
  if (words.length < 2) return null;
  for (let i = words.length - 1; i >= 0; i--) {
    const rest = words.filter((_, j) => j !== i);
    const within = (g: CategoryNode): CategoryFilter => ({ include: [g.code!], exclude: [] });
    // Only the groups where the other words find something are searched and named.
    const found: Array<{ group: CategoryNode; result: R }> = [];
    for (const group of nearestKindGroups(words[i]!)) {
      const result = await run(rest, [within(group)]);
      if (result.total > 0) found.push({ group, result });
    }
    if (found.length === 0) continue;
    const groups = found.map((f) => f.group);
    // One group: its search is the answer already.
    const result = found.length === 1 ? found[0]!.result : await run(rest, groups.map(within));
    return { result, broadened: { dropped: words[i]!, query: rest.join(' '), categories: groups.map((g) => ({ key: g.code!, label: groupLabel(g) })) } };
  }
  return null;
}

/**
 * The categories a query names by one of their multi-word keywords (core `categoryPhrases`:
 * "running sneakers" names Running Shoes, whose products are written "running shoe"): `run(rest,
 * filters)` searches the query's other words (none: every product) within each, then within
 * those where it found something. Returns that search with what to tell the shopper (the phrase as
 * dropped, the other words as the query, the categories searched); null when no phrase names a
 * category or nothing is found there either.
 */
export async function categoryPhraseSearch<R extends { total: number }>(
  words: readonly string[],
  run: (rest: string[], filters: CategoryFilter[]) => Promise<R>,
): Promise<{ result: R; broadened: Broadened } | null> {
  const found: Array<{ group: CategoryNode; phrase: string[]; rest: string[]; result: R }> = [];
  for (const { node, phrase, rest } of categoryPhrases(words)) {
    const result = await run(rest, [{ include: [node.code!], exclude: [] }]);
    if (result.total > 0) found.push({ group: node, phrase, rest, result });
  }
  // The first category's reading (tree order); others that read the query the same way join it.
  const first = found[0];
  if (!first) return null;
  const same = found.filter((f) => f.rest.join(' ') === first.rest.join(' '));
  const result =
    same.length === 1
      ? first.result
      : await run(
          first.rest,
          same.map((f) => ({ include: [f.group.code!], exclude: [] })),
        );
  return {
    result,
    broadened: {
      dropped: first.phrase.join(' '),
      query: first.rest.join(' '),
      categories: same.map((f) => ({ key: f.group.code!, label: groupLabel(f.group) })),
    },
  };
}

/**
 * The kind a query names, whatever else it asks (core `kindCategories`): for the last word of
 * `words` that is a kind word and has categories, everything in them (`run([], filters)`), or, when
 * the query has men's, women's, boys' or girls' words (core `audienceOfQueryWord`) and they find
 * something there, those ("mens leather jacket" → "mens" in the jackets' categories); the other
 * words are what it left out ("winter coat" → everything in Women's Coats and Men's Coats &
 * Jackets; "sweatpants", which no product's words say, → everything in Sweatshirts, whose keyword
 * it is). A query with a child's word (core `AUDIENCE_WORDS.child`: "kids", "girls", "baby") whose
 * kind has no category in Baby & Kids and no children's product there shows instead what Baby &
 * Kids has for those words, leaving out the kind ("kids jacket": never the grown-ups' jackets).
 * Null when no word is a kind word of some category, or those hold nothing.
 */
export async function kindSearch<R extends { total: number }>(
  words: readonly string[],
  run: (rest: string[], filters: CategoryFilter[]) => Promise<R>,
): Promise<{ result: R; broadened: Broadened } | null> {
  for (let i = words.length - 1; i >= 0; i--) {
    const nodes = kindWordCategories(words[i]!);
    if (!nodes.length) continue;
    const filters = nodes.map((n) => ({ include: [n.code!], exclude: [] }));
    // Whom the shopper asked for stays asked ("mens leather jacket": the men's jackets), where that finds something.
    const audience = words.filter((w, j) => j !== i && audienceOfQueryWord(w) !== null);
    let result = audience.length ? await run(audience, filters) : null;
    const kept = result !== null && result.total > 0 ? audience : [];
    if (kept.length === 0) {
      // A child's word ("kids", "girls", "baby") is never left out for grown-ups' things: "kids jacket", where no
      // children's jacket is, shows what Baby & Kids has for those children, leaving out the kind instead
      // ("baby blue", "baby pink": a colour, not a child; `hasChildWord`).
      const child = words.filter((w, j) => AUDIENCE_WORDS.child.includes(w) && !COLOUR_WORDS.includes(words[j + 1] ?? ''));
      if (child.length > 0 && !nodes.some((n) => n.code!.startsWith(BABY_KIDS_CODE))) return childrenInstead(words, child, run);
      result = await run([], filters);
    }
    if (result!.total === 0) continue;
    const dropped = words.filter((w, j) => j !== i && !kept.includes(w)).join(' ') || words[i]!;
    return { result: result!, broadened: { dropped, query: kept.join(' '), categories: nodes.map((n) => ({ key: n.code!, label: groupLabel(n) })) } };
  }
  return null;
}

/**
 * The children's words of a query (`child`) searched within Baby & Kids, the query's other words
 * left out ({@link kindSearch} for a kind Baby & Kids does not carry); when no product there holds
 * them ("toddler"), everything in Baby & Kids, every word left out. Null when Baby & Kids is empty.
 */
async function childrenInstead<R extends { total: number }>(
  words: readonly string[],
  child: string[],
  run: (rest: string[], filters: CategoryFilter[]) => Promise<R>,
): Promise<{ result: R; broadened: Broadened } | null> {
  const within = [{ include: [BABY_KIDS_CODE], exclude: [] }];
  const categories = [{ key: BABY_KIDS_CODE, label: groupLabel(categoryByCode(BABY_KIDS_CODE)!) }];
  const result = await run(child, within);
  if (result.total > 0) return { result, broadened: { dropped: words.filter((w) => !child.includes(w)).join(' '), query: child.join(' '), categories } };
  const everything = await run([], within);
  return everything.total > 0 ? { result: everything, broadened: { dropped: words.join(' '), query: '', categories } } : null;
}

/**
 * The categories a query word names as a kind (core `kindCategories`), or none for a men's,
 * women's, boys' or girls' word: "womens" says whom a product is for, not what it is ("womens
 * watch" is a watch, never the whole of Women's Clothing).
 */
export function kindWordCategories(word: string): CategoryNode[] {
  return audienceOfQueryWord(word) === null ? kindCategories(word) : [];
}

/**
 * The words of a query that the catalogue holds, without those it holds nowhere (issue 11 §6: a
 * shopper's name for a thing the store writes otherwise, "stability ball" for its "stasis ball";
 * the "minimum should match" of a search engine, with the left-out words said). `isHeld(word)` tells
 * whether some product's title, brand or category words hold the word (under the shopper's own
 * filters; a word only a description says is not what the store calls its products). Returns
 * `run(held words, [])` (unbounded), or null when the query has one word, when every word or none
 * is held, or when the held words together find nothing.
 */
export async function heldWordsSearch<R extends { total: number }>(
  words: readonly string[],
  isHeld: (word: string) => Promise<boolean>,
  run: (rest: string[], filters: CategoryFilter[]) => Promise<R>,
): Promise<{ result: R; broadened: Broadened } | null> {
  if (words.length < 2) return null;
  const held: string[] = [];
  const dropped: string[] = [];
  for (const w of words) ((await isHeld(w)) ? held : dropped).push(w);
  if (held.length === 0 || dropped.length === 0) return null;
  const result = await run(held, []);
  return result.total > 0 ? { result, broadened: { dropped: dropped.join(' '), query: held.join(' '), categories: [] } } : null;
}

/**
 * A query that finds nothing, answered nearby and saying so: {@link categoryPhraseSearch} ("running
 * sneakers" → Running Shoes, "tennis shoes" → Sneakers), else {@link nearestKind} ("olive jacket" →
 * olive within the groups jackets are filed under), else {@link kindSearch} ("winter coat" →
 * every coat), else {@link heldWordsSearch} ("stability ball" → "ball"). A category's phrase
 * reads every word the shopper typed, where the nearest kind leaves one out, so it goes first:
 * "tennis shoes" is no shoe of the tennis group; the kind alone leaves out most words but keeps to
 * the kind, the held words keep to no category, so they go last. `run(rest, filters)` searches
 * `rest` (none: every product) within `filters` (none: unbounded); `isHeld` as {@link heldWordsSearch}'s.
 * `fallback` says which answered. Null when none finds anything.
 */
export async function broaden<R extends { total: number }>(
  words: readonly string[],
  isHeld: (word: string) => Promise<boolean>,
  run: (rest: string[], filters: CategoryFilter[]) => Promise<R>,
): Promise<{ result: R; broadened: Broadened; fallback: 'phrase' | 'nearest' | 'kind' | 'held' } | null> {
  const tag = <F extends 'phrase' | 'nearest' | 'kind' | 'held'>(fallback: F, found: { result: R; broadened: Broadened } | null) =>
    found && { ...found, fallback };
  return (
    tag('phrase', await categoryPhraseSearch(words, run)) ??
    tag('nearest', await nearestKind(words, run)) ??
    tag('kind', await kindSearch(words, run)) ??
    tag('held', await heldWordsSearch(words, isHeld, run))
  );
}
