/**
 * Server-side favourite calls (issue 14) for the loaders and form actions of /collection,
 * /subscription, /subscription/confirm and /unsubscribe: JSON to the API named in the load
 * context with the web client's identification headers (spec §7), the shopper's address
 * (`X-Forwarded-For`, per-shopper rate limits) and, for B-LOVED, the shopper's bearer token
 * (`userAccessToken`, decision 0013). Answers of the B-LOVED list and alert settings are checked
 * against their contracts.
 */
import { AlertSettingsSchema, FavoriteListSchema, type AlertSettings, type FavoriteList } from '@b-deals/contracts';
import type { AppLoadContext } from 'react-router';
import { forwardingHeaders } from './api.server';
import { collectionApiPath, FAVORITE_API, type CollectionParams } from './favorites';
import { SUBSCRIBE_PATH, UNSUBSCRIBE_PATH } from './subscriptions';
import { CLIENT_HEADERS } from './session';

/** An API answer: status, whether it was 2xx, and the parsed body (null when empty or not JSON). */
export interface ApiOutcome {
  status: number;
  ok: boolean;
  body: unknown;
}

/**
 * One call to the API: `method` and `path` (with query), an optional JSON `body` and bearer
 * `token`. Resolves to the outcome; rejects only when the API cannot be reached or does not answer
 * within 10 s.
 */
export async function favoriteCall(
  context: AppLoadContext,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string | null } = {},
): Promise<ApiOutcome> {
  const headers: Record<string, string> = {
    ...CLIENT_HEADERS,
    ...forwardingHeaders(context.forwardedFor, context.requestId),
    accept: 'application/json',
  };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(new URL(path, context.apiUrl), {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(10_000),
  });
  const parsed: unknown = await res.json().catch(() => null);
  return { status: res.status, ok: res.ok, body: parsed };
}

/** A page of the shopper's B-LOVED and their alert setting (null when it could not be read). */
export interface CollectionData {
  list: FavoriteList;
  alerts: AlertSettings | null;
}

/**
 * The B-LOVED page `params` asks for, read with the shopper's access `token`: the list
 * (`GET /inventory/api/v1/favorite?from&to&sort&asc`) and the alert setting
 * (`GET …/favorite/alert-settings`). Null when the API refused the token (401: the browser
 * refreshes it and loads the page itself); other failures reject.
 */
export async function loadCollection(context: AppLoadContext, token: string, params: CollectionParams): Promise<CollectionData | null> {
  const [list, alerts] = await Promise.all([
    favoriteCall(context, 'GET', collectionApiPath(params), { token }),
    favoriteCall(context, 'GET', `${FAVORITE_API}/alert-settings`, { token }).catch(() => null),
  ]);
  if (list.status === 401) return null;
  if (!list.ok) throw new Error(`API ${collectionApiPath(params)} answered ${list.status}`);
  const settings = alerts?.ok ? AlertSettingsSchema.safeParse(alerts.body) : null;
  return { list: FavoriteListSchema.parse(list.body), alerts: settings?.success ? settings.data : null };
}

const UNREACHABLE: ApiOutcome = { status: 0, ok: false, body: null };

/**
 * `POST /inventory/api/v1/favorite/subscribe-discount` `{type: DISCOUNT, favoriteId: ALL, email}`,
 * with the shopper's token when signed in (the API confirms a shopper's own address at once).
 * An unreachable API is outcome status 0.
 */
export const subscribeDiscountCall = (context: AppLoadContext, email: string, token: string | null): Promise<ApiOutcome> =>
  favoriteCall(context, 'POST', SUBSCRIBE_PATH, { body: { type: 'DISCOUNT', favoriteId: 'ALL', email }, token }).catch(() => UNREACHABLE);

/** `POST /inventory/api/v1/favorite/subscribe-discount/confirm` `{token}` (the confirmation link's token). */
export const confirmDiscountCall = (context: AppLoadContext, token: string): Promise<ApiOutcome> =>
  favoriteCall(context, 'POST', `${SUBSCRIBE_PATH}/confirm`, { body: { token } }).catch(() => UNREACHABLE);

/**
 * `DELETE /inventory/api/v1/favorite/unsubscribe-discount` with a body: the unsubscribe link's
 * `token`, or a signed-in shopper's own `email` with their `accessToken`.
 */
export const unsubscribeCall = (context: AppLoadContext, by: { token: string } | { email: string; accessToken: string }): Promise<ApiOutcome> =>
  favoriteCall(context, 'DELETE', UNSUBSCRIBE_PATH, {
    body: { type: 'DISCOUNT', favoriteId: 'ALL', ...('token' in by ? { token: by.token } : { email: by.email }) },
    token: 'accessToken' in by ? by.accessToken : null,
  }).catch(() => UNREACHABLE);
