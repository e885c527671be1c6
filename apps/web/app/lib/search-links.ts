/**
 * Links of the search page (spec §2.1, issue 11 §6) to the categories a search answer names. Pure, shared by server
 * and client.
 */
import { categoryByCode, categoryById, categoryHref, internalHref } from '@b-deals/core';

/**
 * Where a category named by a search answer links (`SearchResponse.broadened` and `more`, keyed by a
 * category code or an 'Other' leaf's id such as `"71,-711,-712,-713,-714,-715"`): the other words
 * `query` searched within it, or, when none are left, its category page (`/category/…/`; an 'Other'
 * leaf's ends in `other/`). A key of no node keeps to the search page with it as `cids`.
 */
export function searchCategoryHref(query: string, key: string): string {
  const node = query ? undefined : (categoryByCode(key) ?? categoryById(key));
  return node ? categoryHref(node.path) : internalHref('/searchList/', new URLSearchParams({ q: query, cids: key }));
}
