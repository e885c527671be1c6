/**
 * Image-search routes of the `/inventory/api/v1` namespace (spec §7; issue 17), registered by app.ts:
 *
 * - `GET /search/image-search/oss-image?origin={key}&from=0&to=20[&dept=][&price=]`: products whose
 *   card image looks like the uploaded photo `origin`, most similar first; the first is flagged
 *   `identical` (with its lowest total price) when it matches closely.
 * - `GET /search/image-search/product/{id}?from=0&to=20[&dept=][&price=]`: products that look like
 *   product `id` (itself left out).
 * - `GET /search/image-search/status`: the background embedding job's coverage.
 * - `GET /upload/images/object?key=`: the uploaded image itself, for the results page.
 *
 * Errors `{code, message, details}`: 400 `validation_failed` (zod), 400 `invalid_image` (the upload
 * is not a readable image), 404 `upload_not_found`, 404 `not_found` (unknown product), 429
 * `rate_limited` (an upload query embeds a photo: 30 a minute per client; others 120).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  ImageSearchProductParamsSchema,
  ImageSearchProductQuerySchema,
  ImageSearchResponseSchema,
  ImageSearchStatusSchema,
  ImageSearchUploadQuerySchema,
  UploadObjectQuerySchema,
  type ImageSearchResponse,
  type SimilarProduct,
} from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { CARD_COLUMNS, toCard, type CardRow } from '../catalog/index.ts';
import { DomainError, notFound } from '../errors.ts';
import { ImageDecodeError } from './embedder.ts';
import type { Neighbour } from './knn.ts';
import { IDENTICAL_THRESHOLD, type SimilarityFilter, type VisionService } from './service.ts';
import { readUploadedObject, type UploadLocation } from '../uploads/index.ts';

/** Most candidates one query ranks (paging reaches at most this deep). */
const SEARCH_DEPTH = 200;

export interface VisionRouteOptions {
  db: Database;
  vision: VisionService;
  /** Where uploads live (DATA_DIR, and the S3 bucket when configured): read through the uploads domain. */
  uploads: UploadLocation;
  /** Requests per minute per client: upload queries (default 30) and the rest (default 120). */
  rateLimits?: { upload: number; other: number };
}

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema };
const MIME: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Cards of `ids` in the given order (products gone since the matrix loaded are dropped). */
async function cardsInOrder(db: Database, found: Neighbour[]): Promise<SimilarProduct[]> {
  if (found.length === 0) return [];
  const { rows } = await db.query<CardRow>(
    `SELECT ${CARD_COLUMNS} FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.id = ANY($1::bigint[]) AND p.offer_count > 0`,
    [found.map((n) => n.key)],
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return found.flatMap((n) => {
    const r = byId.get(n.key);
    // Scores are dot products of unit vectors; clamp float noise into 0…1.
    return r ? [{ ...toCard(r), similarity: Math.round(Math.min(1, Math.max(0, n.score)) * 10_000) / 10_000 }] : [];
  });
}

/** One page of the answer; `identical` only for uploads (the first of all results when it scores above the threshold). */
async function answer(
  db: Database,
  vision: VisionService,
  query: Float32Array,
  window: { from: number; to: number },
  filter: SimilarityFilter,
  withIdentical: boolean,
): Promise<ImageSearchResponse> {
  // The scan costs the same for any k: rank the whole depth once and page within it.
  const found = await vision.nearest(query, SEARCH_DEPTH, filter);
  const items = await cardsInOrder(db, found.slice(window.from, window.to));
  let identical: ImageSearchResponse['identical'] = null;
  const best = found[0];
  if (withIdentical && best && best.score >= IDENTICAL_THRESHOLD) {
    const card = window.from === 0 ? items[0] : (await cardsInOrder(db, [best]))[0];
    if (card && card.id === best.key) identical = { product: card, lowestTotalPrice: card.priceTag };
  }
  return { items, total: found.length, from: window.from, to: window.to, identical, coverage: await vision.progress() };
}

export const visionRoutes: FastifyPluginAsyncZod<VisionRouteOptions> = async (r, { db, vision, uploads, rateLimits }) => {
  const limits = rateLimits ?? { upload: 30, other: 120 };
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

  r.get(
    '/search/image-search/oss-image',
    {
      config: perMinute(limits.upload),
      schema: {
        description:
          'Products that look like the uploaded photo `origin` (spec §2.5: the upload key, directory plus file name), most similar first; `identical` names the closest product with its lowest total price when it is the same item.',
        querystring: ImageSearchUploadQuerySchema,
        response: { 200: ImageSearchResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { origin, from, to, dept, price } = req.query;
      const bytes = await readUploadedObject(uploads, origin);
      if (!bytes) throw new DomainError(404, 'upload_not_found', 'No uploaded image has this key', { origin });
      let query: Float32Array;
      try {
        query = await vision.vectorOfImage(bytes);
      } catch (err) {
        if (err instanceof ImageDecodeError) throw new DomainError(400, 'invalid_image', 'The upload is not a readable JPEG, PNG or WebP image', { origin });
        throw err;
      }
      return answer(db, vision, query, { from, to }, { dept, price }, true);
    },
  );

  r.get(
    '/search/image-search/product/:id',
    {
      config: perMinute(limits.other),
      schema: {
        description: 'Products that look like product `id` (its card image), most similar first; the product itself is left out.',
        params: ImageSearchProductParamsSchema,
        querystring: ImageSearchProductQuerySchema,
        response: { 200: ImageSearchResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { id } = req.params;
      const exists = await db.query(`SELECT 1 FROM products WHERE id = $1 AND offer_count > 0`, [id]);
      if (exists.rows.length === 0) throw notFound('Product');
      const { from, to, dept, price } = req.query;
      const query = await vision.vectorOfProduct(id);
      if (!query) return { items: [], total: 0, from, to, identical: null, coverage: await vision.progress() };
      return answer(db, vision, query, { from, to }, { dept, price, exclude: id }, false);
    },
  );

  r.get(
    '/search/image-search/status',
    {
      config: perMinute(limits.other),
      schema: { description: 'Coverage of image search while the background embedding job runs.', response: { 200: ImageSearchStatusSchema } },
    },
    async () => {
      const p = await vision.progress();
      return { ...p, ready: p.embedded >= p.total };
    },
  );

  r.get(
    '/upload/images/object',
    {
      config: perMinute(limits.other),
      schema: {
        description: 'The uploaded image `key` (spec §2.5), for the image-search results page. Private, cached 5 minutes.',
        querystring: UploadObjectQuerySchema,
        response: { 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const ext = req.query.key.split('.').pop()!.toLowerCase();
      const bytes = MIME[ext] ? await readUploadedObject(uploads, req.query.key) : null;
      if (!bytes) throw new DomainError(404, 'upload_not_found', 'No uploaded image has this key', { key: req.query.key });
      return (
        reply
          .header('content-type', MIME[ext]!)
          .header('cache-control', 'private, max-age=300')
          .header('x-content-type-options', 'nosniff')
          // The 200 body is the image's bytes (no JSON schema); the declared schemas describe only the errors.
          .send(bytes as never)
      );
    },
  );
};
