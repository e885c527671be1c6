/**
 * Product search for POST /inventory/api/v1/search/condition (issue 2 §10–§11; decision 0003).
 *
 * - Text: PostgreSQL's weighted full-text vectors (title A > brand B > category C > description
 *   D) and its `english` analyser, matched through the in-memory inverted file of
 *   `SearchIndex`: every word required (as a word of its own, not the modifier of a compound name:
 *   "dresses" finds no dress shirt), the last one as a prefix unless it is a word of the catalogue, in the title, brand or category
 *   words (a description's words count only when that finds nothing, and never for a kind word: decision 0032); a colour word only where a product that states its
 *   colours has it (or its brand's name does), and a word a sub-brand adds to its parent's name ("Leather")
 *   not where it stands only in that brand name unless the query names the brand, nor a word of a product's colour
 *   name that is no colour ("Denim" of "Denim Blue") where it stands only in that name unless the query names the colour (`match.ts`). Words typed
 *   apart that the catalogue writes as one are that word ("t shirt" is "t-shirt", "ear rings" "earrings"). When nothing matches as typed,
 *   words missing from the catalogue vocabulary are replaced by their closest pg_trgm neighbour
 *   and the search runs again (`correctedQuery`). When that finds nothing either, the query is answered nearby and
 *   says so (`nearest-kind.ts` `broaden`, `broadened`): a category's phrase, the other words within the groups a kind
 *   word is filed under, every product of the kind, or the words some product holds without the others. Neither
 *   happens when the words match products once the condition's filters are left out: then the filters excluded them, and
 *   the empty answer's disjunctive facets show which filter values would find some.
 * - Filters: brands (with their sub-brands), merchants, category ids (prefix, comma-union and
 *   minus semantics, DESIGN.md), price band or min/max cents, labels, marketplace, sizes in stock
 *   (issue 11 §3: some active offer has one of the sizes in stock), basic colours (core `basicColours` of the
 *   products' GMC `color`).
 * - Sorts of spec §9. "Our Recommendation" with words ranks by relevance (the summed weights of
 *   the matched lexemes, plus phrase proximity; `match.ts`) lifted by popularity: relevance × (1 +
 *   0.1 × popularity), × BRAND_BOOST for a product of a brand the query names (issue 11 §6);
 *   without words by popularity. Ties go to the lower product id, so paging is stable.
 * - Facets are disjunctive: each facet is counted under every active filter but its own (one
 *   pass: a product failing only facet F's filter counts for F alone; `facet-pass.ts`), and listed by `facets.ts`.
 * The catalogue image lives in memory (`SearchIndex`); a search reads only the catalogue version
 * from the database (and the vocabulary when a word needs correcting).
 */
import { BASIC_COLOURS, MARKETPLACES, bandByKey, queryWords as coreQueryWords, matchesCategory, parseCategoryIds, type CategoryFilter } from '@b-deals/core';
import type { SearchCondition, SearchResponse } from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';
import { badRequest } from '../errors.ts';
import { correctWords } from './typo-correction.ts';
import { broaden } from './nearest-kind.ts';
import { moreBesideKind, moreOfKind } from './more-of-kind.ts';
import { SearchCache } from './search-cache.ts';
import { matchTerms, type Descriptions, type Term } from './match.ts';
import { joinSplitWords } from './split-words.ts';
import type { SearchIndex } from './search-index.ts';
import { LABEL_BITS, type Snapshot } from './snapshot.ts';
import { cards } from './snapshot-cards.ts';
import { rowOrder, topK } from './sort.ts';
import { rowsOfKeys } from './list-sets.ts';
import { emptyFacets, facetCounts, facetValues } from './facets.ts';
import { scan, type PassPlan } from './facet-pass.ts';

/** Labels (`l`) a search can require. */
export const SEARCH_LABELS = Object.keys(LABEL_BITS) as Array<keyof typeof LABEL_BITS>;

/** What a search runs on: the in-memory index (required) and, optionally, a response cache. */
export interface SearchDeps {
  index: SearchIndex;
  cache?: SearchCache;
}

/** A query whose words match fewer products than this shows more of its kind on its first page (`SearchResponse.more`). */
export const MORE_BELOW = 10;
/** Products of `SearchResponse.more`, at most: one row of the desktop grid three times. */
export const MORE_ITEMS = 12;

/** Words of a query (core `queryWords`: letters and digits, hyphenated compounds whole, at most 8). */
export const queryWords = coreQueryWords;

