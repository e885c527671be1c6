/**
 * The client session of spec §3 and §4 (DESIGN.md "The session is stored under BSU_SECRET …").
 *
 * Stored in a key–value storage (localStorage in the browser, injected here):
 * - `BSU_SECRET`: `{access_token, refresh_token, expires_in, expires_at}` — `expires_in` in
 *   seconds as the token endpoint answered it (RFC 6749 §5.1), `expires_at` in epoch ms.
 * - `BSU_ACCOUNT`: the signed-in user's public profile `{id, firstName, lastName, email}`.
 * A password is never stored.
 *
 * The pure rules (validity, expiry, `expires_at`) take `now` in epoch ms; the calls (sign-in,
 * refresh, sign-out) take the storage, `fetch` and the clock from {@link createSession}.
 * Token calls go to the storefront's own origin (`/user/oauth/token`, `/user/oauth/revoke`):
 * the web server adds the web client's authentication there (server/app.ts), so the client
 * secret never reaches the browser.
 */
import type { Profile, TokenResponse } from '@b-deals/contracts';

// Hand-written shape checks of the contracts' ProfileSchema and TokenResponseSchema, so zod
// stays out of the browser bundle.
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** `v` as a public profile `{id, firstName, lastName, email}` (extra fields dropped), or null. */
export function asProfile(v: unknown): Profile | null {
  if (!isObject(v) || !Number.isInteger(v.id)) return null;
  const { firstName, lastName, email } = v;
  if (typeof firstName !== 'string' || typeof lastName !== 'string' || typeof email !== 'string') return null;
  return { id: v.id as number, firstName, lastName, email };
}

function asTokens(v: unknown): TokenResponse | null {
  if (!isObject(v) || typeof v.access_token !== 'string' || !v.access_token || !Number.isInteger(v.expires_in)) return null;
  if (typeof v.refresh_token !== 'string') return null;
  return { access_token: v.access_token, token_type: 'Bearer', expires_in: v.expires_in as number, refresh_token: v.refresh_token };
}

export const SECRET_KEY = 'BSU_SECRET';
export const ACCOUNT_KEY = 'BSU_ACCOUNT';

/** The stored tokens (spec §3 stored session). `expires_at` in epoch ms. */
export interface StoredSecret {
  access_token: string;
  refresh_token?: string;
  /** Seconds. */
  expires_in: number;
  /** Epoch ms. */
  expires_at: number;
}

/** The part of the Web Storage API the session uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Tokens as answered by the token endpoint or stored: `expires_at` may be absent. */
export interface TokenInput {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  expires_at?: number;
}

/** Spec §4: `expires_at` (epoch ms) as given, or `now + expires_in × 1000` when absent. */
export function withExpiry(tokens: TokenInput, now: number): StoredSecret {
  const secret: StoredSecret = {
    access_token: tokens.access_token,
    expires_in: tokens.expires_in,
    expires_at: tokens.expires_at ?? now + tokens.expires_in * 1000,
  };
  if (tokens.refresh_token) secret.refresh_token = tokens.refresh_token;
  return secret;
}

/** Spec §4 session validity: an access token exists and `now` (epoch ms) is before `expires_at`. */
export function isSessionValid(secret: StoredSecret | null, now: number): boolean {
  return !!secret?.access_token && now < secret.expires_at;
}

/** Spec §4: expired when an access token exists and `now` (epoch ms) is past `expires_at`. */
export function isSessionExpired(secret: StoredSecret | null, now: number): boolean {
  return !!secret?.access_token && now > secret.expires_at;
}

