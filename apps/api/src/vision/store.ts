/**
 * The `image_vectors` table (migration 0015) and the catalogue's image bytes (issue 17).
 *
 * - `imagesToEmbed`: products with a card image whose vector is missing, for another URL, or of
 *   another model — the work of the `image-embed` job.
 * - `saveImageVector` / `copyVectorByHash`: upserts; an image whose bytes were embedded before
 *   under another URL (same SHA-256) reuses that vector.
 * - `loadImageVectors`: every current vector with the product facts the filters need.
 * - `readCatalogueImage`: the bytes behind an image URL — the demo catalogue's own images from
 *   MEDIA_DIR/demo (core's DEMO_MEDIA_ORIGIN); merchants' images from the WebP copy the catalogue's
 *   `image-fetch` job keeps under MEDIA_DIR/remote (decision 0023: fetched once, checked, re-encoded;
 *   image search never downloads anything itself); null when an image cannot be had yet (it is
 *   skipped, and tried again at the next run).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_MEDIA_ORIGIN } from '@b-deals/core';
import type { Database, Queryable } from '@b-deals/db';
import { readFetchedImage } from '../catalog/index.ts';

/** The network, layer and colour signature the vectors come from; a change re-embeds every image. */
export const VECTOR_MODEL = 'nsfwjs-4.3.0/mobilenet_v2/block_13_expand_relu-outrelu-weighted576+hs24v4';

/** An image the job still has to embed. */
export interface ImageToEmbed {
  productId: number;
  imageUrl: string;
}

/** Up to `limit` products (lowest id first) whose card image has no current vector. */
export async function imagesToEmbed(db: Queryable, limit: number): Promise<ImageToEmbed[]> {
  const { rows } = await db.query<{ id: number; image_url: string }>(
    `SELECT p.id, p.image_url FROM products p
       LEFT JOIN image_vectors v ON v.product_id = p.id
      WHERE p.image_url IS NOT NULL AND p.offer_count > 0
        AND (v.product_id IS NULL OR v.image_url <> p.image_url OR v.model <> $1)
      ORDER BY p.id LIMIT $2`,
    [VECTOR_MODEL, limit],
  );
  return rows.map((r) => ({ productId: Number(r.id), imageUrl: r.image_url }));
}

/** Counts for progress: products with a card image, and how many of them have a current vector. */
export async function embeddingProgress(db: Queryable): Promise<{ embedded: number; total: number }> {
  const { rows } = await db.query<{ total: number; embedded: number }>(
    `SELECT count(*)::int AS total,
            count(v.product_id)::int AS embedded
       FROM products p
       LEFT JOIN image_vectors v ON v.product_id = p.id AND v.image_url = p.image_url AND v.model = $1
      WHERE p.image_url IS NOT NULL AND p.offer_count > 0`,
    [VECTOR_MODEL],
  );
  return rows[0]!;
}

/** Writes (or replaces) the vector of `productId`'s image. */
export async function saveImageVector(
  db: Queryable,
  row: { productId: number; imageUrl: string; contentHash: string; model: Float32Array; colour: Float32Array },
): Promise<void> {
  await db.query(
    `INSERT INTO image_vectors (product_id, image_url, content_hash, model, model_vector, colour, embedded_at)
     VALUES ($1, $2, $3, $4, $5::real[], $6::real[], now())
     ON CONFLICT (product_id) DO UPDATE SET image_url = EXCLUDED.image_url, content_hash = EXCLUDED.content_hash,
       model = EXCLUDED.model, model_vector = EXCLUDED.model_vector, colour = EXCLUDED.colour, embedded_at = now()`,
    [row.productId, row.imageUrl, row.contentHash, VECTOR_MODEL, Array.from(row.model), Array.from(row.colour)],
  );
}

/** Gives `productId` the vector of another image with the same bytes (`contentHash`); false when there is none. */
export async function copyVectorByHash(db: Queryable, productId: number, imageUrl: string, contentHash: string): Promise<boolean> {
  const { rows } = await db.query<{ product_id: number }>(
    `INSERT INTO image_vectors (product_id, image_url, content_hash, model, model_vector, colour, embedded_at)
     SELECT $1, $2, content_hash, model, model_vector, colour, now() FROM image_vectors
      WHERE content_hash = $3 AND model = $4 AND product_id <> $1 LIMIT 1
     ON CONFLICT (product_id) DO UPDATE SET image_url = EXCLUDED.image_url, content_hash = EXCLUDED.content_hash,
       model = EXCLUDED.model, model_vector = EXCLUDED.model_vector, colour = EXCLUDED.colour, embedded_at = now()
     RETURNING product_id`,
    [productId, imageUrl, contentHash, VECTOR_MODEL],
  );
  return rows.length > 0;
}

/** A stored vector with the facts image search filters on. */
export interface StoredVector {
  productId: number;
  model: Float32Array;
  colour: Float32Array;
  /** Category code (department = its first character). */
  categoryCode: string;
  /** Best total price (decision 0006), cents; null without an active offer. */
  priceCents: number | null;
}

/** Every current vector of a listed product (its image unchanged since embedding), in product id order. */
export async function loadImageVectors(db: Database): Promise<StoredVector[]> {
  const { rows } = await db.query<{ id: number; model_vector: number[]; colour: number[]; category_code: string; price_cents: number | null }>(
    `SELECT p.id, v.model_vector, v.colour, p.category_code, p.price_cents
       FROM image_vectors v JOIN products p ON p.id = v.product_id AND p.image_url = v.image_url
      WHERE v.model = $1 AND p.offer_count > 0
      ORDER BY p.id`,
    [VECTOR_MODEL],
  );
  return rows.map((r) => ({
    productId: Number(r.id),
    model: Float32Array.from(r.model_vector),
    colour: Float32Array.from(r.colour),
    categoryCode: r.category_code,
    priceCents: r.price_cents === null ? null : Number(r.price_cents),
  }));
}

/** A stamp that changes when vectors or the catalogue change (count and latest write), for cheap staleness checks. */
export async function vectorsStamp(db: Database): Promise<string> {
  const { rows } = await db.query<{ n: number; at: string | null; v: string | null }>(
    `SELECT (SELECT count(*)::int FROM image_vectors) AS n, (SELECT max(embedded_at)::text FROM image_vectors) AS at,
            (SELECT max(id)::text FROM ingest_runs) AS v`,
  );
  const r = rows[0]!;
  return `${r.n}|${r.at}|${r.v}`;
}

/** The bytes behind a catalogue image URL (see the module comment), or null. */
export async function readCatalogueImage(mediaDir: string, url: string): Promise<Buffer | null> {
  if (url.startsWith(DEMO_MEDIA_ORIGIN)) {
    const rel = url.slice(DEMO_MEDIA_ORIGIN.length);
    const root = path.resolve(mediaDir, 'demo');
    const file = path.resolve(root, rel);
    if (!file.startsWith(root + path.sep)) return null;
    return readFile(file).catch(() => null);
  }
  return readFetchedImage(mediaDir, url);
}