/**
 * Runs a search condition, answering from `deps.cache` when the same condition was answered for
 * the current catalogue version. Throws DomainError 400 for an invalid category id or label.
 */
export async function searchProducts(db: Queryable, c: SearchCondition, deps: SearchDeps): Promise<SearchResponse> {
  const plan = planFilters(c); // validates before any work
  const snap = await deps.index.snapshot(db);
  const key = deps.cache && SearchCache.key(c, snap.version);
  const hit = key ? await deps.cache!.lookup(key) : undefined;
  if (hit) return hit;

  const count = async (tried: string[]) => evaluate(snap, { ...c, from: 0, to: 1, facets: false }, plan, await deps.index.terms(db, tried)).total;
  const words = await joinSplitWords(db, queryWords(c.q), deps.index, snap, count);
  let correctedQuery: string | null = null;
  let result = evaluate(snap, c, plan, words.length ? await deps.index.terms(db, words) : null);
  let tried = words; // the words last searched: as typed, or corrected
  // Words that find products once the shopper's filters are left out are no typo and want no nearby answer: the filters
  // excluded everything ("running shoes" at $400 and above), which an empty answer with its disjunctive facets says.
  const filteredOut = result.total === 0 && words.length > 0 && hasFilters(c) && (await countUnfiltered(snap, c, await deps.index.terms(db, words))) > 0;
  if (result.total === 0 && words.length && !filteredOut) {
    const corrected = await correctWords(db, words, {
      count,
      stopWord: async (w) => (await deps.index.terms(db, [w])).length === 0,
    });
    if (corrected.join(' ') !== words.join(' ')) {
      tried = corrected;
      const retry = evaluate(snap, c, plan, await deps.index.terms(db, corrected));
      if (retry.total > 0) {
        result = retry;
        correctedQuery = corrected.join(' ');
      }
    }
  }
  let broadened: SearchResponse['broadened'] = null;
  let keptByKind: string[] | null = null; // the words the kind search kept, when it answered
  // Category phrases, the nearest kind, the kind, then the held words (issue 11 §6, nearest-kind.ts `broaden`): the
  // groups bound every row, the shopper's own category filter stays the department facet's.
  if (result.total === 0 && !filteredOut) {
    const near = await broaden(
      tried,
      async (w) => evaluateWith(snap, { ...c, from: 0, to: 1, facets: false }, plan, await deps.index.terms(db, [w]), false).total > 0,
      async (rest, within) => evaluate(snap, c, { ...plan, within: within.length ? within : null }, rest.length ? await deps.index.terms(db, rest) : null),
    );
    if (near) {
      result = near.result;
      if (near.fallback === 'kind') keptByKind = near.broadened.query.split(' ').filter(Boolean);
      // The words left out as the shopper typed them, not as the correction read them ("summer", never "shimmer").
      const typed = new Map(tried.map((w, i) => [w, words[i]!]));
      broadened = {
        ...near.broadened,
        dropped: near.broadened.dropped
          .split(' ')
          .map((w) => typed.get(w) ?? w)
          .join(' '),
      };
    }
  }
  // More of the kind (issue 11 §6, more-of-kind.ts `moreOfKind`): the first page of a query matching only a few products.
  // After the kind alone (`kindSearch`), only where the store files the rest of its category of what it showed.
  let more: SearchResponse['more'] = null;
  if ((!broadened || keptByKind) && c.from === 0 && result.total > 0 && result.total < MORE_BELOW && tried.length >= 1) {
    const run = async (rest: string[], within: CategoryFilter[], descriptions: boolean) => {
      const condition = { ...c, from: 0, to: MORE_ITEMS + result.total, facets: false };
      return evaluateWith(snap, condition, { ...plan, within }, rest.length ? await deps.index.terms(db, rest) : null, descriptions).page;
    };
    const near =
      broadened && keptByKind
        ? await moreBesideKind(tried, keptByKind, broadened.categories, result.page, MORE_ITEMS, run, storeCodesOf(snap, result.page))
        : await moreOfKind(
            tried,
            result.page,
            MORE_ITEMS,
            run,
            result.page.map((r) => snap.codes[snap.codeOf[r]!]!),
            storeCodesOf(snap, result.page),
          );
    if (near) more = { categories: near.categories, items: cards(snap, near.rows) };
  }
  const answer: SearchResponse = { items: cards(snap, result.page), total: result.total, facets: result.facets, correctedQuery, broadened, more };
  if (key) deps.cache!.store(key, answer);
  return answer;
}

