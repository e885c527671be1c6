/**
 * Page data as JSON (spec §7 "Static page data"; decision 0019): the storefront server over the
 * real server build (built when stale) against the real API on PGlite with a small ingested
 * catalogue. Index, category and product pages, a 404 with the API's error body, redirects,
 * caching (anonymous public with ETag, a shopper's own data private), shared static data, and a
 * build hash that is the build's and the same in every process serving it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, finishIngest, ingestFeed } from '@b-deals/api';
import { ErrorBodySchema } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { createTestDatabase } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed } from '@b-deals/feeds/testing';
import { ensureWebBuild } from '../../../scripts/web-build.ts';
import { createWebServer, pageDataPathOf, pagePathOf, type WebServer } from '../server/app.ts';
import { sealSession, sessionKey } from '../server/session-cookie.ts';
import { writeStubBuild } from './stub-build.ts';

const BUILD_DIR = path.resolve(import.meta.dirname, '../build');
const CLIENT = { id: 'b-deals-web', secret: 'web-secret-for-page-data-tests' };

/** The shape every 200 page-data answer has (decision 0019). */
const PageDataSchema = z
  .object({
    path: z.string().regex(/^\/(.+\/)?$/),
    webpackCompilationHash: z.string().min(1),
    result: z.object({ loaderData: z.record(z.string(), z.unknown()) }).strict(),
    staticQueryHashes: z.array(z.string().regex(/^[0-9a-f]{16}$/)).min(1),
    slicesMap: z.record(z.string(), z.string()),
  })
  .strict();

let db: Database;
let api: FastifyInstance;
let web: WebServer;
let second: WebServer;
let dir: string;
let product: { id: number; slug: string; title: string };

