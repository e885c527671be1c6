/**
 * Price intelligence (issue 16): lowest-price events (spec §7 `GET
 * /inventory/api/v1/product-history-event/lowest-price`).
 */
import { z } from 'zod';
import { LOW_WINDOWS } from '@b-deals/core';
import { CentsSchema, intFromText, intText, pageWindowShape, refinePageWindow } from './common.ts';
import { ProductCardSchema } from './search.ts';

/**
 * Query of the lowest-price events: `window` in days (30, 90 or 365, core `LOW_WINDOWS`; default 90;
 * an enum in the OpenAPI document), `dept` a department code or ALL (default), and the page window
 * `from`/`to`.
 */
export const LowestPriceEventsQuerySchema = refinePageWindow(
  z.object({
    ...pageWindowShape(24),
    window: intFromText(z.literal(LOW_WINDOWS, { error: `window must be one of ${LOW_WINDOWS.join(', ')}` }).default(90)),
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

/** A month (YYYY-MM) of a department (core DEPARTMENTS code, or ALL) in the year in prices, with how much of it we observed. */
const YearMonthGroupSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  department: z.string(),
  departmentName: z.string(),
  /** Offers observed in the month. */
  offers: z.number().int(),
  /** Distinct days of the month on which we observed prices of the group. Added 2026-11-29. */
  observedDays: z.number().int(),
});

/** GET /inventory/api/v1/price-index/year/{year}: the year in prices (issue 16 §5), from observed price runs. */
export const YearParamsSchema = z.object({ year: intFromText(z.number().int().min(2000).max(2100)) });
export const YearInPricesSchema = z.object({
  year: z.number().int(),
  /** Fewest observed days before a month (of a department or of all) gets figures or a week is named (apps/api pricing/year.ts `MIN_OBSERVED_DAYS`). Added 2026-11-29. */
  minObservedDays: z.number().int(),
  /**
   * By month (YYYY-MM) and department (core DEPARTMENTS code, or ALL), observed on at least
   * `minObservedDays` days. Months without observations are absent; months with fewer observed days are in `sparseMonths`.
   */
  months: z.array(
    YearMonthGroupSchema.extend({
      /** 100 × the mean over offers of (month price ÷ the offer's price over the year); below 100 is cheaper than usual. One decimal. */
      index: z.number(),
      /** Percent of observed offer-days priced below the regular price. One decimal. */
      saleShare: z.number(),
      /** Mean discount on those days, percent; null when none. One decimal. */
      depth: z.number().nullable(),
    }),
  ),
  /** Months of a department (or of all) observed on some days but fewer than `minObservedDays`: too few to give figures, so none are. Added 2026-11-29. */
  sparseMonths: z.array(YearMonthGroupSchema),
  /** The weeks (Monday, YYYY-MM-DD) with the largest sale share, biggest first; weeks observed for too few offers, or on fewer than `minObservedDays` of their days in the year, are left out. */
  salesEvents: z.array(
    z.object({ weekStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), offers: z.number().int(), saleShare: z.number(), depth: z.number().nullable() }),
  ),
});
export type YearInPrices = z.infer<typeof YearInPricesSchema>;

/** The advice horizons, days: the API's `ADVICE_HORIZONS` (apps/api pricing/advice.ts), one model each. */
export const PRICE_ADVICE_HORIZONS = [14, 30] as const;

/**
 * GET /inventory/api/v1/standard-product/product/{id}/price-advice: buy-or-wait advice per offer (issue 16 §3).
 * `horizon` is days, one of {@link PRICE_ADVICE_HORIZONS} (default 14; an enum in the OpenAPI document).
 */
export const PriceAdviceQuerySchema = z.object({
  horizon: intFromText(z.literal(PRICE_ADVICE_HORIZONS, { error: `horizon must be one of ${PRICE_ADVICE_HORIZONS.join(', ')}` }).default(14)),
});
/**
 * How advice of one band of the model's drop probability did on the held-out part of the backtest
 * (apps/api pricing/advice-record.ts): a BUY was right when the price did not fall 3 % or more within
 * the horizon, a WAIT when waiting paid no more than buying at once. What the pages show as the
 * advice's confidence ("right in 87 of 100 similar cases"), rounded down (core `casesOf100`).
 */