/**
 * The category codes under which the store files the rest of each row's own category (its
 * merchant's GMC `product_type`, snapshot `storeCategoryOf`), distinct, in row order; [] for rows
 * without one. What "More in …" reads as where a store keeps the kind it found (`moreOfKind`).
 */
export function storeCodesOf(s: Pick<Snapshot, 'storeCategoryOf' | 'storeCategoryCodes'>, rows: readonly number[]): string[] {
  const out = new Set<string>();
  for (const r of rows) {
    const k = s.storeCategoryOf[r]!;
    if (k >= 0) for (const code of s.storeCategoryCodes[k]!) out.add(code);
  }
  return [...out];
}

/** How many products `terms` match under `c` with every filter left out (its words alone). */
function countUnfiltered(snap: Snapshot, c: SearchCondition, terms: Term[]): number {
  const bare: SearchCondition = {
    ...c,
    b: [],
    m: [],
    cids: [],
    price: undefined,
    minPrice: undefined,
    maxPrice: undefined,
    l: [],
    size: [],
    color: [],
    marketplace: 'ALL',
  };
  return evaluate(snap, { ...bare, from: 0, to: 1, facets: false }, planFilters(bare), terms).total;
}

/** Whether a condition narrows its words by any filter (brands, stores, categories, price, labels, sizes, colours, marketplace). */
function hasFilters(c: SearchCondition): boolean {
  return (
    c.b.length > 0 ||
    c.m.length > 0 ||
    c.cids.length > 0 ||
    c.price !== undefined ||
    c.minPrice !== undefined ||
    c.maxPrice !== undefined ||
    c.l.length > 0 ||
    c.size.length > 0 ||
    c.color.length > 0 ||
    c.marketplace !== 'ALL'
  );
}

/** A condition's filters, validated and independent of the snapshot. */
interface FilterPlan extends PassPlan {
  categories: CategoryFilter[] | null;
  /** Categories every row must fall under, not a facet's own filter (the nearest-kind fallback's groups); null for none. */
  within: CategoryFilter[] | null;
}

function planFilters(c: SearchCondition): FilterPlan {
  let categories: CategoryFilter[] | null = null;
  if (c.cids.length) {
    try {
      categories = parseCategoryIds(c.cids);
    } catch {
      // The message is fixed; the id that failed (core's rule: codes [0-9a-z]{1,12}, "-" to leave one out, at least one kept) goes in details.
      const value = c.cids.find((id) => {
        try {
          parseCategoryIds([id]);
          return false;
        } catch {
          return true;
        }
      });
      throw badRequest('A category id is not valid: use category codes joined by commas, with "-" before a code to leave it out.', { field: 'cids', value });
    }
  }
  const band = c.price ? bandByKey(c.price) : undefined;
  const price =
    band || c.minPrice !== undefined || c.maxPrice !== undefined
      ? { low: Math.max(band?.low ?? 0, c.minPrice ?? 0), high: Math.min(band?.high ?? Infinity, c.maxPrice !== undefined ? c.maxPrice + 1 : Infinity) }
      : null;
  let labelMask = 0;
  for (const l of c.l) {
    if (!(l in LABEL_BITS)) throw badRequest('Unknown label.', { field: 'l', value: l, allowed: SEARCH_LABELS });
    labelMask |= LABEL_BITS[l as keyof typeof LABEL_BITS];
  }
  const marketBit = c.marketplace === 'ALL' ? 0 : 1 << MARKETPLACES.indexOf(c.marketplace);
  return { categories, within: null, price, labelMask, marketBit };
}

interface Evaluated {
  page: number[];
  total: number;
  facets: SearchResponse['facets'];
}

/**
 * Filters, counts and ranks the snapshot's rows for a condition; `terms` null means no text. The
 * words must be in the products' titles, brands or category words; only when that finds nothing
 * under the condition do descriptions count too (issue 11 §6: precision first), for every word but a
 * kind word (core `PRODUCT_KIND_WORDS`), which still has to name the product there (decision 0032:
 * "padded jeans" counts no hoodie whose description says it pairs with jeans).
 */
function evaluate(s: Snapshot, c: SearchCondition, plan: FilterPlan, terms: Term[] | null): Evaluated {
  const strict = evaluateWith(s, c, plan, terms, false);
  return strict.total > 0 || terms === null ? strict : evaluateWith(s, c, plan, terms, 'except-kinds');
}

/**
 * Per entry of the snapshot's `codes`: 1 when its code, or a leaf its rows are listed under as
 * well (`codeAlso`: a unisex sneaker of Shoes' Other leaf on Men's and Women's Sneakers, decision
 * 0026), falls under one of `filters`; else 0.
 */
