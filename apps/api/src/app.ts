/**
 * The B-Deals API as a Fastify plugin tree (DESIGN.md: `app.ts` builds, `server.ts` listens).
 * This file only composes: framework plugins (OpenAPI at /docs, media, rate limits, event-loop
 * pressure, bearer authentication, the error handler), then each domain's route plugin under its
 * URL namespace (spec §7): `/inventory/api/v1` (catalog/routes.ts, editorial deals, favorites/routes.ts),
 * `/article/api/v1` and `/tapestry/api/v2` (editorial/routes.ts), `/order/api/v1` and
 * `/api/v1/basic-data` (orders/routes.ts), `/user` (auth/routes.ts),
 * `/admin/api/v1` (admin/routes.ts), the image-search upload signature under `/inventory/api/v1` and
 * the embedded storage host under `/storage/api/v1` (uploads/routes.ts), image search and the upload
 * object (vision/routes.ts, also under `/inventory/api/v1`), `/inventory/api/v3/discover` and
 * `/nestor/api/v1` (assistant/routes.ts, ShopGeni), and `/health`, `/ready` (health.ts). Every route declares zod
 * schemas for params, query, body and response.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import type { Redis } from 'ioredis';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BODY_LIMITS,
  HTTP_TIMEOUTS,
  IMAGE_PLACEHOLDER_HEADERS,
  IMAGE_PLACEHOLDER_SVG,
  REMOTE_MEDIA_DIR,
  answerClientError,
  hostHeaderProblem,
  type HttpTimeouts,
} from '@b-deals/core';
import type { Database } from '@b-deals/db';
import type { FxTable } from '@b-deals/feeds';
import { DomainError, frameworkErrorHandler, registerErrorHandling } from './errors.ts';
import { checkBodyMediaType } from './media-types.ts';
import { analyticsRoutes } from './analytics/index.ts';
import { catalogRoutes } from './catalog/index.ts';
import { favoriteRoutes } from './favorites/index.ts';
import { orderRoutes, TestPaymentProvider, worldAreaRoutes, type PaymentProvider } from './orders/index.ts';
import { loadAdviceModels, pricingRoutes, type AdviceModels } from './pricing/index.ts';
import { SearchCache, SearchIndex, redisSharedCache, searchRoutes } from './search/index.ts';
import { articleRoutes, dealRoutes, modeRoutes } from './editorial/index.ts';
import { adminRoutes } from './admin/routes.ts';
import { conversationRoutes, discoverRoutes, type GiftModel } from './assistant/index.ts';
import { healthRoutes } from './health.ts';
import { ApiMetrics, metricsPlugin } from './metrics.ts';
import { authenticatePlugin } from './auth/authenticate.ts';
import { accountRoutes, DEFAULT_RATE_LIMITS, type OAuthClient, type RateLimits } from './auth/routes.ts';
import { AuthService, DEFAULT_AUTH_SETTINGS, type AuthSettings } from './auth/service.ts';
import { createMailer, type Mailer } from './mail.ts';
import { STORAGE_PREFIX, storageRoutes, uploadRoutes, type S3Settings } from './uploads/index.ts';
import { VisionService, visionRoutes } from './vision/index.ts';

export interface AppOptions {
  db: Database;
  fx: FxTable;
  /** Bearer token required by /admin routes. */
  operatorToken: string;
  /** Folder served at /media (generated demo images; merchants' images, fetched, under `remote/`). */
  mediaDir: string;
  logLevel?: string;
  /** Event-loop delay (ms, the mean over each sample interval) past which requests are refused with 503; 0 or absent: never (tests). */
  maxEventLoopDelayMs?: number;
  /** How often event-loop pressure is sampled, ms (default 1000: sustained pressure, not one long task). */
  pressureSampleIntervalMs?: number;
  /**
   * Shared state for several instances (issue 12 §4): with a Redis client, rate limits are
   * counted in Redis, so every API process sees the same counts; `/ready` also pings it.
   */
  redis?: Redis;
  /** HTTP server timeouts, ms (default HTTP_TIMEOUTS of @b-deals/core); tests shorten them. */
  timeouts?: Partial<HttpTimeouts>;
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
  /** Fitted buy-or-wait models (default: content/price-advice-model.json when present; null: none). */
  adviceModels?: AdviceModels | null;
  /** Checkout's payment provider (default: the test provider over `db`). */
  payments?: PaymentProvider;
  /** Express-buy checkouts a client may start per window (default orders/routes.ts `EXPRESS_BUY_LIMIT`: 60 a minute). */
  expressBuyLimit?: { max: number; windowMs: number };
  /** ShopGeni (issue 18): an OpenAI-compatible model that phrases replies (absent: the embedded mode), and its rate limit. */
  assistant?: { model?: GiftModel | null; rateLimit?: { max: number; windowMs: number } };
  /** Image search (issue 17): default a service over `db` and `mediaDir` whose embedder thread starts on first use, closed with the app. */
  vision?: VisionService;
  /** Image-search requests per minute per client (default 30 by upload, 120 otherwise). */
  imageSearchRateLimits?: { upload: number; other: number };
  /** Analytics collector: batches per client address per minute (default 60). */
  analytics?: { batchesPerMinute?: number };
  /**
   * Image-search uploads (issue 17): files under `{dataDir}/uploads`, policies and temporary URLs
   * signed with `secret`. Default: `{tmpdir}/bdeals-uploads-{pid}` and a random secret (tests).
   */
  uploads?: { dataDir: string; secret: string; perMinute?: number; s3?: S3Settings | null };
}

