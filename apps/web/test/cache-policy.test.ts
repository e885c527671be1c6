/**
 * One Cache-Control per storefront answer (server/cache-policy.ts; decision 0014): a page's
 * single-fetch `.data` answer has its page's policy (anonymous: public and revalidated; signed in:
 * `private, no-store`), and a route that says `private, no-store` while the shopper is signed in
 * (/order/, /checkout/, /collection/) sends it on one header line, not two. Over the storefront's
 * server with a stub server build (one catch-all route).
 */
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, mergeDirectives } from '../server/cache-policy.ts';
import { createWebServer, type WebServer } from '../server/app.ts';
import { sealSession, sessionKey } from '../server/session-cookie.ts';
import { writeStubBuild } from './stub-build.ts';

const SECRET = 'cache-policy-test-secret-0123456789';
const ENTRY = `(request, status, headers) => new Response('<!doctype html><p>page</p>', { status, headers: (headers.set('content-type', 'text/html'), headers) })`;
const dirs: string[] = [];
const servers: WebServer[] = [];

/** A storefront over a stub build whose route module is `routeModule`. */
async function storefront(routeModule?: string, htmlCacheFreshMs?: number): Promise<WebServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-cache-policy-'));
  dirs.push(dir);
  writeStubBuild(dir, ENTRY, routeModule);
  writeFileSync(path.join(dir, 'client/assets/app-abc123.js'), 'export {};');
  // The API is never reached: the stub route has no loader calling it (the HTML cache, when on, stands aside).
  const web = await createWebServer({ port: 0, apiUrl: 'http://127.0.0.1:9', buildDir: dir, sessionSecret: SECRET, htmlCacheFreshMs });
  servers.push(web);
  return web;
}

/** GET `p`; resolves to the status and every Cache-Control header line as received. */
function lines(web: WebServer, p: string, cookie?: string): Promise<{ status: number; cacheControl: string[] }> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(p, web.url), { headers: cookie ? { cookie } : {} }, (res) => {
        const cacheControl: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) if (res.rawHeaders[i]!.toLowerCase() === 'cache-control') cacheControl.push(res.rawHeaders[i + 1]!);
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cacheControl }));
      })
      .on('error', reject);
  });
}

const signedIn = () =>
  `bd_session=${sealSession(
    {
      user: { id: 7, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
      accessToken: 'opaque',
      accessExpiresAt: Date.now() + 600_000,
      expiresAt: Date.now() + 3_600_000,
    },
    sessionKey(SECRET),
  )}`;

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('cacheControlFor', () => {
  it('keeps a shopper’s answers private, a route’s own policy, and gives anonymous 200s the page policy', () => {
    const base = { method: 'GET', status: 200, signedIn: false, setsCookie: false, given: [] as string[] };
    expect(cacheControlFor(base)).toBe('public, max-age=0, must-revalidate');
    expect(cacheControlFor({ ...base, sharedMaxAgeS: 60 })).toBe('public, max-age=0, must-revalidate, s-maxage=60');
    expect(cacheControlFor({ ...base, signedIn: true })).toBe('private, no-store');
    expect(cacheControlFor({ ...base, signedIn: true, given: ['private, no-store', 'private, no-store'] })).toBe('private, no-store');
    expect(cacheControlFor({ ...base, setsCookie: true })).toBe('private, no-store');
    expect(cacheControlFor({ ...base, given: ['no-store'] })).toBe('no-store');
    expect(cacheControlFor({ ...base, given: ['public, max-age=3600'] })).toBe('public, max-age=3600');
    expect(cacheControlFor({ ...base, status: 404 })).toBe('no-store');
    expect(cacheControlFor({ ...base, status: 302 })).toBe('no-store');
    expect(cacheControlFor({ ...base, status: 301 })).toBe('public, max-age=3600');
    expect(cacheControlFor({ ...base, method: 'POST' })).toBe('no-store');
    expect(mergeDirectives(['private, no-store', 'Private,no-store', 'no-cache'])).toBe('private, no-store, no-cache');
  });
});

describe('page and .data answers of the storefront', () => {
  let plain: WebServer;
  let personal: WebServer;
  beforeAll(async () => {
    plain = await storefront();
    personal = await storefront(`{ default: () => null, headers: () => ({ 'cache-control': 'private, no-store' }) }`);
  });

  it('gives a page’s .data answer the page’s policy: public for a visitor, private for a signed-in shopper', async () => {
    expect(await lines(plain, '/deals/')).toEqual({ status: 200, cacheControl: ['public, max-age=0, must-revalidate'] });
    expect(await lines(plain, '/deals.data')).toEqual({ status: 200, cacheControl: ['public, max-age=0, must-revalidate'] });
    expect(await lines(plain, '/_root.data')).toEqual({ status: 200, cacheControl: ['public, max-age=0, must-revalidate'] });
    expect(await lines(plain, '/deals.data', signedIn())).toEqual({ status: 200, cacheControl: ['private, no-store'] });
    expect(await lines(plain, '/deals/', signedIn())).toEqual({ status: 200, cacheControl: ['private, no-store'] });
  });

  it('sends a private route’s `private, no-store` once, to a visitor and to a signed-in shopper, page and .data', async () => {
    for (const cookie of [undefined, signedIn()]) {
      expect(await lines(personal, '/order/', cookie)).toEqual({ status: 200, cacheControl: ['private, no-store'] });
      expect(await lines(personal, '/order.data', cookie)).toEqual({ status: 200, cacheControl: ['private, no-store'] });
    }
  });

  it('leaves hashed assets their own year-long policy, also for a signed-in shopper', async () => {
    expect(await lines(plain, '/assets/app-abc123.js', signedIn())).toEqual({ status: 200, cacheControl: ['public, max-age=31536000, immutable'] });
  });
});
