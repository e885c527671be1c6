import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '@b-deals/core';
import type { Database } from '@b-deals/db';
import { createTestDatabase } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { buildApp } from '@b-deals/api';
import { createApiClient } from '../app/lib/api.server.ts';
import { accountCall } from '../app/lib/auth-api.server.ts';
import { contentSecurityPolicy, createWebServer, mergeCspSources, STRIPE_CSP_SOURCES, type WebServer } from '../server/app.ts';
import { loadWebConfig } from '../server/env.ts';
import { NO_CSP_SOURCES } from '../server/security-headers.ts';
import { writeStubBuild } from './stub-build.ts';

/**
 * Issue 13 on the storefront's server: security headers with a per-request CSP nonce that reaches
 * the render (finding 6), the shopper's address on server-to-API calls (finding 1), no stack or
 * path in errors under /media (finding 5), body caps and slow-client timeouts (finding 7).
 * The server build is a stub whose document entry echoes the load context it was given.
 */
let upstream: http.Server;
let web: WebServer;
let dir: string;
let upstreamRequests = 0;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    upstreamRequests++;
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  dir = mkdtempSync(path.join(tmpdir(), 'web-hardening-'));
  writeStubBuild(
    dir,
    `(request, status, headers, routerContext, loadContext) => new Response(JSON.stringify(loadContext), { status: 200, headers: { 'content-type': 'application/json' } })`,
  );
  mkdirSync(path.join(dir, 'media'), { recursive: true });
  writeFileSync(path.join(dir, 'media', 'a.txt'), 'media file');
  const { port } = upstream.address() as AddressInfo;
  web = await createWebServer({
    port: 0,
    apiUrl: `http://127.0.0.1:${port}`,
    mediaDir: path.join(dir, 'media'),
    buildDir: dir,
    timeouts: { headersTimeout: 1000, requestTimeout: 1500, connectionsCheckingInterval: 200 },
  });
});

afterAll(async () => {
  await web?.close();
  await new Promise((r) => upstream.close(r));
  rmSync(dir, { recursive: true, force: true });
});

/** Sends raw bytes on one connection; resolves to everything answered until the server closes it. */
function raw(bytes: string | Buffer, endAfterMs = 10_000): Promise<{ text: string; ms: number }> {
  const { port } = new URL(web.url);
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (text += d));
    socket.on('close', () => resolve({ text, ms: Date.now() - t0 }));
    socket.on('error', () => resolve({ text, ms: Date.now() - t0 }));
    setTimeout(() => socket.destroy(), endAfterMs);
    void reject;
  });
}

