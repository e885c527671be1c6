/**
 * Loader half of the listing pages (category, search, brand, store): reads the URL filters,
 * asks POST /inventory/api/v1/search/condition for one page of 24 products with facet counts,
 * and keeps of each product what its card shows (lib/card-view.ts).
 */
import type { FacetCount, SearchResponse } from '@b-deals/contracts';
import type { ApiClient } from './api.server';
import { toCardView, type CardView } from './card-view';
import { lastPage, parseListingParams, toSearchCondition, type FixedFilters, type ListingParams } from './listing-params';

/**
 * A filter value as the page carries it: `[key, label, count]`. An array rather than the API's
 * `{key, label, count}` object: React Router's page data writes an object's keys on every value,
 * and a listing carries about 80 values (issue 12 §3, HTML weight).
 */
export type FacetValue = readonly [key: string, label: string, count: number];

/** One page of a listing as the page carries it: the products as card views (lib/card-view.ts), the filter values as {@link FacetValue}s. */
export type ListingResult = Omit<SearchResponse, 'items' | 'facets' | 'more'> & {
  items: CardView[];
  facets: Record<keyof SearchResponse['facets'], FacetValue[]>;
  /** More of the query's kind after the matches (`SearchResponse.more`), as card views; null when none. */
  more: { categories: NonNullable<SearchResponse['more']>['categories']; items: CardView[] } | null;
};

export interface ListingData {
  params: ListingParams;
  result: ListingResult;
  /** The page the URL asked for when it was past the last page (the last page is shown instead). */
  pastEnd?: number;
}

/**
 * Loads the listing for `request`'s query string plus the page's fixed filters. A page past the
 * last one shows the last page, with `pastEnd` set to the page asked for (issue 20 §7), never
 * an empty grid under a non-zero count. Errors: those of ApiClient.search.
 */
export async function loadListing(api: ApiClient, request: Request, fixed: FixedFilters = {}): Promise<ListingData> {
  const search = new URL(request.url).searchParams;
  const params = parseListingParams(search);
  const result = await api.search(toSearchCondition(params, fixed));
  const last = lastPage(result.total);
  if (result.items.length === 0 && result.total > 0 && params.page > last) {
    const shown = { ...params, page: last };
    return {
      params: shown,
      result: asCards(await api.search(toSearchCondition(shown, fixed))),
      pastEnd: Math.max(params.page, Number.parseInt(search.get('page') ?? '', 10) || 0),
    };
  }
  return { params, result: asCards(result) };
}

function asCards(r: SearchResponse): ListingResult {
  const values = (list: FacetCount[]) => list.map((f): FacetValue => [f.key, f.label, f.count]);
  const { departments, brands, merchants, priceBands, sizes, colors } = r.facets;
  return {
    ...r,
    items: r.items.map(toCardView),
    more: r.more ? { categories: r.more.categories, items: r.more.items.map(toCardView) } : null,
    facets: {
      departments: values(departments),
      brands: values(brands),
      merchants: values(merchants),
      priceBands: values(priceBands),
      sizes: values(sizes),
      colors: values(colors),
    },
  };
}
