import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { ensureWebBuild } from '../scripts/web-build.ts';
import { freePort, spawnTs, waitFor, waitUntilUp, type ChildServer } from './helpers.ts';

/**
 * Several instances as one (issue 12 point 7): two API processes (apps/api/src/server.ts) and two
 * storefront processes (apps/web/server/main.ts, one worker each; web A → API A, web B → API B)
 * on one fresh PostgreSQL database and one Redis, all on loopback:
 *
 * - a rate limit reached through API A answers 429 on API B for the same client address (the
 *   counts live in Redis, under a key prefix of this run's own);
 * - a page cached by both storefronts, and a search answered by API B, show a new price after an
 *   ingest through API A (the database's `catalog_changed` announcement reaches API B, whose
 *   catalogue-version long-poll moves web B's cache to the new version);
 * - the HTML cache across processes (shared through Redis): anonymous MISS then HIT, the other
 *   storefront serving that render (SHARED), one ETag for one page on both
 *   storefronts and 304 for it on either, a signed-in shopper's page rendered for them alone and
 *   never served to a visitor;
 * - SIGTERM mid-request: API A in the middle of an ingest, web B in the middle of a page render,
 *   each stops accepting connections, answers the request in full with 200, and exits 0.
 *
 * Needs TEST_DATABASE_URL (a PostgreSQL server where it may create a database) and
 * TEST_REDIS_URL; skipped without them (`.ci/run` sets both).
 */
const DATABASE = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const missing = [!DATABASE && 'TEST_DATABASE_URL', !REDIS && 'TEST_REDIS_URL'].filter(Boolean).join(' and ');
if (missing) console.log(`multi-instance reliability test skipped: set ${missing} (a PostgreSQL server and a Redis) to run it`);

const TOKEN = 'multi-instance-operator-token-0123456789';
const RUN = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
/** Every Redis key of this run starts with this (ioredis `keyPrefix`, given in REDIS_URL's query). */
const REDIS_PREFIX = `bdeals-test-multi-${RUN}:`;
const MERCHANT = 'multimart';
const SHOPPER = { email: `multi.${RUN}@example.com`, password: 'correct horse battery staple', firstName: 'Maxime', lastName: `Multi${RUN}` };

/** The feed: six dresses; the first one's price is what the ingests change. */
function feed(firstPrice: string): Buffer {
  const items: TestItem[] = ['Harbor Linen', 'Northvale Wrap', 'Strider Shirt', 'Larkspur Midi', 'Ondine Slip', 'Corvid Tiered'].map((name, i) => ({
    id: `MM-${i}`,
    title: `${name} Dress ${i}`,
    price: i === 0 ? `${firstPrice} USD` : `${(52 + i * 7).toFixed(2)} USD`,
    brand: name.split(' ')[0],
    color: ['Sage', 'Navy', 'Rust'][i % 3],
  }));
  return rssFeed(MERCHANT, items);
}

/** The child's exit code and signal, once it exits. */
const exitOf = (s: ChildServer) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (s.child.exitCode !== null || s.child.signalCode !== null) resolve({ code: s.child.exitCode, signal: s.child.signalCode });
    else s.child.once('exit', (code, signal) => resolve({ code, signal }));
  });

