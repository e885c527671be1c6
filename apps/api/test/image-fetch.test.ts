/**
 * Merchants' feed images (issue 11 item 5): fetched from a loopback image server, re-encoded to
 * WebP at both sizes, failures recorded by reason and retried only after their back-off, reported
 * per merchant; a missing file answers the placeholder with 404 and no-store; cards point at
 * the site's own `/media/remote/…` files.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_PLACEHOLDER_SVG } from '@b-deals/core';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { finishIngest, ingestFeed } from '../src/index.ts';
import { buildApp } from '../src/app.ts';
import { fetchPendingImages, fetchRemoteImage, remoteImageFiles, remoteImageKey } from '../src/catalog/image-fetch.ts';
import { imageJobs, watchIngestsForImages } from '../src/catalog/jobs.ts';
import { EmbeddedQueue } from '../src/jobs/index.ts';
import { testAppOptions } from './test-app.ts';

const fx = loadDefaultFxTable();
const TOKEN = 'test-operator-token-0123456789abcdef';
const HOUR = 3600_000;

/** The loopback image server: every path's bytes, and how often each path was asked for. */
async function imageServer() {
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Merchant secret 42', Artist: 'Studio' } })
    .toBuffer();
  const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
  const hits = new Map<string, number>();
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const p = req.url ?? '/';
    hits.set(p, (hits.get(p) ?? 0) + 1);
    if (p === '/photo.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    else if (p === '/logo.png') res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(png);
    else if (p === '/page.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<!doctype html><html><body>Not an image</body></html>');
    else if (p === '/huge.jpg') {
      // 20 MB, chunked (no Content-Length): only the streaming cap can stop it.
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(64 * 1024, 0xff);
      let sent = 0;
      const pump = () => {
        while (sent < 20 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    } else if (p === '/slow.jpg')
      open.add(res); // never answers
    else if (p === '/moved.jpg') res.writeHead(302, { location: '/photo.jpg' }).end();
    else if (p === '/loop.jpg') res.writeHead(301, { location: '/loop.jpg' }).end();
    else if (p === '/to-file.jpg') res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(testDrivers())("merchants' images on %s", (driver) => {
  let db: Database;
  let app: FastifyInstance;
  let mediaDir: string;
  let images: Awaited<ReturnType<typeof imageServer>>;
  const t0 = new Date(Date.UTC(2026, 10, 20, 12));
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const url = (file: string) => `${images.origin}/${file}`;
  // A timeout for the never-answering path, long enough that a loaded machine still fetches and encodes the good images in it; loopback reaches the server only with the test switch.
  const limits = { allowPrivateNetworks: true, timeoutMs: 4000 };

  beforeAll(async () => {
    images = await imageServer();
    db = await createTestDatabase(driver);
    const item = (id: string, title: string, file: string): TestItem => ({ id, title, price: '40.00 USD', brand: 'Harbor & Pine', imageLink: url(file) });
    const ingest = (slug: string, items: TestItem[]) =>
      ingestFeed(db, {
        bytes: rssFeed(slug, items),
        feed: `${slug}.xml`,
        merchant: { slug, name: `${slug} store` },
        fx,
        observedAt: t0,
        skipMaintenance: true,
      });
    await ingest('alpha', [
      item('A1', 'Linen Maxi Dress', 'photo.jpg'),
      item('A2', 'Silk Wrap Dress', 'logo.png'),
      item('A3', 'Denim Shirt Dress', 'page.jpg'),
    ]);
    await ingest('beta', [
      item('B1', 'Velvet Slip Dress', 'huge.jpg'),
      item('B2', 'Knit Sweater Dress', 'slow.jpg'),
      item('B3', 'Tiered Midi Dress', 'missing.jpg'),
    ]);
    await finishIngest(db);
    const options = testAppOptions(db, { fx, operatorToken: TOKEN });
    mediaDir = options.mediaDir;
    app = await buildApp(options);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await images?.close();
  });

  const report = async () => {
    const res = await app.inject({ url: '/admin/api/v1/images/report', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.json().merchants as Array<{ merchant: { slug: string }; images: number; ok: number; failed: number; pending: number; reasons: object }>;
  };
  const rows = async () =>
    (
      await db.query<{ url: string; status: string; error: string | null; attempts: number; width: number | null; height: number | null }>(
        `SELECT url, status, error, attempts, width, height FROM image_files ORDER BY url`,
      )
    ).rows;

  it('cards point at the site-hosted files, and they answer the placeholder (404, no-store) until fetched', async () => {
    const res = (await app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: { q: 'linen maxi dress' } })).json();
    const card = res.items.find((i: { name: string }) => i.name === 'Linen Maxi Dress');
    const key = remoteImageKey(url('photo.jpg'));
    expect(card.image).toEqual({ full: { url: `/media/remote/${key}.webp` }, thumbnail: { url: `/media/remote/${key}-320.webp` } });
    const missing = await app.inject(card.image.thumbnail.url);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(missing.body).toBe(IMAGE_PLACEHOLDER_SVG);
    expect((await report()).map((m) => [m.merchant.slug, m.images, m.pending])).toEqual([
      ['alpha', 3, 3],
      ['beta', 3, 3],
    ]);
  });

  it('fetches the good images as metadata-free WebP at both sizes and records why the others failed', async () => {
    const run = await fetchPendingImages(db, mediaDir, { ...limits, now: t0 });
    expect(run).toMatchObject({ tried: 6, ok: 2, failed: 4 });
    expect(run.reasons).toEqual({ not_an_image: 1, too_large: 1, timeout: 1, http_4xx: 1 });

    const source = await sharp(Buffer.from(await (await fetch(url('photo.jpg'))).arrayBuffer())).metadata();
    expect(source.exif?.toString('latin1')).toContain('Merchant secret 42'); // the source does carry EXIF…
    images.hits.set('/photo.jpg', 1); // (that check was not the job's fetch)
    const photo = remoteImageFiles(mediaDir, remoteImageKey(url('photo.jpg')));
    const full = await sharp(photo.full).metadata();
    expect([full.format, full.width, full.height, full.exif]).toEqual(['webp', 800, 600, undefined]); // …its copies do not
    const thumb = await sharp(photo.thumbnail).metadata();
    expect([thumb.format, thumb.width, thumb.height, thumb.exif]).toEqual(['webp', 320, 240, undefined]);
    const logo = remoteImageFiles(mediaDir, remoteImageKey(url('logo.png')));
    expect([(await sharp(logo.full).metadata()).width, (await sharp(logo.thumbnail).metadata()).width]).toEqual([200, 200]); // never enlarged

    for (const bad of ['page.jpg', 'huge.jpg', 'slow.jpg', 'missing.jpg'])
      expect(existsSync(remoteImageFiles(mediaDir, remoteImageKey(url(bad))).full)).toBe(false);
    expect((await rows()).map((r) => [r.url.slice(images.origin.length + 1), r.status, r.error, r.width, r.height])).toEqual([
      ['huge.jpg', 'failed', 'too_large', null, null],
      ['logo.png', 'ok', null, 200, 100],
      ['missing.jpg', 'failed', 'http_4xx', null, null],
      ['page.jpg', 'failed', 'not_an_image', null, null],
      ['photo.jpg', 'ok', null, 1200, 900],
      ['slow.jpg', 'failed', 'timeout', null, null],
    ]);

    const served = await app.inject(`/media/remote/${remoteImageKey(url('photo.jpg'))}-320.webp`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    expect(await report()).toEqual([
      { merchant: { slug: 'alpha', name: 'alpha store' }, images: 3, ok: 2, failed: 1, pending: 0, reasons: { not_an_image: 1 } },
      { merchant: { slug: 'beta', name: 'beta store' }, images: 3, ok: 0, failed: 3, pending: 0, reasons: { too_large: 1, timeout: 1, http_4xx: 1 } },
    ]);
  });

  it('does not refetch a fetched image, and retries a failed one only after its back-off', async () => {
    const before = new Map(images.hits);
    expect(await fetchPendingImages(db, mediaDir, { ...limits, now: at(HOUR - 60_000) })).toMatchObject({ tried: 0 });
    expect(images.hits).toEqual(before);

    const retry = await fetchPendingImages(db, mediaDir, { ...limits, now: at(HOUR) });
    expect(retry).toMatchObject({ tried: 4, ok: 0, failed: 4 });
    expect(images.hits.get('/photo.jpg')).toBe(1);
    expect(images.hits.get('/missing.jpg')).toBe(2);
    expect((await rows()).filter((r) => r.status === 'failed').map((r) => r.attempts)).toEqual([2, 2, 2, 2]);
    // The second back-off is longer (6 h from the second attempt).
    expect(await fetchPendingImages(db, mediaDir, { ...limits, now: at(HOUR + 5 * HOUR) })).toMatchObject({ tried: 0 });
  });

  it('follows a few redirects, each hop checked', async () => {
    expect(await fetchRemoteImage(url('moved.jpg'), mediaDir, limits)).toMatchObject({ status: 'ok', width: 1200, height: 900 });
    expect(await fetchRemoteImage(url('loop.jpg'), mediaDir, limits)).toMatchObject({ status: 'failed', error: 'network' });
    expect(images.hits.get('/loop.jpg')).toBe(6); // the first request and 5 redirects
    expect(await fetchRemoteImage(url('to-file.jpg'), mediaDir, limits)).toMatchObject({ status: 'failed', error: 'blocked' });
  });

  it('refuses loopback and non-http addresses without the test switch, and the report needs the operator token', async () => {
    const before = new Map(images.hits);
    expect(await fetchRemoteImage(url('photo.jpg'), mediaDir)).toEqual({ status: 'failed', error: 'blocked', bytes: null });
    // A host name is checked on the addresses it resolves to, when connecting: the server never sees the request.
    expect(await fetchRemoteImage(url('photo.jpg').replace('127.0.0.1', 'localhost'), mediaDir)).toMatchObject({ error: 'blocked' });
    expect(images.hits).toEqual(before);
    expect(await fetchRemoteImage('http://[::ffff:10.0.0.1]/a.jpg', mediaDir)).toMatchObject({ error: 'blocked' });
    expect(await fetchRemoteImage('file:///etc/passwd', mediaDir)).toMatchObject({ error: 'blocked' });
    expect((await app.inject('/admin/api/v1/images/report')).statusCode).toBe(401);
  });
});

describe.each(testDrivers())('the image-fetch job on %s', (driver) => {
  it('runs at start and again after every ingest, logging the merchants whose images failed', async () => {
    const server = await imageServer();
    const db = await createTestDatabase(driver);
    const mediaDir = mkdtempSync(path.join(tmpdir(), 'bdeals-media-'));
    const errors: unknown[] = [];
    const queue = new EmbeddedQueue((err) => errors.push(err));
    const logs: object[] = [];
    let firstRun!: () => void;
    let secondRun!: () => void;
    const ranOnce = new Promise<void>((resolve) => (firstRun = resolve));
    const ranTwice = new Promise<void>((resolve) => (secondRun = resolve));
    const log = {
      info: (obj: object) => {
        const n = logs.push(obj);
        if (n === 1) firstRun();
        if (n === 2) secondRun();
      },
    };
    const item = (id: string, file: string): TestItem => ({ id, title: `Gamma Dress ${id}`, price: '30.00 USD', imageLink: `${server.origin}/${file}` });
    const ingest = (items: TestItem[]) =>
      ingestFeed(db, { bytes: rssFeed('gamma', items), feed: 'gamma.xml', merchant: { slug: 'gamma', name: 'Gamma' }, fx, skipMaintenance: true });
    try {
      await ingest([item('G1', 'photo.jpg')]);
      await queue.start(imageJobs({ db, mediaDir, log, fetch: { allowPrivateNetworks: true } })); // runAtStart, in the background: the start does not wait
      await ranOnce;
      expect(logs).toEqual([
        { tried: 1, ok: 1, failed: 0, reasons: {}, merchants: [{ merchant: 'gamma', images: 1, ok: 1, failed: 0, pending: 0, reasons: {} }] },
      ]);
      const unwatch = await watchIngestsForImages(db, queue, (err) => errors.push(err));
      await ingest([item('G1', 'photo.jpg'), item('G2', 'missing.jpg')]);
      await ranTwice; // sent by the ingest's announcement
      await unwatch();
      expect(logs[1]).toEqual({
        tried: 1,
        ok: 0,
        failed: 1,
        reasons: { http_4xx: 1 },
        merchants: [{ merchant: 'gamma', images: 2, ok: 1, failed: 1, pending: 0, reasons: { http_4xx: 1 } }],
      });
      expect(errors).toEqual([]);
    } finally {
      await queue.stop();
      await db.close();
      await server.close();
    }
  }, 30_000);
});
