/**
 * B-LOVED and mail-subscription routes (issue 14; spec §7), registered by app.ts under
 * `/inventory/api/v1`:
 *
 * - `GET /favorite` (from, to, sort CREATE_TIME | PRICE | PRICE_DROP, asc) → `{total, items}`;
 *   `GET /favorite/ids`; `POST /favorite` `{type: PRODUCT, favoriteId, targetPrice?, sizes?}`
 *   (idempotent); `PATCH /favorite/{id}`; `DELETE /favorite/{id}`; `GET|PUT /favorite/alert-settings`.
 *   Bearer token required (401 otherwise, RFC 6750).
 * - `POST /favorite/subscribe-discount` `{type: DISCOUNT, favoriteId: ALL, email}` (signed in or
 *   not; 202 pending, or 200 confirmed for a signed-in shopper's own address),
 *   `POST /favorite/subscribe-discount/confirm` `{token}` (200 `confirmed`, or `already_confirmed`
 *   for the same link again), `DELETE /favorite/unsubscribe-discount`
 *   with a body (token, or email when signed in), and the RFC 8058 one-click endpoint
 *   `POST /mail/one-click-unsubscribe?token=` that mail clients post `List-Unsubscribe=One-Click` to.
 *
 * Errors: `{code, message, details}` — 400 validation, `favorite_limit_reached`, `unknown_size`,
 * `invalid_token`; 401; 403; 404 `not_found`; 429 `rate_limited` (subscription calls per address).
 */
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptedSchema,
  AlertSettingsSchema,
  ConfirmDiscountBodySchema,
  ErrorBodySchema,
  FavoriteAddBodySchema,
  FavoriteIdsSchema,
  FavoriteListQuerySchema,
  FavoriteListSchema,
  FavoriteParamsSchema,
  FavoriteRemovedSchema,
  FavoriteSavedSchema,
  FavoriteUpdateBodySchema,
  OneClickQuerySchema,
  SubscribeDiscountBodySchema,
  UnsubscribeDiscountBodySchema,
} from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { bearerToken, type AuthService } from '../auth/index.ts';
import type { Mailer } from '../mail.ts';
import type { MailLinks } from './mails.tsx';
import { addFavorite, favoriteIds, listFavorites, removeFavorite, updateFavorite } from './saved.ts';
import { alertSettings, confirmDiscount, setAlertSettings, subscribeDiscount, unsubscribe } from './subscriptions.ts';

export interface FavoriteRouteOptions {
  db: Database;
  auth: AuthService;
  mailer: Mailer;
  links: MailLinks;
  /** Subscription calls (subscribe, confirm, unsubscribe) per client address per window. */
  subscribeLimit?: { max: number; windowMs: number };
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const secured = [{ bearerAuth: [] }];

export const favoriteRoutes: FastifyPluginAsyncZod<FavoriteRouteOptions> = async (r, opts) => {
  const { db, auth } = opts;
  const limit = { rateLimit: { max: opts.subscribeLimit?.max ?? 20, timeWindow: opts.subscribeLimit?.windowMs ?? 60_000 } };
  const userId = (req: { userId: number | null }) => req.userId!;
  /** The signed-in shopper of a route that does not require one, or null. */
  const optionalUser = async (authorization: string | undefined) => {
    const token = bearerToken(authorization);
    const id = token ? await auth.userForAccessToken(token) : null;
    if (id === null) return null;
    const row = (await db.query<{ email: string }>(`SELECT email FROM users WHERE id = $1`, [id])).rows[0];
    return row ? { id, email: row.email } : null;
  };

  r.get(
    '/favorite',
    { onRequest: r.authenticate, schema: { security: secured, querystring: FavoriteListQuerySchema, response: { 200: FavoriteListSchema, ...errors } } },
    async (req) => listFavorites(db, userId(req), req.query),
  );
  r.get('/favorite/ids', { onRequest: r.authenticate, schema: { security: secured, response: { 200: FavoriteIdsSchema, ...errors } } }, async (req) => ({
    ids: await favoriteIds(db, userId(req)),
  }));
  r.post(
    '/favorite',
    { onRequest: r.authenticate, schema: { security: secured, body: FavoriteAddBodySchema, response: { 200: FavoriteSavedSchema, ...errors } } },
    async (req) => addFavorite(db, userId(req), req.body),
  );
  r.get(
    '/favorite/alert-settings',
    { onRequest: r.authenticate, schema: { security: secured, response: { 200: AlertSettingsSchema, ...errors } } },
    async (req) => alertSettings(db, userId(req)),
  );
  r.put(
    '/favorite/alert-settings',
    { onRequest: r.authenticate, schema: { security: secured, body: AlertSettingsSchema, response: { 200: AlertSettingsSchema, ...errors } } },
    async (req) => setAlertSettings(db, userId(req), req.body),
  );
  r.patch(
    '/favorite/:id',
    {
      onRequest: r.authenticate,
      schema: { security: secured, params: FavoriteParamsSchema, body: FavoriteUpdateBodySchema, response: { 200: FavoriteSavedSchema, ...errors } },
    },
    async (req) => updateFavorite(db, userId(req), req.params.id, req.body),
  );
  r.delete(
    '/favorite/:id',
    { onRequest: r.authenticate, schema: { security: secured, params: FavoriteParamsSchema, response: { 200: FavoriteRemovedSchema, ...errors } } },
    async (req) => removeFavorite(db, userId(req), req.params.id),
  );

  const deps = { db, mailer: opts.mailer, links: opts.links, onMailError: (err: unknown) => r.log.error({ err }, 'could not send the confirmation mail') };
  r.post(
    '/favorite/subscribe-discount',
    { config: limit, schema: { body: SubscribeDiscountBodySchema, response: { 200: AcceptedSchema, 202: AcceptedSchema, ...errors } } },
    async (req, reply) => {
      const answer = await subscribeDiscount(deps, req.body.email, await optionalUser(req.headers.authorization));
      return reply.status(answer.status === 'pending' ? 202 : 200).send(answer);
    },
  );
  r.post(
    '/favorite/subscribe-discount/confirm',
    { config: limit, schema: { body: ConfirmDiscountBodySchema, response: { 200: AcceptedSchema, ...errors } } },
    async (req) => confirmDiscount(deps, req.body.token),
  );
  r.delete(
    '/favorite/unsubscribe-discount',
    {
      config: limit,
      schema: { body: UnsubscribeDiscountBodySchema, response: { 200: AcceptedSchema.extend({ kind: z.string() }), 403: ErrorBodySchema, ...errors } },
    },
    async (req) => {
      const { token, email } = req.body;
      return token ? unsubscribe(db, { token }) : unsubscribe(db, { email: email!, user: await optionalUser(req.headers.authorization) });
    },
  );
  // Only the one-click POST takes forms: mail clients post `List-Unsubscribe=One-Click` form-encoded,
  // or as multipart/form-data (RFC 8058 §3.1), and its body carries nothing we need. Every other
  // route of this plugin takes JSON only (API robustness report M6).
  await r.register(async (oneClick) => {
    await oneClick.register(formbody);
    oneClick.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) => done(null, {}));
    oneClick
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/mail/one-click-unsubscribe',
        { config: limit, schema: { querystring: OneClickQuerySchema, response: { 200: AcceptedSchema.extend({ kind: z.string() }), ...errors } } },
        async (req) => unsubscribe(db, { token: req.query.token }),
      );
  });
};
