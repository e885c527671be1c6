/**
 * Price intelligence (issue 16): lowest-price events (spec §7 `GET
 * /inventory/api/v1/product-history-event/lowest-price`).
 */
import { z } from 'zod';
import { LOW_WINDOWS } from '@b-deals/core';
import { CentsSchema, pageWindowShape, refinePageWindow } from './common.ts';
import { ProductCardSchema } from './search.ts';

/**
 * Query of the lowest-price events: `window` in days (30, 90 or 365; default 90), `dept` a
 * department code or ALL (default), and the page window `from`/`to`.
 */
export const LowestPriceEventsQuerySchema = refinePageWindow(
  z.object({
    ...pageWindowShape(24),
    window: z.coerce
      .number()
      .int()
      .refine((w): w is (typeof LOW_WINDOWS)[number] => (LOW_WINDOWS as readonly number[]).includes(w), {
        message: `window must be one of ${LOW_WINDOWS.join(', ')}`,
      })
      .default(90),
    dept: z
      .string()
      .regex(/^(ALL|[0-9a-z]{1,12})$/, 'ALL or a department code')
      .default('ALL'),
  }),
);
export type LowestPriceEventsQuery = z.infer<typeof LowestPriceEventsQuerySchema>;

/** A product whose best total today is below every observed day of the window before today (all of them observed). */
export const LowestPriceEventSchema = ProductCardSchema.extend({
  /** The window, days. */
  window: z.number().int(),
  /** The lowest daily best total of the window's days before today, cents. */
  previousLow: CentsSchema,
  /** The most recent day (UTC, YYYY-MM-DD) on which that previous low was observed. */
  previousLowDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export const LowestPriceEventsResponseSchema = z.object({ items: z.array(LowestPriceEventSchema), total: z.number().int() });
export type LowestPriceEventsResponse = z.infer<typeof LowestPriceEventsResponseSchema>;

/** GET /inventory/api/v1/price-index/year/{year}: the year in prices (issue 16 §5), from observed price runs. */
export const YearParamsSchema = z.object({ year: z.coerce.number().int().min(2000).max(2100) });
export const YearInPricesSchema = z.object({
  year: z.number().int(),
  /** By month (YYYY-MM) and department (core DEPARTMENTS code, or ALL). Months without observations are absent. */
  months: z.array(
    z.object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      department: z.string(),
      departmentName: z.string(),
      /** Offers observed in the month. */
      offers: z.number().int(),
      /** 100 × the mean over offers of (month price ÷ the offer's price over the year); below 100 is cheaper than usual. One decimal. */
      index: z.number(),
      /** Percent of observed offer-days priced below the regular price. One decimal. */
      saleShare: z.number(),
      /** Mean discount on those days, percent; null when none. One decimal. */
      depth: z.number().nullable(),
    }),
  ),
  /** The weeks (Monday, YYYY-MM-DD) with the largest sale share, biggest first; weeks observed for too few offers are left out. */
  salesEvents: z.array(
    z.object({ weekStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), offers: z.number().int(), saleShare: z.number(), depth: z.number().nullable() }),
  ),
});
export type YearInPrices = z.infer<typeof YearInPricesSchema>;

/** GET /inventory/api/v1/standard-product/product/{id}/price-advice: buy-or-wait advice per offer (issue 16 §3). */
export const PriceAdviceQuerySchema = z.object({
  horizon: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(14), z.literal(30)]))
    .default(14),
});
const AdviceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('insufficient_history'), observedDays: z.number().int(), neededDays: z.number().int() }),
  z.object({
    kind: z.enum(['BUY', 'WAIT']),
    horizon: z.number().int(),
    /** Probability that the price falls 3 % or more within the horizon, 0..1. */
    dropProbability: z.number(),
    /** Probability of the outcome the advice bets on, 0..1. */
    confidence: z.number(),
    /** Expected saving from waiting, cents (0 for BUY). */
    expectedSavingCents: CentsSchema,
  }),
]);
export const PriceAdviceSchema = z.object({
  /** False when no model has been fitted yet (no advice is invented). */
  available: z.boolean(),
  /** How the model did on held-out history when it was fitted: share of decisions no worse than buying at once, share of the best saving captured. */
  model: z.object({ source: z.string(), generatedAt: z.string(), noWorse: z.number(), capture: z.number().nullable(), decisions: z.number().int() }).nullable(),
  offers: z.array(
    z.object({ offerId: z.number().int(), merchant: z.object({ slug: z.string(), name: z.string() }), price: CentsSchema, advice: AdviceSchema }),
  ),
});
export type PriceAdvice = z.infer<typeof PriceAdviceSchema>;
