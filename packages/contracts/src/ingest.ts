import { z } from 'zod';
import { MarketplaceSchema, RegionSchema } from './catalog.ts';

/** Per-item outcome of a feed ingest. */
export const ItemOutcomeSchema = z.enum(['accepted', 'warning', 'rejected']);

/**
 * Ingest report (issue: `{feed, format, merchant, items, accepted, warnings, rejected,
 * reasons: {code: count}}`). `accepted` counts every item that landed, with or without
 * warnings; `warnings` counts those that landed with at least one warning; `reasons` counts
 * rejection and warning codes.
 */
export const IngestReportSchema = z.object({
  feed: z.string(),
  format: z.enum(['rss', 'atom', 'csv', 'tsv', 'price-history', 'promotions']),
  merchant: z.string(),
  items: z.number().int(),
  accepted: z.number().int(),
  warnings: z.number().int(),
  rejected: z.number().int(),
  reasons: z.record(z.string(), z.number().int()),
  /** Items rejected with `unknown_currency`, by the ISO 4217 code (or the unreadable code) they were priced in. */
  unknownCurrencies: z.record(z.string(), z.number().int()).optional(),
  /**
   * Listings of the feed by how they were joined to a product (core MATCH_METHODS: gtin,
   * brand_mpn, brand_title, model, title, reviewed, new); listings seen before keep their first method.
   */
  matchMethods: z.record(z.string(), z.number().int()).optional(),
  /** True when the feed's bytes matched the last ingest, which rejected nothing, and nothing was written. */
  unchanged: z.boolean().optional(),
  /**
   * True when the feed is full and has items but none of them was accepted: the merchant's offers were left
   * as they were instead of all being made unavailable (a broken feed is not an empty shop).
   */
  offersKept: z.boolean().optional(),
  durationMs: z.number().optional(),
});
export type IngestReport = z.infer<typeof IngestReportSchema>;

/** POST /admin/api/v1/feeds?filename=&merchant= (operator token); raw feed bytes in the body. */
export const AdminFeedQuerySchema = z.object({
  filename: z.string().min(1).max(300),
  /** Merchant slug; when absent it is taken from the feed. The other merchant fields update it when `merchantName` is given. */
  merchant: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/, 'a slug: lower-case letters, digits and hyphens')
    .optional(),
  merchantName: z.string().max(200).optional(),
  region: RegionSchema.optional(),
  marketplace: MarketplaceSchema.optional(),
  homepage: z.string().url().optional(),
  logo: z.string().url().optional(),
  /** Full feed (default): offers missing from it become unavailable. `false` for a partial update. */
  full: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false'),
});

/**
 * GET /admin/api/v1/images/report (operator; issue 11 item 5): per merchant, the distinct image
 * URLs of its active offers and how many are on disk (`ok`), `failed` (with counts by reason code:
 * timeout, too_large, not_an_image, http_4xx, http_5xx, network, blocked) and `pending` (not tried yet).
 */
export const ImageReportSchema = z.object({
  merchants: z.array(
    z.object({
      merchant: z.object({ slug: z.string(), name: z.string() }),
      images: z.number().int(),
      ok: z.number().int(),
      failed: z.number().int(),
      pending: z.number().int(),
      reasons: z.record(z.string(), z.number().int()),
    }),
  ),
});
export type ImageReport = z.infer<typeof ImageReportSchema>;
