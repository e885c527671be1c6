/**
 * The full-page HTML cache (issue 12 §3; decision 0014): anonymous hits, signed-in bypass,
 * invalidation by the catalogue version the API announces, 304 on a matching ETag,
 * stale-while-revalidate and single flight. The storefront server runs over a stub build that
 * counts its renders; a small loopback server plays the API's catalogue-version long-poll.
 */
import express from 'express';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebServer, type WebServer } from '../server/app.ts';
import { HtmlCache, contentTag, isCacheableRequest, type CachedPage, type RenderedPage, type SharedPageStore } from '../server/html-cache.ts';
import { RedisPageStore } from '../server/redis-page-store.ts';
import { writeStubBuild } from './stub-build.ts';

declare global {
  var __stubRenders: number;
}

/** A stand-in for the API's `GET /inventory/api/v1/catalog/version` long-poll. */
function fakeCatalogApi() {
  let version = 1;
  const waiting = new Set<{ after: number; res: http.ServerResponse }>();
  const answer = (res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ version }));
  const state = { ready: true };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/ready') return void res.writeHead(state.ready ? 200 : 503).end();
    if (url.pathname !== '/inventory/api/v1/catalog/version') return void res.writeHead(404).end();
    const after = Number(url.searchParams.get('after'));
    if (version > after) return answer(res);
    const w = { after, res };
    waiting.add(w);
    res.on('close', () => waiting.delete(w));
  });
  return {
    server,
    state,
    bump() {
      version++;
      for (const w of waiting) answer(w.res);
      waiting.clear();
    },
  };
}

let web: WebServer;
let api: ReturnType<typeof fakeCatalogApi>;

beforeAll(async () => {
  globalThis.__stubRenders = 0;
  api = fakeCatalogApi();
  await new Promise<void>((r) => api.server.listen(0, '127.0.0.1', r));
  const dir = mkdtempSync(path.join(tmpdir(), 'bdeals-html-cache-'));
  writeStubBuild(
    dir,
    `(request, status, headers, ctx, load) => {
      const n = ++globalThis.__stubRenders;
      const url = new URL(request.url);
      if (url.pathname.startsWith('/missing')) return new Response('<p>not found</p>', { status: 404, headers: { 'content-type': 'text/html' } });
      return new Response('<html><script nonce="' + load.cspNonce + '">1</script><p>' + url.pathname + ' render ' + n + '</p></html>', { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
    }`,
  );
  web = await createWebServer({
    port: 0,
    apiUrl: `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`,
    buildDir: dir,
    oauthClient: { id: 'b-deals-web', secret: 'x'.repeat(20) },
    htmlCacheFreshMs: 60_000,
  });
  // The cache stands aside until it knows the catalogue version: wait for the first answer.
  for (let i = 0; i < 200 && (await fetch(`${web.url}/warm/`)).headers.get('x-cache') === null; i++) await new Promise((r) => setImmediate(r));
});
afterAll(async () => {
  await web?.close();
  api?.server.closeAllConnections();
  await new Promise((r) => api?.server.close(r));
});