export const AdviceTrackSchema = z.object({
  /** The band of the model's drop probability, [from, to), 0..1. */
  band: z.tuple([z.number(), z.number()]),
  /** Held-out decisions in the band. */
  decisions: z.number().int(),
  /** Share of them on which advice of this kind turned out right, 0..1; null when too few decisions to say (under 100). */
  right: z.number().nullable(),
  /** Share of them on which the price fell 3 % or more within the horizon, 0..1; null when too few. */
  drops: z.number().nullable(),
  /** Short name of the history the backtest replayed (not B-Deals' catalogue). */
  history: z.string(),
  /** First and last held-out decision day measured, YYYY-MM-DD. */
  measured: z.tuple([z.string(), z.string()]),
});
export type AdviceTrack = z.infer<typeof AdviceTrackSchema>;

export const AdviceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('insufficient_history'), observedDays: z.number().int(), neededDays: z.number().int() }),
  z.object({
    kind: z.enum(['BUY', 'WAIT']),
    horizon: z.number().int(),
    /** Probability that the price falls 3 % or more within the horizon, 0..1. */
    dropProbability: z.number(),
    /** The model's probability of the outcome the advice bets on, 0..1: a model's figure, not an observed rate (see `record`). */
    confidence: z.number(),
    /** Expected saving from waiting, cents (0 for BUY). */
    expectedSavingCents: CentsSchema,
    /** How advice of this probability band did on the held-out backtest; null when the model file has no record. Added 2026-11-29. */
    record: AdviceTrackSchema.nullable().optional(),
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

/**
 * GET /inventory/api/v1/standard-product/price-advice?ids=1,2&horizon=14: the advice of each listed
 * product's best offer (core's best-offer rule, as the product page), for lists such as B-LOVED (issue 16 §3). At most 48 ids.
 */
export const ProductsAdviceQuerySchema = PriceAdviceQuerySchema.extend({
  ids: z
    .string()
    .max(600)
    .transform((s) => [...new Set(s.split(',').filter(Boolean))])
    .pipe(
      z
        .array(intText(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)))
        .min(1)
        .max(48),
    )
    .transform((ids) => [...new Set(ids)]),
});
export const ProductsAdviceSchema = z.object({
  /** False when no model has been fitted yet: `products` is then empty. */
  available: z.boolean(),
  products: z.array(
    z.object({
      productId: z.number().int(),
      offerId: z.number().int(),
      merchant: z.object({ slug: z.string(), name: z.string() }),
      price: CentsSchema,
      advice: AdviceSchema,
    }),
  ),
});
export type ProductsAdvice = z.infer<typeof ProductsAdviceSchema>;

/** One policy's backtest figures: share of decisions no worse than buying at once, share of the best saving captured (null without any), decisions scored. */
const BacktestScoreSchema = z.object({ noWorse: z.number(), capture: z.number().nullable(), decisions: z.number().int() });
/** GET /inventory/api/v1/price-advice/model: the fitted models' metadata and backtest figures (issue 16 §4–§5); `available` false without a model. */
export const AdviceModelInfoSchema = z.object({
  available: z.boolean(),
  /** The history the models were fitted on, as named in the model file. */
  source: z.string().nullable(),
  /** When the backtest ran (ISO 8601). */
  generatedAt: z.string().nullable(),
  /** First and last observed day of that history (YYYY-MM-DD), when the file says. */
  observed: z.tuple([z.string(), z.string()]).nullable(),
  /** First day of the held-out part (YYYY-MM-DD), when the file says. */
  splitDay: z.string().nullable(),
  horizons: z.array(z.object({ horizon: z.number().int(), training: BacktestScoreSchema.nullable(), heldOut: BacktestScoreSchema })),
});
export type AdviceModelInfo = z.infer<typeof AdviceModelInfoSchema>;

/** GET /inventory/api/v1/price-advice/waiting-pays?horizon=14&to=8: products whose best offer the model advises to WAIT on today, biggest expected saving first. */
export const WaitingPaysQuerySchema = PriceAdviceQuerySchema.extend({ to: intFromText(z.number().int().min(1).max(24).default(8)) });
export const WaitingPaysSchema = z.object({
  available: z.boolean(),
  items: z.array(
    ProductCardSchema.extend({
      merchant: z.object({ slug: z.string(), name: z.string() }),
      /** Probability that the best offer's total falls 3 % or more within the horizon, 0..1 (also the advice's confidence). */
      dropProbability: z.number(),
      /** Expected saving from waiting, cents. */
      expectedSavingCents: CentsSchema,
      horizon: z.number().int(),
      /** The advice's held-out track record (see AdviceSchema); null without one. */
      record: AdviceTrackSchema.nullable().optional(),
    }),
  ),
});
export type WaitingPays = z.infer<typeof WaitingPaysSchema>;