/** True when a new TCP connection to `port` on loopback is accepted. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe.skipIf(Boolean(missing))('two API and two storefront processes on one PostgreSQL and one Redis', () => {
  const children: ChildServer[] = [];
  const dirs: string[] = [];
  const dbName = `bdeals_multi_${RUN}`;
  let dbUrl: string;
  let db: pg.Client;
  const api = { a: '', b: '' };
  const web = { a: '', b: '' };
  const ports = { apiA: 0, apiB: 0, webA: 0, webB: 0 };
  const procs = {} as Record<'apiA' | 'apiB' | 'webA' | 'webB', { server: ChildServer; exit: ReturnType<typeof exitOf> }>;
  /** Product pages (`/prod/{slug}/?id={id}`); the first is the product whose price the ingests change. */
  const pages: string[] = [];
  let firstSlug = '';

  const start = (name: keyof typeof procs, script: string, env: Record<string, string>) => {
    const server = spawnTs(script, env);
    children.push(server);
    procs[name] = { server, exit: exitOf(server) };
    return server;
  };
  const up = async (name: keyof typeof procs, url: string) =>
    waitUntilUp(url, 90_000).catch((err: Error) => {
      throw new Error(`${name}: ${err.message}\n${procs[name].server.output()}`);
    });

  /** TEST_REDIS_URL with this run's key prefix (ioredis reads `keyPrefix` from the URL's query). */
  const redisUrl = (() => {
    if (!REDIS) return '';
    const u = new URL(REDIS);
    u.searchParams.set('keyPrefix', REDIS_PREFIX);
    return u.toString();
  })();
  const startApi = (name: 'apiA' | 'apiB', port: number) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `bdeals-multi-${name}-`));
    dirs.push(dataDir);
    return start(name, 'apps/api/src/server.ts', {
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      API_PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OPERATOR_TOKEN: TOKEN,
      NO_DEMO: 'true',
      IMAGE_EMBEDDING: 'false',
      // Four servers starting on two shared cores stall the event loop for a moment: the overload
      // guard would answer 503s that say nothing about what this file tests.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      NODE_ENV: 'test',
    });
  };
  const startWeb = (name: 'webA' | 'webB', port: number, apiUrl: string) =>
    start(name, 'apps/web/server/main.ts', {
      PORT: String(port),
      HOST: '127.0.0.1',
      API_URL: apiUrl,
      WEB_WORKERS: '1',
      HTML_CACHE_SECONDS: '600',
      REDIS_URL: redisUrl,
      NODE_ENV: 'production',
    });

  const ingest = (base: string, firstPrice: string) =>
    fetch(`${base}/admin/api/v1/feeds?filename=${MERCHANT}.xml&merchant=${MERCHANT}&merchantName=MultiMart`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/octet-stream' },
      body: feed(firstPrice),
    });
  const version = async (base: string, after = -1, waitMs = 0) =>
    ((await (await fetch(`${base}/inventory/api/v1/catalog/version?after=${after}&waitMs=${waitMs}`)).json()) as { version: number }).version;
  const searchPrices = async (base: string) => {
    const res = await fetch(`${base}/inventory/api/v1/search/condition`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ q: 'dress', to: 20 }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: Array<{ id: number; slug: string; itemPrice: number }> }).items;
  };
  /**
   * GET with `Host: shop.example`, as the proxy in front of the storefronts sends it
   * (deploy/nginx.conf): pages name their own origin (canonical links), so both storefront
   * processes must be asked under one host to render the same page. (`fetch` cannot set Host.)
   */
  const get = (base: string, p: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; header(name: string): string | null; body: string }>((resolve, reject) => {
      const req = request(`${base}${p}`, { headers: { host: 'shop.example', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const header = (name: string) => {
            const v = res.headers[name.toLowerCase()];
            return v === undefined ? null : [v].flat().join(', ');
          };
          resolve({ status: res.statusCode ?? 0, header, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    ensureWebBuild();
    const admin = new pg.Client({ connectionString: DATABASE });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(DATABASE!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();

    for (const k of Object.keys(ports) as Array<keyof typeof ports>) ports[k] = await freePort();
    api.a = `http://127.0.0.1:${ports.apiA}`;
    api.b = `http://127.0.0.1:${ports.apiB}`;
    web.a = `http://127.0.0.1:${ports.webA}`;
    web.b = `http://127.0.0.1:${ports.webB}`;

    // API A migrates the new database and takes the first ingest; the others start on it.
    startApi('apiA', ports.apiA);
    await up('apiA', `${api.a}/health`);
    expect((await ingest(api.a, '41.37')).status).toBe(200);
    startApi('apiB', ports.apiB);
    startWeb('webA', ports.webA, api.a);
    startWeb('webB', ports.webB, api.b);
    await Promise.all([up('apiB', `${api.b}/ready`), up('webA', `${web.a}/sw.js`), up('webB', `${web.b}/sw.js`)]);

    db = new pg.Client({ connectionString: dbUrl });
    db.on('error', () => undefined);
    await db.connect();
    const items = await searchPrices(api.b);
    expect(items.length).toBe(6);
    const first = items.find((i) => i.itemPrice === 4137)!;
    firstSlug = first.slug;
    pages.push(...[first, ...items.filter((i) => i !== first)].map((i) => `/prod/${i.slug}/?id=${i.id}`));
  });

  afterAll(async () => {
    for (const s of children) await s.kill9();
    await db?.end().catch(() => undefined);
    if (DATABASE) {
      const admin = new pg.Client({ connectionString: DATABASE });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
    if (REDIS) {
      const redis = new Redis(REDIS);
      const keys = await redis.keys(`${REDIS_PREFIX}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('counts a rate limit once for both APIs: reached through A, it holds on B', async () => {
    // Password-reset requests: 5 per client address per hour (auth/routes.ts DEFAULT_RATE_LIMITS).
    const shopper = `198.51.100.${randomInt(1, 255)}`;
    const other = `203.0.113.${randomInt(1, 255)}`;
    const reset = (base: string, ip: string) =>
      fetch(`${base}/user/api/v1/reset-password`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email: 'nobody@example.com' }),
      }).then((r) => r.status);
    const allowed = [
      await reset(api.a, shopper),
      await reset(api.b, shopper),
      await reset(api.a, shopper),
      await reset(api.b, shopper),
      await reset(api.a, shopper),
    ];
    expect(allowed).toEqual([202, 202, 202, 202, 202]);
    expect(await reset(api.b, shopper)).toBe(429);
    expect(await reset(api.a, shopper)).toBe(429);
    expect(await reset(api.b, other)).toBe(202); // another address has its own count
    // The counts are in Redis, under this run's prefix.
    const redis = new Redis(REDIS!);
    try {
      expect((await redis.keys(`${REDIS_PREFIX}*`)).length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  it('HTML cache across processes: anonymous hit, one ETag and 304 on both, signed-in bypass that never leaks', async () => {
    const p = pages[0]!;
    // The storefronts cache once they know the catalogue version (first long-poll answer).
    const first = await waitFor('web A to cache pages', async () => {
      const r = await get(web.a, p);
      return r.header('x-cache') ? r : null;
    });
    expect(first.status).toBe(200);
    expect(first.header('x-cache')).toBe('MISS');
    const html = first.body;
    expect(html).toContain('41.37');
    const hit = await get(web.a, p);
    expect(hit.header('x-cache')).toBe('HIT');
    expect(hit.body).toBe(html);
    const etag = hit.header('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(hit.header('cache-control')).toMatch(/^public/);

    const b1 = await waitFor('web B to cache pages', async () => {
      const r = await get(web.b, p);
      return r.header('x-cache') ? r : null;
    });
    // Web B serves the page web A rendered, from Redis (REDIS_URL), with web A's nonce and tag.
    expect(b1.header('x-cache')).toBe('SHARED');
    expect(b1.body).toBe(html);
    const b2 = await get(web.b, p);
    expect(b2.header('x-cache')).toBe('HIT');
    expect(b2.header('etag')).toBe(etag);
    for (const base of [web.a, web.b]) {
      const notModified = await get(base, p, { 'if-none-match': etag });
      expect(notModified.status).toBe(304);
      expect(notModified.body).toBe('');
      expect((await get(base, p, { 'if-none-match': '"something-else"' })).status).toBe(200);
    }

    // A shopper signs up through API A, confirms through API B, and signs in through web A.
    const signup = await fetch(`${api.a}/user/api/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SHOPPER),
    });
    expect(signup.status).toBe(202);
    const mail = await waitFor(
      'the verification mail in the outbox',
      async () => (await db.query<{ text: string }>(`SELECT text FROM outbox WHERE "to" LIKE $1`, [`%${SHOPPER.email}%`])).rows[0]?.text,
    );
    const token = new URL(/https?:\/\/\S+/.exec(mail)![0]).searchParams.get('token')!;
    const verify = await fetch(`${api.b}/user/api/v1/signup/verification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(verify.status).toBe(200);
    const signIn = await fetch(`${web.a}/user/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: SHOPPER.email, password: SHOPPER.password }).toString(),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith('bd_session='))!
      .split(';')[0]!;
    expect(cookie).toBeTruthy();

    // On both storefronts (one session secret), the signed-in page is rendered for the shopper and not cached.
    for (const base of [web.a, web.b]) {
      const mine = await get(base, p, { cookie, 'if-none-match': etag });
      expect(mine.status).toBe(200);
      expect(mine.header('x-cache')).toBeNull();
      expect(mine.header('cache-control')).toBe('private, no-store');
      expect(mine.header('etag')).not.toBe(etag);
      expect(mine.body).toContain(SHOPPER.email);
      // The next visitor gets the anonymous page, untouched.
      const visitor = await get(base, p);
      expect(visitor.header('x-cache')).toBe('HIT');
      expect(visitor.header('etag')).toBe(etag);
      const body = visitor.body;
      expect(body).not.toContain(SHOPPER.email);
      expect(body).not.toContain(SHOPPER.lastName);
    }
  });

  it('an ingest through API A reaches API B and every storefront cache', async () => {
    const p = pages[0]!;
    const before = await version(api.b);
    const etags: Record<string, string> = {};
    for (const base of [web.a, web.b]) {
      const r = await get(base, p);
      expect(r.header('x-cache')).toBe('HIT');
      expect(r.body).not.toContain('29.13');
      etags[base] = r.header('etag')!;
    }
    expect((await searchPrices(api.b)).find((i) => i.slug === firstSlug)!.itemPrice).toBe(4137);

    // API B answers its long-poll once the announcement reached it and its index rebuilt.
    const announced = version(api.b, before, 20_000);
    expect((await ingest(api.a, '29.13')).status).toBe(200);
    expect(await announced).toBeGreaterThan(before);
    expect((await searchPrices(api.b)).find((i) => i.slug === firstSlug)!.itemPrice).toBe(2913);

    for (const [base, filled] of [
      [web.a, 'MISS'],
      [web.b, 'SHARED'], // the page web A rendered for the new version, from Redis
    ] as const) {
      // The storefront hears of the new version through its own long-poll of its own API.
      const fresh = await waitFor(
        `${base} to show the new price`,
        async () => {
          const r = await get(base, p);
          const body = r.body;
          return r.header('x-cache') && body.includes('29.13') ? r : null;
        },
        20_000,
      );
      expect(fresh.header('x-cache')).toBe(filled);
      expect(fresh.header('etag')).not.toBe(etags[base]);
      const again = await get(base, p);
      expect(again.header('x-cache')).toBe('HIT');
      expect(again.body).toContain('29.13');
    }
  });

  it('SIGTERM to API A mid-ingest: stops accepting, answers the ingest in full, exits 0', async () => {
    const { server, exit } = procs.apiA;
    // Hold the ingest at its last write (as in crash.test.ts): it is in flight in API A for sure.
    const blocker = new pg.Client({ connectionString: dbUrl });
    blocker.on('error', () => undefined);
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE ingest_runs IN EXCLUSIVE MODE');
      const answer = ingest(api.a, '35.55');
      answer.catch(() => undefined); // awaited below; handled here in case an assertion fails first
      await waitFor(
        'the ingest to wait on its final write',
        async () =>
          (
            await db.query(
              `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO ingest_runs%'`,
            )
          ).rowCount! > 0,
        30_000,
        20,
      );
      server.child.kill('SIGTERM');
      await waitFor('API A to stop accepting connections', async () => !(await accepts(ports.apiA)), 10_000, 20);
      expect(server.child.exitCode).toBeNull(); // still finishing the ingest
      await blocker.query('ROLLBACK');
      const res = await answer;
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ items: 6, accepted: 6 });
    } finally {
      await blocker.end().catch(() => undefined);
    }
    // Exits promptly once the ingest is answered (web A's open long-poll does not hold it: catalog/routes.ts).
    const exited = await Promise.race([exit, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 10_000))]);
    expect(exited, server.output()).toEqual({ code: 0, signal: null });
    // The ingest it finished is committed: API B serves its price.
    expect((await searchPrices(api.b)).find((i) => i.slug === firstSlug)!.itemPrice).toBe(3555);
  });

  it('SIGTERM to web B mid-render: stops accepting, answers the page in full, exits 0', async () => {
    const { server, exit } = procs.webB;
    // A page neither web B nor API B has answered before, held while API B reads the offers.
    const p = pages[1]!;
    const blocker = new pg.Client({ connectionString: dbUrl });
    blocker.on('error', () => undefined);
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE offers IN ACCESS EXCLUSIVE MODE');
      const answer = get(web.b, p);
      answer.catch(() => undefined); // awaited below; handled here in case an assertion fails first
      await waitFor(
        'the render to wait on the database',
        async () =>
          (
            await db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1`, [
              (blocker as unknown as { processID: number }).processID,
            ])
          ).rowCount! > 0,
        30_000,
        20,
      );
      server.child.kill('SIGTERM');
      await waitFor('web B to stop accepting connections', async () => !(await accepts(ports.webB)), 10_000, 20);
      expect(server.child.exitCode).toBeNull(); // still rendering
      await blocker.query('ROLLBACK');
      const res = await answer;
      expect(res.status).toBe(200);
      const html = res.body;
      expect(html).toMatch(/<\/html>\s*$/);
      expect(html).toContain('Dress');
    } finally {
      await blocker.end().catch(() => undefined);
    }
    const exited = await Promise.race([exit, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 10_000))]);
    expect(exited, server.output()).toEqual({ code: 0, signal: null });
  });

  it('SIGTERM to API B with a catalogue-version long-poll open: answers it at once, exits 0', async () => {
    const { server, exit } = procs.apiB;
    const current = await version(api.b);
    // The long-poll every storefront keeps open (html-cache.ts CatalogVersion), asked to wait 30 s.
    const poll = get(api.b, `/inventory/api/v1/catalog/version?after=${current}&waitMs=30000`);
    poll.catch(() => undefined); // awaited below
    // A later request on another connection answered: the long-poll, sent first, is being waited on.
    expect((await get(api.b, '/health')).status).toBe(200);
    const t0 = Date.now();
    server.child.kill('SIGTERM');
    const answer = await poll;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ version: current });
    expect(Date.now() - t0).toBeLessThan(10_000);
    const exited = await Promise.race([exit, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 10_000))]);
    expect(exited, server.output()).toEqual({ code: 0, signal: null });
  });
});
