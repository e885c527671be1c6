/**
 * Listing filters held in the URL (category, search, brand and store pages): `q`, `b` (brand
 * slugs), `m` (merchant slugs), `cids` (category ids), `price` (a band key of spec §9), `l`
 * (labels), `sort` (keys or URL aliases of spec §9) and `page` (1-based, 24 per page).
 * Pure functions, used by loaders to build the search condition and by components to build
 * filter links.
 */
import type { SearchConditionInput } from '@b-deals/contracts';
import { bandByKey, resolveSort, type MarketplaceFilter, type SortKey } from '@b-deals/core';

/** Products per page. */
export const PAGE_SIZE = 24;
/** The API pages up to `from` 10000 (contracts PagingSchema), so pages stop there. */
export const MAX_PAGE = Math.floor(10_000 / PAGE_SIZE) + 1;

/** Labels the search condition understands, with their display names. */
export const LABELS = [
  { key: 'on_sale', label: 'On sale' },
  { key: 'in_stock', label: 'In stock' },
  { key: 'multi_merchant', label: 'Sold by 2+ stores' },
] as const;

export interface ListingParams {
  q: string;
  b: string[];
  m: string[];
  cids: string[];
  l: string[];
  /** Price band key, when valid. */
  price: string | undefined;
  sort: SortKey;
  page: number;
}

const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** Reads the listing params from a query string; invalid price bands and pages are dropped. */
export function parseListingParams(search: URLSearchParams): ListingParams {
  const price = search.get('price') ?? undefined;
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    q: (search.get('q') ?? '').trim().slice(0, 200),
    b: unique(search.getAll('b')),
    m: unique(search.getAll('m')),
    cids: unique(search.getAll('cids')),
    l: unique(search.getAll('l')).filter((l) => LABELS.some((x) => x.key === l)),
    price: price && bandByKey(price) ? price : undefined,
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
export function toSearchCondition(
  params: ListingParams,
  fixed: FixedFilters = {},
): SearchConditionInput {
  return {
    q: params.q,
    b: unique([...(fixed.b ?? []), ...params.b]),
    m: unique([...(fixed.m ?? []), ...params.m]),
    cids: unique([...(fixed.cids ?? []), ...params.cids]),
    l: params.l,
    price: params.price,
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
export function listingQuery(
  search: URLSearchParams,
  change: { toggle: [key: string, value: string] } | { set: [key: string, value: string | null] },
): string {
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
