/**
 * The storefront's analytics in the browser (issue 19 §1–§2; spec §4, §7). Nothing is recorded,
 * stored or sent before the shopper's consent (the cookie banner's USE_COOKIE = 'true'), and
 * never when the browser signals Global Privacy Control (`navigator.globalPrivacyControl`).
 * After consent each event goes two ways:
 * - to `window.dataLayer` (a GTM container, when one is configured, reads it), GA4-style:
 *   `{event, ...params}`, and for events with items `{ecommerce: null}` then `{event, ecommerce}`;
 * - to our first-party collector `POST /analytics/api/v1/events`, batched: sent when 10 are
 *   waiting, after 5 s, or when the page is hidden or left (`navigator.sendBeacon`).
 * The collector validates every batch against the API's contract; here the types of that contract
 * (`AnalyticsEvent`) keep the calls right, without shipping a validator to the browser. Browser
 * only: every function is a no-op on the server.
 *
 * User identify (spec §7; GA4's `user_id`): while a shopper is signed in (the stored account,
 * `BSU_ACCOUNT`, lib/session.ts), each event carries their account id, a pseudonymous number and
 * never the e-mail address: `userId` in the collector's event, and `{user_id}` pushed to the
 * dataLayer before the first event of a new identity. After sign-out events carry no id and
 * `{user_id: undefined}` clears it from the tag manager's data model.
 */
import type { AnalyticsEvent } from '@b-deals/contracts';
import type { CardView } from './card-view';
import { COOKIE_KEY } from '../components/cookie-banner';
import { readAccount } from './session';

/** localStorage key of the anonymous id (spec §7), created on the first event after consent. */
export const ANONYMOUS_ID_KEY = 'bd_anonymous_id';
/** Where batches go (same origin: the storefront proxies it to the API). */
export const COLLECTOR_PATH = '/analytics/api/v1/events';
const BATCH_SIZE = 10;
const FLUSH_AFTER_MS = 5000;

type Name = AnalyticsEvent['name'];
type ParamsOf<N extends Name> = Extract<AnalyticsEvent, { name: N }>['params'];

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
}

let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;
/** The identity last pushed to the dataLayer (null: none, as on a fresh page). */
let pushedUserId: string | null = null;

/** GA4 `user_id` of the signed-in shopper: their account id as a string; null when signed out. */
export function signedInUserId(): string | null {
  try {
    const id = readAccount(window.localStorage)?.id;
    return id !== undefined && Number.isSafeInteger(id) && id > 0 ? String(id) : null;
  } catch {
    return null;
  }
}

/** True when analytics may run: in a browser, consent given, and no Global Privacy Control signal. */
export function analyticsAllowed(): boolean {
  if (typeof window === 'undefined') return false;
  if (navigator.globalPrivacyControl === true) return false;
  try {
    return window.localStorage.getItem(COOKIE_KEY) === 'true';
  } catch {
    return false;
  }
}

function anonymousId(): string {
  let id = window.localStorage.getItem(ANONYMOUS_ID_KEY);
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) {
    id = crypto.randomUUID();
    window.localStorage.setItem(ANONYMOUS_ID_KEY, id);
  }
  return id;
}

/** Records one event (rules in the module comment), with the shopper's `userId` when signed in. Returns whether it was recorded. */
export function track<N extends Name>(name: N, params: ParamsOf<N>): boolean {
  if (!analyticsAllowed()) return false;
  const userId = signedInUserId();
  const event = {
    name,
    time: new Date().toISOString(),
    page: (location.pathname + location.search).slice(0, 500),
    ...(userId ? { userId } : {}),
    params,
  } as AnalyticsEvent;
  const layer = (window.dataLayer ??= []);
  if (userId !== pushedUserId) {
    layer.push({ user_id: userId ?? undefined });
    pushedUserId = userId;
  }
  if ('items' in params) {
    layer.push({ ecommerce: null });
    layer.push({ event: name, ecommerce: params });
  } else layer.push({ event: name, ...params });
  queue.push(event);
  listen();
  if (queue.length >= BATCH_SIZE) flush();
  else timer ??= setTimeout(flush, FLUSH_AFTER_MS);
  return true;
}

/** Sends what is waiting (a beacon when the page is going away, else a keep-alive fetch). */
export function flush(leaving = false): void {
  clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0 || !analyticsAllowed()) {
    queue = [];
    return;
  }
  const body = JSON.stringify({ anonymousId: anonymousId(), events: queue });
  queue = [];
  const blob = new Blob([body], { type: 'text/plain' });
  if (leaving && navigator.sendBeacon?.(COLLECTOR_PATH, blob)) return;
  void fetch(COLLECTOR_PATH, { method: 'POST', body: blob, keepalive: true }).catch(() => undefined);
}

function listen(): void {
  if (listening) return;
  listening = true;
  addEventListener('pagehide', () => flush(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush(true);
  });
}

/** A product card as a GA4 item: id, name, brand, price in dollars, the deepest category code, its place in a list. */
export function ga4Item(p: Pick<CardView, 'id' | 'name' | 'brand' | 'priceTag' | 'categoryIds'>, index?: number) {
  return {
    item_id: String(p.id),
    item_name: p.name.slice(0, 300),
    ...(p.brand ? { item_brand: p.brand.name.slice(0, 100) } : {}),
    ...(p.categoryIds[0] ? { item_category: p.categoryIds[0] } : {}),
    price: p.priceTag / 100,
    ...(index === undefined ? {} : { index }),
  };
}

/** localStorage keys of the session's campaign (spec §4 UTM tracking). */
const UTM_MEDIUM_KEY = 'bd_utm_medium';
const UTM_CONTENT_KEY = 'bd_utm_content';

/**
 * Spec §4 UTM tracking: when the page's `utm_medium` differs from the one stored for the session,
 * stores medium and content (sessionStorage) and sends 'web_page_open'. Runs once per page load.
 */
export function trackCampaign(search: string): void {
  if (!analyticsAllowed()) return;
  const q = new URLSearchParams(search);
  const medium = q.get('utm_medium')?.slice(0, 100);
  if (!medium || sessionStorage.getItem(UTM_MEDIUM_KEY) === medium) return;
  const content = q.get('utm_content')?.slice(0, 200) ?? undefined;
  sessionStorage.setItem(UTM_MEDIUM_KEY, medium);
  if (content) sessionStorage.setItem(UTM_CONTENT_KEY, content);
  else sessionStorage.removeItem(UTM_CONTENT_KEY);
  track('web_page_open', content ? { utm_medium: medium, utm_content: content } : { utm_medium: medium });
}
