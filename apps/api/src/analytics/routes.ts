/**
 * Analytics routes (issue 19 §1), registered by app.ts under `/analytics/api/v1`:
 * `POST /events` takes a batch from the storefront's browser code (sent only after consent) and
 * answers 204; events keep the shopper's id only as the batch's access token vouches for it. Errors: 400 `{code, message, details}` for an invalid batch (nothing stored), 413
 * above the body limit, 429 past the per-address rate limit.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnalyticsBatchSchema, ErrorBodySchema } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { bearerToken, type AuthService } from '../auth/index.ts';
import { storeEvents } from './collector.ts';

/** Largest batch body, bytes (50 events with their items fit well under it). */
export const ANALYTICS_BODY_LIMIT = 64 * 1024;

export interface AnalyticsRouteOptions {
  db: Database;
  /** Reads the batch's access token (`Authorization: Bearer`, added by the storefront from its session): events keep a `userId` only when it is that token's account. */
  auth: AuthService;
  /** Batches per client address per minute. */
  batchesPerMinute?: number;
}

export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (r, { db, auth, batchesPerMinute = 60 }) => {
  // navigator.sendBeacon sends a Blob; a text/plain one avoids a CORS preflight, so take it as JSON too.
  r.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: ANALYTICS_BODY_LIMIT }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch (err) {
      (err as { statusCode?: number }).statusCode = 400;
      done(err as Error, undefined);
    }
  });
  r.post(
    '/events',
    {
      bodyLimit: ANALYTICS_BODY_LIMIT,
      config: { rateLimit: { max: batchesPerMinute, timeWindow: 60_000 } },
      schema: {
        description: 'A batch of analytics events from the storefront (after consent); stored whole or not at all.',
        body: AnalyticsBatchSchema,
        response: { 204: z.null().describe('Stored'), 400: ErrorBodySchema, 413: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const token = bearerToken(req.headers.authorization);
      const verified = token ? await auth.userForAccessToken(token) : null;
      await storeEvents(db, req.body, new Date(), verified);
      return reply.status(204).send(null);
    },
  );
};
