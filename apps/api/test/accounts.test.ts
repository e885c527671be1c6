import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ResourceOwnerPassword } from 'simple-oauth2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { SignupBodySchema } from '@b-deals/contracts';
import { buildApp } from '../src/app.ts';
import { startSmtp } from './smtp.ts';
import { testAppOptions } from './test-app.ts';

const CLIENT = { id: 'b-deals-web', secret: 'test-web-secret-0123456789' };
const basic = (id = CLIENT.id, secret = CLIENT.secret) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe.each(testDrivers())('accounts on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;
  let base: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    smtp = await startSmtp();
    app = await buildApp(
      testAppOptions(db, {
        operatorToken: 'x'.repeat(32),
        accounts: {
          clients: [CLIENT],
          settings: { publicUrl: 'http://shop.test', accessTokenTtl: 2 },
          smtpUrl: smtp.url,
          mailFrom: 'B-Deals <no-reply@b-deals.example>',
          rateLimits: { token: { max: 100, windowMs: 60_000 }, signup: { max: 12, windowMs: 60_000 }, reset: { max: 20, windowMs: 60_000 } },
        },
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.close();
  });

  const signup = (email: string, password = 'correct horse battery', firstName = 'Ada') =>
    app.inject({ method: 'POST', url: '/user/api/v1/signup', payload: { email, password, firstName, lastName: 'Lovelace' } });
  const tokenRequest = (form: Record<string, string | string[]>, auth: string | null = basic()) => {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) for (const x of [v].flat()) body.append(k, x);
    return app.inject({
      method: 'POST',
      url: '/user/oauth/token',
      payload: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(auth ? { authorization: auth } : {}) },
    });
  };
  const verify = async (email: string) => {
    const link = await smtp.linkIn(email, /confirm/i);
    const token = new URL(link).searchParams.get('token')!;
    expect(link.startsWith('http://shop.test/login/verify?token=')).toBe(true);
    return app.inject({ method: 'POST', url: '/user/api/v1/signup/verification', payload: { token } });
  };
  const client = () =>
    new ResourceOwnerPassword({ client: { id: CLIENT.id, secret: CLIENT.secret }, auth: { tokenHost: base, tokenPath: '/user/oauth/token' } });

  it('signs up, verifies through the e-mailed link, and an off-the-shelf OAuth 2.0 client obtains and refreshes tokens', async () => {
    const res = await signup('ada@example.com');
    expect(res.statusCode).toBe(202);
    expect((await verify('ada@example.com')).json()).toMatchObject({ status: 'verified' });

    const token = await client().getToken({ username: 'ada@example.com', password: 'correct horse battery' });
    expect(token.token).toMatchObject({ token_type: 'Bearer', expires_in: 2 });
    const profile = await fetch(`${base}/user/api/v1/profile`, { headers: { authorization: `Bearer ${token.token.access_token}` } });
    expect(await profile.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });

    const refreshed = await token.refresh();
    expect(refreshed.token.access_token).not.toBe(token.token.access_token);
    expect(refreshed.token.refresh_token).not.toBe(token.token.refresh_token);
    const again = await fetch(`${base}/user/api/v1/profile`, { headers: { authorization: `Bearer ${refreshed.token.access_token}` } });
    expect(again.status).toBe(200);
    const signIns = await db.query<{ success: boolean; grant_type: string }>(
      `SELECT success, grant_type FROM sign_ins s JOIN users u ON u.id = s.user_id WHERE u.email = 'ada@example.com'`,
    );
    expect(signIns.rows).toEqual([{ success: true, grant_type: 'password' }]);
  });

  it('answers a verification link used again "already confirmed", and still refuses an expired, unknown or reset link', async () => {
    await signup('twice@example.com', 'correct horse battery', 'Tess');
    const token = new URL(await smtp.linkIn('twice@example.com', /confirm/i)).searchParams.get('token')!;
    const use = (t: string) => app.inject({ method: 'POST', url: '/user/api/v1/signup/verification', payload: { token: t } });
    expect((await use(token)).json()).toMatchObject({ status: 'verified' });
    const again = await use(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'already_verified', message: expect.stringMatching(/^Your e-mail is already confirmed/) });
    expect((await use('y'.repeat(43))).json().code).toBe('invalid_token');
    // A password-reset link is no verification link, used or not.
    await app.inject({ method: 'PUT', url: '/user/api/v1/reset-password', payload: { email: 'twice@example.com' } });
    const reset = new URL(await smtp.linkIn('twice@example.com', /reset/i)).searchParams.get('token')!;
    expect((await use(reset)).json().code).toBe('invalid_token');
    // Once the link's time is over it is refused like any other expired link.
    await db.query(
      `UPDATE one_time_tokens SET expires_at = now() - interval '1 minute' WHERE purpose = 'verify_email' AND user_id = (SELECT id FROM users WHERE email = 'twice@example.com')`,
    );
    expect((await use(token)).json().code).toBe('invalid_token');
  });

  it('answers the token endpoint with RFC 6749 errors and Cache-Control: no-store', async () => {
    const noClient = await tokenRequest({ grant_type: 'password', username: 'a', password: 'b' }, basic(CLIENT.id, 'wrong-secret'));
    expect(noClient.statusCode).toBe(401);
    expect(noClient.headers['www-authenticate']).toMatch(/^Basic/);
    expect(noClient.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    expect((await tokenRequest({ grant_type: 'password', username: 'a', password: 'b' }, null)).json().error).toBe('invalid_client');

    const missing = await tokenRequest({ username: 'a' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');
    expect(missing.headers['cache-control']).toBe('no-store');
    expect((await tokenRequest({ grant_type: ['password', 'password'], username: 'a', password: 'b' })).json().error).toBe('invalid_request');
    expect((await tokenRequest({ grant_type: 'client_credentials' })).json().error).toBe('unsupported_grant_type');
    const wrong = await tokenRequest({ grant_type: 'password', username: 'nobody@example.com', password: 'whatever123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_grant');
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'not-a-token' })).json().error).toBe('invalid_grant');
    const json = await app.inject({ method: 'POST', url: '/user/oauth/token', payload: { grant_type: 'password' }, headers: { authorization: basic() } });
    expect(json.json().error).toBe('invalid_request');
  });

  it('carries a site path through the verification link, so a shopper who registered from a checkout comes back to it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/user/api/v1/signup',
      payload: { email: 'mei@example.com', password: 'correct horse battery', firstName: 'Mei', lastName: 'Lovelace', redirectTo: '/checkout/?id=abc' },
    });
    expect(res.statusCode).toBe(202);
    const link = new URL(await smtp.linkIn('mei@example.com', /confirm/i));
    expect(link.pathname).toBe('/login/verify');
    expect(link.searchParams.get('redirectTo')).toBe('/checkout/?id=abc');
    // Only a path on this site (no open redirect through the mail).
    const bad = await app.inject({
      method: 'POST',
      url: '/user/api/v1/signup',
      payload: { email: 'mei2@example.com', password: 'correct horse battery', firstName: 'Mei', lastName: 'L', redirectTo: '//evil.example/x' },
    });
    expect(bad.statusCode).toBe(400);
    const valid = { email: 'x@example.com', password: 'correct horse battery', firstName: 'X', lastName: 'Y' };
    for (const redirectTo of ['https://evil.example/', '/\\evil.example', '/a b'])
      expect(SignupBodySchema.safeParse({ ...valid, redirectTo }).success, redirectTo).toBe(false);
    expect(SignupBodySchema.safeParse({ ...valid, redirectTo: '/prod/x/?id=1&love=1' }).success).toBe(true);
  });

  it('refuses to sign in an unverified address, and treats a second sign-up for an address like the first', async () => {
    const first = await signup('grace@example.com', 'sea of tranquility', 'Grace');
    expect((await tokenRequest({ grant_type: 'password', username: 'grace@example.com', password: 'sea of tranquility' })).json().error).toBe('invalid_grant');
    const second = await signup('grace@example.com', 'another long passphrase', 'Mallory');
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json().status).toBe(first.json().status);
    await verify('grace@example.com');
    // The second sign-up did not change the password or the name.
    const ok = await tokenRequest({ grant_type: 'password', username: 'grace@example.com', password: 'sea of tranquility' });
    expect(ok.statusCode).toBe(200);
    const profile = await app.inject({ url: '/user/api/v1/profile', headers: { authorization: `Bearer ${ok.json().access_token}` } });
    expect(profile.json().firstName).toBe('Grace');
    // The shopper's own data is kept by no cache (RFC 9111 §5.2.2.5), and the scheme name is case-insensitive (RFC 9110 §11.1).
    expect(profile.headers['cache-control']).toBe('private, no-store');
    expect(String(profile.headers.vary)).toMatch(/\bAuthorization\b/);
    const lower = await app.inject({ url: '/user/api/v1/profile', headers: { authorization: `bearer ${ok.json().access_token}` } });
    expect(lower.statusCode).toBe(200);
    expect((await app.inject({ url: '/inventory/api/v1/merchants' })).headers['cache-control']).not.toBe('private, no-store');
    const third = await signup('grace@example.com', 'yet another passphrase', 'Mallory');
    expect(third.json().status).toBe(first.json().status);
    await smtp.linkIn('grace@example.com', /already have/i);
  });

  it('refuses short and common passwords with a message for the field', async () => {
    const short = await signup('short@example.com', 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'validation_failed', details: [{ path: '/password' }] });
    const common = await signup('common@example.com', 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'weak_password', details: [{ path: '/password' }] });
  });

  it('refuses a NUL character in a name in validation, naming the field, before any work (API robustness report M11)', async () => {
    // From an address of its own, so these sign-ups leave the other tests' rate-limit budget alone.
    const send = (over: object) =>
      app.inject({
        method: 'POST',
        url: '/user/api/v1/signup',
        remoteAddress: '198.18.0.11',
        payload: { email: 'nul@example.com', password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace', ...over },
      });
    for (const field of ['firstName', 'lastName'] as const) {
      const res = await send({ [field]: 'a\u0000b' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        code: 'validation_failed',
        message: `Invalid body: /${field} must not contain the NUL character (U+0000)`,
        details: [{ path: `/${field}`, message: 'must not contain the NUL character (U+0000)' }],
      });
    }
    expect((await db.query(`SELECT 1 FROM users WHERE email = 'nul@example.com'`)).rows).toHaveLength(0);
    // Trimmed as before, and the field's own messages kept.
    expect((await send({ firstName: '   ' })).json().details).toEqual([{ path: '/firstName', message: 'Enter your first name.' }]);
    expect((await send({ firstName: ` ${'A'.repeat(61)} ` })).json().details).toEqual([{ path: '/firstName', message: 'Use at most 60 characters.' }]);
  });

  it('rotates refresh tokens, and reuse of a rotated one revokes the whole family', async () => {
    await signup('lin@example.com');
    await verify('lin@example.com');
    const t1 = (await tokenRequest({ grant_type: 'password', username: 'lin@example.com', password: 'correct horse battery' })).json();
    const t2 = (await tokenRequest({ grant_type: 'refresh_token', refresh_token: t1.refresh_token })).json();
    expect(t2.refresh_token).toBeDefined();
    const reuse = await tokenRequest({ grant_type: 'refresh_token', refresh_token: t1.refresh_token });
    expect(reuse.json().error).toBe('invalid_grant');
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: t2.refresh_token })).json().error).toBe('invalid_grant');
    const profile = await app.inject({ url: '/user/api/v1/profile', headers: { authorization: `Bearer ${t2.access_token}` } });
    expect(profile.statusCode).toBe(401);
    expect(profile.headers['www-authenticate']).toContain('invalid_token');
  });

  it('expires access tokens, and revocation (sign-out) ends the session', async () => {
    await signup('kay@example.com');
    await verify('kay@example.com');
    const t = (await tokenRequest({ grant_type: 'password', username: 'kay@example.com', password: 'correct horse battery' })).json();
    await new Promise((r) => setTimeout(r, 2100)); // accessTokenTtl is 2 s in this test
    expect((await app.inject({ url: '/user/api/v1/profile', headers: { authorization: `Bearer ${t.access_token}` } })).statusCode).toBe(401);
    const t2 = (await tokenRequest({ grant_type: 'refresh_token', refresh_token: t.refresh_token })).json();
    const revoke = await app.inject({
      method: 'POST',
      url: '/user/oauth/revoke',
      payload: `token=${t2.access_token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic() },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: t2.refresh_token })).json().error).toBe('invalid_grant');
  });

  it('takes revocation parameters only form-encoded (RFC 7009 §2.1), and answers a missing token in RFC 6749 shape', async () => {
    const revoke = (over: { payload?: string; headers?: Record<string, string> } = {}) =>
      app.inject({ method: 'POST', url: '/user/oauth/revoke', ...over, headers: { authorization: basic(), ...over.headers } });
    const oauthError = async (res: Awaited<ReturnType<typeof revoke>>) => [res.statusCode, res.json(), res.headers['cache-control']];
    const formOnly = { error: 'invalid_request', error_description: 'Send the parameters as application/x-www-form-urlencoded.' };
    expect(await oauthError(await revoke({ payload: '{"token":"garbage"}', headers: { 'content-type': 'application/json' } }))).toEqual([
      400,
      formOnly,
      'no-store',
    ]);
    expect(await oauthError(await revoke({ payload: 'token=garbage', headers: { 'content-type': 'text/plain' } }))).toEqual([400, formOnly, 'no-store']);
    const missing = { error: 'invalid_request', error_description: 'token is missing.' };
    expect(await oauthError(await revoke())).toEqual([400, missing, 'no-store']);
    expect(await oauthError(await revoke({ payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } }))).toEqual([
      400,
      missing,
      'no-store',
    ]);
    expect((await revoke({ payload: 'token=garbage', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(200);
  });

  it('resets a forgotten password through a single-use e-mailed link and ends every session', async () => {
    await signup('rosa@example.com');
    await verify('rosa@example.com');
    const before = (await tokenRequest({ grant_type: 'password', username: 'rosa@example.com', password: 'correct horse battery' })).json();
    const known = await app.inject({ method: 'PUT', url: '/user/api/v1/reset-password', payload: { email: 'rosa@example.com' } });
    const unknown = await app.inject({ method: 'PUT', url: '/user/api/v1/reset-password', payload: { email: 'nobody@example.com' } });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json().status).toBe(known.json().status);
    const link = await smtp.linkIn('rosa@example.com', /reset/i);
    expect(link.startsWith('http://shop.test/login/new-password?token=')).toBe(true);
    const token = new URL(link).searchParams.get('token')!;
    const done = await app.inject({ method: 'POST', url: '/user/api/v1/reset-password', payload: { token, password: 'a brand new passphrase' } });
    expect(done.statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/user/api/v1/reset-password', payload: { token, password: 'a brand new passphrase' } })).json().code).toBe(
      'invalid_token',
    );
    expect((await app.inject({ url: '/user/api/v1/profile', headers: { authorization: `Bearer ${before.access_token}` } })).statusCode).toBe(401);
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: before.refresh_token })).json().error).toBe('invalid_grant');
    expect((await tokenRequest({ grant_type: 'password', username: 'rosa@example.com', password: 'correct horse battery' })).json().error).toBe(
      'invalid_grant',
    );
    expect((await tokenRequest({ grant_type: 'password', username: 'rosa@example.com', password: 'a brand new passphrase' })).statusCode).toBe(200);
    expect(smtp.mails.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
  });

  it('rate limits sign-up with 429 and Retry-After', async () => {
    let last;
    for (let i = 0; i < 15; i++) last = await signup(`flood${i}@example.com`);
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json()).toMatchObject({ code: 'rate_limited' });
  });
});

describe('account route limits and client grants', () => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    app = await buildApp(
      testAppOptions(db, {
        operatorToken: 'x'.repeat(32),
        accounts: {
          clients: [CLIENT, { id: 'partner-app', secret: 'partner-secret-0123456789', grants: ['refresh_token'] }],
          settings: { publicUrl: 'http://shop.test' },
          mailer: { send: async () => undefined },
          rateLimits: { token: { max: 2, windowMs: 60_000 }, signup: { max: 2, windowMs: 60_000 }, reset: { max: 2, windowMs: 60_000 } },
        },
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it('answers unauthorized_client when a client uses a grant it may not use', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/user/oauth/token',
      payload: 'grant_type=password&username=a%40b.c&password=whatever1',
      headers: { ...form, authorization: basic('partner-app', 'partner-secret-0123456789') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('unauthorized_client');
  });

  it('rate limits the token and reset routes per client address with 429 and Retry-After', async () => {
    const token = () =>
      app.inject({
        method: 'POST',
        url: '/user/oauth/token',
        payload: 'grant_type=password&username=a%40b.c&password=whatever1',
        headers: { ...form, authorization: basic() },
        remoteAddress: '203.0.113.7',
      });
    await token();
    const second = await token();
    expect(second.statusCode).not.toBe(429);
    const third = await token();
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not limited by the first one's attempts
    const other = await app.inject({
      method: 'POST',
      url: '/user/oauth/token',
      payload: 'grant_type=password&username=a%40b.c&password=whatever1',
      headers: { ...form, authorization: basic() },
      remoteAddress: '203.0.113.8',
    });
    expect(other.statusCode).not.toBe(429);
    const reset = () => app.inject({ method: 'PUT', url: '/user/api/v1/reset-password', payload: { email: 'x@example.com' }, remoteAddress: '203.0.113.9' });
    expect((await reset()).statusCode).toBe(202);
    expect((await reset()).statusCode).toBe(202);
    const limited = await reset();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
  });
});
