/**
 * The fictional merchants of the demo catalogue (DESIGN.md "Demo catalogue merchants and brands are
 * fictional"): each one's feed format, currency and price notation, identifiers sent, title style,
 * departments, price level and shipping — the variety real feeds show, on hosts of the reserved
 * `.example` TLD (RFC 2606).
 */
import type { Marketplace, Region } from '@b-deals/core';

/** Title styles a merchant may use when it sends GTINs (titles then need not match exactly). */
export type TitleStyle = 'canonical' | 'gendered' | 'byBrand' | 'upperBrand' | 'piped';

/** A fictional merchant of the demo catalogue. */
export interface MerchantDef {
  slug: string;
  name: string;
  region: Region;
  marketplace: Marketplace | null;
  /** Homepage host on the reserved `.example` TLD (RFC 2606). */
  host: string;
  /** Feed format; `rss-g` is RSS 2.0 with `g:title`/`g:link`/`g:description` instead of the RSS elements. */
  format: 'rss' | 'rss-g' | 'atom' | 'csv' | 'tsv';
  currency: 'USD' | 'EUR' | 'GBP';
  /** Price notation: `std` "15.00 USD"; `whole` "15 USD" for whole amounts; `grouped` "1,299.00 USD"; `column` amount + currency column (CSV). */
  notation: 'std' | 'whole' | 'grouped' | 'column';
  /** Product identifiers sent: GTIN (with brand and MPN), brand + MPN only, or neither (brand only). */
  identity: 'gtin' | 'mpn' | 'none';
  /** Lists each size as its own item sharing `item_group_id`. */
  variants: boolean;
  titleStyle: TitleStyle;
  /** Departments (top-level codes) it sells. */
  departments: readonly string[];
  /** Share of the catalogue it tends to take (relative weight). */
  weight: number;
  /** Price level against the brand's list price. */
  priceFactor: number;
  /** US shipping in cents of its currency and the free-shipping threshold; null: no `g:shipping`. */
  shipping: { cost: number; freeOver: number | null } | null;
  /** Descriptions carry HTML (`cdata`: in a CDATA section; `escaped`: entity-escaped). */
  html: 'cdata' | 'escaped' | null;
  /** Spelling of in-stock availability in its feed. */
  inStock: 'in_stock' | 'in stock';
}

const ALL = ['8', '9', 'b', 'e', 'f', 'g', 'k', '7'];
type M = Omit<MerchantDef, 'host'> & { host?: string };
const m = (d: M): MerchantDef => ({ ...d, host: d.host ?? `www.${d.slug.replace(/-/g, '')}.example` });
const base = {
  notation: 'std',
  identity: 'gtin',
  variants: false,
  titleStyle: 'canonical',
  weight: 1,
  priceFactor: 1,
  shipping: null,
  html: null,
  inStock: 'in_stock',
  currency: 'USD',
  format: 'rss',
} as const;

/**
 * The merchants, in order. The first 20 already cover every marketplace (and merchants with
 * none), every region and every feed format, so `merchants: 20` is a complete demo.
 * Like real Merchant Center feeds for US shoppers, nearly all state US shipping (a flat rate,
 * often free over a threshold); three European shops (Kestrel & Lane and Lindqvist Hus among the
 * first 20, Aldermoor) send none, so offers with "Shipping not stated" stay in the demo.
 */
