/**
 * The marketplace landing storefronts of spec §1/§2.1 (DESIGN.md "Marketplaces"): B-Outlet
 * lists OUTLET merchants' offers; B-Euro LUXURY and EUROPEAN ones (one tab each); Sports &
 * Outdoors (formerly B-Eco) the ECO marketplace plus the Sneakers & Sportswear department
 * (code 7). Each tab is a fixed search condition; `?tab=` picks it (the first tab by default).
 */
import type { FixedFilters } from './listing-params';
import type { PageName } from './page';

export interface StorefrontTab {
  key: string;
  name: string;
  fixed: FixedFilters;
}

export interface Storefront {
  page: PageName;
  path: string;
  title: string;
  description: string;
  tabs: readonly StorefrontTab[];
}

export const STOREFRONTS = {
  OUTLET: {
    page: 'OUTLET',
    path: '/outlet/',
    title: 'B-Outlet',
    description: 'Outlet prices from outlet stores: past-season fashion, shoes and bags at their lowest.',
    tabs: [{ key: 'outlet', name: 'All outlet deals', fixed: { marketplace: 'OUTLET' } }],
  },
  EURO: {
    page: 'EURO',
    path: '/euro/',
    title: 'B-Euro',
    description: 'Luxury houses and European boutiques, compared in US dollars.',
    tabs: [
      { key: 'luxury', name: 'Luxury', fixed: { marketplace: 'LUXURY' } },
      { key: 'european', name: 'European boutiques', fixed: { marketplace: 'EUROPEAN' } },
    ],
  },
  SPORTS_OUTDOORS: {
    page: 'SPORTS_OUTDOORS',
    path: '/sports-outdoors/',
    title: 'Sports & Outdoors',
    description: 'Eco-minded sports stores and the whole Sneakers & Sportswear department in one place.',
    tabs: [
      { key: 'eco', name: 'Eco stores', fixed: { marketplace: 'ECO' } },
      { key: 'sportswear', name: 'Sneakers & Sportswear', fixed: { cids: ['7'] } },
    ],
  },
} as const satisfies Record<string, Storefront>;

/** The tab chosen by `?tab=` (unknown or missing → the first). */
export function storefrontTab(front: Storefront, tab: string | null): StorefrontTab {
  return front.tabs.find((t) => t.key === tab) ?? front.tabs[0]!;
}
