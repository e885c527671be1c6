/**
 * The API as composed plugins (issue 10 §5): every spec §7 namespace is still served from its
 * domain's plugin, `/ready` tells whether this instance can serve, bearer authentication is one
 * pre-handler, and event-loop pressure answers 503 in the error shape instead of queueing.
 */
import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@b-deals/db';
import { createTestDatabase } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { ingestSource } from '../src/index.ts';
import { rssFeed } from '@b-deals/feeds/testing';
import { buildApp, type AppOptions } from '../src/app.ts';
import { bearerToken } from '../src/auth/authenticate.ts';
import { SearchCache } from '../src/search/index.ts';
import { SearchIndex } from '../src/search/index.ts';
import { testAppOptions } from './test-app.ts';

let db: Database;
const opts = (over: Partial<AppOptions> = {}): AppOptions => testAppOptions(db, { operatorToken: 'o'.repeat(32), ...over });

beforeAll(async () => {
  db = await createTestDatabase('pglite');
});
afterAll(async () => {
  await db?.close();
});

describe('API composition', () => {
  it('serves every namespace of spec §7 from its plugin, as listed in the OpenAPI document', async () => {
    const app = await buildApp(opts());
    try {
      await app.ready();
      const doc = app.swagger() as { paths: Record<string, unknown> };
      for (const p of [
        '/inventory/api/v1/merchants',
        '/inventory/api/v1/search/condition',
        '/inventory/api/v1/standard-product/product/{id}/with-recommend',
        '/inventory/api/v1/deals',
        '/article/api/v1/article',
        '/tapestry/api/v2/modes',
        '/user/oauth/token',
        '/user/api/v1/profile',
        '/admin/api/v1/feeds',
      ]) {
        expect(Object.keys(doc.paths), p).toContain(p);
      }
      expect((await app.inject('/tapestry/api/v2/modes')).statusCode).toBe(200);
      expect((await app.inject('/inventory/api/v1/merchants')).json()).toEqual({ merchants: [], total: 0 });
      expect((await app.inject({ method: 'POST', url: '/admin/api/v1/feeds?filename=a.xml', payload: 'x' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('is ready only once the search index is built and the database answers', async () => {
    const searchIndex = new SearchIndex();
    const app = await buildApp(opts({ searchIndex }));
    try {
      const before = await app.inject('/ready');
      expect(before.statusCode).toBe(503);
      expect(before.json()).toMatchObject({ code: 'not_ready', details: { database: true, searchIndex: false } });
      expect((await app.inject('/health')).statusCode).toBe(200); // liveness does not wait for the index
      await searchIndex.rebuild(db);
      const after = await app.inject('/ready');
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({ status: 'ready', checks: { database: true, searchIndex: true } });
    } finally {
      await app.close();
    }
  });

  it('authenticates bearer tokens in one pre-handler (RFC 6750)', async () => {
    const app = await buildApp(opts());
    try {
      const none = await app.inject('/user/api/v1/profile');
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="B-Deals"');
      expect(none.json().code).toBe('unauthorized');
      const bad = await app.inject({ url: '/user/api/v1/profile', headers: { authorization: 'Bearer not-a-token' } });
      expect(bad.statusCode).toBe(401);
      expect(bad.headers['www-authenticate']).toContain('error="invalid_token"');
      expect(bad.json().code).toBe('invalid_token');
    } finally {
      await app.close();
    }
    expect(bearerToken('Bearer abc.DEF-123_~+/==')).toBe('abc.DEF-123_~+/==');
    expect(bearerToken('Basic abc')).toBe('');
    expect(bearerToken('Bearer ')).toBe('');
    expect(bearerToken(undefined)).toBe('');
  });

  it('answers 503 with Retry-After in the error shape while the event loop is stalled', async () => {
    const app = await buildApp(opts({ maxEventLoopDelayMs: 50, pressureSampleIntervalMs: 100 }));
    try {
      await app.ready();
      expect((await app.inject('/health')).statusCode).toBe(200);
      const until = Date.now() + 600;
      while (Date.now() < until); // a stalled event loop, as a runaway handler would cause
      // The pressure sampler (every 100 ms) measures the stall on its next tick: watch for it (bounded).
      for (let i = 0; i < 100 && app.memoryUsage().eventLoopDelay <= 50; i++) await new Promise((r) => setTimeout(r, 2));
      expect(app.memoryUsage().eventLoopDelay).toBeGreaterThan(50);
      const res = await app.inject('/inventory/api/v1/merchants');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      expect(res.json()).toEqual({ code: 'overloaded', message: 'The service is busy. Try again in a few seconds.' });
    } finally {
      await app.close();
    }
  });
});

describe('answers cached per catalogue version (issue 12 §3)', () => {
  it('computes a key once for concurrent callers, and computes again after a failure', async () => {
    const cache = new SearchCache();
    let calls = 0;
    const compute = async () => ++calls;
    const [x, y] = await Promise.all([cache.remember('k', compute), cache.remember('k', compute)]);
    expect([x, y, calls]).toEqual([1, 1, 1]);
    expect(await cache.remember('k', compute)).toBe(1);
    await expect(cache.remember('bad', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.remember('bad', async () => 'recovered')).toBe('recovered');
  });

  it('serves a product page from the cache until an ingest changes the catalogue', async () => {
    const app = await buildApp(opts());
    const feed = (price: string) =>
      rssFeed('otter', [{ id: 'O1', title: 'Otter Rain Jacket', price, brand: 'Otter Co', category: 'Apparel & Accessories > Clothing > Outerwear' }]);
    const ingest = (price: string) =>
      ingestSource(db, { bytes: Buffer.from(feed(price)), filename: 'otter.xml', fx: loadDefaultFxTable(), merchant: { slug: 'otter', name: 'Otter' } });
    try {
      await ingest('120.00 USD');
      const { rows } = await db.query<{ id: number }>(`SELECT id::int FROM products WHERE title = 'Otter Rain Jacket'`);
      const url = `/inventory/api/v1/standard-product/product/${rows[0]!.id}/with-recommend`;
      const first = (await app.inject(url)).json();
      expect(first.offers[0].price).toBe(12000);
      expect((await app.inject(url)).json()).toEqual(first);
      await ingest('99.00 USD');
      expect((await app.inject(url)).json().offers[0].price).toBe(9900);
    } finally {
      await app.close();
    }
  });
});

describe('operations (issue 12 §4)', () => {
  it('exposes Prometheus metrics to the operator, by route pattern, with the index and ingest counts', async () => {
    const searchIndex = new SearchIndex();
    const app = await buildApp(opts({ searchIndex }));
    const token = 'o'.repeat(32);
    try {
      await searchIndex.rebuild(db);
      expect((await app.inject('/metrics')).statusCode).toBe(401);
      await app.inject('/inventory/api/v1/brand/1');
      await app.inject('/inventory/api/v1/brand/1');
      const feed = rssFeed('plover', [
        { id: 'P1', title: 'Plover Trail Cap', price: '20.00 USD', brand: 'Plover' },
        { id: 'P2', title: 'Plover', price: 'free' },
      ]);
      await app.inject({
        method: 'POST',
        url: '/admin/api/v1/feeds?filename=plover.xml&merchant=plover',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
        payload: feed,
      });
      const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const text = res.body;
      expect(text).toMatch(/bdeals_http_request_duration_seconds_count\{method="GET",route="\/inventory\/api\/v1\/brand\/:id",status_code="\d+"\} 2/);
      expect(text).toMatch(/bdeals_search_index_products \d+/);
      expect(text).toMatch(/bdeals_ingest_items_total\{outcome="accepted"\} 1/);
      expect(text).toMatch(/bdeals_ingest_items_total\{outcome="rejected"\} 1/);
      expect(text).toContain('bdeals_process_cpu_seconds_total');
    } finally {
      await app.close();
    }
  });

  it('keeps the request id the storefront sends, and gives one to a request without', async () => {
    const app = await buildApp(opts());
    try {
      expect((await app.inject({ url: '/health', headers: { 'x-request-id': 'web-3f2a9c1d' } })).headers['x-request-id']).toBe('web-3f2a9c1d');
      expect((await app.inject({ url: '/health', headers: { 'x-request-id': 'bad id\n' } })).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect((await app.inject('/health')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await app.close();
    }
  });
});

describe('catalogue version long-poll (issue 12 §3)', () => {
  it('answers at once for an older version, and otherwise when an ingest lands', async () => {
    const searchIndex = new SearchIndex();
    const unwatch = await searchIndex.watch(db);
    const app = await buildApp(opts({ searchIndex }));
    try {
      const { version } = (await app.inject('/inventory/api/v1/catalog/version?after=-1')).json() as { version: number };
      expect((await app.inject(`/inventory/api/v1/catalog/version?after=${version}`)).json()).toEqual({ version });
      const waiting = app.inject(`/inventory/api/v1/catalog/version?after=${version}&waitMs=30000`);
      const feed = rssFeed('heron', [{ id: 'H1', title: 'Heron Wading Boots', price: '70.00 USD', brand: 'Heron', category: 'Apparel & Accessories > Shoes' }]);
      await ingestSource(db, { bytes: Buffer.from(feed), filename: 'heron.xml', fx: loadDefaultFxTable(), merchant: { slug: 'heron', name: 'Heron' } });
      const answered = (await waiting).json() as { version: number };
      expect(answered.version).toBeGreaterThan(version);
      expect((await app.inject('/inventory/api/v1/catalog/version?after=x')).statusCode).toBe(400);
    } finally {
      await app.close();
      await unwatch();
    }
  });

  it('answers a pending long-poll at once when the server closes (graceful shutdown, issue 12 §4)', async () => {
    const searchIndex = new SearchIndex();
    const unwatch = await searchIndex.watch(db);
    const app = await buildApp(opts({ searchIndex }));
    try {
      const { version } = (await app.inject('/inventory/api/v1/catalog/version?after=-1')).json() as { version: number };
      const waiting = app.inject(`/inventory/api/v1/catalog/version?after=${version}&waitMs=30000`);
      const t0 = Date.now();
      await app.close();
      const answer = await waiting;
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ version });
      expect(Date.now() - t0).toBeLessThan(5000); // not the 30 s it asked to wait
    } finally {
      await unwatch();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('API instances sharing Redis', () => {
  it('count rate limits together: a limit reached through one instance holds on the other', async () => {
    const redisA = new Redis(process.env.TEST_REDIS_URL!);
    const redisB = new Redis(process.env.TEST_REDIS_URL!);
    const limits = { token: { max: 100, windowMs: 60_000 }, signup: { max: 10, windowMs: 60_000 }, reset: { max: 2, windowMs: 60_000 } };
    const accounts = { clients: [], settings: { publicUrl: 'http://localhost' }, rateLimits: limits };
    const a = await buildApp(opts({ redis: redisA, accounts }));
    const b = await buildApp(opts({ redis: redisB, accounts }));
    // A documentation address (RFC 5737) of its own per run, so earlier runs' counts never interfere.
    const shopper = `198.51.100.${randomInt(1, 255)}`;
    const other = `203.0.113.${randomInt(1, 255)}`;
    const reset = (app: typeof a, ip: string) =>
      app.inject({ method: 'PUT', url: '/user/api/v1/reset-password', headers: { 'x-forwarded-for': ip }, payload: { email: 'someone@example.com' } });
    try {
      await redisA.del(`bdeals:rate-limit:${shopper}`, `bdeals:rate-limit:${other}`);
      expect((await reset(a, shopper)).statusCode).toBe(202);
      expect((await reset(b, shopper)).statusCode).toBe(202);
      const third = await reset(a, shopper);
      expect(third.statusCode).toBe(429);
      expect((await reset(b, shopper)).statusCode).toBe(429);
      expect(third.json().code).toBe('rate_limited');
      expect((await reset(b, other)).statusCode).toBe(202); // another shopper is not affected
      const ready = await a.inject('/ready');
      expect(ready.json().details ?? ready.json().checks).toMatchObject({ redis: true });
    } finally {
      await a.close();
      await b.close();
      redisA.disconnect();
      redisB.disconnect();
    }
  });
});
