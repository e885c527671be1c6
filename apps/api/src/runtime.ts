/**
 * Starting and stopping the API process: database (PGlite under DATA_DIR, or DATABASE_URL),
 * FX table, the Fastify app, and a marker file DATA_DIR/api.json that tells the ingest CLI a
 * server holds the embedded database (PGlite admits one process at a time).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '@b-deals/db';
import { loadDefaultFxTable, type FxTable } from '@b-deals/feeds';
import { SearchIndex } from './catalog/search-index.ts';
import { buildApp } from './app.ts';
import { seedHomeModules, syncArticles } from './content.ts';
import { refreshClickCounts } from './catalog/landing.ts';
import type { Config } from './env.ts';

export interface RunningApi {
  app: FastifyInstance;
  db: Database;
  fx: FxTable;
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

/** Loads the FX table (FX_RATES_FILE or the bundled one). */
export const loadFx = (config: Config): FxTable => loadDefaultFxTable(config.fxRatesFile ?? undefined);

/** Starts the API on config.apiPort; `db` may be passed when the caller already opened it. */
export async function startApi(config: Config, db?: Database): Promise<RunningApi> {
  const database = db ?? (await openConfiguredDatabase(config));
  const fx = loadFx(config);
  mkdirSync(config.mediaDir, { recursive: true });
  await syncArticles(database);
  await seedHomeModules(database);
  await refreshClickCounts(database);
  // Built before the port opens so the first search does not wait for it (decision 0003).
  const searchIndex = new SearchIndex();
  await searchIndex.rebuild(database);
  const app = await buildApp({
    db: database,
    searchIndex,
    fx,
    operatorToken: config.operatorToken,
    mediaDir: config.mediaDir,
    logLevel: config.logLevel,
    accounts: {
      clients: config.oauthClients,
      settings: { publicUrl: config.publicUrl, accessTokenTtl: config.accessTokenTtl, refreshTokenTtl: config.refreshTokenTtl },
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
    },
  });
  // In-process scheduler of the embedded mode (DESIGN.md): clicks older than 30 days stop counting.
  const daily = setInterval(() => void refreshClickCounts(database).catch((err) => app.log.error({ err }, 'click recount failed')), 24 * 3600 * 1000);
  daily.unref();
  await app.listen({ port: config.apiPort, host: config.host });
  const url = `http://${config.host}:${config.apiPort}`;
  const marker = apiMarkerFile(config.dataDir);
  writeFileSync(marker, JSON.stringify({ url, pid: process.pid, database: database.kind }));
  let closed = false;
  return {
    app,
    db: database,
    fx,
    url,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(daily);
      rmSync(marker, { force: true });
      await app.close();
      await database.close();
    },
  };
}
