/**
 * Listing filters held in the URL (category, search, brand and store pages): `q`, `b` (brand
 * slugs), `m` (merchant slugs), `cids` (category ids), `price` (a band key of spec §9), `l`
 * (labels), `size` (GMC size labels in stock, issue 11 §3), `color` (basic colours, core
 * `BASIC_COLOURS`), `sort` (keys or URL aliases of spec §9) and `page` (1-based, 24 per page).
 * Pure functions, used by loaders to build the search condition and by components to build
 * filter links.
 */
import type { SearchConditionInput } from '@b-deals/contracts';
import { BASIC_COLOURS, type BasicColour, type MarketplaceFilter, bandByKey, resolveSort, type SortKey } from '@b-deals/core';
import { clampInput } from './text';

/** Products per page. */
export const PAGE_SIZE = 24;
/** The API pages up to `from` 10000 (contracts PagingSchema), so pages stop there. */
export const MAX_PAGE = Math.floor(10_000 / PAGE_SIZE) + 1;

/** Number of listing pages for `total` products (at least 1, at most MAX_PAGE). */
export function lastPage(total: number): number {
  return Math.max(1, Math.min(Math.ceil(total / PAGE_SIZE), MAX_PAGE));
}

/** Bounds of the min/max price inputs, in dollars (spec §5: number inputs clamp to min and max). */
export const PRICE_INPUT_MIN = 0;
export const PRICE_INPUT_MAX = 100_000;

/** Labels the search condition understands, with their display names. */
export const LABELS = [
  { key: 'on_sale', label: 'On sale' },
  { key: 'in_stock', label: 'In stock' },
  { key: 'multi_merchant', label: 'Sold by 2+ stores' },
  { key: 'verified_discount', label: 'Discount checked by us' },
] as const;

export interface ListingParams {
  q: string;
  b: string[];
  m: string[];
  cids: string[];
  l: string[];
  /** Size filter values (`US 8`, `M`; core `sizeFilterValue`): products with one of them in stock at some store. */
  size: string[];
  /** Basic colours (`blue`, `multicolour`; core `BASIC_COLOURS`): products one of whose offers states one of them. Unknown values are dropped. */
  color: BasicColour[];
  /** Price band key, when valid. */
  price: string | undefined;
  /** Lower bound of the price range (`min`, dollars), cents. */
  minPrice: number | undefined;
  /** Upper bound of the price range (`max`, dollars), cents; never below minPrice. */
  maxPrice: number | undefined;
  /** True when the URL's `min` was above its `max` and the two were swapped (issue 20 §9). */
  priceSwapped: boolean;
  sort: SortKey;
  page: number;
}

const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** A dollar amount of the URL as cents clamped to the input bounds; blank or not a number → undefined. */
function dollarsToCents(value: string | null): number | undefined {
  const clamped = clampInput(value ?? '', PRICE_INPUT_MIN, PRICE_INPUT_MAX);
  return clamped === '' ? undefined : Math.round(Number(clamped) * 100);
}

/**
 * Reads the listing params from a query string; invalid price bands and pages are dropped,
 * `min`/`max` are clamped to [0, 100000] dollars, and a min above max is swapped with it (the
 * shopper typed the range backwards; `priceSwapped` says so, so the page can tell them).
 */
export function parseListingParams(search: URLSearchParams): ListingParams {
  const price = search.get('price') ?? undefined;
  const max = dollarsToCents(search.get('max'));
  const min = dollarsToCents(search.get('min'));
  const priceSwapped = min !== undefined && max !== undefined && min > max;
  const [minPrice, maxPrice] = priceSwapped ? [max, min] : [min, max];
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    q: (search.get('q') ?? '').trim().slice(0, 200),
    b: unique(search.getAll('b')),
    m: unique(search.getAll('m')),
    cids: unique(search.getAll('cids')),
    l: unique(search.getAll('l')).filter((l) => LABELS.some((x) => x.key === l)),
    size: unique(search.getAll('size'))
      .filter((s) => s.length <= 60)
      .slice(0, 30),
    color: BASIC_COLOURS.filter((c) => search.getAll('color').includes(c)),
    price: price && bandByKey(price) ? price : undefined,
    minPrice,
    maxPrice,
    priceSwapped,
    sort: resolveSort(search.get('sort')),
    page: Number.isFinite(page) ? Math.min(Math.max(page, 1), MAX_PAGE) : 1,
  };
}

/** Filters a page imposes on top of the URL (the brand of a brand page, the category of a category page). */
export interface FixedFilters {
  b?: string[];
  m?: string[];
  cids?: string[];
  /** Marketplace of a landing storefront (B-Outlet, B-Euro, Sports & Outdoors). */
  marketplace?: MarketplaceFilter;
}

/** The search condition (POST /inventory/api/v1/search/condition body) for a listing page. */
export function toSearchCondition(params: ListingParams, fixed: FixedFilters = {}): SearchConditionInput {
  return {
    q: params.q,
    b: unique([...(fixed.b ?? []), ...params.b]),
    m: unique([...(fixed.m ?? []), ...params.m]),
    cids: unique([...(fixed.cids ?? []), ...params.cids]),
    l: params.l,
    size: params.size,
    color: params.color,
    price: params.price,
    ...(params.minPrice !== undefined ? { minPrice: params.minPrice } : {}),
    ...(params.maxPrice !== undefined ? { maxPrice: params.maxPrice } : {}),
    sort: params.sort,
    ...(fixed.marketplace ? { marketplace: fixed.marketplace } : {}),
    from: (params.page - 1) * PAGE_SIZE,
    to: params.page * PAGE_SIZE,
  };
}

/**
 * A query string (with leading `?`, or '' when empty) derived from `search`: `toggle` adds
 * or removes one value of a repeatable key, `set` replaces a key's value (null removes it).
 * Changing any filter returns to page 1; only `page` itself keeps the other keys unchanged.
 */
export function listingQuery(search: URLSearchParams, change: { toggle: [key: string, value: string] } | { set: [key: string, value: string | null] }): string {
  const next = new URLSearchParams(search);
  let key: string;
  if ('toggle' in change) {
    const [k, value] = change.toggle;
    key = k;
    const values = next.getAll(k);
    next.delete(k);
    const kept = values.filter((v) => v !== value);
    for (const v of kept.length === values.length ? [...values, value] : kept) next.append(k, v);
  } else {
    const [k, value] = change.set;
    key = k;
    if (value === null) next.delete(k);
    else next.set(k, value);
  }
  if (key !== 'page') next.delete('page');
  const s = next.toString();
  return s ? `?${s}` : '';
}
