/**
 * The B-Deals API as a Fastify plugin tree (DESIGN.md: `app.ts` builds, `server.ts` listens).
 * Every route declares zod schemas for params, query, body and response; OpenAPI is served at
 * /docs. Handlers are thin: catalogue queries live in ./catalog, ingest in @b-deals/feeds.
 */
import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import rateLimit from '@fastify/rate-limit';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminFeedQuerySchema,
  ArticleQuerySchema,
  ArticleSchema,
  ArticlesResponseSchema,
  ClickResponseSchema,
  DealParamsSchema,
  DealsQuerySchema,
  DealsResponseSchema,
  LowestPriceResponseSchema,
  ModeParamsSchema,
  ModeSchema,
  ModesResponseSchema,
  OfferParamsSchema,
  PromotionSchema,
  TabParamsSchema,
  TabQuerySchema,
  TabsResponseSchema,
  TopSellingResponseSchema,
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
import { landingTabs, lowestPrice, recordClick, topSelling } from './catalog/landing.ts';
import { articleBy, dealById, listArticles, listDeals, listModes } from './catalog/editorial.ts';
import { searchProducts } from './catalog/search.ts';
import { SearchCache } from './catalog/search-cache.ts';
import { SearchIndex } from './catalog/search-index.ts';
import { accountRoutes, DEFAULT_RATE_LIMITS, type OAuthClient, type RateLimits } from './auth/routes.ts';
import { AuthService, DEFAULT_AUTH_SETTINGS, type AuthSettings } from './auth/service.ts';
import { createMailer, type Mailer } from './mail.ts';

export interface AppOptions {
  db: Database;
  fx: FxTable;
  /** Bearer token required by /admin routes. */
  operatorToken: string;
  /** Folder served at /media (generated demo images). */
  mediaDir: string;
  logLevel?: string;
  /** The in-memory search index (decision 0003); one is made when not given. */
  searchIndex?: SearchIndex;
  /** Accounts: OAuth clients, token lifetimes, link origin, mail and rate limits. */
  accounts: {
    clients: OAuthClient[];
    settings: Partial<AuthSettings> & { publicUrl: string };
    smtpUrl?: string | null;
    mailFrom?: string;
    /** Overrides the mailer built from smtpUrl (tests). */
    mailer?: Mailer;
    rateLimits?: RateLimits;
  };
}

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };

