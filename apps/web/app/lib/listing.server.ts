/**
 * Loader half of the listing pages (category, search, brand, store): reads the URL filters,
 * asks POST /inventory/api/v1/search/condition for one page of 24 products with facet counts.
 */
import type { SearchResponse } from '@b-deals/contracts';
import type { ApiClient } from './api.server';
import { lastPage, parseListingParams, toSearchCondition, type FixedFilters, type ListingParams } from './listing-params';

export interface ListingData {
  params: ListingParams;
  result: SearchResponse;
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
      result: await api.search(toSearchCondition(shown, fixed)),
      pastEnd: Math.max(params.page, Number.parseInt(search.get('page') ?? '', 10) || 0),
    };
  }
  return { params, result };
}
