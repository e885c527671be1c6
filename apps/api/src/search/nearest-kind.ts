/**
 * The fallbacks of a query that finds nothing (issue 11 §6; {@link broaden}), and the "more of
 * its kind" of one that finds a few ({@link moreOfKind}). The first, the "nearest kind": a query of a kind and other words
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
  matchesCategory,
  nearestKindGroups,
  parseCategoryIds,
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
function kindWordCategories(word: string): CategoryNode[] {
  return audienceOfQueryWord(word) === null ? kindCategories(word) : [];
}

/**
 * More of the kind a query names, for a query whose words match only a few products (issue 11 §6:
 * "running jacket" finds the one jacket with "running" in its title; a shopper asking it would look
 * at the other jackets next). The kind is the last word of `words` that names one with categories
 * (core `kindCategories`; a men's or women's word names none); to its categories are added the
 * named leaves of `shownCodes` (the category codes of the products found) outside them, where this
 * store files the kind ("leggings" under Pants). There, first the products that hold
 * every word anywhere, their descriptions too (`run(words, filters, true)`), then the others
 * there (`run(audience, filters, false)`: those of whom the query asks, "mens yoga pants" → the
 * men's pants, else every one), each list in its own order, leaving out the rows of `shown`, at
 * most `limit` rows. Then the same two lists over the named leaves of `storeCodes` outside those
 * categories: where the store files the rest of its own category of the matches (their merchant's
 * GMC `product_type`, snapshot `storeCategoryOf`; issue 11 §6): "laptop backpack" finds two
 * backpacks, and Luma's "Gear > Bags", where they are, also holds its messenger bags, totes and
 * duffles, which our tree files under other leaves of Bags; a store's "Men > Bottoms > Pants" holds
 * its joggers, filed under Sports › Sweatshirts, and its other pants under Trousers and Yoga Wear.
 * The kind's own categories come first. A query with a child's word ("kids sneakers") keeps to those
 * under Baby & Kids (the kids' shoes where its matches are; never the grown-ups' Sneakers leaves of
 * the kind word), as {@link kindSearch} does, and is null when none is. A query whose words name no kind gets more of where its matches are filed
 * instead ({@link moreWhereFiled}: "yoga accessories"). Null when nothing more is there.
 */
export async function moreOfKind(
  words: readonly string[],
  shown: readonly number[],
  limit: number,
  run: (rest: string[], filters: CategoryFilter[], descriptions: boolean) => Promise<readonly number[]>,
  shownCodes: readonly string[] = [],
  storeCodes: readonly string[] = [],
): Promise<{ rows: number[]; categories: Broadened['categories'] } | null> {
  const i = words.findLastIndex((w) => kindWordCategories(w).length > 0);
  if (i < 0) return moreWhereFiled(words, shown, limit, run, shownCodes);
  const nodes = [...kindWordCategories(words[i]!)];
  // Where this store files what it found: a named leaf outside the kind's own categories (Luma files its leggings under Pants).
  for (const code of shownCodes) {
    const leaf = categoryByCode(code);
    if (leaf && leaf.children.length === 0 && !leaf.other && !nodes.some((n) => code.startsWith(n.code!))) nodes.push(leaf);
  }
  // A child's word keeps to Baby & Kids, as the kind search does: "kids sneakers" goes on with kids' shoes, not grown-ups' sneakers.
  const forChildren = hasChildWord(words);
  const kept = forChildren ? nodes.filter((n) => n.code!.startsWith(BABY_KIDS_CODE)) : nodes;
  if (kept.length === 0) return null;
  const own: Place[] = kept.map((n) => ({ filter: { include: [n.code!], exclude: [] }, key: n.code!, label: groupLabel(n) }));
  const audience = words.filter((w, j) => j !== i && audienceOfQueryWord(w) !== null);
  const neighbours = storeNeighbours(storeCodes, own).filter((p) => !forChildren || p.filter.include.every((code) => code.startsWith(BABY_KIDS_CODE)));
  return fillMore(words, audience, shown, limit, run, own, neighbours);
}

