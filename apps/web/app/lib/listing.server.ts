/**
 * Loader half of the listing pages (category, search, brand, store): reads the URL filters,
 * asks POST /inventory/api/v1/search/condition for one page of 24 products with facet counts.
 */
import type { SearchResponse } from '@b-deals/contracts';
import type { ApiClient } from './api.server';
import {
  parseListingParams,
  toSearchCondition,
  type FixedFilters,
  type ListingParams,
} from './listing-params';

export interface ListingData {
  params: ListingParams;
  result: SearchResponse;
}

/** Loads the listing for `request`'s query string plus the page's fixed filters. Errors: those of ApiClient.search. */
export async function loadListing(
  api: ApiClient,
  request: Request,
  fixed: FixedFilters = {},
): Promise<ListingData> {
  const params = parseListingParams(new URL(request.url).searchParams);
  const result = await api.search(toSearchCondition(params, fixed));
  return { params, result };
}
