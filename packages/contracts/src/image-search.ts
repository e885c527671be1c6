/**
 * Image search (spec §2.5, §7, §9; issue 17): similar products by an uploaded photo
 * (`GET /inventory/api/v1/search/image-search/oss-image?origin={key}`) or by a product's own image
 * (`GET /inventory/api/v1/search/image-search/product/{id}`), pages `from`/`to` of at most 20.
 */
import { z } from 'zod';
import { DEPARTMENTS, PRICE_BANDS } from '@b-deals/core';
import { CentsSchema, IdSchema, PAGE_SIZE_MAX, pageWindowShape, refinePageWindow } from './common.ts';
import { ProductCardSchema } from './search.ts';
import { UploadKeySchema } from './uploads.ts';

const departmentCodes = DEPARTMENTS.map((d) => d.code!) as [string, ...string[]];
const bandKeys = PRICE_BANDS.map((b) => b.key) as [string, ...string[]];

/** Filters both image searches take: a top-level department code (spec §3) and a price band key (spec §9, half-open cents). */
const filterShape = {
  dept: z.enum(departmentCodes).optional().describe('Top-level department code (spec §3), e.g. "8" Women\'s Clothing'),
  price: z.enum(bandKeys).optional().describe('Price band key (spec §9), e.g. "5000-10000": best price in [5000, 10000) cents'),
};

/** An upload key: the upload's directory plus generated file name and extension (spec §2.5 `origin`). */
/** GET …/image-search/oss-image: `origin` (the upload key), the page window and filters. */
export const ImageSearchUploadQuerySchema = refinePageWindow(
  z.object({ origin: UploadKeySchema, ...pageWindowShape(20), ...filterShape }),
  PAGE_SIZE_MAX.imageSearch,
);
export type ImageSearchUploadQuery = z.infer<typeof ImageSearchUploadQuerySchema>;

/** GET …/image-search/product/{id}: the page window and filters. */
export const ImageSearchProductQuerySchema = refinePageWindow(z.object({ ...pageWindowShape(20), ...filterShape }), PAGE_SIZE_MAX.imageSearch);
export const ImageSearchProductParamsSchema = z.object({ id: IdSchema });

/** A similar product: the storefront's card plus its similarity to the query image (0…1, 1 = the same picture). */
export const SimilarProductSchema = ProductCardSchema.extend({
  similarity: z.number().describe('Weighted similarity of the images, 0…1'),
});
export type SimilarProduct = z.infer<typeof SimilarProductSchema>;

export const ImageSearchResponseSchema = z.object({
  /** The page, most similar first (the closest match first even when it is `identical`). */
  items: z.array(SimilarProductSchema),
  /** Candidates that pass the filters (capped by the search depth), for paging. */
  total: z.number().int(),
  from: z.number().int(),
  to: z.number().int(),
  /**
   * The closest product when its image matches the query so closely that it is the same item
   * (score above the threshold tuned by `npm run bench:image-search`), with its lowest total
   * price (best offer, decision 0006); null otherwise. Only by upload (by product the query is the product itself).
   */
  identical: z.object({ product: SimilarProductSchema, lowestTotalPrice: CentsSchema }).nullable(),
  /** Catalogue images embedded so far and in all: image search covers `embedded` of `total` while the background job runs. */
  coverage: z.object({ embedded: z.number().int(), total: z.number().int() }),
});
export type ImageSearchResponse = z.infer<typeof ImageSearchResponseSchema>;

/** GET …/image-search/status: progress of the background embedding job. */
export const ImageSearchStatusSchema = z.object({
  embedded: z.number().int(),
  total: z.number().int(),
  /** True when every catalogue image with an offer has a current vector. */
  ready: z.boolean(),
});
export type ImageSearchStatus = z.infer<typeof ImageSearchStatusSchema>;

/** GET /inventory/api/v1/upload/images/object?key=: the uploaded image's bytes. */
export const UploadObjectQuerySchema = z.object({ key: UploadKeySchema });