describe('security headers (finding 6)', () => {
  it('sends a CSP whose script nonce is fresh per response and is the one the render gets', async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${web.url}/login`);
      const ctx = (await res.json()) as AppLoadContext;
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(ctx.cspNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(csp).toContain(`script-src 'self' 'nonce-${ctx.cspNonce}'`);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
      expect(res.headers.get('strict-transport-security')).toBeNull();
      nonces.push(ctx.cspNonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('admits no third-party script, frame or call unless an integration is configured (Stripe: its hosts in every page’s policy)', async () => {
    const plain = (await fetch(`${web.url}/`)).headers.get('content-security-policy') ?? '';
    expect(plain).toContain("connect-src 'self';");
    expect(plain).not.toContain('frame-src');
    expect(plain).not.toContain('stripe');
    expect(loadWebConfig({}).cspSources).toEqual(NO_CSP_SOURCES);
    const stripe = loadWebConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' }).cspSources;
    expect(stripe).toEqual(STRIPE_CSP_SOURCES);
    expect(() => loadWebConfig({ STRIPE_PUBLISHABLE_KEY: 'sk_live_secret' })).toThrow(/STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/);
    const csp = contentSecurityPolicy('n0nce', mergeCspSources(stripe, { script: ['https://js.stripe.com'], frame: [], connect: [] }));
    expect(csp).toContain("script-src 'self' 'nonce-n0nce' https://js.stripe.com https://*.js.stripe.com;");
    expect(csp).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('admits workers from the origin and from blob: URLs its own scripts make (the image compressor), nothing else', async () => {
    const csp = (await fetch(`${web.url}/`)).headers.get('content-security-policy')!;
    expect(csp).toContain("worker-src 'self' blob:;");
    // An S3 bucket for uploads (UPLOAD_STORAGE_ORIGIN) is admitted for the browser's POST, as an origin.
    const s3 = loadWebConfig({ UPLOAD_STORAGE_ORIGIN: 'https://shop-uploads.s3.eu-central-1.amazonaws.com/any/path' }).cspSources;
    expect(contentSecurityPolicy('n', s3)).toContain("connect-src 'self' https://shop-uploads.s3.eu-central-1.amazonaws.com;");
  });

  it('adds HSTS when the request came over HTTPS through a local TLS terminator', async () => {
    const res = await fetch(`${web.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('puts the headers on static files and proxied API answers too', async () => {
    for (const p of ['/media/a.txt', '/inventory/api/v1/search/hot-words']) {
      const res = await fetch(`${web.url}${p}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});

describe('shopper address on server-side calls (finding 1)', () => {
  it('hands the address chain to loaders and actions through the load context', async () => {
    const ctx = (await (await fetch(`${web.url}/login/reset-password`, { headers: { 'x-forwarded-for': '203.0.113.7' } })).json()) as AppLoadContext;
    expect(ctx.forwardedFor).toBe('203.0.113.7, 127.0.0.1');
  });
});

describe('errors outside the router (finding 5)', () => {
  it.each(['/media/missing.png', '/media/%E0%A4%A', '/media/..%2F..%2Fetc%2Fpasswd', '/media/a.txt/x'])(
    '%s answers a short text without a stack or a path',
    async (p) => {
      const res = await fetch(`${web.url}${p}`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const text = await res.text();
      expect(text.length).toBeLessThan(100);
      expect(text).not.toMatch(/ at |node_modules|\/work\/|\/tmp\/|Error:/);
    },
  );
});

describe('body limits and slow clients (finding 7)', () => {
  it('answers 413 to an API body over 1 MiB without reaching the API, and closes cleanly', async () => {
    const before = upstreamRequests;
    const res = await fetch(`${web.url}/inventory/api/v1/search/condition`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(BODY_LIMITS.api + 1),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
    expect(upstreamRequests).toBe(before);
    // The next request works (a new connection, since this one was closed on purpose).
    expect((await fetch(`${web.url}/inventory/api/v1/search/hot-words`)).status).toBe(200);
  });

  it('answers 413 to a chunked API body that grows past 1 MiB', async () => {
    const chunk = Buffer.alloc(256 * 1024, 'x');
    const head = 'POST /inventory/api/v1/search/condition HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const body = Array.from({ length: 6 }, () => Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]));
    const { text } = await raw(Buffer.concat([Buffer.from(head), ...body, Buffer.from('0\r\n\r\n')]));
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    expect(text).toContain('payload_too_large');
  });

  it('lets an image upload to the storage host through up to 10 MiB (plus the form), and no further', async () => {
    const before = upstreamRequests;
    const upload = (bytes: number) =>
      fetch(`${web.url}/storage/api/v1/oss`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: Buffer.alloc(bytes, 'x'),
      });
    expect((await upload(4 * 1024 * 1024)).status).toBe(200);
    expect(upstreamRequests).toBe(before + 1);
    const tooBig = await upload(BODY_LIMITS.upload + 1);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ code: 'payload_too_large' });
    expect(upstreamRequests).toBe(before + 1);
    // Only the upload endpoint has the larger cap.
    const elsewhere = await fetch(`${web.url}/storage/api/v1/other`, { method: 'POST', body: Buffer.alloc(2 * 1024 * 1024, 'x') });
    expect(elsewhere.status).toBe(413);
  });

  it('caps the storefront’s own form posts at 64 KiB', async () => {
    const big = await fetch(`${web.url}/login/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=${'a'.repeat(BODY_LIMITS.form)}`,
    });
    expect(big.status).toBe(413);
    const small = await fetch(`${web.url}/login/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40example.com',
    });
    expect(small.status).not.toBe(413);
  });

  it('times out a client whose headers or body trickle in (408)', async () => {
    const head = await raw('GET / HTTP/1.1\r\nHost: x\r\n');
    expect(head.text).toMatch(/^HTTP\/1\.1 408/);
    expect(head.ms).toBeLessThan(5000);
    const body = await raw('POST /user/api/v1/signup HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":');
    expect(body.text).toMatch(/^HTTP\/1\.1 408/);
    expect(body.ms).toBeLessThan(5000);
  });

  it('answers an HTTP/1.1 request without a Host header, or with two, with a short plain 400 (RFC 9112 §3.2)', async () => {
    for (const head of ['GET /login HTTP/1.1\r\n', 'GET /login HTTP/1.1\r\nHost: a\r\nHost: b\r\n']) {
      const { text } = await raw(`${head}\r\n`);
      expect(text.split('\r\n')[0], head).toBe('HTTP/1.1 400 Bad Request');
      expect(text, head).toMatch(/\r\ncontent-type: text\/plain/i);
      expect(text, head).toMatch(/\r\nx-content-type-options: nosniff/i);
      expect(text.split('\r\n\r\n')[1], head).toMatch(/^Bad Request: The request has (no|more than one) Host header/);
    }
    expect((await raw('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).text).toMatch(/^HTTP\/1\.1 200/);
  });

  it('answers an unparseable request in the error shape without echoing it', async () => {
    const { text } = await raw('GET /evil-marker HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(text).toMatch(/^HTTP\/1\.1 400/);
    expect(text).not.toContain('evil-marker');
  });
});

describe('per-shopper rate limits through the form actions (finding 1)', () => {
  let db: Database;
  let api: FastifyInstance;
  let apiUrl: string;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    api = await buildApp({
      db,
      fx: loadDefaultFxTable(),
      operatorToken: 'x'.repeat(32),
      mediaDir: dir,
      logLevel: 'silent',
      accounts: {
        clients: [],
        settings: { publicUrl: 'http://shop.test' },
        rateLimits: { token: { max: 5, windowMs: 60_000 }, signup: { max: 5, windowMs: 60_000 }, reset: { max: 2, windowMs: 60_000 } },
      },
    });
    await api.listen({ port: 0, host: '127.0.0.1' });
    apiUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await api?.close();
    await db?.close();
  });

  it('a shopper who used up the reset limit does not lock out another address', async () => {
    const shopper = (forwardedFor: string): AppLoadContext => ({ apiUrl, forwardedFor, cspNonce: '', session: null, requestId: '' });
    const reset = (ctx: AppLoadContext) => accountCall(ctx, 'PUT', '/user/api/v1/reset-password', { email: 'ada@example.com' });
    const first = shopper('198.51.100.1, 127.0.0.1');
    expect((await reset(first)).status).toBe(202);
    expect((await reset(first)).status).toBe(202);
    expect((await reset(first)).status).toBe(429);
    const second = shopper('198.51.100.2, 127.0.0.1');
    expect((await reset(second)).status).toBe(202);
  });

  it('turns an API 400 into a 400 route response that says what was wrong (finding 4)', async () => {
    const client = createApiClient(apiUrl, '198.51.100.3');
    for (const condition of [{ cids: ["'"] }, { b: ['x'.repeat(300)] }]) {
      const err: unknown = await client.search(condition).then(
        () => null,
        (e: unknown) => e,
      );
      // A thrown `data(body, { status })`, which React Router renders through the ErrorBoundary with that status.
      const thrown = err as { type?: string; data?: { message?: unknown }; init?: { status?: number } };
      expect(thrown.type).toBe('DataWithResponseInit');
      expect(thrown.init?.status).toBe(400);
      expect(String(thrown.data?.message).length).toBeGreaterThan(5);
    }
  });
});

describe('render gate (load test finding)', () => {
  it('renders a bounded number of pages at once, queues the next ones and refuses past the queue with 503', async () => {
    const slowDir = mkdtempSync(path.join(tmpdir(), 'web-gate-'));
    writeStubBuild(slowDir, `async () => { await new Promise((r) => setTimeout(r, 300)); return new Response('page'); }`);
    const gated = await createWebServer({
      port: 0,
      apiUrl: 'http://127.0.0.1:9',
      mediaDir: slowDir,
      buildDir: slowDir,
      renderGate: { concurrency: 1, maxWaiting: 1 },
    });
    try {
      const t0 = Date.now();
      const answers = await Promise.all(
        [0, 1, 2].map(() => fetch(`${gated.url}/`).then(async (r) => ({ status: r.status, ms: Date.now() - t0, retryAfter: r.headers.get('retry-after') }))),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 503]);
      const refused = answers.find((a) => a.status === 503)!;
      expect(refused.retryAfter).toBe('5');
      expect(refused.ms).toBeLessThan(250);
      // One at a time: the second page finished a full render after the first.
      expect(Math.max(...answers.filter((a) => a.status === 200).map((a) => a.ms))).toBeGreaterThanOrEqual(600);
    } finally {
      await gated.close();
      rmSync(slowDir, { recursive: true, force: true });
    }
  });
});
