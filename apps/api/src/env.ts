/**
 * Configuration, parsed once from the environment with zod (DESIGN.md: nothing else reads
 * process.env). Fails fast with a readable message listing every bad variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Skip generating and ingesting the demo catalogue at start. */
  NO_DEMO: z.stringbool().default(false),
  /** Size of the generated demo catalogue (standard products). */
  DEMO_PRODUCTS: z.coerce.number().int().min(50).max(200_000).default(5000),
  /** Storefront origin used in e-mailed links. Default http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** OAuth client of the web platform (issue 4). The defaults are development credentials; production sets its own. */
  OAUTH_WEB_CLIENT_ID: z.string().min(3).default('b-deals-web'),
  OAUTH_WEB_CLIENT_SECRET: z.string().min(16, 'must be at least 16 characters').default('dev-web-secret-change-me'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** SMTP server for mail, e.g. smtp://user:pass@host:587. Without it mail goes to the outbox table and the log. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('B-Deals <no-reply@b-deals.example>'),
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
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  demo: { enabled: boolean; products: number };
  publicUrl: string;
  oauthClients: Array<{ id: string; secret: string }>;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  smtpUrl: string | null;
  mailFrom: string;
}

/** Parses `env` (default process.env). Throws an Error whose message lists each invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=` in a .env file) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
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
    operatorToken: e.OPERATOR_TOKEN ?? localOperatorToken(dataDir),
    fxRatesFile: e.FX_RATES_FILE ?? null,
    logLevel: e.LOG_LEVEL,
    demo: { enabled: !e.NO_DEMO, products: e.DEMO_PRODUCTS },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    oauthClients: [{ id: e.OAUTH_WEB_CLIENT_ID, secret: e.OAUTH_WEB_CLIENT_SECRET }],
    accessTokenTtl: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL_DAYS * 24 * 3600,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
  };
}

/** The embedded default's operator token: random, created once, readable only by this user (mode 0600). */
function localOperatorToken(dataDir: string): string {
  const file = path.join(dataDir, 'operator-token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(24).toString('base64url');
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}
