/** Loader of the marketplace landing pages (routes outlet, euro, sports-outdoors). */
import type { ApiClient } from './api.server';
import { loadListing } from './listing.server';
import { storefrontTab, type Storefront } from './storefronts';

/** The storefront's chosen tab with one listing page; canonical = path (+ ?tab= for a non-default tab). Errors: those of ApiClient.search. */
export async function loadStorefront(api: ApiClient, request: Request, front: Storefront) {
  const url = new URL(request.url);
  const tab = storefrontTab(front, url.searchParams.get('tab'));
  const listing = await loadListing(api, request, tab.fixed);
  const canonical = new URL(front.path, url);
  if (tab !== front.tabs[0]) canonical.searchParams.set('tab', tab.key);
  return {
    title: front.title,
    description: front.description,
    tab: tab.key,
    tabs: front.tabs.map((t, i) => ({
      key: t.key,
      name: t.name,
      href: i === 0 ? front.path : `${front.path}?tab=${t.key}`,
    })),
    listing,
    canonical: canonical.href,
  };
}

export type StorefrontData = Awaited<ReturnType<typeof loadStorefront>>;
