import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebServer, type WebServer } from '../server/app.ts';
import { crossSiteRefusal } from '../server/cross-site.ts';
import { writeStubBuild } from './stub-build.ts';

/**
 * Requests another site's page makes the browser send (login CSRF: a form posting the attacker's
 * credentials to the token endpoint signed the shopper in to the attacker's account), and a
 * forwarded protocol that named a foreign origin. The server build is a stub whose document echoes
 * the URL the router was given.
 */
let upstream: http.Server;
let web: WebServer;
let dir: string;
const upstreamPaths: string[] = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    upstreamPaths.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}'));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  dir = mkdtempSync(path.join(tmpdir(), 'web-cross-site-'));
  writeStubBuild(dir, `(request) => new Response(JSON.stringify({ url: request.url }), { status: 200, headers: { 'content-type': 'application/json' } })`);
  const { port } = upstream.address() as AddressInfo;
  web = await createWebServer({ port: 0, apiUrl: `http://127.0.0.1:${port}`, buildDir: dir, oauthClient: { id: 'web', secret: 'secret' } });
});

afterAll(async () => {
  await web?.close();
  await new Promise((r) => upstream.close(r));
  rmSync(dir, { recursive: true, force: true });
});

/** Posts the password grant a hostile form would, with `headers`. */
const postToken = (headers: Record<string, string>) =>
  fetch(new URL('/user/oauth/token', web.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: 'grant_type=password&username=attacker%40example.com&password=x',
  });

describe('crossSiteRefusal', () => {
  it('refuses a change another site asks for, by Sec-Fetch-Site or by Origin', () => {
    const host = 'shop.example';
    expect(crossSiteRefusal('POST', { host, 'sec-fetch-site': 'cross-site' })).toBe('sec-fetch-site');
    expect(crossSiteRefusal('DELETE', { host, 'sec-fetch-site': 'same-site' })).toBe('sec-fetch-site');
    expect(crossSiteRefusal('POST', { host, origin: 'https://evil.example' })).toBe('origin');
    expect(crossSiteRefusal('POST', { host, origin: 'null' })).toBe('origin');
    expect(crossSiteRefusal('PUT', { host, origin: 'not a url' })).toBe('origin');
    // the shop's own pages, whichever scheme a TLS terminator left the server to see
    expect(crossSiteRefusal('POST', { host, origin: 'https://shop.example', 'sec-fetch-site': 'same-origin' })).toBeNull();
    expect(crossSiteRefusal('POST', { host, origin: 'http://shop.example' })).toBeNull();
    // no browser's cross-site request: scripts, servers, a mail provider's one-click post
    expect(crossSiteRefusal('POST', { host })).toBeNull();
    // reading is never refused: another site may link here
    expect(crossSiteRefusal('GET', { host, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).toBeNull();
  });
});

describe('the storefront server', () => {
  it('answers 403 to another site posting to the token endpoint, before the API sees it', async () => {
    const before = upstreamPaths.length;
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Array<Record<string, string>>) {
      const res = await postToken(headers);
      expect(res.status).toBe(403);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(await res.json()).toMatchObject({ code: 'cross_site_request', details: { header: Object.keys(headers)[0] } });
    }
    expect(upstreamPaths.length).toBe(before);
  });

  it('relays the shop’s own post to the API', async () => {
    const { host } = new URL(web.url);
    const res = await postToken({ origin: `http://${host}`, 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(400);
    expect(upstreamPaths.at(-1)).toBe('POST /user/oauth/token');
  });

  it('refuses another site’s form post to a page of its own too', async () => {
    const res = await fetch(new URL('/account/sign-in/', web.url), { method: 'POST', headers: { origin: 'https://evil.example' }, body: 'a=b' });
    expect(res.status).toBe(403);
  });

  it('builds page URLs only from an http or https forwarded protocol', async () => {
    const urlWith = async (proto: string) => {
      const res = await fetch(new URL('/merchants/', web.url), { headers: { 'x-forwarded-proto': proto } });
      return ((await res.json()) as { url: string }).url;
    };
    const { host } = new URL(web.url);
    expect(await urlWith('https://evil.example/x?')).toBe(`http://${host}/merchants/`);
    expect(await urlWith('javascript')).toBe(`http://${host}/merchants/`);
    expect(await urlWith('HTTPS, http')).toBe(`https://${host}/merchants/`);
  });
});
