/**
 * Merchants' feed images, fetched once in the background and hosted by the site (issue 11 item 5).
 *
 * For each image URL of the catalogue that is not yet on disk ({@link pendingImageUrls}), the
 * `image-fetch` job ({@link fetchPendingImages}) downloads the file and re-encodes it with sharp to
 * WebP at the storefront's two sizes (core's REMOTE_IMAGE_SIZES: 800 px for the product page, 320 px
 * for cards), metadata stripped, under `{mediaDir}/remote/{key}.webp` and `{key}-320.webp`, where the
 * key is {@link remoteImageKey} of the URL. The outcome is one `image_files` row per URL; a failed
 * URL keeps a reason code and is retried after a back-off ({@link DEFAULT_IMAGE_FETCH.backoffMs}),
 * never on every run. A merchant's failing images are reported ({@link imageReport}); they never
 * block its feed: the storefront shows core's placeholder instead.
 *
 * Limits of one download: http and https only; a timeout over the whole exchange (default 10 s); a
 * byte cap (default 10 MiB: a declared Content-Length past it is refused before reading, a body is
 * cut off as soon as it passes it); at most 5 redirects; a pixel cap (default 40 megapixels).
 * The Content-Type header and the URL's extension are not trusted: the bytes are decoded by sharp,
 * and only JPEG, PNG, WebP, GIF, AVIF and TIFF are accepted (SVG is not: it is a document, not a
 * photo, and rasterising untrusted XML is avoided).
 *
 * Server-side request forgery: a feed is merchant input, so its URLs must not reach the host's own
 * network. Every address a host name resolves to is checked at connection time (in the HTTP
 * agent's DNS lookup, so the checked address is the one connected to: no rebinding between check
 * and use), literal IP hosts are checked before connecting, and every redirect hop is checked the
 * same way. Only public unicast addresses pass (ipaddr.js ranges: loopback, private, link-local,
 * unique-local, carrier-grade NAT, multicast, reserved and the like are refused with `blocked`).
 * Tests pass `allowPrivateNetworks` to reach their loopback server.
 */
import { createHash, randomUUID } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { Agent, fetch } from 'undici';
import { DEMO_MEDIA_ORIGIN, REMOTE_IMAGE_SIZES, REMOTE_MEDIA_DIR } from '@b-deals/core';
import type { Database } from '@b-deals/db';

/** Why an image could not be fetched (the `image_files.error` code). */
export type ImageFetchError = 'timeout' | 'too_large' | 'not_an_image' | 'http_4xx' | 'http_5xx' | 'network' | 'blocked';

/** Tunables of the image fetcher. Units: ms, bytes, pixels. */
export interface ImageFetchOptions {
  /** Whole download (connect, redirects, headers, body), ms. */
  timeoutMs: number;
  /** Largest source file accepted, bytes. */
  maxBytes: number;
  /** Largest source image accepted, width × height pixels (decompression bombs). */
  maxPixels: number;
  /** Downloads in flight at once. */
  concurrency: number;
  /** URLs tried per job run. */
  batchSize: number;
  /** Wait before retrying a failed URL, ms, by its attempts so far (1st, 2nd, 3rd and later). */
  backoffMs: readonly number[];
  /** Reach loopback and private addresses (tests' loopback server only; never in production). */
  allowPrivateNetworks: boolean;
}

const HOUR = 3600_000;

/** Defaults: 10 s, 10 MiB, 40 megapixels, 4 at once, 2,000 URLs a run, retries after 1 h, 6 h, then every 24 h. */
export const DEFAULT_IMAGE_FETCH: ImageFetchOptions = {
  timeoutMs: 10_000,
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  concurrency: 4,
  batchSize: 2000,
  backoffMs: [HOUR, 6 * HOUR, 24 * HOUR],
  allowPrivateNetworks: false,
};

const MAX_REDIRECTS = 5;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** The file key of a merchant image URL: the first 32 hex digits of its UTF-8 SHA-256 (the same in SQL: {@link URL_HASH_SQL}). */
export function remoteImageKey(url: string): string {
  return createHash('sha256').update(url, 'utf8').digest('hex').slice(0, 32);
}

/** {@link remoteImageKey} in SQL over the column or expression `expr`. */
const URL_HASH_SQL = (expr: string) => `left(encode(sha256(convert_to(${expr}, 'UTF8')), 'hex'), 32)`;