function readJson(storage: KeyValueStorage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/**
 * The stored `BSU_SECRET`, or null when absent or unreadable. A stored value without
 * `expires_at` gets it computed from `expires_in` (spec §4).
 */
export function readSecret(storage: KeyValueStorage, now: number): StoredSecret | null {
  const v = readJson(storage, SECRET_KEY) as Partial<TokenInput> | null;
  if (!v || typeof v.access_token !== 'string' || typeof v.expires_in !== 'number') return null;
  return withExpiry(
    {
      access_token: v.access_token,
      refresh_token: typeof v.refresh_token === 'string' ? v.refresh_token : undefined,
      expires_in: v.expires_in,
      expires_at: typeof v.expires_at === 'number' ? v.expires_at : undefined,
    },
    now,
  );
}

/** Stores tokens under `BSU_SECRET` (computing `expires_at`) and returns what was stored. */
export function saveSecret(storage: KeyValueStorage, tokens: TokenInput, now: number): StoredSecret {
  const secret = withExpiry(tokens, now);
  storage.setItem(SECRET_KEY, JSON.stringify(secret));
  return secret;
}

/** The stored `BSU_ACCOUNT` profile, or null when absent or not a profile. */
export function readAccount(storage: KeyValueStorage): Profile | null {
  return asProfile(readJson(storage, ACCOUNT_KEY));
}

/** Stores the public profile under `BSU_ACCOUNT` (only id, names and e-mail). */
export function saveAccount(storage: KeyValueStorage, profile: Profile): void {
  const { id, firstName, lastName, email } = profile;
  storage.setItem(ACCOUNT_KEY, JSON.stringify({ id, firstName, lastName, email }));
}

/** Spec §4: clearing removes the stored session (both keys). */
export function clearSession(storage: KeyValueStorage): void {
  storage.removeItem(SECRET_KEY);
  storage.removeItem(ACCOUNT_KEY);
}

/**
 * A failed sign-in or refresh. `error` is the RFC 6749 §5.2 code when the token endpoint
 * answered one (e.g. `invalid_grant`), `status` the HTTP status (0 when no call was made).
 */
export class SessionError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly error?: string,
  ) {
    super(message);
    this.name = 'SessionError';
  }
}

export interface SessionDeps {
  storage: KeyValueStorage;
  fetch: typeof fetch;
  /** Epoch ms; default Date.now. */
  now?: () => number;
  /** Origin of the token endpoint and API, '' for the page's own origin (the default). */
  baseUrl?: string;
  /** Called after every change of the stored session (to re-render subscribers). */
  onChange?: () => void;
  /**
   * Runs a refresh exclusively across tabs (the browser passes the Web Locks API), so two tabs
   * never spend the same single-use refresh token; default: runs it directly.
   */
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T>;
}

/** Spec §7: every call carries a header identifying the web client (name and version 1.0.0). */
export const CLIENT_HEADERS = { 'x-client-name': 'b-deals-web', 'x-client-version': '1.0.0' } as const;

/**
 * The session operations over injected storage and fetch:
 * - `signIn(email, password)`: RFC 6749 §4.3 password grant, then `GET /user/api/v1/profile`;
 *   stores both keys and resolves to the profile. Rejects with {@link SessionError}
 *   (`invalid_grant` carries the API's description, e.g. "The e-mail address or password is wrong.").
 * - `refresh(rejectedToken?)`: spec §4 session refresh (see the method). Concurrent calls share
 *   one in-flight promise, so a burst of 401s spends the single-use refresh token once. When the
 *   access token the API rejected is no longer the stored one and the stored session is valid
 *   (another tab refreshed meanwhile), it resolves to the stored session without a call.
 * - `signOut()`: RFC 7009 revocation of the refresh token (or the access token when there is
 *   none), then clears the session whether or not the revocation call succeeded.
 */
