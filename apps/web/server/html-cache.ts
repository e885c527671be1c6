/**
 * Full-page HTML cache for anonymous visitors (issue 12 §3; decision 0014).
 *
 * - Only GET and HEAD of page paths (no file extension, not the API, assets or media) from a
 *   visitor without a `bd_session` cookie are considered; a page is stored only when it answered
 *   200 with `text/html`, set no cookie and did not say `private` or `no-store`.
 * - Keys are the path and query plus the catalogue version (`CatalogVersion` below): an ingest
 *   makes every page of the old version unreachable at once. Entries are fresh for `freshMs`
 *   (default 60 s: editorial changes and the hot words show within a minute); a stale entry is
 *   served while one regeneration runs in the background (stale-while-revalidate); concurrent
 *   misses of one key share one render (single flight). Least recently used entries go first past
 *   `maxEntries`.
 * - Each entry keeps its body, gzip and brotli encodings made once, a strong ETag (SHA-256 of the
 *   body, base64url) and the CSP nonce it was rendered with (its inline scripts carry it, so the
 *   answer's Content-Security-Policy must name the same nonce; a new render gets a new nonce).
 *   `If-None-Match` with the ETag answers 304 without a Content-Security-Policy, so the
 *   browser's copy keeps the policy that matches its nonce.
 * - Answers say `Cache-Control: public, max-age=0, must-revalidate` (browsers revalidate with the
 *   ETag) plus `s-maxage` for shared caches, `Vary: Accept-Encoding, Cookie`, and
 *   `X-Cache: HIT | MISS | STALE`.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

/** One stored page. Times are epoch ms; sizes are bytes. */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  nonce: string;
  at: number;
}

/** A rendered answer the cache may store. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Buffer;
  nonce: string;
}

export interface HtmlCacheOptions {
  /** Renders `req` for an anonymous visitor with a fresh CSP nonce. */
  render(req: Request): Promise<RenderedPage>;
  /** The catalogue version now, or null while unknown (then nothing is cached). */
  version(): number | null;
  freshMs?: number;
  maxEntries?: number;
  now?: () => number;
}

const SKIP_PREFIXES = ['/assets/', '/media/', '/user/', '/inventory/', '/order/', '/article/api/', '/tapestry/', '/admin/'];

/** True for a request the cache may answer: GET/HEAD of a page path from a visitor without a session. */
export function isCacheableRequest(req: Pick<Request, 'method' | 'path' | 'headers'>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (SKIP_PREFIXES.some((p) => req.path.startsWith(p))) return false;
  const last = req.path.slice(req.path.lastIndexOf('/') + 1);
  if (last.includes('.')) return false; // files (robots.txt, sitemap.xml, the game's index.html)
  return !/(?:^|;\s*)bd_session=/.test(req.headers.cookie ?? '');
}

/** True for an answer that may be stored and served to every visitor. */
export function isStorable(page: RenderedPage): boolean {
  if (page.status !== 200) return false;
  if (!(page.headers.get('content-type') ?? '').startsWith('text/html')) return false;
  if (page.headers.has('set-cookie')) return false;
  return !/private|no-store/i.test(page.headers.get('cache-control') ?? '');
}

/**
 * Strong ETag of a page's content: SHA-256 of the body with its CSP nonce taken out, so the same
 * page rendered by two storefront processes (two nonces) has one tag.
 */
export function contentTag(body: Buffer, nonce: string): string {
  const text = nonce ? body.toString('utf8').split(nonce).join('') : body.toString('utf8');
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"`;
}

/** Builds a stored page: encodings made once, a strong ETag. */
export function toCachedPage(page: RenderedPage, at: number): CachedPage {
  const headers: Array<[string, string]> = [];
  page.headers.forEach((v, k) => {
    if (!['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'etag', 'cache-control', 'vary', 'content-security-policy'].includes(k))
      headers.push([k, v]);
  });
  return {
    status: page.status,
    headers,
    body: page.body,
    gzip: gzipSync(page.body, { level: 9 }),
    br: brotliCompressSync(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length } }),
    etag: contentTag(page.body, page.nonce),
    nonce: page.nonce,
    at,
  };
}