/** Whether `url` is a merchant's image the site fetches: http(s), and not the demo catalogue's own media. */
export function isRemoteImageUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) && !url.startsWith(DEMO_MEDIA_ORIGIN);
}

/** Paths of the two files of `key` under `mediaDir`. */
export function remoteImageFiles(mediaDir: string, key: string): { full: string; thumbnail: string } {
  const dir = path.join(mediaDir, REMOTE_MEDIA_DIR);
  return { full: path.join(dir, `${key}.webp`), thumbnail: path.join(dir, `${key}-${REMOTE_IMAGE_SIZES.thumbnail}.webp`) };
}

/**
 * The fetched 800 px WebP copy of a merchant's image URL (what `fetchRemoteImage` wrote), or null
 * when the URL is not a merchant's http(s) image or has not been fetched (yet, or ever). This is
 * how other domains (image similarity) read merchants' images: never from the network themselves.
 */
export async function readFetchedImage(mediaDir: string, url: string): Promise<Buffer | null> {
  if (!isRemoteImageUrl(url)) return null;
  return readFile(remoteImageFiles(mediaDir, remoteImageKey(url)).full).catch(() => null);
}

class FetchFailure extends Error {
  constructor(readonly code: ImageFetchError) {
    super(code);
  }
}

/** Whether `address` is a public unicast address (ipaddr.js range 'unicast', IPv4-mapped IPv6 unwrapped). */
function isPublicAddress(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'unicast';
  } catch {
    return false;
  }
}

/** An HTTP agent whose DNS lookups refuse non-public addresses (see the module comment). */
function guardedAgent(allowPrivate: boolean): Agent {
  if (allowPrivate) return new Agent();
  type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
  const lookup = (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const bad = addresses.find((a) => !isPublicAddress(a.address));
      if (bad || addresses.length === 0) {
        const refused: NodeJS.ErrnoException = new FetchFailure('blocked');
        refused.code = 'EBLOCKED';
        return callback(refused, []);
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  return new Agent({ connect: { lookup } as object });
}

/** Refuses a URL the fetcher must not request before any connection: not http(s), or a literal non-public IP host. */
function checkUrl(url: URL, allowPrivate: boolean): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchFailure('blocked');
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) && !isPublicAddress(host)) throw new FetchFailure('blocked');
}

/** Whether `err` (or a cause of it) is the refusal of {@link guardedAgent}. */
function blockedCause(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof FetchFailure || (e as { code?: unknown }).code === 'EBLOCKED') return true;
  }
  return false;
}

/** Downloads `url` into memory under the limits of `opts`; throws {@link FetchFailure}. */
async function download(url: string, opts: ImageFetchOptions, agent: Agent): Promise<Buffer> {
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let current = new URL(url);
  try {
    for (let hop = 0; ; hop++) {
      checkUrl(current, opts.allowPrivateNetworks);
      const res = await fetch(current, {
        signal,
        redirect: 'manual',
        dispatcher: agent,
        headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' },
      });
      if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
        await res.body?.cancel();
        if (hop >= MAX_REDIRECTS) throw new FetchFailure('network');
        current = new URL(res.headers.get('location')!, current);
        continue;
      }
      if (res.status !== 200) {
        await res.body?.cancel();
        throw new FetchFailure(res.status >= 500 ? 'http_5xx' : res.status >= 400 ? 'http_4xx' : 'network');
      }
      const declared = Number(res.headers.get('content-length') ?? NaN);
      if (declared > opts.maxBytes) {
        await res.body?.cancel();
        throw new FetchFailure('too_large');
      }
      const chunks: Buffer[] = [];
      let total = 0;
      if (res.body) {
        for await (const chunk of res.body) {
          total += chunk.byteLength;
          if (total > opts.maxBytes) throw new FetchFailure('too_large'); // leaving the loop cancels the stream
          chunks.push(Buffer.from(chunk));
        }
      }
      return Buffer.concat(chunks, total);
    }
  } catch (err) {
    if (err instanceof FetchFailure) throw err;
    if (signal.aborted) throw new FetchFailure('timeout');
    throw new FetchFailure(blockedCause(err) ? 'blocked' : 'network');
  }
}

