/**
 * Liveness and readiness (issue 10 §5, issue 12 §4), hidden from the OpenAPI document:
 * - `GET /health`: the process answers (liveness; never touches the database).
 * - `GET /ready`: the database answers `SELECT 1` within 2 s, the search index has a snapshot, and
 *   Redis (when configured) answers PING within 2 s;
 *   200 `{status: 'ready', checks}` or 503 `{code: 'not_ready', message, details: checks}`, so a
 *   load balancer sends traffic only to an instance that can serve it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '@b-deals/db';
import type { SearchIndex } from './search/index.ts';

export interface HealthOptions {
  db: Database;
  searchIndex: SearchIndex;
  redis?: Redis;
}

/** Resolves true when `probe` succeeds within `ms`. */
async function answers(probe: () => Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([probe().then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { db, searchIndex, redis }) => {
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok', database: db.kind }));
  app.get('/ready', { schema: { hide: true } }, async (_req, reply) => {
    const checks: Record<string, boolean> = { database: await answers(() => db.query('SELECT 1'), 2000), searchIndex: searchIndex.ready };
    if (redis) checks.redis = await answers(() => redis.ping(), 2000);
    if (Object.values(checks).every(Boolean)) return { status: 'ready', checks };
    return reply.status(503).send({ code: 'not_ready', message: 'This instance cannot serve requests yet.', details: checks });
  });
};
