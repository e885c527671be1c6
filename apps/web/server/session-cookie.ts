/**
 * The storefront's server-side session (issue 10 §4; decision 0013): an HttpOnly, SameSite=Lax
 * cookie `bd_session` (Secure when the storefront is served over HTTPS) that tells loaders and
 * actions who the shopper is, so a signed-in page renders the shopper's name on the server.
 *
 * The browser keeps the spec's stored keys (BSU_SECRET, BSU_ACCOUNT; spec §3) and stays the
 * owner of the refresh token. The web server only watches the token responses that pass through
 * its same-origin proxy: a successful grant (password or refresh_token, RFC 6749 §5.1) seals the
 * shopper's public profile and the new access token into the cookie; a refused refresh
 * (`invalid_grant`, §5.2) or a revocation (RFC 7009) clears it. So the server never rotates a
 * refresh token behind the browser's back.
 *
 * Sealing: `base64url(JSON payload) "." base64url(HMAC-SHA256(key, payload))`, the key derived
 * with HKDF-SHA256 from the web client's secret (so every storefront process agrees without a
 * new setting). The cookie is signed, not encrypted: it holds nothing the shopper's own browser
 * does not already hold, and HttpOnly keeps it from page scripts.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { parse, serialize } from 'cookie';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'bd_session';

/** What the storefront knows about a signed-in shopper. Times are epoch ms. */
export interface WebSession {
  user: { id: number; firstName: string; lastName: string; email: string };
  /** The newest access token seen for this shopper (RFC 6750 bearer), for server-side API calls. */
  accessToken: string;
  /** When that access token expires. */
  accessExpiresAt: number;
  /** When the session ends at the latest (the refresh token's lifetime); the cookie's Max-Age matches. */
  expiresAt: number;
}

/** The HMAC key of sealed sessions, derived from `secret` (the web OAuth client's secret). */
export function sessionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'b-deals', 'web session cookie v1', 32));
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** Seals `session` into a cookie value. */
export function sealSession(session: WebSession, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/**
 * Opens a sealed value: the session when the signature holds and it has not ended at `now`,
 * else null (tampered, foreign key, malformed or expired). Never throws.
 */
export function openSession(value: string | undefined, key: Buffer, now = Date.now()): WebSession | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const payload = value.slice(0, dot);
  const got = Buffer.from(value.slice(dot + 1));
  const want = Buffer.from(mac(key, payload));
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  try {
    const s = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as WebSession;
    if (typeof s.expiresAt !== 'number' || s.expiresAt <= now || typeof s.user?.firstName !== 'string') return null;
    return s;
  } catch {
    return null;
  }
}

/** The session of a request's `Cookie` header, or null. */
export function sessionFromCookieHeader(header: string | undefined, key: Buffer, now = Date.now()): WebSession | null {
  if (!header) return null;
  return openSession(parse(header)[SESSION_COOKIE], key, now);
}

/** `Set-Cookie` value that stores `session` (HttpOnly, SameSite=Lax, Path=/, Secure over HTTPS). */
export function sessionSetCookie(session: WebSession, key: Buffer, opts: { secure: boolean; now?: number }): string {
  const maxAge = Math.max(0, Math.floor((session.expiresAt - (opts.now ?? Date.now())) / 1000));
  return serialize(SESSION_COOKIE, sealSession(session, key), {
    httpOnly: true,
    sameSite: 'lax',
    secure: opts.secure,
    path: '/',
    maxAge,
  });
}

/** `Set-Cookie` value that removes the session cookie. */
export function clearSessionCookie(opts: { secure: boolean }): string {
  return serialize(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: opts.secure, path: '/', maxAge: 0 });
}