export const MERCHANT_DEFS: readonly MerchantDef[] = [
  m({
    ...base,
    slug: 'harbor-and-pine',
    name: 'Harbor & Pine',
    region: 'US',
    marketplace: null,
    departments: ['8', '9', 'k', 'e'],
    variants: true,
    weight: 1.4,
    shipping: { cost: 595, freeOver: 7500 },
    html: 'cdata',
  }),
  m({
    ...base,
    slug: 'maple-row-outlet',
    name: 'Maple Row Outlet',
    region: 'US',
    marketplace: 'OUTLET',
    departments: ALL,
    titleStyle: 'gendered',
    weight: 1.3,
    shipping: { cost: 799, freeOver: 5000 },
    priceFactor: 0.84,
  }),
  m({
    ...base,
    slug: 'greenfold-outfitters',
    name: 'Greenfold Outfitters',
    region: 'US',
    marketplace: 'ECO',
    departments: ['7', 'k', '9', '8'],
    variants: true,
    titleStyle: 'byBrand',
    weight: 1.5,
    shipping: { cost: 0, freeOver: null },
  }),
  m({
    ...base,
    slug: 'maison-verlaine',
    name: 'Maison Verlaine',
    region: 'EUROPEAN',
    marketplace: 'LUXURY',
    currency: 'EUR',
    departments: ['8', 'e', 'f', 'b'],
    weight: 1.1,
    priceFactor: 1.08,
    shipping: { cost: 2500, freeOver: 30000 },
  }),
  m({
    ...base,
    slug: 'kestrel-and-lane',
    name: 'Kestrel & Lane',
    region: 'EUROPEAN',
    marketplace: 'EUROPEAN',
    format: 'atom',
    currency: 'GBP',
    departments: ['8', '9', 'k', 'e'],
    titleStyle: 'upperBrand',
    weight: 1.2,
  }),
  m({
    ...base,
    slug: 'brightwell-beauty',
    name: 'Brightwell Beauty',
    region: 'US',
    marketplace: null,
    format: 'csv',
    notation: 'column',
    departments: ['b'],
    weight: 2.5,
    shipping: { cost: 495, freeOver: 3500 },
  }),
  m({
    ...base,
    slug: 'copperleaf-kids',
    name: 'Copperleaf Kids',
    region: 'US',
    marketplace: null,
    format: 'tsv',
    identity: 'mpn',
    departments: ['g'],
    weight: 2.5,
    shipping: { cost: 495, freeOver: 3500 },
  }),
  m({
    ...base,
    slug: 'sable-and-stone',
    name: 'Sable & Stone',
    region: 'OTHERS',
    marketplace: 'LUXURY',
    departments: ['f', 'e', 'b'],
    titleStyle: 'piped',
    weight: 1.4,
    priceFactor: 1.05,
    shipping: { cost: 1500, freeOver: 25000 },
  }),
  m({
    ...base,
    slug: 'tidewater-supply',
    name: 'Tidewater Supply Co.',
    region: 'US',
    marketplace: 'ECO',
    identity: 'mpn',
    departments: ['7', 'k'],
    weight: 1.3,
    shipping: { cost: 695, freeOver: 7500 },
  }),
  m({
    ...base,
    slug: 'lindqvist-hus',
    name: 'Lindqvist Hus',
    region: 'EUROPEAN',
    marketplace: 'EUROPEAN',
    currency: 'EUR',
    identity: 'none',
    departments: ['8', '9', 'e'],
    weight: 0.9,
  }),
  m({
    ...base,
    slug: 'parkside-market',
    name: 'Parkside Market',
    region: 'US',
    marketplace: null,
    format: 'rss-g',
    notation: 'grouped',
    departments: ALL,
    titleStyle: 'gendered',
    weight: 1.2,
    shipping: { cost: 599, freeOver: 3500 },
    html: 'escaped',
    inStock: 'in stock',
  }),
  m({
    ...base,
    slug: 'cobalt-crate',
    name: 'Cobalt Crate',
    region: 'OTHERS',
    marketplace: null,
    notation: 'whole',
    departments: ['9', '7', 'k', 'e'],
    titleStyle: 'byBrand',
    weight: 1.1,
    shipping: { cost: 999, freeOver: 10000 },
  }),
  m({
    ...base,
    slug: 'the-velvet-drawer',
    name: 'The Velvet Drawer',
    region: 'US',
    marketplace: null,
    departments: ['8', 'f', 'b'],
    weight: 1.2,
    shipping: { cost: 450, freeOver: 5000 },
    html: 'cdata',
  }),
  m({
    ...base,
    slug: 'ridgeline-outlet',
    name: 'Ridgeline Outlet',
    region: 'US',
    marketplace: 'OUTLET',
    format: 'tsv',
    departments: ['7', 'k', '9'],
    weight: 1.2,
    shipping: { cost: 899, freeOver: 7500 },
    priceFactor: 0.8,
  }),
  m({
    ...base,
    slug: 'orchard-and-oak',
    name: 'Orchard & Oak',
    region: 'US',
    marketplace: null,
    departments: ['8', 'g', 'k'],
    variants: true,
    titleStyle: 'upperBrand',
    weight: 1.1,
    shipping: { cost: 595, freeOver: 5000 },
  }),
  m({
    ...base,
    slug: 'halden-and-co',
    name: 'Halden & Co.',
    region: 'EUROPEAN',
    marketplace: 'LUXURY',
    currency: 'GBP',
    departments: ['9', 'k', 'e', 'f'],
    weight: 1.0,
    priceFactor: 1.06,
    shipping: { cost: 2000, freeOver: null },
  }),
  m({
    ...base,
    slug: 'bayfront-department-store',
    name: 'Bayfront Department Store',
    region: 'US',
    marketplace: null,
    format: 'csv',
    departments: ALL,
    titleStyle: 'piped',
    weight: 1.3,
    shipping: { cost: 699, freeOver: 4900 },
  }),
  m({
    ...base,
    slug: 'ember-and-ash',
    name: 'Ember & Ash',
    region: 'OTHERS',
    marketplace: 'ECO',
    identity: 'mpn',
    departments: ['7', 'b'],
    weight: 1.0,
    shipping: { cost: 500, freeOver: 4000 },
  }),
  m({
    ...base,
    slug: 'little-lark',
    name: 'Little Lark',
    region: 'EUROPEAN',
    marketplace: 'EUROPEAN',
    currency: 'EUR',
    departments: ['g', 'b'],
    weight: 1.4,
    shipping: { cost: 1200, freeOver: 6000 },
  }),
  m({
    ...base,
    slug: 'stride-supply',
    name: 'Stride Supply',
    region: 'US',
    marketplace: null,
    departments: ['k', '7'],
    variants: true,
    titleStyle: 'gendered',
    weight: 1.4,
    shipping: { cost: 0, freeOver: null },
  }),
  m({
    ...base,
    slug: 'westlake-goods',
    name: 'Westlake Goods',
    region: 'US',
    marketplace: 'OUTLET',
    departments: ['8', '9', 'e', 'f'],
    weight: 1.0,
    shipping: { cost: 795, freeOver: 5000 },
    priceFactor: 0.86,
  }),
  m({
    ...base,
    slug: 'norrland-sport',
    name: 'Norrland Sport',
    region: 'EUROPEAN',
    marketplace: 'ECO',
    currency: 'EUR',
    departments: ['7'],
    titleStyle: 'byBrand',
    weight: 1.2,
    shipping: { cost: 1500, freeOver: 10000 },
  }),
  m({
    ...base,
    slug: 'quill-and-ivory',
    name: 'Quill & Ivory',
    region: 'US',
    marketplace: 'LUXURY',
    departments: ['f', 'e', '8', 'b'],
    weight: 1.0,
    shipping: { cost: 0, freeOver: null },
    priceFactor: 1.04,
    html: 'cdata',
  }),
  m({
    ...base,
    slug: 'corner-thread',
    name: 'Corner Thread',
    region: 'US',
    marketplace: null,
    identity: 'none',
    departments: ['8', '9'],
    weight: 0.9,
    shipping: { cost: 495, freeOver: 4000 },
  }),
  m({
    ...base,
    slug: 'saltmarsh-trading',
    name: 'Saltmarsh Trading',
    region: 'OTHERS',
    marketplace: null,
    departments: ['7', 'e', 'k'],
    titleStyle: 'upperBrand',
    weight: 1.0,
    shipping: { cost: 995, freeOver: 8000 },
  }),
  m({
    ...base,
    slug: 'fennel-and-fig',
    name: 'Fennel & Fig',
    region: 'US',
    marketplace: null,
    departments: ['b', 'g'],
    titleStyle: 'piped',
    weight: 1.0,
    shipping: { cost: 395, freeOver: 2500 },
  }),
  m({
    ...base,
    slug: 'driftwood-outlet',
    name: 'Driftwood Outlet',
    region: 'OTHERS',
    marketplace: 'OUTLET',
    format: 'csv',
    departments: ALL,
    weight: 1.0,
    shipping: { cost: 699, freeOver: 6000 },
    priceFactor: 0.82,
  }),
  m({
    ...base,
    slug: 'aldermoor',
    name: 'Aldermoor',
    region: 'EUROPEAN',
    marketplace: null,
    currency: 'GBP',
    departments: ['9', '8', 'k'],
    titleStyle: 'gendered',
    weight: 1.0,
  }),
];