/**
 * Whether a query asks for children's things: it holds a child's word (core `AUDIENCE_WORDS.child`:
 * "kids", "baby", "girls") that is not the first word of a colour ("baby blue", "baby pink").
 */
function hasChildWord(words: readonly string[]): boolean {
  return words.some((w, j) => AUDIENCE_WORDS.child.includes(w) && !COLOUR_WORDS.includes(words[j + 1] ?? ''));
}

/** A category "More in …" reads: its filter, and its key and label for the page. */
interface Place {
  filter: CategoryFilter;
  key: string;
  label: string;
}

/**
 * Where the store files the rest of its own category of the matches (`storeCodes`, search
 * `storeCodesOf`): the category of each code ({@link filedUnder}: a group's code is its 'Other'
 * leaf), without those under one of `own`, once each.
 */
function storeNeighbours(storeCodes: readonly string[], own: readonly Place[]): Place[] {
  const out: Place[] = [];
  for (const code of storeCodes) {
    const place = filedUnder(code);
    if (place && !own.some((p) => matchesCategory(code, [p.filter])) && !out.some((p) => p.key === place.key)) out.push(place);
  }
  return out;
}

/**
 * The rows "More in …" collects: `add(list)` appends the rows of `list` not in `shown` nor added
 * before, in order, until `rows` holds `limit`.
 */
function moreRows(shown: readonly number[], limit: number): { rows: number[]; add: (list: readonly number[]) => void } {
  const seen = new Set(shown);
  const rows: number[] = [];
  const add = (list: readonly number[]) => {
    for (const r of list) {
      if (rows.length === limit || seen.has(r)) continue;
      rows.push(r);
      seen.add(r);
    }
  };
  return { rows, add };
}

/**
 * The rows of "More in …": over `own`, then over `neighbours`, first the products that hold every
 * word anywhere (`run(words, filters, true)`), then those of whom the query asks (`run(audience,
 * filters, false)`: every one when it says nobody), each list in its own order, leaving out the
 * rows of `shown`, at most `limit` rows. The categories are `own`, then `neighbours` when they add
 * some. Null when nothing more is there.
 */
async function fillMore(
  words: readonly string[],
  audience: readonly string[],
  shown: readonly number[],
  limit: number,
  run: (rest: string[], filters: CategoryFilter[], descriptions: boolean) => Promise<readonly number[]>,
  own: readonly Place[],
  neighbours: readonly Place[],
): Promise<{ rows: number[]; categories: Broadened['categories'] } | null> {
  const { rows, add } = moreRows(shown, limit);
  const categories: Broadened['categories'] = [];
  for (const group of [own, neighbours]) {
    if (rows.length === limit || group.length === 0) continue;
    const filters = group.map((p) => p.filter);
    const before = rows.length;
    add(await run([...words], filters, true));
    if (rows.length < limit) add(await run([...audience], filters, false));
    if (rows.length > before || group === own) categories.push(...group.map((p) => ({ key: p.key, label: p.label })));
  }
  if (rows.length === 0) return null;
  return { rows, categories };
}

/**
 * More after the kind alone ({@link kindSearch}) found only a few products (issue 11 §6): the
 * kind's categories hold nothing more, but the store's own category of what they show may be
 * filed elsewhere too ("joggers": our tree files joggers under Sports › Sweatshirts, where a store
 * whose "Men > Bottoms > Pants" holds one track pant there keeps its jogging and warm-up pants
 * with its other pants, under Trousers and Yoga Wear). Over those leaves (`storeCodes`, as
 * {@link moreOfKind}'s), those that hold every word of `words` first, then those of whom the query
 * asks (`audience`, the men's or women's words the kind search kept); the categories named are
 * those leaves, not the kind's own (`categories`, the fallback's, which the answer shows whole). Never for a query with a child's word
 * (core `AUDIENCE_WORDS.child`): the kind search keeps those to Baby & Kids, and a store's category
 * may hold grown-ups' things. Null when nothing more is there.
 */
