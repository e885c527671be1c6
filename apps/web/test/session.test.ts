import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_KEY,
  SECRET_KEY,
  clearSession,
  createSession,
  isSessionExpired,
  isSessionValid,
  readAccount,
  readSecret,
  saveSecret,
  withExpiry,
  type KeyValueStorage,
} from '../app/lib/session.ts';

/** An in-memory Web Storage. */
function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

interface Call {
  path: string;
  headers: Record<string, string>;
  form: URLSearchParams | null;
}

/**
 * A fake of the API's token endpoint, revocation and profile (a third party to the browser):
 * single-use refresh tokens, an access-token list, and switches to make calls fail.
 */
function fakeApi() {
  let n = 0;
  const access = new Set<string>();
  const refresh = new Set<string>();
  const calls: Call[] = [];
  const state = { profileFails: false, tokenEndpointDown: false, revoked: [] as string[] };
  const issue = () => {
    n += 1;
    access.add(`at${n}`);
    refresh.add(`rt${n}`);
    return { access_token: `at${n}`, token_type: 'Bearer', expires_in: 900, refresh_token: `rt${n}` };
  };
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const form =
      typeof init?.body === 'string' && headers['content-type']?.startsWith('application/x-www-form-urlencoded') ? new URLSearchParams(init.body) : null;
    calls.push({ path, headers, form });
    await Promise.resolve();
    if (path === '/user/oauth/token') {
      if (state.tokenEndpointDown) return json(503, { code: 'unavailable', message: 'Down' });
      if (form?.get('grant_type') === 'password') {
        if (form.get('username') === 'ada@example.com' && form.get('password') === 'correct horse') return json(200, issue());
        return json(400, { error: 'invalid_grant', error_description: 'The e-mail address or password is wrong.' });
      }
      const rt = form?.get('refresh_token') ?? '';
      if (!refresh.delete(rt)) return json(400, { error: 'invalid_grant', error_description: 'The refresh token is not valid.' });
      return json(200, issue());
    }
    if (path === '/user/oauth/revoke') {
      state.revoked.push(form?.get('token') ?? '');
      return new Response(null, { status: 200 });
    }
    if (path === '/user/api/v1/profile') {
      const token = headers.authorization?.replace('Bearer ', '') ?? '';
      if (state.profileFails || !access.has(token)) return json(401, { code: 'invalid_token', message: 'The access token is invalid or has expired.' });
      return json(200, { id: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    }
    return json(404, { code: 'not_found', message: 'No route' });
  }) as typeof fetch;
  return { fetch: fetchFn, calls, state, issue };
}

const T0 = Date.UTC(2026, 0, 1);

function setup() {
  const storage = memoryStorage();
  const api = fakeApi();
  const clock = { now: T0 };
  let changes = 0;
  const session = createSession({ storage, fetch: api.fetch, now: () => clock.now, onChange: () => void (changes += 1) });
  return { storage, api, clock, session, changes: () => changes };
}

