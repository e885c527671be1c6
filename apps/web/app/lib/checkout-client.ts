/**
 * Express checkout's calls from the browser (issue 15), through the spec §7 client
 * (auth-client.ts: bearer token, one refresh on a 401) and the storefront's same-origin proxy:
 *
 * - {@link startExpressBuy}: `POST /order/api/v1/shoppingcart/express-buy` → the session id.
 * - {@link loadCheckoutPage}: the session and the US states for /checkout/ on a client-side
 *   navigation, or when the server could not read a signed-in shopper's session.
 * - {@link payOrder}: `POST /order/api/v1/order` with the attempt's `Idempotency-Key`.
 * - The draft of the form in sessionStorage (everything but the card), so a visitor who signs in
 *   comes back to the checkout with what they typed.
 *
 * A token the API would take as expired is refreshed first: the express-buy and checkout calls
 * take a token but do not require one, so an expired token would silently make the shopper a
 * visitor there (and hide their own checkout) instead of answering 401.
 */
import { US_AREAS } from '@b-deals/core';
import type { CheckoutSession, ExpressBuyBody, Order, WorldAreas } from '@b-deals/contracts';
import { ApiRequestError } from './api-client';
import { browserApi, browserSession } from './auth-client';
import { checkoutApiPath, draftKey, draftText, ORDER_API, readDraft, WORLD_AREAS_API, type CheckoutDraft, type CheckoutForm } from './checkout';
import { EXPRESS_BUY_API } from './express-buy';
import { CLIENT_HEADERS } from './session';

/** A failed call: the HTTP status (0 when there was no answer) and the parsed body. */
export interface CallFailure {
  status: number;
  body: unknown;
}

const failureOf = (err: unknown): CallFailure => (err instanceof ApiRequestError ? { status: err.status, body: err.body } : { status: 0, body: null });

/** Refreshes a stored session whose access token has expired (a failed refresh leaves the shopper a visitor). */
export async function freshenSession(): Promise<void> {
  const session = browserSession();
  if (session.secret() && !session.isValid()) await session.refresh().catch(() => undefined);
}

/** Starts an express checkout; resolves to the session or the failure (never rejects). */
export async function startExpressBuy(body: ExpressBuyBody): Promise<{ ok: true; session: CheckoutSession } | ({ ok: false } & CallFailure)> {
  await freshenSession();
  return browserApi()
    .request<CheckoutSession>(EXPRESS_BUY_API, { json: body })
    .then(
      (session) => ({ ok: true as const, session }),
      (err: unknown) => ({ ok: false as const, ...failureOf(err) }),
    );
}

/** The US areas for the address form (the API's list; the same table from @b-deals/core when the call fails). */
export async function loadWorldAreas(): Promise<WorldAreas['areas']> {
  try {
    const res = await fetch(WORLD_AREAS_API, { headers: { ...CLIENT_HEADERS, accept: 'application/json' } });
    const body = (await res.json()) as Partial<WorldAreas>;
    if (res.ok && Array.isArray(body.areas) && body.areas.length > 0) return body.areas;
  } catch {
    // the fallback below
  }
  return US_AREAS.map(({ code, name, type }) => ({ code, name, type }));
}

/** Checkout session `id` as this shopper may see it: the session, or null when the API does not know it for them (404). Other failures reject. */
export async function loadCheckout(id: string): Promise<CheckoutSession | null> {
  await freshenSession();
  try {
    return await browserApi().request<CheckoutSession>(checkoutApiPath(id));
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 404) return null;
    throw err;
  }
}

/** Places the order; resolves to the order or the failure (never rejects). `key` is the attempt's `Idempotency-Key`. */
export async function payOrder(body: unknown, key: string): Promise<{ ok: true; order: Order } | ({ ok: false } & CallFailure)> {
  await freshenSession();
  return browserApi()
    .request<Order>(ORDER_API, { json: body, headers: { 'idempotency-key': key } })
    .then(
      (order) => ({ ok: true as const, order }),
      (err: unknown) => ({ ok: false as const, ...failureOf(err) }),
    );
}

/** sessionStorage, or null where it cannot be used (private modes, blocked storage). */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The draft kept for checkout `id` (empty when none). */
export function loadDraft(id: string): CheckoutDraft {
  try {
    return readDraft(storage()?.getItem(draftKey(id)) ?? null);
  } catch {
    return readDraft(null);
  }
}

/** Keeps `form` (without the card) and the open attempt's `key` for checkout `id`. */
export function saveDraft(id: string, form: CheckoutForm, key: string | null): void {
  try {
    storage()?.setItem(draftKey(id), draftText(form, key));
  } catch {
    // full or blocked: the form still works, it is only not kept
  }
}

/** Forgets checkout `id`'s draft (after the order is placed). */
export function clearDraft(id: string): void {
  try {
    storage()?.removeItem(draftKey(id));
  } catch {
    // nothing kept
  }
}
