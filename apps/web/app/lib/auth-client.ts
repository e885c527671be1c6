/**
 * The browser's one session and API client (session.ts, api-client.ts) over `localStorage` and
 * `fetch`, and `useAccount()` for components. On the server and during hydration `useAccount()`
 * is the shopper the server knows from its session cookie (the root loader's `user`; decision
 * 0013), so a signed-in page is rendered signed-in; after hydration it is the stored account.
 * Changes in this tab notify subscribers directly; changes in other tabs arrive through the
 * `storage` event, so signing out in one tab signs out the header in all.
 */
import { internalHref } from '@b-deals/core';
import type { Profile } from '@b-deals/contracts';
import { createBrowserApiClient, type BrowserApiClient } from './api-client';
import { useRouteLoaderData } from 'react-router';
import { useExternalValue } from './hooks';
import { ACCOUNT_KEY, SECRET_KEY, asProfile, createSession, readAccount, saveAccount, type Session } from './session';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

let browser: { session: Session; api: BrowserApiClient } | null = null;

/** Path and query of the current page, for `/login?redirectTo=`. */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** The `/login` URL that comes back to `path` after signing in. */
export function loginHref(path: string): string {
  return internalHref('/login', path && path !== '/' && !path.startsWith('/login') ? `redirectTo=${encodeURIComponent(path)}` : '');
}

function client() {
  if (!browser) {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const session = createSession({
      storage: window.localStorage,
      fetch: window.fetch.bind(window),
      onChange: notify,
      // The lock is held until fn settles (Web Locks API); its typing wraps the promise once more.
      exclusive: locks ? <T>(fn: () => Promise<T>) => locks.request('BSU_REFRESH', fn) as Promise<T> : undefined,
    });
    const api = createBrowserApiClient({
      session,
      fetch: window.fetch.bind(window),
      onSignInNeeded: () => window.location.assign(loginHref(currentPath())),
    });
    browser = { session, api };
  }
  return browser;
}

/** The browser session (sign-in, refresh, sign-out). Browser only: throws ReferenceError on the server. */
export const browserSession = (): Session => client().session;

/** The browser API client (spec §7 rules). Browser only. */
export const browserApi = (): BrowserApiClient => client().api;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === ACCOUNT_KEY || e.key === SECRET_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

let cached: { raw: string | null; account: Profile | null } = { raw: null, account: null };
function snapshot(): Profile | null {
  const raw = window.localStorage.getItem(ACCOUNT_KEY);
  if (raw !== cached.raw) cached = { raw, account: readAccount(window.localStorage) };
  return cached.account;
}

/** The signed-in shopper: the server's view while rendering and hydrating, then the stored profile (`BSU_ACCOUNT`); null when signed out. */
export function useAccount(): Profile | null {
  const serverUser = (useRouteLoaderData('root') as { user?: Profile | null } | undefined)?.user ?? null;
  return useExternalValue(subscribe, snapshot, serverUser);
}

/** The profile panel's figures (spec §6): B-LOVED product count and order count, null when unknown. */
export interface AccountSummary {
  loved: number | null;
  orders: number | null;
}

const countOf = (v: unknown, key: 'total' | 'count'): number | null => {
  const n = (v as Record<string, unknown> | null)?.[key];
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
};

/**
 * Reloads the profile (`GET /user/api/v1/profile`, saved to BSU_ACCOUNT) and the panel's counts
 * (DESIGN.md: `GET /inventory/api/v1/favorite?from=0&to=1&sort=CREATE_TIME&asc=true` → `total`,
 * `GET /order/api/v1/orders/stat` → `count`). Goes through the spec §7 client, so an expired
 * access token is refreshed on the way. A count whose call fails is null (not shown); never rejects.
 */
export async function loadAccountSummary(): Promise<AccountSummary> {
  const api = browserApi();
  const [profile, loved, orders] = await Promise.allSettled([
    api.request('/user/api/v1/profile'),
    api.request('/inventory/api/v1/favorite?from=0&to=1&sort=CREATE_TIME&asc=true'),
    api.request('/order/api/v1/orders/stat'),
  ]);
  if (profile.status === 'fulfilled') {
    const parsed = asProfile(profile.value);
    if (parsed && browserSession().secret()) {
      saveAccount(window.localStorage, parsed);
      notify();
    }
  }
  return {
    loved: loved.status === 'fulfilled' ? countOf(loved.value, 'total') : null,
    orders: orders.status === 'fulfilled' ? countOf(orders.value, 'count') : null,
  };
}
