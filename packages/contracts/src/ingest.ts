import { z } from 'zod';

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
  format: z.enum(['rss', 'atom', 'csv', 'tsv', 'price-history']),
  merchant: z.string(),
  items: z.number().int(),
  accepted: z.number().int(),
  warnings: z.number().int(),
  rejected: z.number().int(),
  reasons: z.record(z.string(), z.number().int()),
  /** True when the feed's bytes matched the last ingest and nothing was written. */
  unchanged: z.boolean().optional(),
  durationMs: z.number().optional(),
});
export type IngestReport = z.infer<typeof IngestReportSchema>;

/** POST /admin/api/v1/feeds?filename=&merchant= (operator token); raw feed bytes in the body. */
export const AdminFeedQuerySchema = z.object({
  filename: z.string().min(1).max(300),
  merchant: z.string().max(100).optional(),
  full: z.coerce.boolean().optional().default(true),
});
