/**
 * Pricing routes of the `/inventory/api/v1` namespace (spec §7), registered by app.ts under that
 * prefix: `GET /product-history-event/lowest-price` (issue 16 §1), `GET /price-index/year/{year}`
 * (issue 16 §5), `GET /standard-product/product/{id}/price-advice` and `GET /standard-product/price-advice?ids=`
 * (issue 16 §3), `GET /price-advice/model` and `GET /price-advice/waiting-pays` (issue 16 §5). Errors: 400 `{code, message,
 * details}` for an invalid query (zod schemas of @b-deals/contracts) or an unknown department.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBodySchema,
  IdSchema,
  LowestPriceEventsQuerySchema,
  LowestPriceEventsResponseSchema,
  AdviceModelInfoSchema,
  PriceAdviceQuerySchema,
  PriceAdviceSchema,
  ProductsAdviceQuerySchema,
  ProductsAdviceSchema,
  WaitingPaysQuerySchema,
  WaitingPaysSchema,
  YearInPricesSchema,
  YearParamsSchema,
} from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import type { SearchCache, SearchIndex } from '../search/index.ts';
import { adviceModelInfo, priceAdvice, productsAdvice, waitingPays, type AdviceModels } from './advice-service.ts';
import { lowestPriceEvents } from './events.ts';
import { yearInPrices } from './year.ts';

/** What the pricing routes run on: the database, and the answer cache (keys hold the catalogue version and the UTC day, so its entries may live a day). */
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
    '/standard-product/price-advice',
    {
      schema: {
        description: "Buy-or-wait advice of each listed product's best offer (in stock first, then lowest total), for lists such as B-LOVED; at most 48 ids.",
        querystring: ProductsAdviceQuerySchema,
        response: { 200: ProductsAdviceSchema, 400: ErrorBodySchema },
      },
    },
    async (req) => {
      const { version } = await index.snapshot(db);
      const day = new Date().toISOString().slice(0, 10);
      return answers.remember(JSON.stringify(['products-advice', version, day, req.query.ids, req.query.horizon]), () =>
        productsAdvice(db, adviceModels, req.query.ids, req.query.horizon),
      );
    },
  );

  r.get(
    '/price-advice/model',
    {
      schema: {
        description:
          'The fitted buy-or-wait models: the history they were fitted on, the date of the backtest, and its figures on the training and held-out parts.',
        response: { 200: AdviceModelInfoSchema },
      },
    },
    async () => adviceModelInfo(adviceModels),
  );

  r.get(
    '/price-advice/waiting-pays',
    {
      schema: {
        description: 'Products whose best offer the model advises to WAIT on today, biggest expected saving first.',
        querystring: WaitingPaysQuerySchema,
        response: { 200: WaitingPaysSchema, 400: ErrorBodySchema },
      },
    },
    async (req) => {
      const { version } = await index.snapshot(db);
      const day = new Date().toISOString().slice(0, 10);
      return answers.remember(JSON.stringify(['waiting-pays', version, day, req.query]), () => waitingPays(db, adviceModels, req.query.horizon, req.query.to));
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
