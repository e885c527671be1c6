/**
 * Operator routes of the `/admin/api/v1` namespace (DESIGN.md "Operator actions … go through an
 * admin route that requires an operator token"). Every request must carry
 * `Authorization: Bearer <OPERATOR_TOKEN>` (compared in constant time), else 401.
 *
 * - `POST /feeds`: ingest one feed, promotions or price-history file (raw bytes in the body, up
 *   to 1 GiB); answers the ingest report. The catalogue change reaches every API process's search
 *   index through the database's announcement (migration 0006); this process's index is
 *   invalidated at once as well.
 * - `GET /images/report`: per merchant, how many of its feed images are on disk, failed (by
 *   reason) or not tried yet (catalog/image-fetch.ts; issue 11 item 5).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminFeedQuerySchema,
  AnalyticsSummaryQuerySchema,
  AnalyticsSummarySchema,
  ErrorBodySchema,
  ImageReportSchema,
  IngestReportSchema,
} from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { type FxTable } from '@b-deals/feeds';
import { z } from 'zod';
import { IdSchema } from '@b-deals/contracts';
import { analyticsSummary } from '../analytics/index.ts';
import { imageReport } from '../catalog/index.ts';
import { advanceOrder } from '../orders/index.ts';
import { ingestSource } from '../ingest/index.ts';
import type { SearchIndex } from '../search/index.ts';
import { DomainError } from '../errors.ts';
import type { ApiMetrics } from '../metrics.ts';

export interface AdminRouteOptions {
  db: Database;
  fx: FxTable;
  operatorToken: string;
  searchIndex: SearchIndex;
  metrics?: ApiMetrics;
}

export const adminRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (admin, opts) => {
  const expected = Buffer.from(`Bearer ${opts.operatorToken}`);
  admin.addHook('onRequest', async (req) => {
    const got = Buffer.from(req.headers.authorization ?? '');
    if (got.length !== expected.length || !timingSafeEqual(got, expected)) {
      throw new DomainError(401, 'unauthorized', 'Operator token required (Authorization: Bearer <OPERATOR_TOKEN>)');
    }
  });
  admin.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 * 1024 }, (_req, body, done) => done(null, body));
  admin.post(
    '/feeds',
    {
      schema: {
        description: 'Operator: ingest one feed or price-history file (raw bytes in the body).',
        querystring: AdminFeedQuerySchema,
        response: { 200: IngestReportSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (req) => {
      const q = req.query;
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw new DomainError(400, 'empty_feed', 'The request body must hold the feed file');
      const report = await ingestSource(opts.db, {
        bytes: req.body,
        filename: q.filename,
        fx: opts.fx,
        full: q.full,
        merchant: q.merchant
          ? { slug: q.merchant, name: q.merchantName, region: q.region, marketplace: q.marketplace, homepage: q.homepage, logo: q.logo }
          : undefined,
      });
      opts.searchIndex.invalidate(); // the next search here sees the new catalogue version even before the announcement arrives
      if (opts.metrics) {
        opts.metrics.ingestItems.inc({ outcome: 'accepted' }, report.accepted);
        opts.metrics.ingestItems.inc({ outcome: 'rejected' }, report.rejected);
        opts.metrics.ingestItems.inc({ outcome: 'warnings' }, report.warnings);
      }
      return report;
    },
  );
  admin.get(
    '/analytics/summary',
    {
      schema: {
        description: 'Operator: what the consented analytics events add up to over the last `days` days (issue 19 §3).',
        querystring: AnalyticsSummaryQuerySchema,
        response: { 200: AnalyticsSummarySchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (req) => analyticsSummary(opts.db, req.query.days),
  );
  admin.get(
    '/images/report',
    {
      schema: {
        description: "Operator: merchants' feed images fetched, failed (by reason) and pending, per merchant (issue 11 item 5).",
        response: { 200: ImageReportSchema, 401: ErrorBodySchema },
      },
    },
    async () => ({ merchants: await imageReport(opts.db) }),
  );
  admin.post(
    '/orders/:id/status',
    {
      schema: {
        description: 'Operator: move a paid order on (forwarded to the merchant, shipped, cancelled); recorded in its status history.',
        params: z.object({ id: IdSchema }),
        querystring: z.object({ status: z.enum(['forwarded', 'shipped', 'cancelled']), note: z.string().max(500).optional() }),
        response: { 204: z.null(), 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      await advanceOrder(opts.db, req.params.id, req.query.status, req.query.note ?? null);
      return reply.status(204).send(null);
    },
  );
};