/** The access-key id and region the embedded storage host's credentials name, and its bucket. */
const EMBEDDED_STORAGE = { accessKeyId: 'b-deals-embedded', region: 'local', bucket: 'b-deals-uploads' } as const;

/** Builds the app (not listening). Close it with `app.close()`; the database is the caller's. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  // The storefront's server proxies shoppers' calls from loopback; trusting X-Forwarded-For from
  // there (and only there) keeps per-address rate limits per shopper, not per proxy.
  const t = { ...HTTP_TIMEOUTS, ...opts.timeouts };
  const app = Fastify({
    logger: { level: opts.logLevel ?? 'info' },
    // One access line per request (written in onResponse below) instead of Fastify's two.
    disableRequestLogging: true,
    bodyLimit: BODY_LIMITS.api,
    trustProxy: 'loopback',
    // Request ids pass from the storefront (`X-Request-Id`) into the API's JSON logs; a missing or
    // odd one is replaced by a UUID (issue 12 §4).
    genReqId: (req) => {
      const id = req.headers['x-request-id'];
      return typeof id === 'string' && /^[\w.:-]{8,64}$/.test(id) ? id : randomUUID();
    },
    // Slow clients are cut off (issue 13 finding 7): Fastify leaves Node's request timeout off by default.
    requestTimeout: t.requestTimeout,
    keepAliveTimeout: t.keepAliveTimeout,
    connectionTimeout: t.connectionTimeout,
    // Node's own Host check answers an empty 400 before any of our code; the first hook below answers it in our shape.
    http: { headersTimeout: t.headersTimeout, connectionsCheckingInterval: t.connectionsCheckingInterval, requireHostHeader: false },
    frameworkErrors: frameworkErrorHandler,
    // Requests Node cannot parse get the project's error shape, never an echo of the request.
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // RFC 9112 §3.2: no Host (HTTP/1.1) or two of them is 400 `invalid_request`, and the connection closes as Node's check did.
    const hostProblem = hostHeaderProblem(req.raw);
    if (hostProblem) {
      reply.header('connection', 'close');
      throw new DomainError(400, 'invalid_request', hostProblem, [{ path: '/headers/host', message: hostProblem }]);
    }
  });
  // Bodies are JSON unless a route's plugin adds a parser (media-types.ts); a malformed Content-Type
  // or a charset other than UTF-8 is 415, and so is text/plain outside the analytics beacon.
  app.addHook('onRequest', checkBodyMediaType);
  app.removeContentTypeParser('text/plain');
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      { method: req.method, url: req.url, statusCode: reply.statusCode, responseTimeMs: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'B-Deals API', version: '1.0.0', description: 'Catalogue, search and price history. Money is integer US cents.' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An access token from POST /user/oauth/token (RFC 6750).' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(fastifyStatic, { root: opts.mediaDir, prefix: '/media/', maxAge: '7d', immutable: true });
  // Merchants' images (catalog/image-fetch.ts): one not fetched yet, or unreachable, answers the
  // neutral placeholder with 404 and no-store, so no cache (nor the service worker) keeps it.
  const remoteDir = path.join(opts.mediaDir, REMOTE_MEDIA_DIR);
  mkdirSync(remoteDir, { recursive: true });
  await app.register(
    async (remote) => {
      await remote.register(fastifyStatic, { root: remoteDir, prefix: '/', maxAge: '7d', immutable: true, decorateReply: false, index: false });
      remote.setNotFoundHandler((_req, reply) => reply.status(404).headers(IMAGE_PLACEHOLDER_HEADERS).send(IMAGE_PLACEHOLDER_SVG));
    },
    { prefix: `/media/${REMOTE_MEDIA_DIR}` },
  );
  await app.register(rateLimit, {
    global: false,
    // With Redis down, requests go through uncounted rather than failing sign-in for everyone.
    ...(opts.redis ? { redis: opts.redis, nameSpace: 'bdeals:rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new DomainError(429, 'rate_limited', `Too many attempts. Try again in ${ctx.after}.`, { retryAfterSeconds: Math.ceil(ctx.ttl / 1000) }),
  });
  // Event-loop pressure: past the configured loop delay new requests get a quick 503 instead of
  // queueing behind the work that stalls the process.
  await app.register(underPressure, {
    maxEventLoopDelay: opts.maxEventLoopDelayMs ?? 0,
    sampleInterval: opts.pressureSampleIntervalMs ?? 1000,
    retryAfter: 10,
    pressureHandler: (_req, reply) => {
      void reply.status(503).header('retry-after', '10').send({ code: 'overloaded', message: 'The service is busy. Try again in a few seconds.' });
    },
  });

  const { db } = opts;
  // Without settings (tests): a folder of this process under the system's temporary folder, created on the first upload.
  const uploadOpts = opts.uploads ?? { dataDir: path.join(tmpdir(), `bdeals-uploads-${process.pid}`), secret: randomBytes(32).toString('base64url') };
  const uploads = { dataDir: uploadOpts.dataDir, keys: { ...EMBEDDED_STORAGE, secret: uploadOpts.secret }, perMinute: uploadOpts.perMinute, s3: uploadOpts.s3 };
  const vision = opts.vision ?? new VisionService(db, { mediaDir: opts.mediaDir });
  if (!opts.vision) app.addHook('onClose', () => vision.close());
  const searchIndex = opts.searchIndex ?? new SearchIndex();
  // With Redis, answers computed by one API instance are taken by the others (issue 12 §4).
  const search = { index: searchIndex, cache: new SearchCache(1000, 60_000, opts.redis && redisSharedCache(opts.redis, 'bdeals:search:')) };
  const answers = new SearchCache(5000, 60_000, opts.redis && redisSharedCache(opts.redis, 'bdeals:answers:'));
  // Price statistics (advice, lowest-price events, the year in prices) are keyed by catalogue version and UTC day, so an
  // answer holds until one of them changes: kept a day, not a minute (the year in prices costs seconds to compute, and
  // on PGlite those seconds hold every other request).
  const statistics = new SearchCache(5000, 24 * 3600_000, opts.redis && redisSharedCache(opts.redis, 'bdeals:statistics:'));
  const metrics = new ApiMetrics({ searchIndex, caches: { search: search.cache, answers, statistics } });
  await app.register(metricsPlugin(metrics, opts.operatorToken));
  const mailer =
    opts.accounts.mailer ??
    createMailer({ smtpUrl: opts.accounts.smtpUrl ?? null, from: opts.accounts.mailFrom ?? 'B-Deals <no-reply@b-deals.example>', db, log: app.log });
  const auth = new AuthService(db, mailer, { ...DEFAULT_AUTH_SETTINGS, ...opts.accounts.settings }, (err) => app.log.error({ err }, 'could not send mail'));
  await app.register(authenticatePlugin, { auth });

  await app.register(healthRoutes, { db, searchIndex, redis: opts.redis });
  await app.register(
    async (inventory) => {
      await inventory.register(catalogRoutes, { db, search, answers });
      await inventory.register(searchRoutes, { db, search });
      await inventory.register(pricingRoutes, {
        db,
        index: searchIndex,
        answers: statistics,
        adviceModels: opts.adviceModels === undefined ? loadAdviceModels() : opts.adviceModels,
      });
      await inventory.register(dealRoutes, { db, search, answers });
      await inventory.register(favoriteRoutes, { db, auth, mailer, links: { publicUrl: opts.accounts.settings.publicUrl } });
      await inventory.register(uploadRoutes, uploads);
      await inventory.register(visionRoutes, {
        db,
        vision,
        uploads: { dataDir: uploads.dataDir, uploadS3: uploads.s3 ?? null },
        rateLimits: opts.imageSearchRateLimits,
      });
    },
    { prefix: '/inventory/api/v1' },
  );
  const payments = opts.payments ?? new TestPaymentProvider(db);
  await app.register(orderRoutes, {
    prefix: '/order/api/v1',
    db,
    auth,
    payments,
    mailer,
    publicUrl: opts.accounts.settings.publicUrl,
    log: app.log,
    expressBuyLimit: opts.expressBuyLimit,
  });
  await app.register(worldAreaRoutes);
  await app.register(storageRoutes, { prefix: STORAGE_PREFIX, ...uploads });
  await app.register(articleRoutes, { prefix: '/article/api/v1', db, search, answers });
  await app.register(modeRoutes, { prefix: '/tapestry/api/v2', db, search, answers });
  await app.register(analyticsRoutes, { prefix: '/analytics/api/v1', db, auth, batchesPerMinute: opts.analytics?.batchesPerMinute });
  await app.register(accountRoutes, { auth, clients: opts.accounts.clients, rateLimits: opts.accounts.rateLimits ?? DEFAULT_RATE_LIMITS });
  const assistant = { db, search, model: opts.assistant?.model ?? null, rateLimit: opts.assistant?.rateLimit };
  await app.register(discoverRoutes, { prefix: '/inventory/api/v3', ...assistant });
  await app.register(conversationRoutes, { prefix: '/nestor/api/v1', ...assistant });
  await app.register(adminRoutes, { prefix: '/admin/api/v1', db, fx: opts.fx, operatorToken: opts.operatorToken, searchIndex, metrics });
  return app;
}
