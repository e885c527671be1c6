import { z } from 'zod';
import { BASIC_COLOURS, PRICE_BADGES, PRICE_BANDS, SORT_KEYS, SORT_URL_ALIASES, WAS_CHECKS, resolveSort } from '@b-deals/core';
import { CentsSchema, ImageSchema, manyStrings, PAGE_FROM_MAX, PAGE_SIZE_MAX, PG_INT_MAX, refinePageWindow, textSchema } from './common.ts';
import { MarketplaceFilterSchema } from './catalog.ts';

/** A product as shown in lists (spec §3 "Product (as read for analytics): id, name, brand, priceTag, categoryIds"). */
export const ProductCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  brand: z.object({ slug: z.string(), name: z.string() }).nullable(),
  image: ImageSchema.nullable(),
  /**
   * Best price: the total a US shopper pays at the best offer (item plus stated shipping), by
   * core's `bestOffer` rule (decision 0006), cents. Sorts and price bands use this figure.
   */
  priceTag: CentsSchema,
  /** Item price of the best offer (its sale price when on sale), cents. */
  itemPrice: CentsSchema,
  /** US shipping of the best offer, cents; null when the merchant does not state it. */
  shipping: CentsSchema.nullable(),
  /** Regular item price of the best offer when it is on sale (the "was" price), cents; else null. */
  wasPrice: CentsSchema.nullable(),
  /** Whole-percent discount of the best offer's item price against wasPrice. */
  discount: z.number().int(),
  merchantCount: z.number().int(),
  /** Category codes of the product, the deepest first (e.g. ["811", "81", "8"]). */
  categoryIds: z.array(z.string()),
  inStock: z.boolean(),
  /**
   * What the price is against our observed history (core `priceBadge`, issue 16): 'lowest_90'
   * (at or below every observed day of the last 90, all observed), 'good_deal' (within 5 % of the
   * lowest of the last 365 days, after 5+ weeks of observations), or null.
   */
  priceBadge: z.enum(PRICE_BADGES).nullable(),
  /**
   * The was-price checked against the best offer's observed history (core `wasCheck`, EU Omnibus
   * Art. 6a): 'verified', 'inflated' (higher than its lowest price in the 30 days before the sale),
   * 'claimed' (we did not observe those days: the merchant's claim); null when not on sale.
   */
  wasCheck: z.enum(WAS_CHECKS).nullable(),
  /** The reference price of that check (lowest observed item price in those 30 days), cents; null when unknown or not on sale. */
  referencePrice: CentsSchema.nullable(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

const sortValues = [...SORT_KEYS, ...Object.keys(SORT_URL_ALIASES)] as [string, ...string[]];

/**
 * POST /inventory/api/v1/search/condition: the condition body. `b` and `m` take one slug or
 * many; `cids` are category filter ids (prefix, comma-union and minus semantics of DESIGN.md);
 * `price` is a band key of spec §9 or use `minPrice`/`maxPrice` in cents; `sort` takes the keys
 * of spec §9 or their URL aliases; `l` are labels (`on_sale`, `in_stock`, `multi_merchant`, `verified_discount`: a was-price our history confirms);
 * `size` are size filter values (core `sizeFilterValue`: a label's first sizing system, `US 8` for
 * `US 8 / EU 41`; `M`): a product passes when some active offer has one of them in stock (issue 11 §3);
 * `color` are basic colours (core `BASIC_COLOURS`: `blue` takes Navy, Cobalt and Teal): a product passes
 * when one of its active offers states (GMC `color`) a colour of one of them. An unknown colour is a 400.
 */
export const SearchConditionSchema = refinePageWindow(
  z.object({
    q: textSchema(200).optional().default(''),
    b: manyStrings().optional().default([]),
    m: manyStrings().optional().default([]),
    cids: manyStrings(20, 100).optional().default([]),
    price: z.enum(PRICE_BANDS.map((b) => b.key) as [string, ...string[]]).optional(),
    minPrice: CentsSchema.min(0).max(PG_INT_MAX).optional(),
    maxPrice: CentsSchema.min(0).max(PG_INT_MAX).optional(),
    sort: z
      .enum(sortValues)
      .optional()
      .transform((s) => resolveSort(s)),
    l: manyStrings(10, 40).optional().default([]),
    size: manyStrings(30, 60).optional().default([]),
    color: z
      .union([z.enum(BASIC_COLOURS), z.array(z.enum(BASIC_COLOURS)).max(BASIC_COLOURS.length)])
      .transform((v) => [...new Set(Array.isArray(v) ? v : [v])])
      .optional()
      .default([]),
    marketplace: MarketplaceFilterSchema.optional().default('ALL'),
    from: z.number().int().min(0).max(PAGE_FROM_MAX).default(0),
    to: z
      .number()
      .int()
      .min(1)
      .max(PAGE_FROM_MAX + PAGE_SIZE_MAX.default)
      .default(24),
    /** Leave out facet counts (faster, for rails). */
    facets: z.boolean().optional().default(true),
  }),
).refine((c) => c.minPrice === undefined || c.maxPrice === undefined || c.minPrice <= c.maxPrice, {
  message: '`minPrice` must not exceed `maxPrice`',
  path: ['minPrice'],
});
export type SearchConditionInput = z.input<typeof SearchConditionSchema>;
export type SearchCondition = z.output<typeof SearchConditionSchema>;

export const FacetCountSchema = z.object({ key: z.string(), label: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof FacetCountSchema>;

export const SearchResponseSchema = z.object({
  items: z.array(ProductCardSchema),
  total: z.number().int(),
  /**
   * Counts for each facet value under the other active filters. Departments are keyed by code,
   * brands and merchants by slug, price bands by band key, sizes by their filter value (in stock at
   * some merchant, in natural size order: core `compareSizes`), colours by basic colour (core
   * `BASIC_COLOURS` order, label in US English: "Gray", "Multicolor").
   */
  facets: z.object({
    departments: z.array(FacetCountSchema),
    brands: z.array(FacetCountSchema),
    merchants: z.array(FacetCountSchema),
    priceBands: z.array(FacetCountSchema),
    sizes: z.array(FacetCountSchema),
    /** Added 2026-11-29: the colour filter's values with products under the other filters. */
    colors: z.array(FacetCountSchema),
  }),
  /** When the query matched nothing as typed and a close spelling did, the spelling used. */
  correctedQuery: z.string().nullable(),
  /**
   * When the query matched nothing, even corrected, and its other words did within the groups of
   * the kind it names (issue 11 §6 "nearest kind": "olive jacket" → "olive" in Women's Coats and
   * Men's Clothing › Coats & Jackets): the words left out (as the shopper typed them), the words
   * searched, and those groups
   * (`key` a category code, usable in `cids`; `label` its display name, with its department where
   * the name alone does not say it). The items and counts are of that broader search. `categories`
   * is empty when the words left out are words no product's title, brand or category holds and the
   * others were searched everywhere ("stability ball" → "ball").
   */
  broadened: z
    .object({
      dropped: z.string(),
      query: z.string(),
      categories: z.array(z.object({ key: z.string(), label: z.string() })),
    })
    .nullable(),
  /**
   * On the first page of a query whose words match only a few products (fewer than the API's
   * `MORE_BELOW`, 10) and name a kind (issue 11 §6: "running jacket", "bike shorts"): more
   * products of that kind, not counted in `total` nor in the facets, those whose descriptions hold
   * the other words first; `categories` are the kind's categories (as in `broadened`), then the
   * named leaves where the store filed the matches, when outside them ("leggings" filed under
   * Pants: more pants), then the leaves where the store files the rest of its own category of the
   * matches (their GMC `product_type`: "laptop backpack" → the store's other bags), each listed when
   * it adds some. A query of one word counts ("leggings" matching 4). A query that names no
   * kind ("yoga accessories") gets more of the categories where its matches are filed (a group's
   * 'Other' leaf keyed by its id, "71,-711,…"), those holding its words first. An answer of the
   * kind alone (`broadened`, "joggers": everything in Sweatshirts) showing only a few gets the
   * leaves where the store files the rest of its own category of them. Null
   * otherwise; absent from an answer cached before it existed.
   */
  more: z
    .object({
      categories: z.array(z.object({ key: z.string(), label: z.string() })),
      items: z.array(ProductCardSchema),
    })
    .nullable()
    .optional(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
