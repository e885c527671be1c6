/**
 * Landing-page data (issue 3): Top Selling and Lowest Price tabs, outbound clicks, deals
 * (promotions), articles, and home modules (spec §7 tapestry modes).
 */
import { isProductLink } from '@b-deals/core';
import { z } from 'zod';
import { CentsSchema, IdSchema, pageWindowShape, refinePageWindow, textSchema } from './common.ts';
import { ProductCardSchema } from './search.ts';

/** A tab of a landing page: ALL or a department (id = department code). */
export const TabSchema = z.object({ id: z.string(), name: z.string() });
export const TabsResponseSchema = z.object({ tabs: z.array(TabSchema) });
export type TabsResponse = z.infer<typeof TabsResponseSchema>;

export const TabParamsSchema = z.object({ id: z.string().regex(/^(ALL|[0-9a-z]{1,12})$/, 'ALL or a category code') });
export const TabQuerySchema = refinePageWindow(z.object(pageWindowShape(24)));

/** Top Selling: products ranked by outbound clicks to merchants in the last 30 days. */
export const TopSellingItemSchema = ProductCardSchema.extend({ clicks30d: z.number().int() });
export const TopSellingResponseSchema = z.object({ items: z.array(TopSellingItemSchema), total: z.number().int() });
export type TopSellingResponse = z.infer<typeof TopSellingResponseSchema>;

/** Lowest Price: products whose price today is their lowest of the last 365 days, biggest saving against their 90-day average first. */
export const LowestPriceItemSchema = ProductCardSchema.extend({
  /** Day-weighted average of the daily lowest price over the last 90 observed days, cents. */
  average90: CentsSchema,
  /** Lowest daily price of the last 365 days, cents. */
  low365: CentsSchema,
});
export const LowestPriceResponseSchema = z.object({ items: z.array(LowestPriceItemSchema), total: z.number().int() });
export type LowestPriceResponse = z.infer<typeof LowestPriceResponseSchema>;

/** POST /inventory/api/v1/offers/{id}/click: records an outbound click and returns where to send the shopper. */
export const OfferParamsSchema = z.object({ id: IdSchema });
export const ClickResponseSchema = z.object({ link: z.string() });

/**
 * GET /inventory/api/v1/offers/lookup?link=…: the product we track behind a merchant's product
 * page (issue 16 §6), found by core `productLinkKey` (query, fragment, scheme, `www.` and
 * trailing slashes ignored). 404 when no offer has that page.
 */
export const OfferLookupQuerySchema = z.object({
  link: textSchema(2000).refine(isProductLink, { message: 'must be an http(s) link to a product page' }),
});
export const OfferLookupSchema = z.object({
  productId: z.number().int(),
  slug: z.string(),
  name: z.string(),
  offerId: z.number().int(),
  merchant: z.object({ slug: z.string(), name: z.string() }),
});
export type OfferLookup = z.infer<typeof OfferLookupSchema>;

/** A merchant promotion (deal): coupon code or automatic discount, valid between two instants. */
export const PromotionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  merchant: z.object({ slug: z.string(), name: z.string(), logo: z.string().nullable() }),
  title: z.string(),
  description: z.string(),
  /** Coupon code to enter at the merchant's checkout; null for automatic discounts. */
  couponCode: z.string().nullable(),
  /** Percentage off (e.g. 20), when the deal is a percentage. */
  discountPercent: z.number().int().nullable(),
  /** Fixed amount off, cents, when the deal is an amount. */
  discountAmount: CentsSchema.nullable(),
  /** Minimum order, cents. */
  minimumOrder: CentsSchema.nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  terms: z.string(),
  link: z.string(),
});
export type Promotion = z.infer<typeof PromotionSchema>;
export const DealsQuerySchema = refinePageWindow(z.object({ merchant: textSchema(100).optional(), ...pageWindowShape(48) }));
export const DealsResponseSchema = z.object({ deals: z.array(PromotionSchema), total: z.number().int() });
export const DealParamsSchema = z.object({ id: IdSchema });

/** An article (Markdown source; the web renders it). */
export const ArticleSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  publishedAt: z.string(),
  /** Minutes to read at 230 words a minute. */
  readingMinutes: z.number().int(),
});
export const ArticleSchema = ArticleSummarySchema.extend({ markdown: z.string() });
export type Article = z.infer<typeof ArticleSchema>;
/** GET /article/api/v1/article: the list, or one article with `id` or `slug`. */
export const ArticleQuerySchema = refinePageWindow(z.object({ id: IdSchema.optional(), slug: textSchema(200).optional(), ...pageWindowShape(50) }));
export const ArticlesResponseSchema = z.object({ articles: z.array(ArticleSummarySchema), total: z.number().int() });

/** A home module (spec §7 GET /tapestry/api/v2/modes): banner, product rail or brand wall. Editable as data. */
export const ModeSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.number().int(),
    type: z.literal('banner'),
    title: z.string(),
    subtitle: z.string().nullable(),
    href: z.string(),
    imageUrl: z.string().nullable(),
    position: z.number().int(),
  }),
  z.object({
    id: z.number().int(),
    type: z.literal('product_rail'),
    title: z.string(),
    /** "See all": the listing that shows exactly `condition` (core `listingHref`). */
    href: z.string().nullable(),
    position: z.number().int(),
    /** The search condition the rail shows (fields of POST search/condition). */
    condition: z.record(z.string(), z.unknown()),
    items: z.array(ProductCardSchema),
  }),
  z.object({
    id: z.number().int(),
    type: z.literal('brand_wall'),
    title: z.string(),
    position: z.number().int(),
    brands: z.array(z.object({ slug: z.string(), name: z.string(), productCount: z.number().int() })),
  }),
]);
export type Mode = z.infer<typeof ModeSchema>;
export const ModesResponseSchema = z.object({ modes: z.array(ModeSchema) });
export const ModeParamsSchema = z.object({ id: IdSchema });