beforeAll(async () => {
  ensureWebBuild(() => undefined);
  db = await createTestDatabase('pglite');
  dir = mkdtempSync(path.join(tmpdir(), 'bdeals-page-data-'));
  const fx = loadDefaultFxTable();
  await ingestFeed(db, {
    bytes: rssFeed('alpha', [
      { id: 'D1', title: 'Linen Maxi Dress', price: '80.00 USD', brand: 'Harbor & Pine', productType: "Women's Clothing > Dresses" },
      { id: 'B1', title: 'Tailored Wool Blazer', price: '240.00 USD', brand: 'Northvale', productType: "Women's Clothing > Women's Coats > Blazers" },
    ]),
    feed: 'alpha.xml',
    merchant: { slug: 'alpha', name: 'Alpha Store', marketplace: null },
    fx,
    observedAt: new Date(),
    skipMaintenance: true,
  });
  await finishIngest(db);
  product = (await db.query<{ id: number; slug: string; title: string }>(`SELECT id::int AS id, slug, title FROM products WHERE title = 'Linen Maxi Dress'`))
    .rows[0]!;
  api = await buildApp({
    db,
    fx,
    operatorToken: 'x'.repeat(32),
    mediaDir: dir,
    logLevel: 'silent',
    accounts: { clients: [CLIENT], settings: { publicUrl: 'http://shop.test' } },
  });
  await api.listen({ port: 0, host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  web = await createWebServer({ port: 0, apiUrl, buildDir: BUILD_DIR, oauthClient: CLIENT });
  second = await createWebServer({ port: 0, apiUrl, buildDir: BUILD_DIR, oauthClient: CLIENT });
});
afterAll(async () => {
  await web?.close();
  await second?.close();
  await api?.close();
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const get = (p: string, init: RequestInit = {}) => fetch(`${web.url}${p}`, { redirect: 'manual', ...init });

async function pageData(p: string, init: RequestInit = {}) {
  const res = await get(p, init);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return { res, body: (await res.json()) as unknown };
}

describe('page paths', () => {
  it('maps page-data paths to page paths and back (index for /), refusing dot segments', () => {
    expect(pagePathOf('/page-data/index/page-data.json')).toBe('/');
    expect(pagePathOf('/page-data/category/women/dresses/page-data.json')).toBe('/category/women/dresses/');
    expect(pageDataPathOf('/category/women/dresses/')).toBe('/page-data/category/women/dresses/page-data.json');
    expect(pageDataPathOf('/')).toBe('/page-data/index/page-data.json');
    for (const bad of ['/page-data/a/../page-data.json', '/page-data/a/%2E%2e/page-data.json', '/page-data/a//b/page-data.json', '/page-data/page-data.json']) {
      expect(pagePathOf(bad)).toBeNull();
    }
  });
});

describe('/page-data/{path}/page-data.json', () => {
  it('answers the home page’s loader data keyed by route id, root first', async () => {
    const { res, body } = await pageData('/page-data/index/page-data.json');
    expect(res.status).toBe(200);
    const data = PageDataSchema.parse(body);
    expect(data.path).toBe('/');
    expect(Object.keys(data.result.loaderData)).toEqual(['root', 'routes/home']);
    expect(data.result.loaderData.root).toMatchObject({
      user: null,
      departments: expect.arrayContaining([expect.objectContaining({ term: "Women's Clothing" })]),
    });
    expect(data.slicesMap).toEqual({ header: 'header', footer: 'footer' });
  });

  it('answers a category page with its products, cacheable by shared caches for visitors only', async () => {
    const { res, body } = await pageData('/page-data/category/womens-clothing/page-data.json');
    expect(res.status).toBe(200);
    const data = PageDataSchema.parse(body);
    expect(data.path).toBe('/category/womens-clothing/');
    expect(JSON.stringify(data.result.loaderData['routes/category'])).toContain('Linen Maxi Dress');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect((await get('/page-data/category/womens-clothing/page-data.json', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('answers a product page with the page’s query (id) and expresses its slug redirect as a redirect', async () => {
    const { res, body } = await pageData(`/page-data/prod/${product.slug}/page-data.json?id=${product.id}`);
    expect(res.status).toBe(200);
    const data = PageDataSchema.parse(body);
    expect(data.path).toBe(`/prod/${product.slug}/`);
    expect(data.result.loaderData['routes/product']).toMatchObject({ product: { id: product.id, slug: product.slug, name: product.title } });

    const moved = await pageData(`/page-data/prod/old-name/page-data.json?id=${product.id}`);
    expect(moved.res.status).toBe(301);
    expect(moved.res.headers.get('location')).toBe(`/page-data/prod/${product.slug}/page-data.json?id=${product.id}`);
    expect(moved.body).toEqual({ path: '/prod/old-name/', redirect: `/prod/${product.slug}/?id=${product.id}`, status: 301 });
  });

  it('expresses the server’s own renames and a loader’s sign-in redirect as redirects to page data', async () => {
    const eco = await pageData('/page-data/eco/page-data.json');
    expect(eco.res.status).toBe(301);
    expect(eco.res.headers.get('location')).toBe('/page-data/sports-outdoors/page-data.json');
    const collection = await pageData('/page-data/collection/page-data.json');
    expect(collection.res.status).toBe(302);
    expect(collection.res.headers.get('location')).toMatch(/^\/page-data\/login\/page-data\.json\?redirectTo=/);
    expect(collection.res.headers.get('cache-control')).toContain('no-store');
  });

  it('answers 404 with the API’s error body for unknown pages, missing products and non-pages', async () => {
    for (const p of [
      '/page-data/no/such/page/page-data.json',
      '/page-data/category/not-a-category/page-data.json',
      `/page-data/prod/${product.slug}/page-data.json?id=2147483000`,
      '/page-data/sitemap.xml/page-data.json',
      '/page-data/a/%2e%2e/page-data.json',
      '/page-data/nothing.json',
      '/slice-data/nothing.json',
      '/page-data/sq/d/0123456789abcdef.json',
    ]) {
      const { res, body } = await pageData(p);
      expect(res.status, p).toBe(404);
      const error = ErrorBodySchema.parse(body);
      expect(error.code).toBe('not_found');
      expect(error.details).toEqual({ path: expect.stringMatching(/^\//) });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const head = await get('/page-data/no/such/page/page-data.json', { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(await head.text()).toBe('');
    const post = await get('/page-data/index/page-data.json', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('gives a signed-in shopper their own data privately, and the next visitor none of it', async () => {
    const session = {
      user: { id: 7, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
      accessToken: 'opaque-token',
      accessExpiresAt: Date.now() + 600_000,
      expiresAt: Date.now() + 3_600_000,
    };
    const cookie = `bd_session=${sealSession(session, sessionKey(CLIENT.secret))}`;
    const mine = await pageData('/page-data/index/page-data.json', { headers: { cookie } });
    expect(mine.res.status).toBe(200);
    expect(mine.res.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.res.headers.get('etag')).toBeNull();
    expect(PageDataSchema.parse(mine.body).result.loaderData.root).toMatchObject({ user: { firstName: 'Grace' } });
    const visitor = await pageData('/page-data/index/page-data.json');
    expect(JSON.stringify(visitor.body)).not.toContain('Grace');
    expect(PageDataSchema.parse(visitor.body).result.loaderData.root).toMatchObject({ user: null });
  });
});

describe('shared static data', () => {
  it('serves each slice and every static query a page lists, content-addressed', async () => {
    const page = PageDataSchema.parse((await pageData('/page-data/index/page-data.json')).body);
    const header = await pageData('/slice-data/header.json');
    expect(header.res.status).toBe(200);
    const slice = z
      .object({
        name: z.literal('header'),
        result: z.object({ data: z.object({ links: z.array(z.unknown()), departments: z.array(z.unknown()) }) }),
        staticQueryHashes: z.array(z.string()),
      })
      .parse(header.body);
    expect(slice.result.data.departments.length).toBeGreaterThan(3);
    const footer = await pageData('/slice-data/footer.json');
    expect(JSON.stringify(footer.body)).toContain('/privacy/');
    for (const hash of page.staticQueryHashes) {
      const q = await pageData(`/page-data/sq/d/${hash}.json`);
      expect(q.res.status).toBe(200);
      expect(q.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Object.keys(z.object({ data: z.record(z.string(), z.unknown()) }).parse(q.body).data).length).toBeGreaterThan(0);
    }
    expect(page.staticQueryHashes).toEqual(expect.arrayContaining(slice.staticQueryHashes));
  });
});

describe('/page-data/app-data.json', () => {
  it('carries the build’s hash, the same from every process serving the build, revalidated on each use', async () => {
    const serverBuild = (await import(pathToFileURL(path.join(BUILD_DIR, 'server/index.js')).href)) as { assets: { version: string } };
    const manifest = readFileSync(path.join(BUILD_DIR, 'client/assets', `manifest-${serverBuild.assets.version}.js`), 'utf8');
    expect(manifest).toContain(`"version":"${serverBuild.assets.version}"`); // what the browser compares (window.__reactRouterManifest)
    const a = await fetch(`${web.url}/page-data/app-data.json`);
    const b = await fetch(`${second.url}/page-data/app-data.json`);
    expect(a.headers.get('cache-control')).toBe('no-cache');
    const hash = ((await a.json()) as { webpackCompilationHash: string }).webpackCompilationHash;
    expect(hash).toBe(serverBuild.assets.version);
    expect(await b.json()).toEqual({ webpackCompilationHash: hash });
    const page = PageDataSchema.parse((await pageData('/page-data/index/page-data.json')).body);
    expect(page.webpackCompilationHash).toBe(hash);
  });

  it('changes with the build', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'bdeals-page-data-stub-'));
    writeStubBuild(other);
    const stub = await createWebServer({ port: 0, apiUrl: 'http://127.0.0.1:9', buildDir: other });
    try {
      const real = (await (await fetch(`${web.url}/page-data/app-data.json`)).json()) as { webpackCompilationHash: string };
      const changed = (await (await fetch(`${stub.url}/page-data/app-data.json`)).json()) as { webpackCompilationHash: string };
      expect(changed.webpackCompilationHash).toBe('1'); // the stub build's manifest version
      expect(changed.webpackCompilationHash).not.toBe(real.webpackCompilationHash);
    } finally {
      await stub.close();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