/** Builds the app (not listening). Close it with `app.close()`; the database is the caller's. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  // The storefront's server proxies shoppers' calls from loopback; trusting X-Forwarded-For from
  // there (and only there) keeps per-address rate limits per shopper, not per proxy.
  const app = Fastify({ logger: { level: opts.logLevel ?? 'info' }, bodyLimit: 1024 * 1024, trustProxy: 'loopback' }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(swagger, {
    openapi: { info: { title: 'B-Deals API', version: '1.0.0', description: 'Catalogue, search and price history. Money is integer US cents.' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(fastifyStatic, { root: opts.mediaDir, prefix: '/media/', maxAge: '7d', immutable: true });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => new DomainError(429, 'rate_limited', `Too many attempts. Try again in ${ctx.after}.`, { retryAfterSeconds: Math.ceil(ctx.ttl / 1000) }),
  });

  const { db } = opts;
  const searchCache = new SearchCache();
  const searchIndex = opts.searchIndex ?? new SearchIndex();
  const search = { index: searchIndex, cache: searchCache };
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

  // Asked for on every page view; cached per catalogue version like search answers (it scans the catalogue).
  app.get('/inventory/api/v1/search/hot-words', { schema: { response: { 200: HotWordsResponseSchema } } }, async () => {
    const key = JSON.stringify(['hot-words', await SearchCache.version(db)]);
    const cached = searchCache.get<string[]>(key);
    if (cached) return { hotWords: cached };
    const words = await hotWords(db);
    searchCache.set(key, words);
    return { hotWords: words };
  });

  app.post('/inventory/api/v1/search/condition', { schema: { body: SearchConditionSchema, response: { 200: SearchResponseSchema, ...errors } } }, async (req) => {
    const result = await searchProducts(db, req.body, search);
    // Only searches that found something count toward hot words: a typo or a probe must not become a suggestion.
    if (req.body.q && req.body.from === 0 && result.total > 0) {
      recordSearchTerm(db, result.correctedQuery ?? req.body.q).catch((err) => req.log.warn({ err }, 'could not record search term'));
    }
    return result;
  });

  app.get(
    '/inventory/api/v1/standard-product/product/:id/with-recommend',
    { schema: { params: ProductParamsSchema, querystring: ProductQuerySchema, response: { 200: ProductWithRecommendSchema, ...errors } } },
    async (req) => productWithRecommend(db, req.params.id, req.query.days, req.query.recommend),
  );

  app.get('/inventory/api/v1/top-selling/tabs', { schema: { response: { 200: TabsResponseSchema } } }, async () => ({ tabs: landingTabs() }));
  app.get('/inventory/api/v1/top-selling/:id', { schema: { params: TabParamsSchema, querystring: TabQuerySchema, response: { 200: TopSellingResponseSchema, ...errors } } }, async (req) =>
    topSelling(db, req.params.id, req.query.from, req.query.to),
  );
  app.get('/inventory/api/v1/products/lowest-tabs', { schema: { response: { 200: TabsResponseSchema } } }, async () => ({ tabs: landingTabs() }));
  app.get('/inventory/api/v1/products/lowest-tab/:id', { schema: { params: TabParamsSchema, querystring: TabQuerySchema, response: { 200: LowestPriceResponseSchema, ...errors } } }, async (req) =>
    lowestPrice(db, req.params.id, req.query.from, req.query.to),
  );
  app.post('/inventory/api/v1/offers/:id/click', { schema: { description: 'Records an outbound click (Top Selling signal) and returns the merchant link.', params: OfferParamsSchema, response: { 200: ClickResponseSchema, ...errors } } }, async (req) =>
    recordClick(db, req.params.id),
  );
  app.get('/inventory/api/v1/deals', { schema: { querystring: DealsQuerySchema, response: { 200: DealsResponseSchema, ...errors } } }, async (req) => listDeals(db, req.query));
  app.get('/inventory/api/v1/deals/:id', { schema: { params: DealParamsSchema, response: { 200: PromotionSchema, ...errors } } }, async (req) => dealById(db, req.params.id));
  app.get('/article/api/v1/article', { schema: { description: 'Articles, newest first; with `id` or `slug`, that one article with its Markdown.', querystring: ArticleQuerySchema, response: { 200: z.union([ArticlesResponseSchema, ArticleSchema]), ...errors } } }, async (req) =>
    req.query.id !== undefined || req.query.slug !== undefined ? articleBy(db, req.query) : listArticles(db, req.query.from, req.query.to),
  );
  app.get('/tapestry/api/v2/modes', { schema: { response: { 200: ModesResponseSchema } } }, async () => ({ modes: await listModes(db, undefined, search) }));
  app.get('/tapestry/api/v2/modes/:id', { schema: { params: ModeParamsSchema, response: { 200: ModeSchema, ...errors } } }, async (req) => (await listModes(db, req.params.id, search))[0]!);

  const mailer = opts.accounts.mailer ?? createMailer({ smtpUrl: opts.accounts.smtpUrl ?? null, from: opts.accounts.mailFrom ?? 'B-Deals <no-reply@b-deals.example>', db, log: app.log });
  const auth = new AuthService(db, mailer, { ...DEFAULT_AUTH_SETTINGS, ...opts.accounts.settings }, (err) => app.log.error({ err }, 'could not send mail'));
  await app.register(accountRoutes, { auth, clients: opts.accounts.clients, rateLimits: opts.accounts.rateLimits ?? DEFAULT_RATE_LIMITS });

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
        const report = await ingestSource(db, {
          bytes: req.body,
          filename: q.filename,
          fx: opts.fx,
          full: q.full,
          merchant: q.merchant
            ? { slug: q.merchant, name: q.merchantName, region: q.region, marketplace: q.marketplace, homepage: q.homepage, logo: q.logo }
            : undefined,
        });
        searchIndex.invalidate(); // the next search sees the new catalogue version
        return report;
      },
    );
  });
  return app;
}
