/**
 * Configuration, parsed once from the environment with zod (DESIGN.md: nothing else reads
 * process.env). Fails fast with a readable message listing every bad variable.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './uploads/index.ts';

/** The embedded development client secret: public (it is in .env.example), so refused in production. */
export const DEVELOPMENT_CLIENT_SECRET = 'dev-web-secret-change-me';

const EnvSchema = z.object({
  /** `production` refuses the development secrets (issue 13 finding 8). */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Bearer token for operator routes (/admin/...). Default: generated once and kept in DATA_DIR/operator-token. */
  OPERATOR_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  FX_RATES_FILE: z.string().optional(),
  /** Operator's exchange-rate table (CSV `currency,rate,per,date`) for currencies neither the ECB file nor a fixed peg covers. */
  FX_OPERATOR_RATES_FILE: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Skip generating and ingesting the demo catalogue at start. */
  NO_DEMO: z.stringbool().default(false),
  /** Compute image-search vectors of catalogue images in the background after start and after each ingest (issue 17). */
  IMAGE_EMBEDDING: z.stringbool().default(true),
  /** Also fetch merchants' remote product images (HTTP(S), 5 s timeout, 10 MB cap) to embed them; off by default: the demo catalogue's images are local. */
  /** Size of the generated demo catalogue (standard products). */
  DEMO_PRODUCTS: z.coerce.number().int().min(50).max(200_000).default(5000),
  /** Storefront origin used in e-mailed links. Default http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** OAuth client of the web platform (issue 4). The defaults are development credentials; production sets its own. */
  OAUTH_WEB_CLIENT_ID: z.string().min(3).default('b-deals-web'),
  OAUTH_WEB_CLIENT_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEVELOPMENT_CLIENT_SECRET),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Sign-ups per client address per hour (auth/routes.ts DEFAULT_RATE_LIMITS: 10); a test server that makes many accounts raises it. */
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** SMTP server for mail, e.g. smtp://user:pass@host:587. Without it mail goes to the outbox table and the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('B-Deals <no-reply@b-deals.example>'),
  /**
   * Who works background jobs on PostgreSQL: `inline` (the API process, the default) or `worker`
   * (a separate `npm run start:worker`). PGlite admits one process, so there jobs always run inline.
   */
  JOBS: z.enum(['inline', 'worker']).default('inline'),
  /**
   * API server processes sharing API_PORT (`npm run start:api`, Node's cluster module; issue 12
   * §2). Default on PostgreSQL: one per core; PGlite admits one process, so without DATABASE_URL
   * it must be 1.
   */
  API_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Redis for state shared by several API instances (rate limits), e.g. redis://127.0.0.1:6379. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /**
   * Event-loop delay (ms, mean over a second) past which the API answers new requests with 503 and
   * Retry-After; 0 turns the guard off. Default 1000 on PostgreSQL; off on PGlite, whose queries
   * run on the API's own event loop (the delay then measures the database, and no other instance
   * could take the request).
   */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * Stripe PaymentIntents for checkout (issue 15 §3). Without STRIPE_SECRET_KEY the clearly
   * labelled test provider takes payments. STRIPE_API_URL points the client elsewhere (a stub on
   * loopback in tests).
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  STRIPE_API_URL: z.url().optional(),
  /**
   * Secret that signs image-search upload policies and temporary image URLs (issue 17; OSS V4
   * style). Default: generated once and kept in DATA_DIR/upload-signing-secret.
   */
  UPLOAD_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * An S3-compatible bucket for image-search uploads instead of the embedded storage host
   * (uploads/s3.ts): AWS S3, or OSS/MinIO/R2 through UPLOAD_S3_ENDPOINT. Without keys the AWS SDK's
   * default credential chain is used. The bucket needs a CORS rule admitting POST from the storefront.
   */
  UPLOAD_S3_BUCKET: z.string().min(3).max(63).optional(),
  UPLOAD_S3_REGION: z.string().min(1).default('us-east-1'),
  UPLOAD_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  UPLOAD_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  UPLOAD_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  UPLOAD_S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  /**
   * ShopGeni's optional language model (issue 18 §4): an OpenAI-compatible chat-completions
   * endpoint. Without LLM_BASE_URL the embedded NLP answers alone.
   */
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).max(200).default('gpt-4o-mini'),
  /**
   * The buy-or-wait model file (issue 16 §3; written by `npm run backtest -- --write-model`).
   * Default: content/price-advice-model.json when it exists; without one no advice is given.
   * `none`: no advice even when the bundled file exists (the storefront says it is not published).
   */
  PRICE_ADVICE_MODEL: z.string().min(1).optional(),
});

