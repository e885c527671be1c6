/** Marketplace and region keys of spec §3, and the landing pages they feed (DESIGN.md). */
export const MARKETPLACES = ['OUTLET', 'ECO', 'LUXURY', 'EUROPEAN'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];
/** Filter keys: ALL plus each marketplace. */
export const MARKETPLACE_FILTERS = ['ALL', ...MARKETPLACES] as const;
export type MarketplaceFilter = (typeof MARKETPLACE_FILTERS)[number];

export const REGIONS = ['US', 'EUROPEAN', 'OTHERS'] as const;
export type Region = (typeof REGIONS)[number];

/** Marketplaces shown on each landing storefront: B-Outlet = OUTLET; B-Euro = LUXURY + EUROPEAN; B-Eco (now Sports & Outdoors) = ECO. */
export const STOREFRONT_MARKETPLACES: Readonly<Record<'OUTLET' | 'EURO' | 'ECO', readonly Marketplace[]>> = {
  OUTLET: ['OUTLET'],
  EURO: ['LUXURY', 'EUROPEAN'],
  ECO: ['ECO'],
};

/** Offer availability, GMC `availability` values. */
export const AVAILABILITIES = ['in_stock', 'out_of_stock', 'preorder', 'backorder'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** Offer condition, GMC `condition` values. */
export const CONDITIONS = ['new', 'refurbished', 'used'] as const;
export type Condition = (typeof CONDITIONS)[number];

/**
 * How an offer was joined to its standard product (issue 2 §8, issue 11 point 1): by GTIN, brand +
 * MPN, brand + title (+ colour), by a pairwise score at or above the threshold with a model number
 * shared with the product ('model') or on its title words alone ('title'), by the operator's
 * accept in the review queue ('reviewed'), or 'new' when it started the product.
 */
export const MATCH_METHODS = ['gtin', 'brand_mpn', 'brand_title', 'model', 'title', 'reviewed', 'new'] as const;
export type MatchMethod = (typeof MATCH_METHODS)[number];

/** Origin of the demo catalogue's generated images (reserved `.test` TLD, RFC 2606); the API serves them under /media/demo/. */
export const DEMO_MEDIA_ORIGIN = 'https://media.b-deals.test/demo/';
