/**
 * Image search (issue 17): the vector pipeline on images generated with sharp (a transformed copy
 * ranks its original first, different images differ, the worker thread answers and refuses
 * non-images), the exact kNN matrix, the stored vectors through the embedding job, and the
 * endpoints with their errors, on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEDIA_ORIGIN } from '@b-deals/core';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed } from '@b-deals/feeds/testing';
import { pino } from 'pino';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/env.ts';
import { createServices } from '../../src/services.ts';
import { testAppOptions } from '../test-app.ts';
import { finishIngest, ingestFeed } from '../../src/index.ts';
import { createImageEmbedder, ImageDecodeError, type ImageEmbedder } from '../../src/vision/embedder.ts';
import { combineVector, VECTOR_DIMS } from '../../src/vision/features.ts';
import { VectorMatrix } from '../../src/vision/knn.ts';
import { VisionService } from '../../src/vision/service.ts';
import { readCatalogueImage } from '../../src/vision/store.ts';
import { remoteImageFiles, remoteImageKey } from '../../src/catalog/image-fetch.ts';
import { seeded, transformImage } from '../../bench/image-transforms.ts';

/** Eight product-like pictures: a shape in a colour on a light background, 480×480 WebP. */
const SHAPES = [
  ['<circle cx="240" cy="240" r="150"/>', '#c0262d'],
  ['<rect x="110" y="110" width="260" height="260" rx="20"/>', '#1f4fb8'],
  ['<path d="M240 70L420 400H60Z"/>', '#2a9d8f'],
  ['<path d="M200 60H280L290 130L270 180L370 420H110L210 180L190 130Z"/>', '#e9c46a'],
  ['<path d="M70 330C70 300 90 250 120 250L190 240C220 280 270 290 330 300C380 310 420 320 420 350V370H70Z"/>', '#6d597a'],
  ['<path d="M170 170Q170 70 240 70Q310 70 310 170H290Q290 95 240 95Q190 95 190 170ZM110 170H370L390 420H90Z"/>', '#f4a261'],
  ['<path d="M150 70H330L360 420H260L240 180L220 420H120Z"/>', '#264653'],
  ['<path d="M180 80Q240 120 300 80L400 130L370 200L330 180V400H150V180L110 200L80 130Z"/>', '#ef476f'],
] as const;
const picture = (i: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480"><rect width="480" height="480" fill="#f6f4ef"/><g fill="${SHAPES[i]![1]}" stroke="#333" stroke-width="4">${SHAPES[i]![0]}</g><rect x="200" y="230" width="80" height="24" fill="#fff" opacity=".5"/></svg>`,
    ),
  )
    .webp({ quality: 80 })
    .toBuffer();

describe('image vectors (worker thread, MobileNetV2 of nsfwjs + colour)', () => {
  let embedder: ImageEmbedder;
  const images: Buffer[] = [];
  const matrix = new VectorMatrix(VECTOR_DIMS);

  beforeAll(async () => {
    embedder = createImageEmbedder();
    for (let i = 0; i < SHAPES.length; i++) {
      images.push(await picture(i));
      matrix.add(i, await embedder.vector(images[i]!));
    }
  }, 120_000);
  afterAll(() => embedder.close());

  it('loads the bundled weights on the WebAssembly backend in its thread', async () => {
    expect(await embedder.ready()).toBe('wasm');
  });

  it('ranks the original first for a cropped, rotated, darker, JPEG-compressed copy', async () => {
    const rand = seeded(3);
    for (const i of [0, 3, 5]) {
      for (const t of ['crop80', 'rotate10', 'brightness', 'jpeg70'] as const) {
        const copy = await transformImage(images[i]!, t, rand);
        const [top] = matrix.search(await embedder.vector(copy), 1);
        expect({ image: i, transform: t, top: top!.key }).toEqual({ image: i, transform: t, top: i });
      }
    }
  });

  it('gives different pictures clearly lower similarity than the same picture', async () => {
    const self = matrix.search(await embedder.vector(images[1]!), SHAPES.length);
    expect(self[0]).toMatchObject({ key: 1 });
    expect(self[0]!.score).toBeGreaterThan(0.999);
    for (const other of self.slice(1)) expect(other.score).toBeLessThan(0.99);
  });

  it('refuses bytes that are not an image with ImageDecodeError, and keeps working', async () => {
    await expect(embedder.embed(Buffer.from('not an image at all'))).rejects.toBeInstanceOf(ImageDecodeError);
    expect((await embedder.embed(images[0]!)).model).toHaveLength(576);
  });
});

