import { z } from 'zod';

/** Body of every error response (DESIGN.md): stable `code`, readable `message`, optional `details`. */
export const ErrorBodySchema = z.object({
  code: z.string().describe('Stable machine-readable code, e.g. "validation_failed", "not_found"'),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Integer cents (USD). */
export const CentsSchema = z.number().int().describe('Amount in US cents');

/** Image object of spec §3: `full.url` and `thumbnail.url`. */
export const ImageSchema = z.object({
  full: z.object({ url: z.string() }),
  thumbnail: z.object({ url: z.string() }),
});
export type Image = z.infer<typeof ImageSchema>;

/** Paging of spec §7/§9: `from` inclusive, `to` exclusive (e.g. from=0&to=20 is 20 items). */
export const PagingSchema = z.object({
  from: z.coerce.number().int().min(0).max(10_000).default(0),
  to: z.coerce.number().int().min(1).max(10_100).default(24),
});

/** Accepts `x` or `[x, y]` and always yields an array (repeatable query params). */
export const manyStrings = (max = 50, maxLen = 200) =>
  z
    .union([z.string().max(maxLen), z.array(z.string().max(maxLen)).max(max)])
    .transform((v) => (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean));
