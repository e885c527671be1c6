/**
 * A store's product link typed where a shopper types words (issue 16 §6; issue 11: a link pasted
 * into the header search): the one resolver of the search page and /price-history-tracking/, over
 * GET /inventory/api/v1/offers/lookup (the API's key: scheme, `www.`, query, fragment and trailing
 * slashes ignored; core `productLinkKey`).
 */
import { isProductLink } from '@b-deals/core';
import type { OfferLookup } from '@b-deals/contracts';
import type { ApiClient } from './api.server';

export { isProductLink };

/**
 * The product we track behind a store's product `link` (core `isProductLink` must hold), or null
 * when we carry no offer at that page (the API's 404). Errors: the API client's for anything else.
 */
export async function productOfLink(api: ApiClient, link: string): Promise<OfferLookup | null> {
  return api.offerLookup(link.trim()).catch((err: unknown) => {
    if (isNotFound(err)) return null;
    throw err;
  });
}

/** The store's host name as a shopper reads it (`www.` left out): `https://www.shop.example/p/1` → `shop.example`. */
export function linkHost(link: string): string {
  try {
    return new URL(link.trim()).hostname.replace(/^www\./i, '');
  } catch {
    return link.trim();
  }
}

/** True for the 404 the API client throws (a route response with status 404). */
function isNotFound(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'init' in err && (err as { init?: { status?: number } }).init?.status === 404;
}
