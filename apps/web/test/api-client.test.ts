import { describe, expect, it } from 'vitest';
import { ApiRequestError, createBrowserApiClient } from '../app/lib/api-client.ts';
import { createSession, readSecret, saveSecret, type KeyValueStorage } from '../app/lib/session.ts';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A fake API (a third party to the browser): `/order/api/v1/orders/stat` needs a live access
 * token; the token endpoint rotates refresh tokens; `/public` answers anyone; `/boom` fails.
 */
function fakeApi() {
  const live = new Set(['at-live']);
  const refreshTokens = new Set(['rt1']);
  const seen: Array<{ path: string; auth: string | null; client: string | null; method: string; body: string | null }> = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const h = new Headers(init?.headers);
    seen.push({
      path,
      auth: h.get('authorization'),
      client: h.get('x-client-name'),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? init.body : null,
    });
    if (path === '/user/oauth/token') {
      const rt = new URLSearchParams(String(init?.body)).get('refresh_token') ?? '';
      if (!refreshTokens.delete(rt)) return json(400, { error: 'invalid_grant', error_description: 'The refresh token is not valid.' });
      live.add('at-new');
      refreshTokens.add('rt2');
      return json(200, { access_token: 'at-new', token_type: 'Bearer', expires_in: 900, refresh_token: 'rt2' });
    }
    if (path === '/user/api/v1/profile') return json(200, { id: 1, firstName: 'Ada', lastName: 'L', email: 'ada@example.com' });
    const token = h.get('authorization')?.replace('Bearer ', '');
    if (path === '/public') return json(200, { ok: true, anonymous: !token });
    if (path === '/boom')
      return json(400, { code: 'validation_failed', message: 'Invalid body', details: [{ path: '/email', message: 'Enter a valid e-mail address.' }] });
    if (path === '/empty') return new Response(null, { status: 204 });
    if (path === '/order/api/v1/orders/stat')
      return token && live.has(token) ? json(200, { count: 3 }) : json(401, { code: 'invalid_token', message: 'Sign in first.' });
    return json(404, { code: 'not_found', message: 'No route' });
  }) as typeof fetch;
  return { fetch: fetchFn, seen };
}

function setup(tokens?: { access_token: string; refresh_token?: string }) {
  const storage = memoryStorage();
  if (tokens) saveSecret(storage, { ...tokens, expires_in: 900 }, Date.now());
  const api = fakeApi();
  const session = createSession({ storage, fetch: api.fetch });
  let signInNeeded = 0;
  const client = createBrowserApiClient({ session, fetch: api.fetch, onSignInNeeded: () => void (signInNeeded += 1) });
  return { storage, api, client, signInNeeded: () => signInNeeded };
}

describe('browser API client (spec §7 general rules)', () => {
  it('sends the stored bearer token and the web client header, and resolves to the body data', async () => {
    const { client, api } = setup({ access_token: 'at-live', refresh_token: 'rt1' });
    await expect(client.request('/order/api/v1/orders/stat')).resolves.toEqual({ count: 3 });
    expect(api.seen[0]).toMatchObject({ auth: 'Bearer at-live', client: 'b-deals-web' });
  });

  it('keeps an Authorization header the caller set', async () => {
    const { client, api } = setup({ access_token: 'at-live' });
    await client.request('/public', { headers: { Authorization: 'Bearer mine' } });
    expect(api.seen[0]!.auth).toBe('Bearer mine');
  });

  it('sends JSON bodies as POST and resolves an empty body to undefined', async () => {
    const { client, api } = setup();
    await expect(client.request('/empty', { json: { a: 1 } })).resolves.toBeUndefined();
    expect(api.seen[0]).toMatchObject({ method: 'POST', body: '{"a":1}', auth: null });
  });

  it('on a 401 with a stored token refreshes once and retries with the new token', async () => {
    const { client, api, storage, signInNeeded } = setup({ access_token: 'at-expired', refresh_token: 'rt1' });
    await expect(client.request('/order/api/v1/orders/stat')).resolves.toEqual({ count: 3 });
    expect(api.seen.map((s) => `${s.path} ${s.auth}`)).toEqual([
      '/order/api/v1/orders/stat Bearer at-expired',
      '/user/oauth/token null',
      '/user/api/v1/profile Bearer at-new',
      '/order/api/v1/orders/stat Bearer at-new',
    ]);
    expect(readSecret(storage, Date.now())!.refresh_token).toBe('rt2');
    expect(signInNeeded()).toBe(0);
  });

  it('when the refresh fails retries once without a token, the session cleared', async () => {
    const { client, api, storage, signInNeeded } = setup({ access_token: 'at-expired', refresh_token: 'rt-revoked' });
    await expect(client.request('/order/api/v1/orders/stat')).rejects.toMatchObject({ status: 401 });
    expect(api.seen.map((s) => `${s.path} ${s.auth}`)).toEqual([
      '/order/api/v1/orders/stat Bearer at-expired',
      '/user/oauth/token null',
      '/order/api/v1/orders/stat null',
    ]);
    expect(storage.data.size).toBe(0);
    // The anonymous retry was refused too and no token is left: go to /login.
    expect(signInNeeded()).toBe(1);
  });

  it('on a 401 with no stored token asks for sign-in (go to /login) and rejects', async () => {
    const { client, api, signInNeeded } = setup();
    await expect(client.request('/order/api/v1/orders/stat')).rejects.toBeInstanceOf(ApiRequestError);
    expect(signInNeeded()).toBe(1);
    expect(api.seen).toHaveLength(1);
  });

  it('rejects other errors with the status and the body fields', async () => {
    const { client, signInNeeded } = setup();
    const err = (await client.request('/boom').catch((e: unknown) => e)) as ApiRequestError;
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err.status).toBe(400);
    expect(err.code).toBe('validation_failed');
    expect(err.message).toBe('Invalid body');
    expect(err.details).toEqual([{ path: '/email', message: 'Enter a valid e-mail address.' }]);
    const notFound = (await client.request('/nowhere').catch((e: unknown) => e)) as ApiRequestError;
    expect(notFound.status).toBe(404);
    expect(signInNeeded()).toBe(0);
  });
});