describe('exact kNN matrix', () => {
  it('returns the k best rows by dot product, best first, honouring a filter', () => {
    const m = new VectorMatrix(3, 2);
    const unit = (v: number[]) => {
      const n = Math.hypot(...v);
      return Float32Array.from(v, (x) => x / n);
    };
    m.add(10, unit([1, 0, 0]));
    m.add(20, unit([0.9, 0.1, 0]));
    m.add(30, unit([0, 1, 0]));
    m.add(40, unit([0.5, 0.5, 0.1]));
    const q = unit([1, 0.05, 0]);
    expect(m.search(q, 3).map((n) => n.key)).toEqual([10, 20, 40]);
    expect(m.search(q, 2, (k) => k !== 10).map((n) => n.key)).toEqual([20, 40]);
    expect(m.size).toBe(4);
    expect(() => m.search(new Float32Array(2), 1)).toThrow(RangeError);
  });

  it('scores every row exactly as a plain dot product, whatever the width (the scan sums four lanes)', () => {
    const rand = seeded(11);
    for (const dims of [1, 4, 7, 604]) {
      const rows = Array.from({ length: 50 }, () => Float32Array.from({ length: dims }, () => rand() - 0.5));
      const m = new VectorMatrix(dims, 8);
      rows.forEach((v, key) => m.add(key, v));
      const q = Float32Array.from({ length: dims }, () => rand() - 0.5);
      const expected = rows
        .map((v, key) => ({ key, score: v.reduce((s, x, i) => s + x * q[i]!, 0) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 10);
      const found = m.search(q, 10);
      expect(found.map((n) => n.key)).toEqual(expected.map((e) => e.key));
      found.forEach((n, i) => expect(n.score).toBeCloseTo(expected[i]!.score, 9));
    }
  });
});

describe('catalogue image bytes', () => {
  it("reads the demo's own files and merchants' images from the image-fetch job's copies, never the network", async () => {
    const mediaDir = mkdtempSync(path.join(tmpdir(), 'bdeals-vision-media-'));
    const remote = 'https://shop.example/img/boot.jpg';
    expect(await readCatalogueImage(mediaDir, remote)).toBeNull(); // not fetched yet: skipped until it is
    const file = remoteImageFiles(mediaDir, remoteImageKey(remote)).full;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'webp bytes');
    expect((await readCatalogueImage(mediaDir, remote))?.toString()).toBe('webp bytes');
    mkdirSync(path.join(mediaDir, 'demo'), { recursive: true });
    writeFileSync(path.join(mediaDir, 'demo', 'p1.webp'), 'demo bytes');
    expect((await readCatalogueImage(mediaDir, `${DEMO_MEDIA_ORIGIN}p1.webp`))?.toString()).toBe('demo bytes');
    expect(await readCatalogueImage(mediaDir, `${DEMO_MEDIA_ORIGIN}../secret`)).toBeNull();
  });
});

describe.each(testDrivers())('image search endpoints on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;
  let vision: VisionService;
  let dataDir: string;
  const ids: number[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    await ingestFeed(db, {
      bytes: rssFeed(
        'alpha',
        SHAPES.map((_, i) => ({
          id: `P${i}`,
          title: `Item number ${i} ${['red', 'blue', 'green', 'gold', 'plum', 'sand', 'navy', 'rose'][i]}`,
          price: `${20 + i * 30}.00 USD`,
          brand: 'Harbor',
        })),
      ),
      feed: 'alpha.xml',
      merchant: { slug: 'alpha', name: 'Alpha', homepage: 'https://alpha.example/' },
      fx: loadDefaultFxTable(),
      skipMaintenance: true,
    });
    await finishIngest(db);
    dataDir = mkdtempSync(path.join(tmpdir(), 'bdeals-vision-'));
    const mediaDir = path.join(dataDir, 'media');
    mkdirSync(path.join(mediaDir, 'demo'), { recursive: true });
    const { rows } = await db.query<{ id: number; title: string }>(`SELECT id, title FROM products ORDER BY title`);
    for (const r of rows) {
      const i = Number(/number (\d)/.exec(r.title)![1]);
      ids[i] = Number(r.id);
      writeFileSync(path.join(mediaDir, 'demo', `t${i}.webp`), await picture(i));
      await db.query(`UPDATE products SET image_url = $2 WHERE id = $1`, [r.id, `${DEMO_MEDIA_ORIGIN}t${i}.webp`]);
    }
    vision = new VisionService(db, { mediaDir });
    const report = await vision.embedPending();
    expect(report).toEqual({ embedded: SHAPES.length, reused: 0, skipped: 0 });
    // Uploads: a transformed copy of product 0's picture, and a file that is not an image.
    mkdirSync(path.join(dataDir, 'uploads', 'image-search'), { recursive: true });
    writeFileSync(
      path.join(dataDir, 'uploads', 'image-search', 'copy.jpg'),
      await transformImage(await transformImage(await picture(0), 'rotate10', seeded(1)), 'jpeg70', seeded(1)),
    );
    writeFileSync(path.join(dataDir, 'uploads', 'image-search', 'same.webp'), await picture(4));
    writeFileSync(path.join(dataDir, 'uploads', 'image-search', 'junk.png'), 'junk');
    app = await buildApp({
      ...testAppOptions(db),
      mediaDir,
      uploads: { dataDir, secret: 'vision-test-secret-of-32-characters!' },
      vision,
      imageSearchRateLimits: { upload: 1000, other: 1000 },
    });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await vision?.close();
    await db?.close();
  });

  it('re-running the job embeds nothing again (unchanged images are not recomputed)', async () => {
    expect(await vision.embedPending()).toEqual({ embedded: 0, reused: 0, skipped: 0 });
    const status = await app.inject({ url: '/inventory/api/v1/search/image-search/status' });
    expect(status.json()).toEqual({ embedded: SHAPES.length, total: SHAPES.length, ready: true });
  });

  it('finds a rotated, recompressed upload’s product first', async () => {
    const res = await app.inject({ url: '/inventory/api/v1/search/image-search/oss-image?origin=image-search%2Fcopy.jpg&from=0&to=5' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items).toHaveLength(5);
    expect(body.items[0]).toMatchObject({ id: ids[0], merchantCount: 1, priceTag: 2000 });
    expect(body.items[0].similarity).toBeGreaterThan(body.items[1].similarity);
    expect(body.total).toBe(SHAPES.length);
    expect(body.coverage).toEqual({ embedded: SHAPES.length, total: SHAPES.length });
  });

  it('flags the same picture as the identical item with its lowest total price, first on every page', async () => {
    const first = (await app.inject({ url: '/inventory/api/v1/search/image-search/oss-image?origin=image-search/same.webp' })).json();
    expect(first.items[0]).toMatchObject({ id: ids[4], similarity: 1 });
    expect(first.identical).toMatchObject({ product: { id: ids[4] }, lowestTotalPrice: 14000 });
    const second = (await app.inject({ url: '/inventory/api/v1/search/image-search/oss-image?origin=image-search/same.webp&from=2&to=4' })).json();
    expect(second.items.map((c: { id: number }) => c.id)).not.toContain(ids[4]);
    expect(second.identical).toMatchObject({ product: { id: ids[4] } });
    // A rotated, recompressed copy stays below the threshold: the flag is kept for near-exact matches, which the demo's look-alike products do not reach.
    const copy = (await app.inject({ url: '/inventory/api/v1/search/image-search/oss-image?origin=image-search/copy.jpg' })).json();
    expect(copy.identical).toBeNull();
  });

  it('filters by price band (best price in [low, high) cents)', async () => {
    const res = await app.inject({ url: '/inventory/api/v1/search/image-search/oss-image?origin=image-search/copy.jpg&price=5000-10000' });
    const prices = res.json().items.map((c: { priceTag: number }) => c.priceTag);
    expect(prices.sort()).toEqual([5000, 8000]);
  });

  it('filters by department (category code prefix)', async () => {
    const url = '/inventory/api/v1/search/image-search/oss-image?origin=image-search/copy.jpg';
    const { rows } = await db.query<{ code: string }>(`SELECT DISTINCT substr(category_code, 1, 1) AS code FROM products`);
    expect(rows).toHaveLength(1);
    const own = (await app.inject({ url: `${url}&dept=${rows[0]!.code}` })).json();
    expect(own.total).toBe(SHAPES.length);
    const other = rows[0]!.code === 'k' ? 'b' : 'k';
    const none = (await app.inject({ url: `${url}&dept=${other}` })).json();
    expect(none).toMatchObject({ items: [], total: 0, identical: null });
  });

  it('lists products that look like a product, without the product itself', async () => {
    const res = await app.inject({ url: `/inventory/api/v1/search/image-search/product/${ids[2]}?from=0&to=20` });
    expect(res.statusCode).toBe(200);
    const got = res.json().items.map((c: { id: number }) => c.id);
    expect(got).toHaveLength(SHAPES.length - 1);
    expect(got).not.toContain(ids[2]);
    expect(res.json().identical).toBeNull();
  });

  it('answers errors as {code, message, details}', async () => {
    const cases: Array<[string, number, string]> = [
      ['/inventory/api/v1/search/image-search/oss-image?origin=..%2Fsecret.jpg', 400, 'validation_failed'],
      ['/inventory/api/v1/search/image-search/oss-image', 400, 'validation_failed'],
      ['/inventory/api/v1/search/image-search/oss-image?origin=image-search/copy.jpg&from=0&to=21', 400, 'validation_failed'],
      ['/inventory/api/v1/search/image-search/oss-image?origin=image-search/copy.jpg&dept=zz', 400, 'validation_failed'],
      ['/inventory/api/v1/search/image-search/oss-image?origin=image-search/none.jpg', 404, 'upload_not_found'],
      ['/inventory/api/v1/search/image-search/oss-image?origin=image-search/junk.png', 400, 'invalid_image'],
      ['/inventory/api/v1/search/image-search/product/999999', 404, 'not_found'],
      ['/inventory/api/v1/search/image-search/product/abc', 400, 'validation_failed'],
      ['/inventory/api/v1/upload/images/object?key=image-search/none.jpg', 404, 'upload_not_found'],
    ];
    for (const [url, status, code] of cases) {
      const res = await app.inject({ url });
      expect({ url, status: res.statusCode, code: res.json().code, message: typeof res.json().message }).toEqual({ url, status, code, message: 'string' });
    }
  });

  it('the services send image-embed at start and the job fills the vectors in the background', async () => {
    await db.query(`DELETE FROM image_vectors`);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NO_DEMO: 'true' });
    const services = await createServices(config, db, 'all', pino({ level: 'silent' }));
    try {
      await expect.poll(() => services.vision.progress(), { timeout: 60_000, interval: 250 }).toEqual({ embedded: SHAPES.length, total: SHAPES.length });
    } finally {
      await services.close();
    }
  });

  it('serves the uploaded image for the results page', async () => {
    const res = await app.inject({ url: '/inventory/api/v1/upload/images/object?key=image-search/copy.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
  });
});

/** Keeps `combineVector`'s contract honest: unit length whatever the weight. */
describe('combined vector', () => {
  it('has unit length', () => {
    const v = combineVector(
      Float32Array.from({ length: 576 }, (_, i) => (i % 7) / 7),
      Float32Array.from({ length: 28 }, () => Math.sqrt(1 / 28)),
      0.8,
    );
    expect(Math.hypot(...v)).toBeCloseTo(1, 5);
  });
});