export class HtmlCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly inflight = new Map<string, Promise<CachedPage | RenderedPage>>();
  private readonly freshMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** Counters since start (hit ratio for metrics and benchmarks). */
  readonly stats = { hits: 0, stale: 0, misses: 0, bypass: 0 };

  constructor(private readonly opts: HtmlCacheOptions) {
    this.freshMs = opts.freshMs ?? 60_000;
    this.maxEntries = opts.maxEntries ?? 2000;
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Answers `req` from the cache, or renders, stores and answers it; calls `next` for requests it
   * does not handle. Never throws: a failed render goes to `next(err)`.
   */
  async handle(req: Request, res: Response, next: (err?: unknown) => void, securityHeaders: (nonce: string) => Record<string, string>): Promise<void> {
    const version = this.opts.version();
    if (version === null || !isCacheableRequest(req)) {
      this.stats.bypass++;
      return next();
    }
    const key = `${version} ${req.originalUrl}`;
    try {
      let entry = this.entries.get(key);
      let state: 'HIT' | 'STALE' | 'MISS' = 'HIT';
      if (entry && this.now() - entry.at > this.freshMs) {
        state = 'STALE';
        void this.fill(key, req).catch(() => undefined); // one regeneration in the background
      }
      if (!entry) {
        state = 'MISS';
        const got = await this.fill(key, req);
        if (!('etag' in got)) {
          // Not storable (a 404, a redirect, a private answer): send it as rendered.
          this.stats.bypass++;
          return void sendRendered(res, got, securityHeaders);
        }
        entry = got;
      }
      this.stats[state === 'HIT' ? 'hits' : state === 'STALE' ? 'stale' : 'misses']++;
      this.entries.delete(key);
      this.entries.set(key, entry); // most recently used last
      sendCached(req, res, entry, state, securityHeaders(entry.nonce), this.freshMs);
    } catch (err) {
      next(err);
    }
  }

  /** Renders `key` once however many ask at the same time; stores a storable answer. */
  private fill(key: string, req: Request): Promise<CachedPage | RenderedPage> {
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.opts
        .render(req)
        .then((page) => {
          if (!isStorable(page)) return page;
          const entry = toCachedPage(page, this.now());
          this.entries.set(key, entry);
          while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
          return entry;
        })
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }
}

function sendRendered(res: Response, page: RenderedPage, securityHeaders: (nonce: string) => Record<string, string>): void {
  page.headers.forEach((v, k) => {
    if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'set-cookie') res.setHeader(k, v);
  });
  for (const c of page.headers.getSetCookie()) res.appendHeader('set-cookie', c);
  for (const [k, v] of Object.entries(securityHeaders(page.nonce))) res.setHeader(k, v);
  res.status(page.status).end(page.body);
}

function sendCached(req: Request, res: Response, entry: CachedPage, state: string, security: Record<string, string>, freshMs: number): void {
  for (const [k, v] of entry.headers) res.setHeader(k, v);
  for (const [k, v] of Object.entries(security)) res.setHeader(k, v);
  res.setHeader('etag', entry.etag);
  res.setHeader('cache-control', `public, max-age=0, must-revalidate, s-maxage=${Math.round(freshMs / 1000)}`);
  res.setHeader('vary', 'Accept-Encoding, Cookie');
  res.setHeader('x-cache', state);
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === entry.etag)) {
    // The browser keeps its copy, whose inline scripts carry the nonce of the render it got: a 304
    // must not replace that copy's Content-Security-Policy with another nonce (RFC 9111 §4.3.4).
    res.removeHeader('content-security-policy');
    res.status(304).end();
    return;
  }
  const accept = String(req.headers['accept-encoding'] ?? '');
  const [body, encoding] = /\bbr\b/.test(accept) ? [entry.br, 'br'] : /\bgzip\b/.test(accept) ? [entry.gzip, 'gzip'] : [entry.body, null];
  if (encoding) res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', body.length);
  res.status(entry.status);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

/**
 * The catalogue version as the API announces it (issue 12 §3): long-polls
 * `GET {api}/inventory/api/v1/catalog/version?after=N&waitMs=25000`, which answers at once when the version
 * is newer than N and otherwise when it changes (or after about 25 s). After a failure it retries
 * after 1 s, doubling to 10 s; while the API cannot be reached the version is unknown (null) and
 * the HTML cache stands aside.
 */
export class CatalogVersion {
  private current: number | null = null;
  private stopped = false;
  private abort: AbortController | null = null;
  private readonly waiters: Array<() => void> = [];

  constructor(private readonly apiBase: string) {}

  /** The newest version seen, or null when unknown. */
  get(): number | null {
    return this.current;
  }

  /** Resolves once a version is known (first answer from the API). */
  ready(): Promise<void> {
    return this.current !== null ? Promise.resolve() : new Promise((r) => this.waiters.push(r));
  }

  start(): void {
    void this.loop();
  }

  stop(): void {
    this.stopped = true;
    this.abort?.abort();
  }

  private async loop(): Promise<void> {
    let retryMs = 1000;
    while (!this.stopped) {
      this.abort = new AbortController();
      const timer = setTimeout(() => this.abort?.abort(), 35_000);
      try {
        const after = this.current ?? -1;
        const res = await fetch(`${this.apiBase}/inventory/api/v1/catalog/version?after=${after}&waitMs=25000`, { signal: this.abort.signal });
        if (!res.ok) throw new Error(`catalog version: HTTP ${res.status}`);
        const { version } = (await res.json()) as { version: number };
        this.current = version;
        this.waiters.splice(0).forEach((w) => w());
        retryMs = 1000;
      } catch {
        if (this.stopped) break;
        this.current = null;
        await new Promise((r) => setTimeout(r, retryMs).unref());
        retryMs = Math.min(retryMs * 2, 10_000);
      } finally {
        clearTimeout(timer);
      }
    }
  }
}
