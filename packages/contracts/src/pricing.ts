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