describe('expiry and validity (spec §4)', () => {
  it('computes expires_at from expires_in seconds when absent, keeps it when given', () => {
    expect(withExpiry({ access_token: 'a', expires_in: 60 }, T0).expires_at).toBe(T0 + 60_000);
    expect(withExpiry({ access_token: 'a', expires_in: 60, expires_at: T0 + 5 }, T0).expires_at).toBe(T0 + 5);
  });

  it('is valid with a token before expires_at, expired after it, neither without a token', () => {
    const s = withExpiry({ access_token: 'a', expires_in: 60 }, T0);
    expect(isSessionValid(s, T0 + 59_999)).toBe(true);
    expect(isSessionExpired(s, T0 + 59_999)).toBe(false);
    expect(isSessionValid(s, T0 + 60_001)).toBe(false);
    expect(isSessionExpired(s, T0 + 60_001)).toBe(true);
    expect(isSessionValid(null, T0)).toBe(false);
    expect(isSessionExpired(null, T0)).toBe(false);
    const empty = { ...s, access_token: '' };
    expect(isSessionValid(empty, T0)).toBe(false);
    expect(isSessionExpired(empty, T0 + 120_000)).toBe(false);
  });

  it('reads a stored secret without expires_at by computing it, and ignores unreadable values', () => {
    const storage = memoryStorage();
    storage.setItem(SECRET_KEY, JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_in: 30 }));
    expect(readSecret(storage, T0)).toEqual({ access_token: 'a', refresh_token: 'r', expires_in: 30, expires_at: T0 + 30_000 });
    storage.setItem(SECRET_KEY, '{not json');
    expect(readSecret(storage, T0)).toBeNull();
    storage.setItem(ACCOUNT_KEY, JSON.stringify({ id: 'x' }));
    expect(readAccount(storage)).toBeNull();
  });

  it('clearing removes both keys', () => {
    const storage = memoryStorage();
    saveSecret(storage, { access_token: 'a', expires_in: 1 }, T0);
    storage.setItem(ACCOUNT_KEY, '{}');
    storage.setItem('USE_COOKIE', 'true');
    clearSession(storage);
    expect([...storage.data.keys()]).toEqual(['USE_COOKIE']);
  });
});

describe('sign-in', () => {
  it('stores the tokens with expires_at and the public profile, never the password', async () => {
    const { storage, session, api, changes } = setup();
    const profile = await session.signIn('ada@example.com', 'correct horse');
    expect(profile.firstName).toBe('Ada');
    expect(JSON.parse(storage.getItem(SECRET_KEY)!)).toEqual({ access_token: 'at1', refresh_token: 'rt1', expires_in: 900, expires_at: T0 + 900_000 });
    expect(JSON.parse(storage.getItem(ACCOUNT_KEY)!)).toEqual({ id: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    expect([...storage.data.values()].join()).not.toContain('correct horse');
    expect(api.calls.map((c) => c.path)).toEqual(['/user/oauth/token', '/user/api/v1/profile']);
    expect(api.calls[0]!.form!.get('grant_type')).toBe('password');
    expect(api.calls[0]!.headers['x-client-name']).toBe('b-deals-web');
    expect(api.calls[1]!.headers.authorization).toBe('Bearer at1');
    expect(changes()).toBeGreaterThan(0);
  });

  it('rejects a wrong password with the endpoint’s invalid_grant description and stores nothing', async () => {
    const { storage, session } = setup();
    await expect(session.signIn('ada@example.com', 'wrong')).rejects.toMatchObject({
      error: 'invalid_grant',
      status: 400,
      message: 'The e-mail address or password is wrong.',
    });
    expect(storage.data.size).toBe(0);
  });
});

describe('refresh (spec §4)', () => {
  it('refreshes with the refresh token, saves the new tokens, then the follow-up profile', async () => {
    const { storage, session, api, clock } = setup();
    await session.signIn('ada@example.com', 'correct horse');
    storage.setItem(ACCOUNT_KEY, JSON.stringify({ id: 7, firstName: 'Old', lastName: 'Name', email: 'ada@example.com' }));
    clock.now = T0 + 1_000_000;
    const secret = await session.refresh();
    expect(secret).toEqual({ access_token: 'at2', refresh_token: 'rt2', expires_in: 900, expires_at: T0 + 1_900_000 });
    expect(readSecret(storage, clock.now)).toEqual(secret);
    expect(readAccount(storage)!.firstName).toBe('Ada');
    const [tokenCall, profileCall] = api.calls.slice(2);
    expect(tokenCall!.form!.get('grant_type')).toBe('refresh_token');
    expect(tokenCall!.form!.get('refresh_token')).toBe('rt1');
    expect(profileCall!.headers.authorization).toBe('Bearer at2');
  });

  it('fails without a call when no refresh token is stored', async () => {
    const { storage, session, api } = setup();
    saveSecret(storage, { access_token: 'only-access', expires_in: 60 }, T0);
    await expect(session.refresh()).rejects.toMatchObject({ status: 0 });
    expect(api.calls).toEqual([]);
  });

  it('clears the session when the refresh fails and the stored refresh token is unchanged', async () => {
    const { storage, session } = setup();
    saveSecret(storage, { access_token: 'x', refresh_token: 'unknown', expires_in: 60 }, T0);
    storage.setItem(ACCOUNT_KEY, JSON.stringify({ id: 7, firstName: 'Ada', lastName: 'L', email: 'a@b.co' }));
    await expect(session.refresh()).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(storage.data.size).toBe(0);
  });

  it('keeps the session when another tab stored a new refresh token while this refresh failed', async () => {
    const { storage, api, clock } = setup();
    saveSecret(storage, { access_token: 'x', refresh_token: 'unknown', expires_in: 60 }, T0);
    // Another tab writes its fresh tokens while our token call is on the wire.
    const racing = createSession({
      storage,
      now: () => clock.now,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const res = await api.fetch(input, init);
        saveSecret(storage, { access_token: 'at-other', refresh_token: 'rt-other', expires_in: 60 }, clock.now);
        return res;
      }) as typeof fetch,
    });
    await expect(racing.refresh()).rejects.toBeTruthy();
    expect(readSecret(storage, clock.now)!.refresh_token).toBe('rt-other');
  });

  it('rejects when the follow-up profile call fails', async () => {
    const { session, api } = setup();
    await session.signIn('ada@example.com', 'correct horse');
    api.state.profileFails = true;
    await expect(session.refresh()).rejects.toMatchObject({ status: 401 });
  });

  it('shares one in-flight refresh between concurrent callers, spending the refresh token once', async () => {
    const { session, api } = setup();
    await session.signIn('ada@example.com', 'correct horse');
    const results = await Promise.all([session.refresh(), session.refresh(), session.refresh()]);
    expect(new Set(results.map((r) => r.access_token))).toEqual(new Set(['at2']));
    expect(api.calls.filter((c) => c.form?.get('grant_type') === 'refresh_token')).toHaveLength(1);
    // After it settles, a later refresh makes a new call.
    await session.refresh();
    expect(session.secret()!.access_token).toBe('at3');
  });
});

