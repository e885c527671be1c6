/**
 * Pricing routes of the `/inventory/api/v1` namespace (spec §7), registered by app.ts under that
 * prefix: `GET /product-history-event/lowest-price` (issue 16 §1) and `GET /price-index/year/{year}`
 * (issue 16 §5). Errors: 400 `{code, message,
 * details}` for an invalid query (zod schemas of @b-deals/contracts) or an unknown department.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, LowestPriceEventsQuerySchema, LowestPriceEventsResponseSchema, YearInPricesSchema, YearParamsSchema } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import type { SearchCache, SearchIndex } from '../search/index.ts';
import { lowestPriceEvents } from './events.ts';
import { yearInPrices } from './year.ts';

/** What the pricing routes run on: the database, and the answer cache keyed by catalogue version. */
export interface PricingRouteOptions {
  db: Database;
  index: SearchIndex;
  answers: SearchCache;
}

export const pricingRoutes: FastifyPluginAsyncZod<PricingRouteOptions> = async (r, { db, index, answers }) => {
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
