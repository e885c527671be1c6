import { z } from 'zod';
import { AVAILABILITIES, CONDITIONS, MATCH_METHODS } from '@b-deals/core';
import { CentsSchema, IdSchema, ImageSchema, intFromText } from './common.ts';
import { MarketplaceSchema, RegionSchema } from './catalog.ts';
import { ProductCardSchema } from './search.ts';

export const AvailabilitySchema = z.enum(AVAILABILITIES);

/** One merchant listing of a standard product. */
export const OfferSchema = z.object({
  id: z.number().int(),
  merchant: z.object({ slug: z.string(), name: z.string(), logo: z.string().nullable(), marketplace: MarketplaceSchema.nullable(), region: RegionSchema }),
  title: z.string(),
  /** Price the shopper pays now (sale price when on sale), cents. */
  price: CentsSchema,
  /** Regular price when on sale, cents. */
  wasPrice: CentsSchema.nullable(),
  /** Shipping to the US, cents; null when the feed did not say. */
  shipping: CentsSchema.nullable(),
  /** price + shipping (shipping not stated counts as 0; core `offerTotal`), cents; offers come best first by core `compareOffers`. */
  total: CentsSchema,
  availability: AvailabilitySchema,
  condition: z.enum(CONDITIONS),
  /** Merchant's product page. */
  link: z.string(),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  matchMethod: z.enum(MATCH_METHODS),
  /**
   * Original feed price when it was not in USD: amount in minor units of `currency` (ISO 4217),
   * with the date (YYYY-MM-DD) and source of the exchange rate that converted it to `price`.
   */
  originalPrice: z
    .object({
      amount: z.number().int(),
      currency: z.string(),
      rateDate: z.string().nullable().describe('YYYY-MM-DD of the exchange rate used; null for offers ingested before rates were dated'),
      rateSource: z.enum(['ecb', 'peg', 'operator']).nullable().describe('ECB reference rate, published fixed peg, or the operator table'),
    })
    .nullable(),
  /** When the price was last confirmed by a feed (ISO 8601). */
  lastSeenAt: z.string(),
});
export type Offer = z.infer<typeof OfferSchema>;

/** Daily lowest price across the product's offers; null on days no offer was observed. */
export const PriceHistorySchema = z.object({
  days: z.number().int(),
  points: z.array(z.object({ date: z.string().describe('YYYY-MM-DD (UTC)'), price: CentsSchema.nullable() })),
  lowest: CentsSchema.nullable(),
  average: CentsSchema.nullable(),
  highest: CentsSchema.nullable(),
  /** Today's best price (the product's priceTag), even on a day no feed has confirmed yet. */
  current: CentsSchema.nullable(),
  /**
   * The window store by store (issue 16 §6): each store's daily lowest total as lowest, average
   * and highest over the days it was observed, those days, and its best total now (null when it
   * has nothing in stock). Cheapest now first.
   */
  merchants: z.array(
    z.object({
      merchant: z.object({ slug: z.string(), name: z.string() }),
      lowest: CentsSchema,
      average: CentsSchema,
      highest: CentsSchema,
      observedDays: z.number().int(),
      current: CentsSchema.nullable(),
    }),
  ),
});
export type PriceHistory = z.infer<typeof PriceHistorySchema>;

export const ProductDetailSchema = ProductCardSchema.extend({
  description: z.string(),
  images: z.array(ImageSchema),
  colors: z.array(z.string()),
  /**
   * The same item in other colours at the product's stores (issue 11 §3): a merchant's colours of one
   * item (GMC `item_group_id`, or titles that agree apart from colour and size) are products of their
   * own, one card each; these link to them. Colour (GMC `color`) order, at most 24.
   */
  otherColors: z.array(z.object({ color: z.string(), id: z.number().int(), slug: z.string() })),
  sizes: z.array(z.string()),
  gtin: z.string().nullable(),
  mpn: z.string().nullable(),
  /** Category trail from the department down: [{id, term, path}]. */
  categories: z.array(z.object({ id: z.string(), term: z.string(), path: z.string() })),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** GET /inventory/api/v1/standard-product/product/{id}/with-recommend */
export const ProductParamsSchema = z.object({ id: IdSchema });
export const ProductQuerySchema = z.object({
  days: intFromText(z.number().int().min(7).max(730).default(365)),
  recommend: intFromText(z.number().int().min(0).max(24).default(12)),
});
export const ProductWithRecommendSchema = z.object({
  product: ProductDetailSchema,
  offers: z.array(OfferSchema),
  priceHistory: PriceHistorySchema,
  recommend: z.array(ProductCardSchema),
});
export type ProductWithRecommend = z.infer<typeof ProductWithRecommendSchema>;
