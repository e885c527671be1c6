/** Shared set-up of the API's integration tests: the options of a test instance of the app. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '@b-deals/db';
import { createTestDatabase } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { buildApp, type AppOptions } from '../src/app.ts';
import { finishIngest, ingestFeed } from '../src/index.ts';

/**
 * Options for `buildApp` over `db`: the bundled FX table, silent logs, a fresh media folder, no
 * OAuth clients and `http://localhost` as the link origin; `over` replaces any of them.
 */
export function testAppOptions(db: Database, over: Partial<AppOptions> = {}): AppOptions {
  return {
    db,
    fx: loadDefaultFxTable(),
    operatorToken: 'test-operator-token-0123456789abcdef',
    mediaDir: mkdtempSync(path.join(tmpdir(), 'bdeals-media-')),
    logLevel: 'silent',
    accounts: { clients: [], settings: { publicUrl: 'http://localhost' } },
    ...over,
  };
}

/**
 * The app over a one-merchant catalogue, for the describe block it is called in: before its tests a
 * fresh `driver` database gets `items` as merchant `shop` (one feed, then `finishIngest`) and the
 * app is built over it; after them both are closed. Read `.app` and `.db` inside the tests.
 */
export function shopCatalogueApp(driver: 'pglite' | 'postgres', items: readonly TestItem[]): { readonly app: FastifyInstance; readonly db: Database } {
  const state = {} as { app: FastifyInstance; db: Database };
  beforeAll(async () => {
    state.db = await createTestDatabase(driver);
    const fx = loadDefaultFxTable();
    await ingestFeed(state.db, { bytes: rssFeed('shop', [...items]), feed: 'shop.xml', merchant: { slug: 'shop', name: 'Shop' }, fx, skipMaintenance: true });
    await finishIngest(state.db);
    state.app = await buildApp(testAppOptions(state.db, { fx }));
  });
  afterAll(async () => {
    await state.app?.close();
    await state.db?.close();
  });
  return state;
}
