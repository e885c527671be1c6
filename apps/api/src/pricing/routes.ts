/**
 * Pricing routes of the `/inventory/api/v1` namespace (spec §7), registered by app.ts under that
 * prefix: `GET /product-history-event/lowest-price` (issue 16 §1), `GET /price-index/year/{year}`
 * (issue 16 §5) and `GET /standard-product/product/{id}/price-advice` (issue 16 §3). Errors: 400 `{code, message,
 * details}` for an invalid query (zod schemas of @b-deals/contracts) or an unknown department.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBodySchema,
  IdSchema,
  LowestPriceEventsQuerySchema,
  LowestPriceEventsResponseSchema,
  PriceAdviceQuerySchema,
  PriceAdviceSchema,
  YearInPricesSchema,
  YearParamsSchema,
} from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import type { SearchCache, SearchIndex } from '../search/index.ts';
import { priceAdvice, type AdviceModels } from './advice-service.ts';
import { lowestPriceEvents } from './events.ts';
import { yearInPrices } from './year.ts';

/** What the pricing routes run on: the database, and the answer cache keyed by catalogue version. */
export interface PricingRouteOptions {
  db: Database;
  index: SearchIndex;
  answers: SearchCache;
  /** Fitted buy-or-wait models (advice-service.ts), or null when none was fitted: advice is then "not available". */
  adviceModels: AdviceModels | null;
}

export const pricingRoutes: FastifyPluginAsyncZod<PricingRouteOptions> = async (r, { db, index, answers, adviceModels }) => {
  r.get(
    '/standard-product/product/:id/price-advice',
    {
      schema: {
        description: 'Buy-or-wait advice per active offer (issue 16 §3), from observed history; insufficient_history under 30 observed days.',
        params: z.object({ id: IdSchema }),
        querystring: PriceAdviceQuerySchema,
        response: { 200: PriceAdviceSchema, 400: ErrorBodySchema },
      },
    },
    async (req) => {
      const { version } = await index.snapshot(db);
      const day = new Date().toISOString().slice(0, 10);
      return answers.remember(JSON.stringify(['price-advice', version, day, req.params.id, req.query.horizon]), () =>
        priceAdvice(db, adviceModels, req.params.id, req.query.horizon),
      );
    },
  );

  r.get(
    '/product-history-event/lowest-price',
    {
      schema: {
        description: 'Products whose best total today is below every observed day of the last 30, 90 or 365 days (all observed); biggest drop first.',
        querystring: LowestPriceEventsQuerySchema,
        response: { 200: LowestPriceEventsResponseSchema, 400: ErrorBodySchema },
      },
    },
    async (req) => {
      // Changes only with an ingest or the daily statistics: cached per catalogue version and UTC day.
      const { version } = await index.snapshot(db);
      const day = new Date().toISOString().slice(0, 10);
      return answers.remember(JSON.stringify(['lowest-price-events', version, day, req.query]), () => lowestPriceEvents(db, req.query));
    },
  );

  r.get(
    '/price-index/year/:year',
    {
      schema: {
        description: 'The year in prices by department and month, and its biggest sales weeks, from observed price runs.',
        params: YearParamsSchema,
        response: { 200: YearInPricesSchema, 400: ErrorBodySchema },
      },
    },
    async (req) => {
      const { version } = await index.snapshot(db);
      const day = new Date().toISOString().slice(0, 10);
      return answers.remember(JSON.stringify(['year-in-prices', version, day, req.params.year]), () => yearInPrices(db, req.params.year));
    },
  );
};