export interface Config {
  port: number;
  apiPort: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | null;
  operatorToken: string;
  fxRatesFile: string | null;
  /** FX_OPERATOR_RATES_FILE: the operator's rate table (parse/fx.ts `readOperatorRates`); null when unset. */
  fxOperatorRatesFile: string | null;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  demo: { enabled: boolean; products: number };
  /** IMAGE_EMBEDDING: whether the `image-embed` job runs after start and after each ingest. */
  imageEmbedding: boolean;
  publicUrl: string;
  oauthClients: Array<{ id: string; secret: string }>;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  smtpUrl: string | null;
  mailFrom: string;
  jobs: 'inline' | 'worker';
  /** API server processes of `npm run start:api` (1 on PGlite). */
  apiWorkers: number;
  maxEventLoopDelayMs: number;
  redisUrl: string | null;
  /** Sign-ups per client address per hour. */
  signupLimitPerHour: number;
  /** Stripe settings when STRIPE_SECRET_KEY is set, else null (the test payment provider). */
  stripe: { secretKey: string; publishableKey: string | null; apiUrl: string | null } | null;
  /** Secret of the image-search upload signatures (UPLOAD_SIGNING_SECRET, else DATA_DIR/upload-signing-secret). */
  uploadSigningSecret: string;
  /** The S3-compatible upload driver when UPLOAD_S3_BUCKET is set, else null (the embedded storage host). */
  uploadS3: S3Settings | null;
  /** ShopGeni's OpenAI-compatible model when LLM_BASE_URL is set, else null (embedded mode). */
  llm: { baseUrl: string; apiKey: string | null; model: string } | null;
  /**
   * The buy-or-wait model file (PRICE_ADVICE_MODEL), null for the bundled
   * content/price-advice-model.json when it exists, or 'none' (PRICE_ADVICE_MODEL=none: no advice).
   */
  priceAdviceModelFile: string | 'none' | null;
}

/**
 * Parses `env` (default process.env). Throws an Error whose message lists each invalid variable;
 * with `NODE_ENV=production` also when OAUTH_WEB_CLIENT_SECRET is the public development default
 * or OPERATOR_TOKEN is not set.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=` in a .env file) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.superRefine((e, ctx) => {
    if (!e.DATABASE_URL && (e.API_WORKERS ?? 1) > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['API_WORKERS'],
        message: 'must be 1 on the embedded database (PGlite admits one process); set DATABASE_URL for more',
      });
    if (!e.UPLOAD_S3_ACCESS_KEY_ID !== !e.UPLOAD_S3_SECRET_ACCESS_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['UPLOAD_S3_SECRET_ACCESS_KEY'],
        message: 'set UPLOAD_S3_ACCESS_KEY_ID and UPLOAD_S3_SECRET_ACCESS_KEY together (or neither)',
      });
    if (e.NODE_ENV !== 'production') return;
    // Production never runs on credentials anyone can read in this repository (issue 13 finding 8).
    if (e.OAUTH_WEB_CLIENT_SECRET === DEVELOPMENT_CLIENT_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['OAUTH_WEB_CLIENT_SECRET'],
        message: 'set your own secret: the development default is public and is refused when NODE_ENV=production',
      });
    if (!e.OPERATOR_TOKEN)
      ctx.addIssue({ code: 'custom', path: ['OPERATOR_TOKEN'], message: 'is required when NODE_ENV=production (at least 24 random characters)' });
  }).safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    apiPort: e.API_PORT,
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL ?? null,
    operatorToken: e.OPERATOR_TOKEN ?? localSecret(dataDir, 'operator-token'),
    fxRatesFile: e.FX_RATES_FILE ?? null,
    fxOperatorRatesFile: e.FX_OPERATOR_RATES_FILE ?? null,
    logLevel: e.LOG_LEVEL,
    demo: { enabled: !e.NO_DEMO, products: e.DEMO_PRODUCTS },
    imageEmbedding: e.IMAGE_EMBEDDING,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    oauthClients: [{ id: e.OAUTH_WEB_CLIENT_ID, secret: e.OAUTH_WEB_CLIENT_SECRET }],
    accessTokenTtl: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL_DAYS * 24 * 3600,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    jobs: e.JOBS,
    apiWorkers: e.DATABASE_URL ? (e.API_WORKERS ?? availableParallelism()) : 1,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS ?? (e.DATABASE_URL ? 1000 : 0),
    redisUrl: e.REDIS_URL ?? null,
    signupLimitPerHour: e.SIGNUP_LIMIT_PER_HOUR,
    uploadSigningSecret: e.UPLOAD_SIGNING_SECRET ?? localSecret(dataDir, 'upload-signing-secret', 32),
    uploadS3: e.UPLOAD_S3_BUCKET
      ? {
          bucket: e.UPLOAD_S3_BUCKET,
          region: e.UPLOAD_S3_REGION,
          endpoint: e.UPLOAD_S3_ENDPOINT ?? null,
          accessKeyId: e.UPLOAD_S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: e.UPLOAD_S3_SECRET_ACCESS_KEY ?? null,
          forcePathStyle: e.UPLOAD_S3_FORCE_PATH_STYLE,
        }
      : null,
    llm: e.LLM_BASE_URL ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY ?? null, model: e.LLM_MODEL } : null,
    priceAdviceModelFile: e.PRICE_ADVICE_MODEL === 'none' ? 'none' : e.PRICE_ADVICE_MODEL ? path.resolve(e.PRICE_ADVICE_MODEL) : null,
    stripe: e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null, apiUrl: e.STRIPE_API_URL ?? null } : null,
  };
}

/**
 * An embedded default secret (the operator token, the upload signing secret; development only):
 * `bytes` random bytes as base64url in DATA_DIR/`name`, created once, readable only by this user
 * (mode 0600; a file found with wider permissions is narrowed to 0600 before use).
 */
function localSecret(dataDir: string, name: string, bytes = 24): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return readFileSync(file, 'utf8').trim();
  }
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(bytes).toString('base64url');
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}