describe('HTML cache on the storefront server', () => {
  it('renders a page once for anonymous visitors and serves it with its own nonce and ETag', async () => {
    const first = await fetch(`${web.url}/category/shoes/`);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const body = await first.text();
    const second = await fetch(`${web.url}/category/shoes/`);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await second.text()).toBe(body);
    const nonce = /nonce="([^"]+)"/.exec(body)![1]!;
    expect(second.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('cache-control')).toContain('public');
    expect(second.headers.get('vary')).toMatch(/Cookie/);
  });

  it('answers 304 to a matching ETag, without replacing the policy of the copy the browser keeps', async () => {
    const page = await fetch(`${web.url}/brands/`);
    const etag = page.headers.get('etag')!;
    const again = await fetch(`${web.url}/brands/`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBeNull();
    expect((await fetch(`${web.url}/brands/`, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('never serves a signed-in shopper from the cache, nor stores their page', async () => {
    await fetch(`${web.url}/deals/`);
    const before = globalThis.__stubRenders;
    const signedIn = await fetch(`${web.url}/deals/`, { headers: { cookie: 'bd_session=abc.def' } });
    expect(signedIn.headers.get('x-cache')).toBeNull();
    expect(globalThis.__stubRenders).toBe(before + 1);
    expect((await fetch(`${web.url}/deals/`)).headers.get('x-cache')).toBe('HIT');
  });

  it('renders again once an ingest changes the catalogue version', async () => {
    const a = await (await fetch(`${web.url}/outlet/`)).text();
    expect((await fetch(`${web.url}/outlet/`)).headers.get('x-cache')).toBe('HIT');
    api.bump();
    let res = await fetch(`${web.url}/outlet/`);
    // The announcement reaches the storefront through its long-poll: no sleep, a bounded wait for it.
    for (let i = 0; i < 200 && res.headers.get('x-cache') === 'HIT'; i++) {
      await new Promise((r) => setImmediate(r));
      res = await fetch(`${web.url}/outlet/`);
    }
    expect(res.headers.get('x-cache')).toBe('MISS');
    expect(await res.text()).not.toBe(a);
  });

  it('renders a cold page once for concurrent visitors, and stores no error page', async () => {
    const before = globalThis.__stubRenders;
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(`${web.url}/euro/`).then((r) => r.text())));
    expect(new Set(answers).size).toBe(1);
    expect(globalThis.__stubRenders).toBe(before + 1);
    const missing = await fetch(`${web.url}/missing/`);
    expect(missing.status).toBe(404);
    expect((await fetch(`${web.url}/missing/`)).headers.get('x-cache')).toBeNull();
  });
});

describe('HtmlCache', () => {
  it('serves a stale page while one regeneration runs', async () => {
    let clock = 0;
    let renders = 0;
    const render = async (): Promise<RenderedPage> => ({
      status: 200,
      headers: new Headers({ 'content-type': 'text/html' }),
      body: Buffer.from(`<p>${++renders}</p>`),
      nonce: '',
    });
    const cache = new HtmlCache({ render, version: () => 1, freshMs: 1000, now: () => clock });
    const app = express();
    app.use((req, res, next) => void cache.handle(req, res, next, () => ({})));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/p/`;
    try {
      expect(await (await fetch(url)).text()).toBe('<p>1</p>');
      clock = 5000; // past freshness
      const stale = await fetch(url);
      expect(stale.headers.get('x-cache')).toBe('STALE');
      expect(await stale.text()).toBe('<p>1</p>');
      let fresh = '';
      for (let i = 0; i < 200 && fresh !== '<p>2</p>'; i++) fresh = await (await fetch(url)).text();
      expect(fresh).toBe('<p>2</p>');
      expect(renders).toBe(2);
    } finally {
      server.close();
    }
  });

  it('takes only page paths of visitors without a session', () => {
    const req = (method: string, p: string, cookie?: string) =>
      ({ method, path: p, headers: cookie ? { cookie } : {} }) as Parameters<typeof isCacheableRequest>[0];
    expect(isCacheableRequest(req('GET', '/category/shoes/'))).toBe(true);
    expect(isCacheableRequest(req('HEAD', '/'))).toBe(true);
    expect(isCacheableRequest(req('POST', '/login'))).toBe(false);
    expect(isCacheableRequest(req('GET', '/robots.txt'))).toBe(false);
    expect(isCacheableRequest(req('GET', '/inventory/api/v1/brands'))).toBe(false);
    expect(isCacheableRequest(req('GET', '/', 'a=1; bd_session=x.y'))).toBe(false);
    expect(isCacheableRequest(req('GET', '/', 'not_bd_session=1'))).toBe(true);
  });

  it('gives the same page rendered with two nonces one ETag', () => {
    expect(contentTag(Buffer.from('<script nonce="AAA">x</script>'), 'AAA')).toBe(contentTag(Buffer.from('<script nonce="BBB">x</script>'), 'BBB'));
    expect(contentTag(Buffer.from('<p>a</p>'), 'N')).not.toBe(contentTag(Buffer.from('<p>b</p>'), 'N'));
  });
});

/** GET `url` with `headers` through node:http (fetch may not set Host); resolves to the status, headers and body text. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      })
      .on('error', reject);
  });
}

/** Serves `cache` on a loopback port; returns its base URL and a stop function. */
async function serveCache(cache: HtmlCache): Promise<{ base: string; stop: () => void }> {
  const app = express();
  app.use((req, res, next) => void cache.handle(req, res, next, () => ({})));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => server.close() };
}

describe('HtmlCache shared by several storefront processes (issue 12 §4)', () => {
  const counting = () => {
    const counter = { renders: 0 };
    const render = async (): Promise<RenderedPage> => ({
      status: 200,
      headers: new Headers({ 'content-type': 'text/html' }),
      body: Buffer.from(`<p>render ${++counter.renders}</p>`),
      nonce: '',
    });
    return { counter, render };
  };

  it('serves a page one process rendered from the other, and renders alone when the shared store fails', async () => {
    const pages = new Map<string, CachedPage>();
    const shared: SharedPageStore = { get: async (k) => pages.get(k) ?? null, set: async (k, p) => void pages.set(k, p) };
    const a = counting();
    const b = counting();
    const one = await serveCache(new HtmlCache({ render: a.render, version: () => 7, shared }));
    const two = await serveCache(new HtmlCache({ render: b.render, version: () => 7, shared }));
    const broken: SharedPageStore = { get: () => Promise.reject(new Error('down')), set: () => Promise.reject(new Error('down')) };
    const c = counting();
    const three = await serveCache(new HtmlCache({ render: c.render, version: () => 7, shared: broken }));
    try {
      const first = await fetch(`${one.base}/category/shoes/`);
      expect(first.headers.get('x-cache')).toBe('MISS');
      // The host is part of the key: the second process answers the same host from the shared copy.
      const other = await get(`${two.base}/category/shoes/`, { host: new URL(one.base).host });
      expect(other.headers['x-cache']).toBe('SHARED');
      expect(other.text).toBe('<p>render 1</p>');
      expect(other.headers.etag).toBe(first.headers.get('etag'));
      expect([a.counter.renders, b.counter.renders]).toEqual([1, 0]);
      const alone = await fetch(`${three.base}/category/shoes/`);
      expect(alone.status).toBe(200);
      expect(await alone.text()).toBe('<p>render 1</p>');
      expect(c.counter.renders).toBe(1);
    } finally {
      one.stop();
      two.stop();
      three.stop();
    }
  });

  it('keeps a page rendered for a forged Host header away from the visitors of the real one', async () => {
    const a = counting();
    const one = await serveCache(new HtmlCache({ render: a.render, version: () => 1 }));
    try {
      expect((await get(`${one.base}/p/`, { host: 'evil.example' })).headers['x-cache']).toBe('MISS');
      const real = await fetch(`${one.base}/p/`);
      expect(real.headers.get('x-cache')).toBe('MISS');
      expect(a.counter.renders).toBe(2);
    } finally {
      one.stop();
    }
  });
});

describe('storefront /health and /ready (issue 12 §4)', () => {
  it('is live while the process runs, and ready only while the API is', async () => {
    const health = await fetch(`${web.url}/health`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
    expect(await (await fetch(`${web.url}/ready`)).json()).toEqual({ status: 'ready', checks: { api: true } });
    api.state.ready = false;
    try {
      const down = await fetch(`${web.url}/ready`);
      expect([down.status, await down.json()]).toEqual([503, { status: 'not_ready', checks: { api: false } }]);
    } finally {
      api.state.ready = true;
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('HTML cache in Redis (REDIS_URL)', () => {
  it('keeps a page with its encodings, ETag and nonce, and answers ready with Redis', async () => {
    const store = new RedisPageStore(process.env.TEST_REDIS_URL!, `bdeals:test:html:${process.pid}:${Date.now()}:`);
    try {
      const page: CachedPage = {
        status: 200,
        headers: [['content-type', 'text/html; charset=utf-8']],
        body: Buffer.from('<p>é</p>'),
        gzip: Buffer.from([0x1f, 0x8b, 0, 1, 255]),
        br: Buffer.from([0, 200, 3]),
        etag: '"abc"',
        nonce: 'N0nce',
        at: 12345,
      };
      await store.set('1 host /p/', page, 60_000);
      expect(await store.get('1 host /p/')).toEqual(page);
      expect(await store.get('1 host /other/')).toBeNull();
      expect(await store.ping()).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('lets two storefront servers serve one render', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bdeals-html-redis-'));
    writeStubBuild(
      dir,
      `(request, status, headers, ctx, load) => new Response('<html><script nonce="' + load.cspNonce + '">1</script><p>' + new URL(request.url).pathname + ' render ' + (++globalThis.__stubRenders) + '</p></html>', { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } })`,
    );
    const apiUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
    const options = { port: 0, apiUrl, buildDir: dir, htmlCacheFreshMs: 60_000, redisUrl: process.env.TEST_REDIS_URL! };
    const [a, b] = await Promise.all([createWebServer(options), createWebServer(options)]);
    try {
      const page = `/shared-${process.pid}-${Date.now()}/`;
      for (const w of [a, b])
        for (let i = 0; i < 200 && (await fetch(`${w.url}/warm/`)).headers.get('x-cache') === null; i++) await new Promise((r) => setImmediate(r));
      const host = new URL(a.url).host;
      const before = globalThis.__stubRenders;
      const first = await fetch(`${a.url}${page}`);
      expect(first.headers.get('x-cache')).toBe('MISS');
      const second = await get(`${b.url}${page}`, { host });
      expect(second.headers['x-cache']).toBe('SHARED');
      // The copy keeps the nonce it was rendered with: its CSP names that nonce.
      const nonce = /nonce="([^"]+)"/.exec(second.text)![1]!;
      expect(second.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
      expect(globalThis.__stubRenders - before).toBe(1);
      expect((await (await fetch(`${b.url}/ready`)).json()).checks).toEqual({ api: true, redis: true });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