function allowedCodes(s: Snapshot, filters: readonly CategoryFilter[]): Uint8Array {
  return Uint8Array.from(s.codes, (code, i) => (matchesCategory(code, filters) || s.codeAlso[i]!.some((also) => matchesCategory(also, filters)) ? 1 : 0));
}

/** {@link evaluate} in one matching mode: `descriptions` lets a word match in a description alone. */
function evaluateWith(s: Snapshot, c: SearchCondition, plan: FilterPlan, terms: Term[] | null, descriptions: Descriptions): Evaluated {
  const text = terms !== null;
  const brandBoost = text ? namedBrands(s, queryWords(c.q)) : null;
  const count = text ? matchTerms(s, terms, descriptions, brandBoost) : s.n;

  const catAllowed = plan.categories && allowedCodes(s, plan.categories);
  const withinAllowed = plan.within && allowedCodes(s, plan.within);
  let brandAllowed: Uint8Array | null = null;
  if (c.b.length) {
    brandAllowed = new Uint8Array(s.brands.length);
    for (const slug of c.b) {
      const i = s.brandBySlug.get(slug);
      if (i !== undefined) brandAllowed[i] = 1;
    }
    // A brand includes its sub-brands ("Northvale" → "Northvale Kids").
    for (let i = 0; i < s.brands.length; i++) if (s.brandParent[i]! >= 0 && brandAllowed[s.brandParent[i]!]) brandAllowed[i] = 1;
  }
  let merchAllowed: Uint8Array | null = null;
  if (c.m.length) {
    merchAllowed = new Uint8Array(s.merchants.length);
    for (const slug of c.m) {
      const i = s.merchantBySlug.get(slug);
      if (i !== undefined) merchAllowed[i] = 1;
    }
  }
  let sizeAllowed: Uint8Array | null = null;
  if (c.size.length) {
    sizeAllowed = new Uint8Array(s.sizes.length);
    for (const label of c.size) {
      const i = s.sizeBy.get(label);
      if (i !== undefined) sizeAllowed[i] = 1;
    }
  }
  let colourMask = 0;
  for (const colour of c.color) colourMask |= 1 << BASIC_COLOURS.indexOf(colour);
  const withFacets = c.facets;
  const counts = facetCounts(s, withFacets);
  // Without words, only rows of the fallback's groups can count at all (`within`): only theirs are visited. A category
  // listing (no words, no filter but its categories) visits its categories' rows only; its department facet counts
  // every product then, as the snapshot did once (`deptTotals`).
  const listing =
    !text &&
    catAllowed !== null &&
    withinAllowed === null &&
    brandAllowed === null &&
    merchAllowed === null &&
    sizeAllowed === null &&
    colourMask === 0 &&
    plan.price === null &&
    plan.labelMask === 0 &&
    plan.marketBit === 0;
  const found = text
    ? count
    : withinAllowed !== null
      ? rowsOfKeys(s.codeRows, withinAllowed, s.scratch.found)
      : listing
        ? rowsOfKeys(s.codeRows, catAllowed, s.scratch.found)
        : -1;
  const total = scan(s, found, {
    text,
    withinAllowed,
    catAllowed,
    brandAllowed,
    merchAllowed,
    sizeAllowed,
    colourMask,
    brandBoost,
    plan,
    withFacets,
    counts,
  });
  if (listing && withFacets) counts.departments.set(s.deptTotals);
  const page = topK(s.scratch.matched.subarray(0, total), c.to, rowOrder(s, c.sort, text)).slice(c.from, c.to);
  return { page, total, facets: withFacets ? facetValues(s, c, counts) : emptyFacets() };
}

/**
 * Brands a query names (issue 11 §6): 1 per brand index whose whole name (core `queryWords`) is a
 * run of the query's words, and per sub-brand of such a brand; null when the query names none.
 */
export function namedBrands(s: Snapshot, words: readonly string[]): Uint8Array | null {
  let out: Uint8Array | null = null;
  for (let i = 0; i < words.length; i++) {
    for (const b of s.brandsByFirstWord.get(words[i]!) ?? []) {
      const name = queryWords(s.brands[b]!.name);
      if (name.every((w, k) => words[i + k] === w)) (out ??= new Uint8Array(s.brands.length))[b] = 1;
    }
  }
  if (out) for (let i = 0; i < s.brands.length; i++) if (s.brandParent[i]! >= 0 && out[s.brandParent[i]!]) out[i] = 1;
  return out;
}
