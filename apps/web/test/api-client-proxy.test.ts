import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebServer, type WebServer } from '../server/app.ts';
import { writeStubBuild } from './stub-build.ts';

/**
 * The same-origin API proxy of server/app.ts, between a browser (fetch) and a stand-in upstream
 * that echoes what reaches it. The storefront's server build is replaced by a minimal one that
 * answers every page with 200 'page', so the test does not need `npm run build`.
 */
let upstream: http.Server;
let web: WebServer;
let dir: string;
const client = { id: 'b-deals-web', secret: 'a secret with spaces & colon:' };
/** The open server-sent-events answer of the stand-in upstream (ShopGeni's conversation), ended by the test. */
let openStream: http.ServerResponse | null = null;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    if (req.url === '/nestor/api/v1/conversation') {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform' });
      res.write('event: meta\ndata: {"mode":"embedded"}\n\n');
      openStream = res;
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(req.url?.includes('teapot') ? 418 : 200, { 'content-type': 'application/json', 'x-upstream': 'yes', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  dir = mkdtempSync(path.join(tmpdir(), 'web-proxy-'));
  writeStubBuild(dir);
  const { port } = upstream.address() as AddressInfo;
  web = await createWebServer({ port: 0, apiUrl: `http://127.0.0.1:${port}`, mediaDir: dir, buildDir: dir, oauthClient: client });
});

afterAll(async () => {
  await web?.close();
  await new Promise((r) => upstream.close(r));
  rmSync(dir, { recursive: true, force: true });
});

interface Echo {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

describe('same-origin API proxy', () => {
  it('forwards method, path, query, headers and body, and returns status, headers and body', async () => {
    const res = await fetch(`${web.url}/inventory/api/v1/search/condition?x=1&y=%C3%A9`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer at1', 'x-client-name': 'b-deals-web' },
      body: JSON.stringify({ q: 'dress' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-upstream')).toBe('yes');
    const echo = (await res.json()) as Echo;
    expect(echo).toMatchObject({ method: 'POST', url: '/inventory/api/v1/search/condition?x=1&y=%C3%A9', body: '{"q":"dress"}' });
    expect(echo.headers).toMatchObject({ authorization: 'Bearer at1', 'x-client-name': 'b-deals-web', 'content-type': 'application/json' });
    expect(echo.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1/);
  });

  it('serves spec §7 basic data (the checkout’s US states) on the storefront’s origin too', async () => {
    const res = await fetch(`${web.url}/api/v1/basic-data/world-areas/US`);
    expect(res.headers.get('x-upstream')).toBe('yes');
    expect(((await res.json()) as Echo).url).toBe('/api/v1/basic-data/world-areas/US');
  });

  it("streams ShopGeni's server-sent events through as they come, uncompressed (issue 18 §5)", async () => {
    const res = await fetch(`${web.url}/nestor/api/v1/conversation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, br', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'hi' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    // The first event arrived while the upstream answer is still open: nothing buffered it.
    expect(first).toBe('event: meta\ndata: {"mode":"embedded"}\n\n');
    expect(openStream!.writableEnded).toBe(false);
    openStream!.end('event: done\ndata: {}\n\n');
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toBe('event: done\ndata: {}\n\n');
  });

  it('keeps non-2xx statuses', async () => {
    const res = await fetch(`${web.url}/order/api/v1/teapot`);
    expect(res.status).toBe(418);
  });

  it('adds the web client’s HTTP Basic authentication to token and revocation calls (RFC 6749 §2.3.1), replacing the browser’s', async () => {
    for (const p of ['/user/oauth/token', '/user/oauth/revoke']) {
      const res = await fetch(`${web.url}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic forged' },
        body: 'grant_type=refresh_token&refresh_token=rt1',
      });
      const echo = (await res.json()) as Echo;
      const [id, secret] = Buffer.from(echo.headers.authorization!.replace(/^Basic /, ''), 'base64')
        .toString('utf8')
        .split(':')
        .map((s) => decodeURIComponent(s.replace(/\+/g, ' ')));
      expect({ id, secret }).toEqual(client);
      expect(echo.body).toBe('grant_type=refresh_token&refresh_token=rt1');
    }
  });

  it('does not add client credentials to other API calls', async () => {
    const echo = (await (await fetch(`${web.url}/user/api/v1/profile`)).json()) as Echo;
    expect(echo.headers.authorization).toBeUndefined();
  });

  it('leaves storefront pages that share a prefix (/article/{slug}, /order/) to the storefront', async () => {
    for (const p of ['/article/how-to-save', '/order/']) {
      const res = await fetch(`${web.url}${p}`);
      expect(res.headers.get('x-upstream')).toBeNull();
      expect(await res.text()).toBe('page');
    }
  });

  it('answers 502 when the API cannot be reached', async () => {
    const down = await createWebServer({ port: 0, apiUrl: 'http://127.0.0.1:9', mediaDir: dir, buildDir: dir });
    try {
      const res = await fetch(`${down.url}/inventory/api/v1/search/hot-words`);
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ code: 'bad_gateway' });
    } finally {
      await down.close();
    }
  });
});
