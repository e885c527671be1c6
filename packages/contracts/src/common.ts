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

/** Largest value of PostgreSQL's `integer` (int4): ids and counts beyond it cannot reach the database. */
export const PG_INT_MAX = 2_147_483_647;

/** Whole-number text of a query or path: ASCII digits only, and a leading "-" where negatives are meaningful. */
const DIGITS = /^\d+$/;
const SIGNED_DIGITS = /^-?\d+$/;
const notDigits = (signed: boolean) => `must be a whole number written in digits${signed ? ' (with "-" when negative)' : ''}`;

/**
 * A whole number sent as query or path text: text of digits only (`^\d+$`; `^-?\d+$` with `signed`)
 * becomes a number that `schema` checks; any other text (`0x10`, `1e3`, `1.0`, ` 1 `, `١`, the empty
 * string) is a validation issue "must be a whole number written in digits" (a 400 `validation_failed`
 * from the API), so one number has one spelling in URLs. A value that is already a number (a JSON
 * body) goes to `schema` as it is, and so does a missing one: give `schema` its `.default()` or
 * `.optional()`, which the OpenAPI document then shows with `schema`'s type and bounds. Booleans and
 * null are never numbers (API robustness report M3).
 */
export const intFromText = <T extends z.ZodType>(schema: T, { signed = false }: { signed?: boolean } = {}) =>
  z.preprocess((v, ctx) => {
    if (typeof v !== 'string') return v;
    if ((signed ? SIGNED_DIGITS : DIGITS).test(v)) return Number(v);
    ctx.addIssue({ code: 'custom', message: notDigits(signed), input: v });
    return v;
  }, schema);

/**
 * {@link intFromText} for text only, e.g. each item of a comma-separated list split out of one query
 * value (`ids=1,2`): digits-only text becomes a number that `schema` checks; other text is refused.
 */
export const intText = <T extends z.ZodType<number, number>>(schema: T, { signed = false }: { signed?: boolean } = {}) =>
  z
    .string()
    .regex(signed ? SIGNED_DIGITS : DIGITS, notDigits(signed))
    .transform(Number)
    .pipe(schema);

/**
 * A number in a JSON body: a JSON number only, never coerced: `true`, `null`, `""` and `"1"` are a
 * validation issue ("expected number, received boolean"), and a missing one reads "Required"
 * (API robustness report M2). Coercion from text is for query and path values ({@link intFromText}).
 */
export const jsonNumber = () => z.number({ error: (issue) => (issue.input === undefined ? 'Required' : undefined) });

/**
 * A database id in a path or query (digits only, {@link intFromText}): a positive int4. Larger numbers
 * are a 400, never a PostgreSQL "out of range for type integer" error.
 */
export const IdSchema = intFromText(jsonNumber().int().positive().max(PG_INT_MAX));

/** A database id in a JSON body: a JSON number ({@link jsonNumber}), a positive int4. */
export const JsonIdSchema = jsonNumber().int().positive().max(PG_INT_MAX);

/**
 * Text that may reach the database: at most `max` characters and no NUL (U+0000), which PostgreSQL
 * `text` cannot hold (it answers "invalid byte sequence for encoding UTF8: 0x00").
 */
export const textSchema = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), {
      message: 'must not contain the NUL character (U+0000)',
    });

/** Page-size caps of spec §9: image search answers 20, the orders list 500; every other list 100. */
export const PAGE_SIZE_MAX = { default: 100, orders: 500, imageSearch: 20 } as const;

/** Deepest offset a list serves (`from`); deeper pages are a 400 (offset scans grow with it). */
export const PAGE_FROM_MAX = 10_000;

/**
 * The paging window of spec §7/§9 as a zod object shape: `from` inclusive, `to` exclusive (from=0&to=20
 * is 20 items), both digits-only query text ({@link intFromText}). Combine with {@link refinePageWindow}
 * so that `to` must exceed `from` by at most the list's cap.
 */
export const pageWindowShape = (defaultTo: number) => ({
  from: intFromText(z.number().int().min(0).max(PAGE_FROM_MAX).default(0)),
  to: intFromText(
    z
      .number()
      .int()
      .min(1)
      .max(PAGE_FROM_MAX + PAGE_SIZE_MAX.orders)
      .default(defaultTo),
  ),
});

/**
 * Adds the page-window rule to an object schema holding `from` and `to`: `to > from` and
 * `to - from <= maxSize` (spec §9 caps, {@link PAGE_SIZE_MAX}); otherwise a validation issue on `to`
 * (a 400 `validation_failed` from the API).
 */
export function refinePageWindow<T extends z.ZodType<{ from: number; to: number }>>(schema: T, maxSize: number = PAGE_SIZE_MAX.default) {
  return schema.refine((w) => w.to > w.from && w.to - w.from <= maxSize, {
    message: `\`to\` must be greater than \`from\` and at most ${maxSize} more`,
    path: ['to'],
  });
}

/** A plain paged list query: `from`/`to` with the default cap of 100 (spec §9). */
export const PagingSchema = refinePageWindow(z.object(pageWindowShape(24)));

/** Accepts `x` or `[x, y]` and always yields an array (repeatable query params); NUL is refused. */
export const manyStrings = (max = 50, maxLen = 200) =>
  z.union([textSchema(maxLen), z.array(textSchema(maxLen)).max(max)]).transform((v) => (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean));
