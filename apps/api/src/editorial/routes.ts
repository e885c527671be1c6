/**
 * Editorial routes (issue 3 §3, §5; spec §7), one plugin per URL namespace, registered by app.ts:
 * deals under `/inventory/api/v1`, articles under `/article/api/v1`, home modules ("tapestry
 * modes") under `/tapestry/api/v2`. Errors: 400 `{code, message, details}` for invalid input,
 * 404 for an unknown deal, article or mode.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ArticleQuerySchema,
  ArticleSchema,
  ArticlesResponseSchema,
  DealParamsSchema,
  DealsQuerySchema,
  DealsResponseSchema,
  ErrorBodySchema,
  ModeParamsSchema,
  ModeSchema,
  ModesResponseSchema,
  PromotionSchema,
} from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import type { SearchCache, SearchDeps } from '../search/index.ts';
import { articleBy, dealById, listArticles, listDeals, listModes } from './queries.ts';

/** What the editorial routes run on (home modules embed live searches). */
export interface EditorialRouteOptions {
  db: Database;
  search: SearchDeps;
  /** Answers that change only with the catalogue or the modules, keyed by catalogue version (issue 12 §3). */
  answers: SearchCache;
}

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };

/** `/inventory/api/v1/deals` and `/deals/{id}`. */
export const dealRoutes: FastifyPluginAsyncZod<EditorialRouteOptions> = async (r, { db }) => {
  r.get('/deals', { schema: { querystring: DealsQuerySchema, response: { 200: DealsResponseSchema, ...errors } } }, async (req) => listDeals(db, req.query));
  r.get('/deals/:id', { schema: { params: DealParamsSchema, response: { 200: PromotionSchema, ...errors } } }, async (req) => dealById(db, req.params.id));
};

/** `/article/api/v1/article`. */
export const articleRoutes: FastifyPluginAsyncZod<EditorialRouteOptions> = async (r, { db }) => {
  r.get(
    '/article',
    {
      schema: {
        description: 'Articles, newest first; with `id` or `slug`, that one article with its Markdown.',
        querystring: ArticleQuerySchema,
        response: { 200: z.union([ArticlesResponseSchema, ArticleSchema]), ...errors },
      },
    },
    async (req) => (req.query.id !== undefined || req.query.slug !== undefined ? articleBy(db, req.query) : listArticles(db, req.query.from, req.query.to)),
  );
};

/** `/tapestry/api/v2/modes` and `/modes/{id}`. */
export const modeRoutes: FastifyPluginAsyncZod<EditorialRouteOptions> = async (r, { db, search, answers }) => {
  // Home modules embed live searches: computed once per catalogue version (and at most a minute
  // old, so an operator's edit of a module shows within a minute), single flight.
  const modes = async (id: number | undefined) => {
    const { version } = await search.index.snapshot(db);
    return answers.remember(JSON.stringify(['modes', version, id ?? null]), () => listModes(db, id, search));
  };
  r.get('/modes', { schema: { response: { 200: ModesResponseSchema } } }, async () => ({ modes: await modes(undefined) }));
  r.get('/modes/:id', { schema: { params: ModeParamsSchema, response: { 200: ModeSchema, ...errors } } }, async (req) => (await modes(req.params.id))[0]!);
};
