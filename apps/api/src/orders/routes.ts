/**
 * Checkout and order routes (issue 15; spec §7), registered by app.ts:
 *
 * - under `/order/api/v1`: `POST /shoppingcart/express-buy` (signed in or not) → a checkout
 *   session; `GET /shoppingcart/checkout/{id}`; `POST /order` (bearer token and an
 *   `Idempotency-Key` header required) → the order; `GET /orders?f=0&t=500&d=true` → `{total,
 *   items}`; `GET /orders/stat` → `{count}`; `GET /order/{id}`.
 * - `GET /api/v1/basic-data/world-areas/US`: states, DC, territories and military codes.
 *
 * Errors: `{code, message, details}` (see checkout.ts and orders.ts); 400 `idempotency_key_required`; 429
 * `rate_limited` past {@link EXPRESS_BUY_LIMIT} express buys a client a minute.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { US_AREAS } from '@b-deals/core';
import {
  CheckoutParamsSchema,
  CheckoutSessionSchema,
  ErrorBodySchema,
  ExpressBuyBodySchema,
  IdSchema,
  OrderSchema,
  OrdersQuerySchema,
  OrdersResponseSchema,
  OrdersStatSchema,
  PlaceOrderBodySchema,
  WorldAreasSchema,
} from '@b-deals/contracts';
import { bearerToken, type AuthService } from '../auth/index.ts';
import { DomainError, notFound } from '../errors.ts';
import { expressBuy, getCheckout } from './checkout.ts';
import { getOrder, listOrders, orderStat, placeOrder, type OrderDeps } from './orders.ts';

export interface OrderRouteOptions extends OrderDeps {
  auth: AuthService;
  /** Express-buy checkouts one client address may start per window (default {@link EXPRESS_BUY_LIMIT}). */
  expressBuyLimit?: { max: number; windowMs: number };
}

/**
 * Express-buy checkouts per client address and minute: each one writes a checkout session, and the
 * route needs no sign-in, so a loop could fill the table; past it, 429 `rate_limited` with Retry-After.
 */
export const EXPRESS_BUY_LIMIT = { max: 60, windowMs: 60_000 };

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const secured = [{ bearerAuth: [] }];
/** An Idempotency-Key (draft-ietf-httpapi-idempotency-key-header): 8 to 255 visible ASCII characters. */
const IdempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{8,255}$/);

export const orderRoutes: FastifyPluginAsyncZod<OrderRouteOptions> = async (r, opts) => {
  const { db, auth, payments } = opts;
  const optionalUserId = async (authorization: string | undefined) => {
    const token = bearerToken(authorization);
    return token ? auth.userForAccessToken(token) : null;
  };

  const buyLimit = opts.expressBuyLimit ?? EXPRESS_BUY_LIMIT;
  r.post(
    '/shoppingcart/express-buy',
    {
      config: { rateLimit: { max: buyLimit.max, timeWindow: buyLimit.windowMs } },
      schema: { body: ExpressBuyBodySchema, response: { 201: CheckoutSessionSchema, ...errors, 429: ErrorBodySchema } },
    },
    async (req, reply) => reply.status(201).send(await expressBuy(db, payments, await optionalUserId(req.headers.authorization), req.body)),
  );
  r.get('/shoppingcart/checkout/:id', { schema: { params: CheckoutParamsSchema, response: { 200: CheckoutSessionSchema, ...errors } } }, async (req) => {
    const session = await getCheckout(db, payments, req.params.id, await optionalUserId(req.headers.authorization));
    if (!session) throw notFound('The checkout');
    return session;
  });
  r.post(
    '/order',
    {
      onRequest: r.authenticate,
      schema: {
        security: secured,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: PlaceOrderBodySchema,
        response: { 200: OrderSchema, 402: ErrorBodySchema, 422: ErrorBodySchema, 503: ErrorBodySchema, ...errors },
      },
    },
    async (req) => {
      const key = IdempotencyKeySchema.safeParse(req.headers['idempotency-key']);
      if (!key.success) throw new DomainError(400, 'idempotency_key_required', 'Send an Idempotency-Key header (8 to 255 characters) with every order.');
      return placeOrder(opts, req.userId!, key.data, req.body);
    },
  );
  r.get(
    '/orders',
    { onRequest: r.authenticate, schema: { security: secured, querystring: OrdersQuerySchema, response: { 200: OrdersResponseSchema, ...errors } } },
    async (req) => listOrders(db, req.userId!, req.query, payments.testMode),
  );
  r.get('/orders/stat', { onRequest: r.authenticate, schema: { security: secured, response: { 200: OrdersStatSchema, ...errors } } }, async (req) =>
    orderStat(db, req.userId!),
  );
  r.get(
    '/order/:id',
    { onRequest: r.authenticate, schema: { security: secured, params: z.object({ id: IdSchema }), response: { 200: OrderSchema, ...errors } } },
    async (req) => {
      const order = await getOrder(db, req.userId!, req.params.id, payments.testMode);
      if (!order) throw notFound('The order');
      return order;
    },
  );
};

/** `GET /api/v1/basic-data/world-areas/{country}` (spec §7; only US is served). */
export const worldAreaRoutes: FastifyPluginAsyncZod = async (r) => {
  r.get(
    '/api/v1/basic-data/world-areas/:country',
    { schema: { params: z.object({ country: z.string().max(8) }), response: { 200: WorldAreasSchema, 404: ErrorBodySchema } } },
    async (req, reply) => {
      if (req.params.country.toUpperCase() !== 'US') throw notFound('That country');
      void reply.header('cache-control', 'public, max-age=86400');
      return { country: 'US' as const, areas: US_AREAS.map(({ code, name, type }) => ({ code, name, type })) };
    },
  );
};