/** Writes `bytes` to `file` through a temporary file and a rename: a crash never leaves half a file under the final name. */
async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await writeFile(tmp, bytes);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** The outcome of one URL: what the `image_files` row records. */
export type ImageFetchOutcome =
  { status: 'ok'; bytes: number; width: number; height: number } | { status: 'failed'; error: ImageFetchError; bytes: number | null };

/**
 * Fetches one image URL and writes its two WebP files (see the module comment). Never throws for
 * the image's own faults (they are the `failed` outcome); throws only when the media folder
 * cannot be written.
 */
export async function fetchRemoteImage(url: string, mediaDir: string, options: Partial<ImageFetchOptions> = {}, agent?: Agent): Promise<ImageFetchOutcome> {
  const opts = { ...DEFAULT_IMAGE_FETCH, ...options };
  let source: Buffer;
  try {
    source = await download(url, opts, agent ?? guardedAgent(opts.allowPrivateNetworks));
  } catch (err) {
    if (err instanceof FetchFailure) return { status: 'failed', error: err.code, bytes: null };
    throw err;
  }
  let width: number;
  let height: number;
  let encoded: { full: Buffer; thumbnail: Buffer };
  try {
    // The bytes say what they are: sharp decodes them (the content sniff); headers are not consulted.
    const meta = await sharp(source, { limitInputPixels: false }).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
      return { status: 'failed', error: 'not_an_image', bytes: source.length };
    }
    if (meta.width * meta.height > opts.maxPixels) return { status: 'failed', error: 'too_large', bytes: source.length };
    ({ width, height } = meta);
    // EXIF orientation applied before the metadata is dropped (no keepMetadata(): EXIF, XMP and comments are not copied).
    const decoded = sharp(source, { limitInputPixels: opts.maxPixels, failOn: 'error' }).rotate();
    const encode = (side: number) =>
      decoded.clone().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    const [full, thumbnail] = await Promise.all([encode(REMOTE_IMAGE_SIZES.full), encode(REMOTE_IMAGE_SIZES.thumbnail)]);
    encoded = { full, thumbnail };
  } catch {
    return { status: 'failed', error: 'not_an_image', bytes: source.length };
  }
  const files = remoteImageFiles(mediaDir, remoteImageKey(url));
  await mkdir(path.dirname(files.full), { recursive: true });
  // The thumbnail first: once the full file exists, both do.
  await writeAtomically(files.thumbnail, encoded.thumbnail);
  await writeAtomically(files.full, encoded.full);
  return { status: 'ok', bytes: source.length, width, height };
}

/**
 * The image URLs to try now, never-tried first: those of active offers and of products with
 * offers (their main image), merchants' own (see {@link isRemoteImageUrl}), that have no
 * `image_files` row yet or whose failure's back-off has passed at `now`. At most `limit`.
 */
export async function pendingImageUrls(db: Database, now: Date, limit: number, backoffMs: readonly number[]): Promise<string[]> {
  const res = await db.query<{ url: string }>(
    `WITH urls AS (
       SELECT image_url AS url FROM offers WHERE active AND image_url ~* '^https?://' AND NOT starts_with(image_url, $1)
       UNION
       SELECT image_url FROM products WHERE offer_count > 0 AND image_url ~* '^https?://' AND NOT starts_with(image_url, $1)),
     keyed AS (SELECT url, ${URL_HASH_SQL('url')} AS url_hash FROM urls)
     SELECT k.url FROM keyed k LEFT JOIN image_files f ON f.url_hash = k.url_hash
      WHERE f.url_hash IS NULL
         OR (f.status = 'failed'
             AND f.fetched_at <= $2::timestamptz - ($3::bigint[])[least(f.attempts, cardinality($3::bigint[]))] * interval '1 millisecond')
      ORDER BY f.url_hash IS NOT NULL, k.url
      LIMIT $4`,
    [DEMO_MEDIA_ORIGIN, now.toISOString(), backoffMs.map((ms) => Math.round(ms)), limit],
  );
  return res.rows.map((r) => r.url);
}

