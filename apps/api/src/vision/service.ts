/**
 * Image search's service (issue 17): the embedder (a worker thread, `embedder.ts`), the in-memory
 * matrix of catalogue vectors (`knn.ts`, rebuilt when the stored vectors or the catalogue change)
 * and the embedding job's work. One per process: the API's routes query it, the `image-embed` job
 * (`jobs.ts`) fills `image_vectors` through it.
 */
import { createHash } from 'node:crypto';
import { bandByKey } from '@b-deals/core';
import type { Database } from '@b-deals/db';
import { createImageEmbedder, type ImageEmbedder } from './embedder.ts';
import { combineVector, DEFAULT_MODEL_WEIGHT, VECTOR_DIMS } from './features.ts';
import { VectorMatrix, type Neighbour } from './knn.ts';
import { copyVectorByHash, embeddingProgress, imagesToEmbed, loadImageVectors, readCatalogueImage, saveImageVector, vectorsStamp } from './store.ts';

/**
 * Top-1 similarity from which the closest product is the same item as the query photo ("identical").
 * `npm run bench:image-search` looks on the development half for the lowest score at which 95 % of
 * top hits are right; on the demo catalogue, whose look-alike products score within a hair of each
 * other, that is 1.0000 (4 decimals): only the same picture qualifies. Rounded down to 0.9999.
 */
export const IDENTICAL_THRESHOLD = 0.9999;
/** How long a loaded matrix is trusted before the stored vectors' stamp is read again, ms. */
const STAMP_TTL_MS = 2000;
/** Images the job reads from the database per batch. */
const BATCH = 100;

/** Filters of a similarity query. */
export interface SimilarityFilter {
  /** Top-level department code: the product's category code starts with it. */
  dept?: string;
  /** Price band key (spec §9): the product's best price lies in it. */
  price?: string;
  /** A product left out (the query's own product). */
  exclude?: number;
}

interface Loaded {
  matrix: VectorMatrix;
  meta: Map<number, { categoryCode: string; priceCents: number | null }>;
  stamp: string;
  checkedAt: number;
}

/** Counts of one run of the embedding job. */
export interface EmbedRunReport {
  embedded: number;
  reused: number;
  skipped: number;
}

export class VisionService {
  readonly embedder: ImageEmbedder;
  private loaded: Loaded | null = null;
  private loading: Promise<Loaded> | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly opts: { mediaDir: string; modelWeight?: number; embedder?: ImageEmbedder },
  ) {
    this.embedder = opts.embedder ?? createImageEmbedder();
  }

  private get weight(): number {
    return this.opts.modelWeight ?? DEFAULT_MODEL_WEIGHT;
  }

  /** The combined query vector of an encoded image. Rejects with ImageDecodeError for bytes that are not an image. */
  async vectorOfImage(bytes: Uint8Array): Promise<Float32Array> {
    const f = await this.embedder.embed(bytes);
    return combineVector(f.model, f.colour, this.weight);
  }

  /** The stored vector of `productId`, or null when it has none (yet). */
  async vectorOfProduct(productId: number): Promise<Float32Array | null> {
    return (await this.current()).matrix.vectorOf(productId);
  }

  /** The `k` products most similar to `query` that pass `filter`, best first. */
  async nearest(query: Float32Array, k: number, filter: SimilarityFilter = {}): Promise<Neighbour[]> {
    const { matrix, meta } = await this.current();
    const band = filter.price ? bandByKey(filter.price) : undefined;
    const accept =
      filter.dept || band || filter.exclude !== undefined
        ? (key: number) => {
            if (key === filter.exclude) return false;
            const m = meta.get(key)!;
            if (filter.dept && !m.categoryCode.startsWith(filter.dept)) return false;
            if (band && (m.priceCents === null || m.priceCents < band.low || (band.high !== null && m.priceCents >= band.high))) return false;
            return true;
          }
        : undefined;
    return matrix.search(query, k, accept);
  }

  /** Catalogue images embedded and in all. */
  progress(): Promise<{ embedded: number; total: number }> {
    return embeddingProgress(this.db);
  }

  /** Forgets the loaded matrix (after the job wrote vectors in this process). */
  invalidate(): void {
    if (this.loaded) this.loaded.checkedAt = 0;
  }

  /** The matrix of current vectors, reloaded when the stored vectors' stamp moved (checked at most every 2 s). */
  private async current(): Promise<Loaded> {
    const now = Date.now();
    if (this.loaded && now - this.loaded.checkedAt < STAMP_TTL_MS) return this.loaded;
    this.loading ??= (async () => {
      try {
        const stamp = await vectorsStamp(this.db);
        if (this.loaded && this.loaded.stamp === stamp) {
          this.loaded.checkedAt = Date.now();
          return this.loaded;
        }
        const rows = await loadImageVectors(this.db);
        const matrix = new VectorMatrix(VECTOR_DIMS, rows.length);
        const meta = new Map<number, { categoryCode: string; priceCents: number | null }>();
        for (const r of rows) {
          matrix.add(r.productId, combineVector(r.model, r.colour, this.weight));
          meta.set(r.productId, { categoryCode: r.categoryCode, priceCents: r.priceCents });
        }
        this.loaded = { matrix, meta, stamp, checkedAt: Date.now() };
        return this.loaded;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  /**
   * The embedding job's work: every product image without a current vector, in batches, until none
   * is left. Images with bytes seen before reuse that vector; images that cannot be read or decoded
   * are skipped (tried again at the next run). `onProgress` is called after each batch.
   */
  async embedPending(onProgress?: (r: EmbedRunReport) => void): Promise<EmbedRunReport> {
    const report: EmbedRunReport = { embedded: 0, reused: 0, skipped: 0 };
    const failed = new Set<number>();
    for (;;) {
      const todo = (await imagesToEmbed(this.db, BATCH + failed.size)).filter((t) => !failed.has(t.productId));
      if (todo.length === 0) break;
      for (const t of todo) {
        // A closing process stops between images; the next run continues where this one stopped.
        if (this.closed) return report;
        const bytes = await readCatalogueImage(this.opts.mediaDir, t.imageUrl);
        if (!bytes) {
          failed.add(t.productId);
          report.skipped++;
          continue;
        }
        const contentHash = createHash('sha256').update(bytes).digest('hex');
        if (await copyVectorByHash(this.db, t.productId, t.imageUrl, contentHash)) {
          report.reused++;
          continue;
        }
        try {
          const f = await this.embedder.embed(bytes);
          await saveImageVector(this.db, { productId: t.productId, imageUrl: t.imageUrl, contentHash, model: f.model, colour: f.colour });
          report.embedded++;
        } catch {
          failed.add(t.productId);
          report.skipped++;
        }
      }
      this.invalidate();
      onProgress?.(report);
    }
    return report;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.embedder.close();
  }
}