export function createSession(deps: SessionDeps) {
  const { storage } = deps;
  const now = deps.now ?? Date.now;
  const base = deps.baseUrl ?? '';
  const changed = () => deps.onChange?.();
  let inFlight: Promise<StoredSecret> | null = null;

  async function tokenCall(params: Record<string, string>): Promise<StoredSecret> {
    const res = await deps.fetch(`${base}/user/oauth/token`, {
      method: 'POST',
      headers: { ...CLIENT_HEADERS, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(params).toString(),
    });
    const body = (await res.json().catch(() => null)) as { error?: string; error_description?: string; message?: string } | null;
    if (!res.ok) {
      throw new SessionError(body?.error_description ?? body?.message ?? `The token endpoint answered ${res.status}.`, res.status, body?.error);
    }
    const tokens = asTokens(body);
    if (!tokens) throw new SessionError('The token endpoint answered without tokens.', res.status);
    return saveSecret(storage, tokens, now());
  }

  async function fetchProfile(accessToken: string): Promise<Profile> {
    const res = await deps.fetch(`${base}/user/api/v1/profile`, {
      headers: { ...CLIENT_HEADERS, accept: 'application/json', authorization: `Bearer ${accessToken}` },
    });
    if (!res.ok) throw new SessionError(`The profile call answered ${res.status}.`, res.status);
    const profile = asProfile(await res.json().catch(() => null));
    if (!profile) throw new SessionError('The profile call answered without a profile.', res.status);
    saveAccount(storage, profile);
    return profile;
  }

  /**
   * Spec §4 session refresh: with a stored refresh token, a `refresh_token` grant is made and
   * the new tokens saved; then `GET /user/api/v1/profile` with the new access token and its
   * result saved to `BSU_ACCOUNT`. If either call fails and the stored refresh token is still
   * the one this refresh started with (no other tab refreshed meanwhile), the session is
   * cleared; the promise rejects either way. Without a refresh token it rejects at once
   * (SessionError, status 0) without a call. Resolves to the new stored secret.
   */
  async function runRefresh(rejectedToken?: string): Promise<StoredSecret> {
    const current = readSecret(storage, now());
    if (rejectedToken && current && current.access_token !== rejectedToken && isSessionValid(current, now())) return current;
    const startedWith = readSecret(storage, now())?.refresh_token;
    if (!startedWith) throw new SessionError('There is no refresh token.', 0);
    try {
      const secret = await tokenCall({ grant_type: 'refresh_token', refresh_token: startedWith });
      changed();
      await fetchProfile(secret.access_token);
      changed();
      return secret;
    } catch (err) {
      if (readSecret(storage, now())?.refresh_token === startedWith) {
        clearSession(storage);
        changed();
      }
      throw err;
    }
  }

  return {
    /** The stored secret (null when signed out). */
    secret: (): StoredSecret | null => readSecret(storage, now()),
    /** The stored public profile (null when signed out). */
    account: (): Profile | null => readAccount(storage),
    /** Spec §4 validity of the stored session at the injected clock's now. */
    isValid: (): boolean => isSessionValid(readSecret(storage, now()), now()),

    async signIn(email: string, password: string): Promise<Profile> {
      const secret = await tokenCall({ grant_type: 'password', username: email, password });
      try {
        const profile = await fetchProfile(secret.access_token);
        changed();
        return profile;
      } catch (err) {
        clearSession(storage);
        changed();
        throw err;
      }
    },

    refresh(rejectedToken?: string): Promise<StoredSecret> {
      const exclusive = deps.exclusive ?? ((fn) => fn());
      inFlight ??= exclusive(() => runRefresh(rejectedToken)).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },

    async signOut(): Promise<void> {
      const secret = readSecret(storage, now());
      const token = secret?.refresh_token ?? secret?.access_token;
      if (token) {
        // A failed revocation (network, 5xx) must not keep the shopper signed in here.
        await deps
          .fetch(`${base}/user/oauth/revoke`, {
            method: 'POST',
            headers: { ...CLIENT_HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ token, token_type_hint: secret?.refresh_token ? 'refresh_token' : 'access_token' }).toString(),
          })
          .catch(() => undefined);
      }
      clearSession(storage);
      changed();
    },
  };
}

export type Session = ReturnType<typeof createSession>;
