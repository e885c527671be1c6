/**
 * Server-side calls of checkout and orders (issue 15) for the loaders and the action of
 * /checkout/ and /order/: JSON to the API named in the load context, with the web client's
 * identification headers (spec §7), the shopper's address (`X-Forwarded-For`) and, when the
 * server holds one, the shopper's bearer token (`userAccessToken`, decision 0013). Answers are
 * checked against their contracts.
 */
import { US_AREAS } from '@b-deals/core';
import {
  CheckoutSessionSchema,
  OrdersResponseSchema,
  WorldAreasSchema,
  type CheckoutSession,
  type ExpressBuyBody,
  type Order,
  type WorldAreas,
} from '@b-deals/contracts';
import type { AppLoadContext } from 'react-router';
import { forwardingHeaders } from './api.server';
import { checkoutApiPath, ORDERS_API, WORLD_AREAS_API } from './checkout';
import { EXPRESS_BUY_API } from './express-buy';
import { CLIENT_HEADERS } from './session';

/** An API answer: its status (0 when the API could not be reached in 10 s) and parsed body (null when empty or not JSON). */
export interface OrderCallOutcome {
  status: number;
  body: unknown;
}

/** One call to the API: `method`, `path` (with query), an optional JSON `body` and bearer `token`. Never rejects. */
export async function orderCall(
  context: AppLoadContext,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string | null } = {},
): Promise<OrderCallOutcome> {
  const headers: Record<string, string> = { ...CLIENT_HEADERS, ...forwardingHeaders(context.forwardedFor, context.requestId), accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  try {
    const res = await fetch(new URL(path, context.apiUrl), {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch {
    return { status: 0, body: null };
  }
}

/**
 * Checkout session `id` read with `token` (null: as a visitor): the session, `null` when the API
 * does not know it for this shopper (404), or rejects when the API failed.
 */
export async function loadCheckoutSession(context: AppLoadContext, id: string, token: string | null): Promise<CheckoutSession | null> {
  const res = await orderCall(context, 'GET', checkoutApiPath(id), { token });
  if (res.status === 404) return null;
  if (res.status !== 200) throw new Error(`API ${checkoutApiPath(id)} answered ${res.status}`);
  return CheckoutSessionSchema.parse(res.body);
}

/** `POST /order/api/v1/shoppingcart/express-buy` (the Buy now form sent without JavaScript): the session, or the refusal's outcome. */
export async function expressBuyCall(
  context: AppLoadContext,
  body: ExpressBuyBody,
  token: string | null,
): Promise<{ session: CheckoutSession } | OrderCallOutcome> {
  const res = await orderCall(context, 'POST', EXPRESS_BUY_API, { body, token });
  return res.status === 201 ? { session: CheckoutSessionSchema.parse(res.body) } : res;
}

let areas: { at: number; list: Promise<WorldAreas['areas']> } | null = null;
/** How long this process keeps the list of US areas, ms (the API allows a day). */
const AREAS_TTL_MS = 24 * 60 * 60 * 1000;

/** The US states, DC, territories and military codes (`GET /api/v1/basic-data/world-areas/US`, kept a day; core's table when the API cannot answer). */
export function worldAreas(context: AppLoadContext, now = Date.now()): Promise<WorldAreas['areas']> {
  if (!areas || now - areas.at > AREAS_TTL_MS) {
    const list = orderCall(context, 'GET', WORLD_AREAS_API).then((res) => {
      const parsed = res.status === 200 ? WorldAreasSchema.safeParse(res.body) : null;
      if (parsed?.success) return parsed.data.areas;
      areas = null; // ask again next time
      return US_AREAS.map(({ code, name, type }) => ({ code, name, type }));
    });
    areas = { at: now, list };
  }
  return areas.list;
}

/** The shopper's orders, newest first, read with `token`: the list, or null when the API refused the token (401: the browser refreshes it and loads the page itself). */
export async function loadOrders(context: AppLoadContext, token: string): Promise<{ total: number; items: Order[] } | null> {
  const res = await orderCall(context, 'GET', ORDERS_API, { token });
  if (res.status === 401) return null;
  if (res.status !== 200) throw new Error(`API ${ORDERS_API} answered ${res.status}`);
  return OrdersResponseSchema.parse(res.body);
}
