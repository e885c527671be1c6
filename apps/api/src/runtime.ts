/**
 * Starting and stopping the API process: database (PGlite under DATA_DIR, or DATABASE_URL),
 * FX table, the Fastify app, and a marker file DATA_DIR/api.json that tells the ingest CLI a
 * server holds the embedded database (PGlite admits one process at a time).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable, openDatabase, type Database } from '@b-deals/db';
import type { FxTable } from '@b-deals/feeds';
import { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import { buildApp } from './app.ts';
import { forgetPlaceholderBrands, refileCategories, refreshCategoryTerms, refreshSearchVectors, renameProducts } from './catalog/index.ts';
import { DEFAULT_RATE_LIMITS } from './auth/index.ts';
import { seedHomeModules, syncArticles } from './content.ts';
import type { Config } from './env.ts';
import { OpenAiCompatibleModel } from './assistant/index.ts';
import { loadAdviceModels } from './pricing/index.ts';
import { apiRole, createServices, loadFx, type Services } from './services.ts';

export { loadFx };

export interface RunningApi {
  app: FastifyInstance;
  db: Database;
  fx: FxTable;
  services: Services;
  url: string;
  close(): Promise<void>;
}

/** Path of the marker a running server writes: `{ url, pid, database }`. */
export const apiMarkerFile = (dataDir: string) => path.join(dataDir, 'api.json');

/** Opens the configured database (migrations applied). */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
}

let outageGuard = false;

/**
 * Keeps this process up through a database outage (issue 13 point 9, PostgreSQL restarted under
 * load): a library that loses its connection mid-call without catching it (pg-boss failing a job
 * while the server restarts) leaves a rejected promise nobody handles, which would end the
 * process and every request it serves. Such a rejection is logged and the process goes on (the
 * pools reconnect); any other unhandled rejection still ends the process, as Node's default does.
 * Installed once per process.
 */
export function surviveDatabaseOutages(log: Logger): void {
  if (outageGuard) return;
  outageGuard = true;
  process.on('unhandledRejection', (err) => {
    if (!isDatabaseUnavailable(err)) throw err;
    log.warn({ err }, 'database unavailable in background work; carrying on');
  });
}

/**
 * The start-up writes every API start needs once (articles from content/, home modules seed,
 * products filed, category search words, search vectors and product names of an older rule, placeholder brands taken off); the cluster's primary runs them before its workers
 * start (server.ts), so several processes never race to write them.
 */
export async function prepareDatabase(database: Database, log: Logger): Promise<void> {
  await syncArticles(database);
  await seedHomeModules(database);
  const refiled = await refileCategories(database);
  if (refiled > 0) log.info({ products: refiled }, 'products filed again under the current category mapper');
  const recategorised = await refreshCategoryTerms(database);
  if (recategorised > 0) log.info({ products: recategorised }, 'category search words brought up to the current rule');
  const revectorised = await refreshSearchVectors(database);
  if (revectorised > 0) log.info({ products: revectorised }, 'search vectors brought up to the current analysis rule');
  const renamed = await renameProducts(database);
  if (renamed > 0) log.info({ products: renamed }, 'products named again under the current product-name rule');
  const unbranded = await forgetPlaceholderBrands(database);
  if (unbranded > 0) log.info({ products: unbranded }, 'placeholder brands ("Generic", "Unbranded"…) taken off products');
}

/**
 * Starts the API on config.apiPort; `db` may be passed when the caller already opened it. Builds
 * the services of {@link apiRole} (search index built before the port opens; jobs inline unless
 * `JOBS=worker` on PostgreSQL). `prepared`: {@link prepareDatabase} already ran (a cluster
 * worker). Closing stops the server, the services, then the database.
 */
export async function startApi(config: Config, db?: Database, opts: { prepared?: boolean } = {}): Promise<RunningApi> {
  const database = db ?? (await openConfiguredDatabase(config));
  mkdirSync(config.mediaDir, { recursive: true });
  const log = pino({ level: config.logLevel, name: 'b-deals-api' });
  surviveDatabaseOutages(log);
  if (!opts.prepared) await prepareDatabase(database, log);
  const services = await createServices(config, database, apiRole(config), log);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 }) : undefined;
  redis?.on('error', (err) => log.warn({ err }, 'redis unavailable'));
  const adviceFile = config.priceAdviceModelFile;
  if (adviceFile && adviceFile !== 'none' && !existsSync(adviceFile)) throw new Error(`PRICE_ADVICE_MODEL: no file at ${adviceFile}`);
  const app = await buildApp({
    db: database,
    searchIndex: services.searchIndex ?? undefined,
    fx: services.fx,
    operatorToken: config.operatorToken,
    mediaDir: config.mediaDir,
    logLevel: config.logLevel,
    maxEventLoopDelayMs: config.maxEventLoopDelayMs,
    redis,
    accounts: {
      clients: config.oauthClients,
      settings: { publicUrl: config.publicUrl, accessTokenTtl: config.accessTokenTtl, refreshTokenTtl: config.refreshTokenTtl },
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      mailer: services.mailer,
      rateLimits: { ...DEFAULT_RATE_LIMITS, signup: { max: config.signupLimitPerHour, windowMs: 3_600_000 } },
    },
    payments: services.payments,
    uploads: { dataDir: config.dataDir, secret: config.uploadSigningSecret, s3: config.uploadS3 },
    assistant: {
      model: config.llm
        ? new OpenAiCompatibleModel({ ...config.llm, onError: (err) => log.warn({ err }, 'ShopGeni model failed; embedded reply used') })
        : null,
    },
    vision: services.vision,
    ...(adviceFile === 'none' ? { adviceModels: null } : adviceFile ? { adviceModels: loadAdviceModels(adviceFile) } : {}),
  });
  await app.listen({ port: config.apiPort, host: config.host });
  const url = `http://${config.host}:${config.apiPort}`;
  const marker = apiMarkerFile(config.dataDir);
  writeFileSync(marker, JSON.stringify({ url, pid: process.pid, database: database.kind }));
  let closed = false;
  return {
    app,
    db: database,
    fx: services.fx,
    services,
    url,
    async close() {
      if (closed) return;
      closed = true;
      rmSync(marker, { force: true });
      await app.close();
      await services.close();
      redis?.disconnect();
      await database.close();
    },
  };
}

/**
 * A running server that holds the database, when DATA_DIR/api.json names a live one; null when
 * none does. Throws when the named process is alive but does not answer its health check (busy,
 * or on a port `fetch` refuses): opening the embedded database beside it would corrupt it.
 */
export async function runningServer(config: Config): Promise<string | null> {
  const marker = apiMarkerFile(config.dataDir);
  if (!existsSync(marker)) return null;
  let url: string;
  let pid: number;
  try {
    ({ url, pid } = JSON.parse(readFileSync(marker, 'utf8')) as { url: string; pid: number });
    process.kill(pid, 0);
  } catch {
    return null; // a stale marker: its process is gone
  }
  try {
    const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(3000) });
    if (res.ok) return url;
  } catch {
    // reported below
  }
  throw new Error(
    `the B-Deals server (pid ${pid}) holding ${config.dataDir} did not answer at ${url}/health; stop it or try again (its embedded database admits one process)`,
  );
}
