/**
 * Identity on the storefront's server (issue 10 §4; decision 0013): the web server keeps an
 * HttpOnly session cookie in step with the token calls it relays to the API, and hands the
 * shopper to loaders through the load context. Real API on PGlite, the web server over a stub build.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@b-deals/api';
import type { Database } from '@b-deals/db';
import { createTestDatabase } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { createWebServer, sessionCookieFor, type WebServer } from '../server/app.ts';
import { sessionKey } from '../server/session-cookie.ts';
import { writeStubBuild } from './stub-build.ts';

const CLIENT = { id: 'b-deals-web', secret: 'web-secret-for-session-tests' };
const EMAIL = 'ada.session@example.com';
const PASSWORD = 'correct horse battery staple';

let db: Database;
let api: FastifyInstance;
let web: WebServer;

beforeAll(async () => {
  db = await createTestDatabase('pglite');
  const dir = mkdtempSync(path.join(tmpdir(), 'bdeals-session-'));
  api = await buildApp({
    db,
    fx: loadDefaultFxTable(),
    operatorToken: 'x'.repeat(32),
    mediaDir: dir,
    logLevel: 'silent',
    accounts: { clients: [CLIENT], settings: { publicUrl: 'http://shop.test' } },
  });
  await api.listen({ port: 0, host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  // The stub page answers with the shopper its load context holds, as a loader would see it.
  writeStubBuild(
    path.join(dir, 'build'),
    `(request, status, headers, ctx, load) => new Response(JSON.stringify(load.session ? load.session.user : null), { status: 200, headers })`,
  );
  web = await createWebServer({ port: 0, apiUrl, buildDir: path.join(dir, 'build'), oauthClient: CLIENT });

  // A verified account: sign up through the storefront, confirm with the link from the outbox.
  const signup = await fetch(`${web.url}/user/api/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' }),
  });
  expect(signup.status).toBe(202);
  let mail: string | undefined;
  for (let i = 0; i < 100 && !mail; i++) {
    mail = (await db.query<{ text: string }>(`SELECT text FROM outbox WHERE "to" LIKE $1`, [`%${EMAIL}%`])).rows[0]?.text;
    if (!mail) await new Promise((r) => setImmediate(r));
  }
  const token = new URL(/https?:\/\/\S+/.exec(mail!)![0]).searchParams.get('token')!;
  expect(
    (
      await fetch(`${apiUrl}/user/api/v1/signup/verification`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      })
    ).status,
  ).toBe(200);
});
afterAll(async () => {
  await web?.close();
  await api?.close();
  await db?.close();
});

const tokenCall = (form: Record<string, string>, cookie = '') =>
  fetch(`${web.url}/user/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(form).toString(),
  });
const cookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('bd_session='));
const page = (cookie = '') => fetch(`${web.url}/some/page/`, { headers: cookie ? { cookie } : {} });

describe('the storefront server knows the shopper', () => {
  it('sets the session at sign-in, hands the shopper to loaders, follows a refresh and ends at sign-out', async () => {
    const anonymous = await page();
    expect(await anonymous.json()).toBeNull();
    expect(anonymous.headers.get('cache-control') ?? '').not.toContain('private');

    const signIn = await tokenCall({ grant_type: 'password', username: EMAIL, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const tokens = (await signIn.json()) as { access_token: string; refresh_token: string };
    expect(tokens.refresh_token).toBeTruthy(); // the browser still gets its tokens (spec §3 BSU_SECRET)
    const set = cookieOf(signIn)!;
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    expect(set).not.toContain(tokens.refresh_token); // the refresh token stays the browser's
    const cookie = set.split(';')[0]!;

    const signedIn = await page(cookie);
    expect(await signedIn.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: EMAIL });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(signedIn.headers.get('vary')).toMatch(/Cookie/i);

    // A tampered cookie is a visitor.
    expect(await (await page(cookie.slice(0, -3) + 'abc')).json()).toBeNull();

    // The browser refreshes through the proxy: the session follows the new access token.
    const refreshed = await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }, cookie);
    expect(refreshed.status).toBe(200);
    const next = cookieOf(refreshed)!.split(';')[0]!;
    expect(next).not.toBe(cookie);

    // Reusing the rotated refresh token is refused (RFC 6749 §5.2 invalid_grant): the session ends.
    const reused = await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }, next);
    expect(reused.status).toBe(400);
    expect(cookieOf(reused)).toMatch(/^bd_session=; Max-Age=0/);
  });

  it('ends the session on revocation (sign-out, RFC 7009)', async () => {
    const signIn = await tokenCall({ grant_type: 'password', username: EMAIL, password: PASSWORD });
    const { refresh_token } = (await signIn.json()) as { refresh_token: string };
    const cookie = cookieOf(signIn)!.split(';')[0]!;
    const revoked = await fetch(`${web.url}/user/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ token: refresh_token }).toString(),
    });
    expect(revoked.status).toBe(200);
    expect(cookieOf(revoked)).toMatch(/^bd_session=; Max-Age=0/);
  });

  it("vouches for the shopper's id in the analytics beacon with the session, and only then (S5 of the robustness review)", async () => {
    const signIn = await tokenCall({ grant_type: 'password', username: EMAIL, password: PASSWORD });
    const cookie = cookieOf(signIn)!.split(';')[0]!;
    const { id } = (await (
      await fetch(`${web.url}/user/api/v1/profile`, {
        headers: { authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}` },
      })
    ).json()) as { id: number };
    const beacon = (cookieHeader: string, userId: string) =>
      fetch(`${web.url}/analytics/api/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', ...(cookieHeader ? { cookie: cookieHeader } : {}) },
        body: JSON.stringify({
          anonymousId: '0f8fad5b-d9cb-469f-a165-70867728950e',
          events: [{ name: 'search_action', time: new Date().toISOString(), page: '/', userId, params: { action: 'hot_words', search_term: 'tote' } }],
        }),
      });
    expect((await beacon(cookie, String(id))).status).toBe(204);
    expect((await beacon('', String(id))).status).toBe(204); // a visitor naming the shopper
    expect((await beacon(cookie, String(id + 1))).status).toBe(204); // the shopper naming another
    const rows = await db.query<{ user_id: string | null }>(`SELECT user_id FROM analytics_events ORDER BY id`);
    expect(rows.rows.map((r) => r.user_id)).toEqual([String(id), null, null]);
  });

  it('passes one request id from the shopper through the storefront to the API (issue 12 §4)', async () => {
    const pageRes = await fetch(`${web.url}/some/page/`, { headers: { 'x-request-id': 'shopper-req-0001' } });
    expect(pageRes.headers.get('x-request-id')).toBe('shopper-req-0001');
    const proxied = await fetch(`${web.url}/inventory/api/v1/merchants`, { headers: { 'x-request-id': 'shopper-req-0002' } });
    expect(proxied.headers.get('x-request-id')).toBe('shopper-req-0002'); // the API's own answer header
    const fresh = await fetch(`${web.url}/some/page/`);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves the session alone for answers that say nothing about it', async () => {
    const watch = { key: sessionKey('x'.repeat(20)), ttlMs: 1000, secure: false, profile: async () => null };
    expect(await sessionCookieFor('/user/oauth/token', 401, Buffer.from('{"error":"invalid_client"}'), watch)).toBeNull();
    expect(await sessionCookieFor('/user/oauth/token', 502, Buffer.from('not json'), watch)).toBeNull();
    expect(await sessionCookieFor('/user/oauth/token', 200, Buffer.from('{"access_token":"a","expires_in":900}'), watch)).toBeNull(); // profile unreadable
    expect(await sessionCookieFor('/user/oauth/revoke', 503, Buffer.from(''), watch)).toBeNull();
  });
});
