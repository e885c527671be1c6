import { z } from 'zod';
import { MARKETPLACES, MARKETPLACE_FILTERS, REGIONS } from '@b-deals/core';
import { intFromText, PG_INT_MAX, pageWindowShape, refinePageWindow, textSchema } from './common.ts';

export const MarketplaceSchema = z.enum(MARKETPLACES);
export const MarketplaceFilterSchema = z.enum(MARKETPLACE_FILTERS);
export const RegionSchema = z.enum(REGIONS);

/** A merchant (a store that sends a feed). */
export const MerchantSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  region: RegionSchema,
  marketplace: MarketplaceSchema.nullable(),
  homepage: z.string().nullable(),
  logo: z.string().nullable(),
  /** Active offers of this merchant. */
  offerCount: z.number().int(),
});
export type Merchant = z.infer<typeof MerchantSchema>;

/** GET /inventory/api/v1/merchants */
export const MerchantsQuerySchema = z.object({
  marketplace: MarketplaceFilterSchema.optional(),
  region: RegionSchema.optional(),
});
export const MerchantsResponseSchema = z.object({ merchants: z.array(MerchantSchema), total: z.number().int() });
export type MerchantsResponse = z.infer<typeof MerchantsResponseSchema>;

/** A brand (display name cleaned per spec §5). */
export const BrandSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  /** Standard products of this brand with at least one active offer. */
  productCount: z.number().int(),
});
export type Brand = z.infer<typeof BrandSchema>;

/** GET /inventory/api/v1/brands */
export const BrandsQuerySchema = refinePageWindow(
  z.object({
    q: textSchema(100).optional(),
    marketplace: MarketplaceFilterSchema.optional(),
    ...pageWindowShape(100),
  }),
);
export const BrandsResponseSchema = z.object({ brands: z.array(BrandSchema), total: z.number().int() });
export type BrandsResponse = z.infer<typeof BrandsResponseSchema>;

/** GET /inventory/api/v1/brand/{id}: id is the numeric id or the slug. */
export const BrandParamsSchema = z.object({
  id: textSchema(200)
    .min(1)
    .refine((id) => !/^\d+$/.test(id) || Number(id) <= PG_INT_MAX, { message: `a numeric id must be at most ${PG_INT_MAX}` }),
});
export const BrandDetailSchema = BrandSchema.extend({
  subBrands: z.array(BrandSchema),
  /** Departments where the brand has products, with counts. */
  departments: z.array(z.object({ id: z.string(), term: z.string(), count: z.number().int() })),
  merchants: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
});
export type BrandDetail = z.infer<typeof BrandDetailSchema>;

/** GET /inventory/api/v1/search/hot-words (spec §3 "Hot words: hotWords, an array of strings"). */
export const HotWordsResponseSchema = z.object({ hotWords: z.array(z.string()) });
export type HotWordsResponse = z.infer<typeof HotWordsResponseSchema>;

/**
 * `GET /inventory/api/v1/catalog/version` (issue 12 §3): long-poll for the catalogue version (the
 * id of the newest ingest run). Answers at once when the version is above `after` or no `waitMs`
 * is given (default 0); else when it changes or after `waitMs` (at most 30 s), whichever comes first.
 */
export const CatalogVersionQuerySchema = z.object({
  after: intFromText(z.number().int().min(-1).max(PG_INT_MAX).default(-1), { signed: true }),
  waitMs: intFromText(z.number().int().min(0).max(30_000).default(0)),
});
export const CatalogVersionSchema = z.object({ version: z.number().int() });

/** GET /inventory/api/v1/sizes (spec §7): `dept` a department code, or ALL (default). */
export const SizesQuerySchema = z.object({
  dept: z
    .string()
    .regex(/^(ALL|[0-9a-z]{1,12})$/, 'ALL or a department code')
    .default('ALL'),
});
/** The sizes some merchant has in stock now, in size order, each with how many products come in it. */
export const SizesResponseSchema = z.object({
  sizes: z.array(z.object({ size: z.string(), products: z.number().int() })),
  total: z.number().int(),
});
export type SizesResponse = z.infer<typeof SizesResponseSchema>;