describe('refresh across tabs', () => {
  it('uses the stored session without a call when another tab already replaced the rejected token', async () => {
    const { storage, session, api } = setup();
    await session.signIn('ada@example.com', 'correct horse');
    const before = api.calls.length;
    // This tab's request was rejected with 'at0'; the store already holds the newer 'at1'.
    await expect(session.refresh('at0')).resolves.toMatchObject({ access_token: 'at1' });
    expect(api.calls.length).toBe(before);
    // Rejected with the stored token itself: a real refresh.
    await expect(session.refresh('at1')).resolves.toMatchObject({ access_token: 'at2' });
    expect(readSecret(storage, T0)!.refresh_token).toBe('rt2');
  });

  it('runs the refresh inside the injected cross-tab lock', async () => {
    const storage = memoryStorage();
    const api = fakeApi();
    const held: string[] = [];
    const session = createSession({
      storage,
      fetch: api.fetch,
      exclusive: async (fn) => {
        held.push('lock');
        try {
          return await fn();
        } finally {
          held.push('unlock');
        }
      },
    });
    await session.signIn('ada@example.com', 'correct horse');
    expect(held).toEqual([]);
    await session.refresh();
    expect(held).toEqual(['lock', 'unlock']);
  });
});

describe('sign-out (RFC 7009)', () => {
  it('revokes the refresh token and clears both keys', async () => {
    const { storage, session, api } = setup();
    await session.signIn('ada@example.com', 'correct horse');
    await session.signOut();
    expect(api.state.revoked).toEqual(['rt1']);
    expect(storage.data.size).toBe(0);
  });

  it('still clears the session when the revocation call fails', async () => {
    const storage = memoryStorage();
    saveSecret(storage, { access_token: 'a', refresh_token: 'r', expires_in: 60 }, T0);
    const session = createSession({ storage, fetch: (() => Promise.reject(new TypeError('offline'))) as typeof fetch });
    await session.signOut();
    expect(storage.data.size).toBe(0);
  });
});
