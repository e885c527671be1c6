/** The storefront's sealed session cookie (issue 10 §4; decision 0013). */
import { describe, expect, it } from 'vitest';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  openSession,
  sealSession,
  sessionFromCookieHeader,
  sessionKey,
  sessionSetCookie,
  type WebSession,
} from '../server/session-cookie.ts';

const NOW = Date.UTC(2026, 10, 23, 12);
const session: WebSession = {
  user: { id: 7, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' },
  accessToken: 'at-1',
  accessExpiresAt: NOW + 900_000,
  expiresAt: NOW + 30 * 86_400_000,
};
const key = sessionKey('dev-web-secret-change-me');

describe('session cookie', () => {
  it('round-trips a session sealed with the same key', () => {
    expect(openSession(sealSession(session, key), key, NOW)).toEqual(session);
    expect(sessionKey('dev-web-secret-change-me').equals(key)).toBe(true); // every process derives the same key
  });

  it('refuses a tampered, foreign-keyed, malformed or expired value', () => {
    const sealed = sealSession(session, key);
    const [payload, sig] = sealed.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...session, user: { ...session.user, id: 1 } })).toString('base64url');
    expect(openSession(`${forged}.${sig}`, key, NOW)).toBeNull();
    expect(openSession(`${payload}.${sig.slice(1)}x`, key, NOW)).toBeNull();
    expect(openSession(sealed, sessionKey('another-secret-0123456789'), NOW)).toBeNull();
    expect(openSession('not-a-session', key, NOW)).toBeNull();
    expect(openSession(`${Buffer.from('{').toString('base64url')}.${sig}`, key, NOW)).toBeNull();
    expect(openSession(sealed, key, session.expiresAt)).toBeNull();
    expect(openSession(undefined, key, NOW)).toBeNull();
  });

  it('is set HttpOnly, SameSite=Lax, for the session lifetime, Secure over HTTPS, and cleared the same way', () => {
    const set = sessionSetCookie(session, key, { secure: true, now: NOW });
    expect(set).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Lax');
    expect(set).toContain('Secure');
    expect(set).toContain(`Max-Age=${30 * 86_400}`);
    expect(sessionSetCookie(session, key, { secure: false, now: NOW })).not.toContain('Secure');
    const value = set.split(';')[0]!;
    expect(sessionFromCookieHeader(`other=1; ${value}`, key, NOW)).toEqual(session);
    expect(clearSessionCookie({ secure: false })).toMatch(/^bd_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/);
  });
});
