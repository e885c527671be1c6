/**
 * The B-Deals API as a Fastify plugin tree (DESIGN.md: `app.ts` builds, `server.ts` listens).
 * Every route declares zod schemas for params, query, body and response; OpenAPI is served at
 * /docs. Handlers are thin: catalogue queries live in ./catalog, ingest in @b-deals/feeds.
 */
import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminFeedQuerySchema,
  BrandDetailSchema,
  BrandParamsSchema,
  BrandsQuerySchema,
  BrandsResponseSchema,
  ErrorBodySchema,
  HotWordsResponseSchema,
  IngestReportSchema,
  MerchantsQuerySchema,
  MerchantsResponseSchema,
  ProductParamsSchema,
  ProductQuerySchema,
  ProductWithRecommendSchema,
  SearchConditionSchema,
  SearchResponseSchema,
} from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { ingestSource, type FxTable } from '@b-deals/feeds';
import { DomainError, registerErrorHandling } from './errors.ts';
import { brandDetail, hotWords, listBrands, listMerchants, recordSearchTerm } from './catalog/directory.ts';
import { productWithRecommend } from './catalog/product.ts';
import { searchProducts } from './catalog/search.ts';

export interface AppOptions {
  db: Database;
  fx: FxTable;
  /** Bearer token required by /admin routes. */
  operatorToken: string;
  /** Folder served at /media (generated demo images). */
  mediaDir: string;
  logLevel?: string;
}

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };

/** Builds the app (not listening). Close it with `app.close()`; the database is the caller's. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: opts.logLevel ?? 'info' }, bodyLimit: 1024 * 1024 }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(swagger, {
    openapi: { info: { title: 'B-Deals API', version: '1.0.0', description: 'Catalogue, search and price history. Money is integer US cents.' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(fastifyStatic, { root: opts.mediaDir, prefix: '/media/', maxAge: '7d', immutable: true });

  const { db } = opts;
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok', database: db.kind }));

  app.get('/inventory/api/v1/merchants', { schema: { querystring: MerchantsQuerySchema, response: { 200: MerchantsResponseSchema, ...errors } } }, async (req) => {
    const merchants = await listMerchants(db, req.query.marketplace, req.query.region);
    return { merchants, total: merchants.length };
  });

  app.get('/inventory/api/v1/brands', { schema: { querystring: BrandsQuerySchema, response: { 200: BrandsResponseSchema, ...errors } } }, async (req) =>
    listBrands(db, req.query),
  );

  app.get('/inventory/api/v1/brand/:id', { schema: { params: BrandParamsSchema, response: { 200: BrandDetailSchema, ...errors } } }, async (req) =>
    brandDetail(db, req.params.id),
  );

  app.get('/inventory/api/v1/search/hot-words', { schema: { response: { 200: HotWordsResponseSchema } } }, async () => ({ hotWords: await hotWords(db) }));

  app.post('/inventory/api/v1/search/condition', { schema: { body: SearchConditionSchema, response: { 200: SearchResponseSchema, ...errors } } }, async (req) => {
    const result = await searchProducts(db, req.body);
    if (req.body.q && req.body.from === 0) {
      recordSearchTerm(db, result.correctedQuery ?? req.body.q).catch((err) => req.log.warn({ err }, 'could not record search term'));
    }
    return result;
  });

  app.get(
    '/inventory/api/v1/standard-product/product/:id/with-recommend',
    { schema: { params: ProductParamsSchema, querystring: ProductQuerySchema, response: { 200: ProductWithRecommendSchema, ...errors } } },
    async (req) => productWithRecommend(db, req.params.id, req.query.days, req.query.recommend),
  );

  await app.register(async (admin) => {
    const expected = Buffer.from(`Bearer ${opts.operatorToken}`);
    admin.addHook('onRequest', async (req) => {
      const got = Buffer.from(req.headers.authorization ?? '');
      if (got.length !== expected.length || !timingSafeEqual(got, expected)) {
        throw new DomainError(401, 'unauthorized', 'Operator token required (Authorization: Bearer <OPERATOR_TOKEN>)');
      }
    });
    admin.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 * 1024 }, (_req, body, done) => done(null, body));
    admin.withTypeProvider<ZodTypeProvider>().post(
      '/admin/api/v1/feeds',
      {
        schema: {
          description: 'Operator: ingest one feed or price-history file (raw bytes in the body).',
          querystring: AdminFeedQuerySchema,
          response: { 200: IngestReportSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
        },
      },
      async (req) => {
        const q = req.query;
        if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw new DomainError(400, 'empty_feed', 'The request body must hold the feed file');
        return ingestSource(db, {
          bytes: req.body,
          filename: q.filename,
          fx: opts.fx,
          full: q.full,
          merchant: q.merchant
            ? { slug: q.merchant, name: q.merchantName, region: q.region, marketplace: q.marketplace, homepage: q.homepage, logo: q.logo }
            : undefined,
        });
      },
    );
  });
  return app;
}
