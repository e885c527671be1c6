/**
 * "More in …" (issue 11 §6; decision 0030): the products of the kind a query names, or of where its matches are
 * filed, shown after the first page of a query whose words match only a few ({@link moreOfKind}), or after the
 * kind alone answered a query that found nothing ({@link moreBesideKind}). Not counted in the answer's total.
 * Split from `nearest-kind.ts`, whose fallbacks answer a query that finds nothing.
 */
import {
  AUDIENCE_WORDS,
  BABY_KIDS_CODE,
  COLOUR_WORDS,
  audienceOfQueryWord,
  categoryByCode,
  matchesCategory,
  parseCategoryIds,
  type CategoryFilter,
} from '@b-deals/core';
import { groupLabel, kindWordCategories, type Broadened } from './nearest-kind.ts';

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