/** Records the outcome of one URL (a new row, or the next attempt of a failed one). */
async function recordOutcome(db: Database, url: string, outcome: ImageFetchOutcome, at: Date): Promise<void> {
  const ok = outcome.status === 'ok';
  await db.query(
    `INSERT INTO image_files (url_hash, url, status, error, bytes, width, height, attempts, fetched_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8)
     ON CONFLICT (url_hash) DO UPDATE SET status = EXCLUDED.status, error = EXCLUDED.error, bytes = EXCLUDED.bytes,
       width = EXCLUDED.width, height = EXCLUDED.height, attempts = image_files.attempts + 1, fetched_at = EXCLUDED.fetched_at`,
    [
      remoteImageKey(url),
      url,
      outcome.status,
      ok ? null : outcome.error,
      outcome.bytes,
      ok ? outcome.width : null,
      ok ? outcome.height : null,
      at.toISOString(),
    ],
  );
}

/** What one run of the job did: counts, and the failures' reason codes. */
export interface ImageFetchRun {
  tried: number;
  ok: number;
  failed: number;
  reasons: Partial<Record<ImageFetchError, number>>;
}

/**
 * One run of the `image-fetch` job: tries up to `batchSize` pending URLs ({@link pendingImageUrls}),
 * `concurrency` at once, and records each outcome. `now` (default: the clock) dates the attempts
 * and decides which back-offs have passed. Errors: the database's, or the media folder's.
 */
export async function fetchPendingImages(db: Database, mediaDir: string, options: Partial<ImageFetchOptions> & { now?: Date } = {}): Promise<ImageFetchRun> {
  const opts = { ...DEFAULT_IMAGE_FETCH, ...options };
  const now = options.now ?? new Date();
  const urls = await pendingImageUrls(db, now, opts.batchSize, opts.backoffMs);
  const run: ImageFetchRun = { tried: urls.length, ok: 0, failed: 0, reasons: {} };
  if (urls.length === 0) return run;
  const agent = guardedAgent(opts.allowPrivateNetworks);
  const limit = pLimit(opts.concurrency);
  try {
    // allSettled: a write error (the media folder's) ends the run only after the downloads in flight.
    const settled = await Promise.allSettled(
      urls.map((url) =>
        limit(async () => {
          const outcome = await fetchRemoteImage(url, mediaDir, opts, agent);
          await recordOutcome(db, url, outcome, now);
          if (outcome.status === 'ok') run.ok++;
          else {
            run.failed++;
            run.reasons[outcome.error] = (run.reasons[outcome.error] ?? 0) + 1;
          }
        }),
      ),
    );
    const failure = settled.find((r) => r.status === 'rejected');
    if (failure) throw failure.reason;
  } finally {
    await agent.close();
  }
  return run;
}

/** One merchant's line of the image report (GET /admin/api/v1/images/report). */
export interface MerchantImageReport {
  merchant: { slug: string; name: string };
  /** Distinct image URLs of the merchant's active offers (the demo catalogue's own excluded). */
  images: number;
  ok: number;
  failed: number;
  /** Not tried yet. */
  pending: number;
  /** Failed images by reason code. */
  reasons: Record<string, number>;
}

/** The per-merchant state of merchants' images, for the operator (merchants without remote images left out), by slug. */
export async function imageReport(db: Database): Promise<MerchantImageReport[]> {
  const res = await db.query<{ slug: string; name: string; status: string | null; error: string | null; n: string }>(
    `WITH urls AS (
       SELECT DISTINCT merchant_id, image_url AS url FROM offers
        WHERE active AND image_url ~* '^https?://' AND NOT starts_with(image_url, $1))
     SELECT m.slug, m.name, f.status, f.error, count(*) AS n
       FROM urls u JOIN merchants m ON m.id = u.merchant_id
       LEFT JOIN image_files f ON f.url_hash = ${URL_HASH_SQL('u.url')}
      GROUP BY m.slug, m.name, f.status, f.error
      ORDER BY m.slug`,
    [DEMO_MEDIA_ORIGIN],
  );
  const bySlug = new Map<string, MerchantImageReport>();
  for (const r of res.rows) {
    let line = bySlug.get(r.slug);
    if (!line) bySlug.set(r.slug, (line = { merchant: { slug: r.slug, name: r.name }, images: 0, ok: 0, failed: 0, pending: 0, reasons: {} }));
    const n = Number(r.n);
    line.images += n;
    if (r.status === 'ok') line.ok += n;
    else if (r.status === 'failed') {
      line.failed += n;
      const code = r.error ?? 'network';
      line.reasons[code] = (line.reasons[code] ?? 0) + n;
    } else line.pending += n;
  }
  return [...bySlug.values()];
}