export async function moreBesideKind(
  words: readonly string[],
  audience: readonly string[],
  categories: Broadened['categories'],
  shown: readonly number[],
  limit: number,
  run: (rest: string[], filters: CategoryFilter[], descriptions: boolean) => Promise<readonly number[]>,
  storeCodes: readonly string[],
): Promise<{ rows: number[]; categories: Broadened['categories'] } | null> {
  if (hasChildWord(words)) return null;
  const own: Place[] = categories.flatMap((c) => {
    try {
      return parseCategoryIds([c.key]).map((filter) => ({ filter, key: c.key, label: c.label }));
    } catch {
      return [];
    }
  });
  const neighbours = storeNeighbours(storeCodes, own);
  if (neighbours.length === 0) return null;
  // The kind's own categories are the answer's already (every row of them shown): only the neighbours are searched and named.
  return fillMore(words, audience, shown, limit, run, [], neighbours);
}

/**
 * The category where a product filed under `code` sits, as a filter and a label for the page: a
 * leaf itself; a group's or department's code (a product under none of its named children) its
 * 'Other' leaf, whose id (`"71,-711,…,-715"`) is the key and "Other Sports" the label's last part. Undefined for a code of no node ('' when
 * nothing was filed).
 */
function filedUnder(code: string): { filter: CategoryFilter; key: string; label: string } | undefined {
  const node = categoryByCode(code);
  if (!node) return undefined;
  const other = node.children.find((c) => c.other);
  if (!other) return { filter: { include: [code], exclude: [] }, key: code, label: groupLabel(node) };
  const named = node.children.filter((c) => !c.other).map((c) => c.code!);
  // Labelled as the storefront's category page names an 'Other' leaf: "Other Sports", after the department where the group's label has it.
  const label = groupLabel(node).split(' › ');
  label.push(`${other.term} ${label.pop()!}`);
  return { filter: { include: [code], exclude: named }, key: other.id!, label: label.join(' › ') };
}

/**
 * More beside what a query found, for a query whose words match only a few products and name no
 * kind ({@link moreOfKind}'s case without a kind; issue 11 §6): "yoga accessories" finds the one
 * yoga brick whose description says "yoga accessory", and "accessories" is no kind of the tree,
 * so the kind is read from where the matches are filed (`shownCodes`: their leaves, or the 'Other'
 * leaf of a group or department they are filed under, never the group's named children, which
 * are other kinds). There, first the products that hold every word anywhere, their descriptions
 * too; then, word by word in the query's order, those that hold that word anywhere (with the
 * query's men's or women's words: "yoga" ranks the yoga straps first, by title, then the exercise
 * balls whose descriptions say it); then the others there (of whom the query asks, where it says),
 * each list in its own order, leaving out the rows of `shown`, at most `limit` rows. Null when the
 * matches are filed nowhere, or nothing more is there.
 */
async function moreWhereFiled(
  words: readonly string[],
  shown: readonly number[],
  limit: number,
  run: (rest: string[], filters: CategoryFilter[], descriptions: boolean) => Promise<readonly number[]>,
  shownCodes: readonly string[],
): Promise<{ rows: number[]; categories: Broadened['categories'] } | null> {
  const places = new Map<string, { filter: CategoryFilter; key: string; label: string }>();
  for (const code of shownCodes) {
    const place = filedUnder(code);
    if (place && !places.has(place.key)) places.set(place.key, place);
  }
  if (places.size === 0) return null;
  const filters = [...places.values()].map((p) => p.filter);
  const { rows, add } = moreRows(shown, limit);
  const audience = words.filter((w) => audienceOfQueryWord(w) !== null);
  add(await run([...words], filters, true));
  for (const w of words) if (rows.length < limit && !audience.includes(w) && words.length > 1) add(await run([...audience, w], filters, true));
  if (rows.length < limit) add(await run(audience, filters, false));
  if (rows.length === 0) return null;
  return { rows, categories: [...places.values()].map((p) => ({ key: p.key, label: p.label })) };
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
