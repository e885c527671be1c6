/**
 * Page data as JSON (spec §7 "Static page data", §8; DESIGN.md "Page data"; decision 0019).
 *
 * Routes (GET and HEAD; anything else under these prefixes answers 405, an unknown path 404):
 * - `/page-data/{path}/page-data.json` (`index` for `/`; the page's query string rides along,
 *   e.g. `/page-data/prod/linen-dress/page-data.json?id=12`): the loader data of the page at
 *   `/{path}/`, run by React Router's own request handler as a single-fetch `.data` request (the
 *   loaders, their `headers` exports, statuses and redirects exactly as for the page), decoded
 *   from turbo-stream and answered as plain JSON, {@link PageData}. Deferred values are awaited (a
 *   rejected one becomes `null`); dates become ISO strings.
 * - `/page-data/app-data.json`: `{ webpackCompilationHash }`, the build hash (React Router's
 *   manifest version of the server build: a hash of every route chunk's file name, so it changes
 *   with any change to the client code and is the same in every process serving one build).
 * - `/page-data/sq/d/{hash}.json`: one static query of the layout, `{ data }` (content-addressed).
 * - `/slice-data/{name}.json`: one layout region (`header`, `footer`), `{ name, result: { data },
 *   staticQueryHashes }`.
 *
 * Statuses: 200 with the data; 404 for a path that is no page (or a resource such as the
 * sitemap), with the API's error body `{ code, message, details }`; the page's own 4xx/5xx with
 * that body; a page's redirect as the same 3xx whose `Location` is the target's page-data URL (or
 * the target itself when it leaves the site) and whose body is `{ path, redirect, status }`.
 *
 * Caching (the pages' rules, decision 0014): a request with a shopper's session, or a page whose
 * route says `private`/`no-store` or sets a cookie, gets `Cache-Control: private, no-store`;
 * anonymous 200s get `public, max-age=0, must-revalidate` (plus `s-maxage` when the HTML cache is
 * on) with a strong ETag and 304 on `If-None-Match`; errors and redirects `no-store`. Every answer
 * varies on `Cookie`. Loaders see the same load context as the page (the shopper's own session
 * or none), so no answer carries another shopper's data.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type express from 'express';
import {
  UNSAFE_decodeViaTurboStream as decodeTurboStream,
  UNSAFE_SingleFetchRedirectSymbol as REDIRECT,
  type AppLoadContext,
  type ServerBuild,
} from 'react-router';
import { HOP_BY_HOP } from './api-proxy.ts';

/** Body of a page-data answer with status 200. */
export interface PageData {
  /** The page's path, with its trailing slash (`/` for the home page). */
  path: string;
  /** The build hash the data was made by (as in app-data.json). */
  webpackCompilationHash: string;
  /**
   * `loaderData`: each matched route's loader data keyed by route id (`root`, `routes/category`, …),
   * root first and the page's own route last, as React Router hydrates a page.
   */
  result: { loaderData: Record<string, unknown> };
  /** Hashes of the layout's static queries (`/page-data/sq/d/{hash}.json`). */
  staticQueryHashes: string[];
  /** The layout's slices, by region (`/slice-data/{name}.json`). */
  slicesMap: Record<string, string>;
}

/** Error body (the API's shape, @b-deals/contracts ErrorBodySchema). */
export interface PageDataError {
  code: string;
  message: string;
  details?: unknown;
}

/** The layout's shared data as the server build's entry exports it (app/lib/static-data.server.ts). */
export interface StaticData {
  queries: Readonly<Record<string, { hash: string; data: Record<string, unknown> }>>;
  slices: Readonly<Record<string, { queries: readonly string[] }>>;
}

/** React Router's fetch-style request handler (`createRequestHandler` of react-router). */
export type FetchHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

export interface PageDataOptions {
  build: ServerBuild;
  handle: FetchHandler;
  /** The page's load context for this request (server/app.ts: session from the cookie, nonce, …). */
  contextFor(req: express.Request, res: express.Response): AppLoadContext;
  /** Admission of page-data requests alongside page renders (server/render-gate.ts). */
  gate?: express.RequestHandler;
  /** `s-maxage` of anonymous answers, s (the HTML cache's freshness); none when absent. */
  sharedMaxAgeS?: number;
  /** The server's own permanent redirects before React Router (redirects.ts): target path and query, or null. */
  redirectFor?: (pathname: string, search: string) => string | null;
}

const PAGE_DATA_RE = /^\/page-data\/(.+)\/page-data\.json$/;
const STATIC_QUERY_RE = /^\/page-data\/sq\/d\/([0-9a-f]{1,64})\.json$/;
const SLICE_RE = /^\/slice-data\/([a-z][a-z0-9-]{0,63})\.json$/;
const YEAR_S = 365 * 24 * 3600;

/** The build hash of a server build: React Router's manifest version (8 hex digits). */
export function buildHash(build: Pick<ServerBuild, 'assets'>): string {
  return build.assets.version;
}

/**
 * The page path a page-data path names: `/page-data/index/page-data.json` → `/`,
 * `/page-data/category/women/dresses/page-data.json` → `/category/women/dresses/`; null when it
 * names none (empty, `.` or `..` segments, percent-encoded ones included).
 */
export function pagePathOf(dataPath: string): string | null {
  const m = PAGE_DATA_RE.exec(dataPath);
  if (!m) return null;
  const rest = m[1]!;
  if (rest === 'index') return '/';
  const bad = rest.split('/').some((s) => {
    const d = s.replace(/%2e/gi, '.');
    return s === '' || d === '.' || d === '..' || /%2f|%5c|\\/i.test(s);
  });
  return bad ? null : `/${rest}/`;
}

/** The page-data path of a page path (inverse of {@link pagePathOf}): `/` → `/page-data/index/page-data.json`. */
export function pageDataPathOf(pagePath: string): string {
  const bare = pagePath.replace(/^\/+|\/+$/g, '');
  return `/page-data/${bare === '' ? 'index' : bare}/page-data.json`;
}

/** React Router's single-fetch URL for a page (no trailing-slash flag: `/a/b/` → `/a/b.data`, `/` → `/_root.data`). */
function dataRequestPath(pagePath: string): string {
  return pagePath === '/' ? '/_root.data' : `${pagePath.replace(/\/+$/, '')}.data`;
}

const ERROR_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  410: 'gone',
  429: 'too_many_requests',
};

/** The API's error body for `status` (5xx internals are never shown). */
export function errorBody(status: number, path: string, reason?: unknown): PageDataError {
  const code = ERROR_CODES[status] ?? (status >= 500 ? 'internal_error' : `http_${status}`);
  const message =
    status === 404
      ? `No page at ${path}`
      : status >= 500
        ? 'The page data could not be loaded.'
        : typeof reason === 'string' && reason
          ? reason
          : (http.STATUS_CODES[status] ?? 'Error');
  return { code, message, details: { path } };
}

/** Awaits every promise inside a decoded value (rejections become null); Maps become objects, Sets arrays. */
async function settle(value: unknown): Promise<unknown> {
  if (value instanceof Promise) return settle(await value.catch(() => null));
  if (Array.isArray(value)) return Promise.all(value.map(settle));
  if (value instanceof Map) return settle(Object.fromEntries(value));
  if (value instanceof Set) return settle([...value]);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = await settle(v);
    return out;
  }
  return value;
}

type Outcome =
  | { kind: 'data'; loaderData: Record<string, unknown> }
  | { kind: 'redirect'; location: string; status: number }
  | { kind: 'error'; status: number; reason?: unknown };

/** Runs the page's loaders through React Router and reads the answer. */
async function loadPage(
  opts: PageDataOptions,
  req: express.Request,
  res: express.Response,
  pagePath: string,
  search: string,
): Promise<{ outcome: Outcome; headers: Headers; signedIn: boolean }> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || HOP_BY_HOP.has(k) || k.startsWith('if-') || k === 'accept-encoding') continue;
    for (const x of [v].flat()) headers.append(k, x);
  }
  const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  const abort = new AbortController();
  res.once('close', () => abort.abort());
  const context = opts.contextFor(req, res);
  const signedIn = context.session !== null;
  const response = await opts.handle(new Request(new URL(dataRequestPath(pagePath) + search, origin), { headers, signal: abort.signal }), context);
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location) {
    return { outcome: { kind: 'redirect', location, status: response.status }, headers: response.headers, signedIn };
  }
  // Not a page's data (a resource route such as /sitemap.xml answers its own body): not found.
  if (!response.body || !(response.headers.get('content-type') ?? '').startsWith('text/x-script')) {
    await response.body?.cancel();
    return { outcome: { kind: 'error', status: response.status >= 500 ? response.status : 404 }, headers: response.headers, signedIn };
  }
  const decoded = await decodeTurboStream(response.body, globalThis);
  await decoded.done;
  const value = decoded.value as Record<string | symbol, unknown>;
  const redirect = value[REDIRECT] as { redirect: string; status: number } | undefined;
  if (redirect) return { outcome: { kind: 'redirect', location: redirect.redirect, status: redirect.status }, headers: response.headers, signedIn };
  const results = value as Record<string, { data?: unknown; error?: unknown }>;
  // A resource route (the sitemap, robots.txt, the outbound-click redirect) is no page: not found.
  const resource = Object.keys(results).some((id) => {
    const m = opts.build.routes[id]?.module;
    return m !== undefined && m.default == null && m.ErrorBoundary == null;
  });
  if (resource) return { outcome: { kind: 'error', status: 404 }, headers: response.headers, signedIn };
  const failed = Object.values(results).find((r) => 'error' in r);
  if (response.status >= 400 || failed) {
    const error = failed?.error as { status?: number; data?: { message?: unknown } } | undefined;
    const status = response.status >= 400 ? response.status : (error?.status ?? 500);
    return { outcome: { kind: 'error', status, reason: error?.data?.message }, headers: response.headers, signedIn };
  }
  const loaderData: Record<string, unknown> = {};
  for (const [id, r] of Object.entries(results)) loaderData[id] = await settle(r.data);
  return { outcome: { kind: 'data', loaderData }, headers: response.headers, signedIn };
}

/** Strong ETag of a JSON body. */
function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** Sends `body` as JSON; 304 when `etag` matches the request's If-None-Match; headers only for HEAD. */
function sendJson(req: express.Request, res: express.Response, status: number, body: unknown, cacheControl: string, etag = false): void {
  const text = JSON.stringify(body);
  res.status(status);
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', cacheControl);
  res.setHeader('vary', 'Accept-Encoding, Cookie');
  if (etag) {
    const tag = etagOf(text);
    res.setHeader('etag', tag);
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === tag)) return void res.status(304).end();
  }
  if (req.method === 'HEAD') res.setHeader('content-length', Buffer.byteLength(text)).end();
  else res.end(text);
}

/**
 * Express middleware serving the routes of the module comment; calls `next` for every other path.
 * Never throws: a failure while loading answers 500 with the error body (logged).
 */
export function pageDataRoutes(opts: PageDataOptions): express.RequestHandler {
  const hash = buildHash(opts.build);
  const staticData = (opts.build.entry.module as { staticData?: StaticData }).staticData ?? { queries: {}, slices: {} };
  const queryHashes = Object.values(staticData.queries).map((q) => q.hash);
  const slicesMap = Object.fromEntries(Object.keys(staticData.slices).map((name) => [name, name]));
  const publicCache = `public, max-age=0, must-revalidate${opts.sharedMaxAgeS ? `, s-maxage=${opts.sharedMaxAgeS}` : ''}`;

  const answerPage = async (req: express.Request, res: express.Response, pagePath: string, search: string) => {
    try {
      // A page the server itself redirects (spec §2.2 renames such as /eco/ → /sports-outdoors/).
      const moved = opts.redirectFor?.(pagePath, search);
      if (moved && moved !== pagePath + search) {
        const target = new URL(moved, 'http://x');
        res.setHeader('location', pageDataPathOf(target.pathname) + target.search);
        return sendJson(req, res, 301, { path: pagePath, redirect: moved, status: 301 }, 'no-store');
      }
      const { outcome, headers, signedIn } = await loadPage(opts, req, res, pagePath, search);
      const cookies = headers.getSetCookie();
      for (const c of cookies) res.appendHeader('set-cookie', c);
      const routeCache = headers.get('cache-control') ?? '';
      const personal = signedIn || cookies.length > 0 || /private|no-store/i.test(routeCache);
      if (outcome.kind === 'redirect') {
        const internal = outcome.location.startsWith('/') && !outcome.location.startsWith('//');
        const target = internal ? new URL(outcome.location, 'http://x') : null;
        res.setHeader('location', target ? pageDataPathOf(target.pathname) + target.search : outcome.location);
        return sendJson(
          req,
          res,
          outcome.status,
          { path: pagePath, redirect: outcome.location, status: outcome.status },
          personal ? 'private, no-store' : 'no-store',
        );
      }
      if (outcome.kind === 'error') {
        if (outcome.status >= 500) console.error(`page data ${pagePath}: HTTP ${outcome.status}`);
        return sendJson(req, res, outcome.status, errorBody(outcome.status, pagePath, outcome.reason), personal ? 'private, no-store' : 'no-store');
      }
      const body: PageData = {
        path: pagePath,
        webpackCompilationHash: hash,
        result: { loaderData: outcome.loaderData },
        staticQueryHashes: queryHashes,
        slicesMap,
      };
      if (personal) sendJson(req, res, 200, body, 'private, no-store');
      else sendJson(req, res, 200, body, publicCache, true);
    } catch (err) {
      console.error(err);
      if (res.headersSent) return void res.destroy();
      sendJson(req, res, 500, errorBody(500, pagePath), 'no-store');
    }
  };

  return (req, res, next) => {
    const inPageData = req.path.startsWith('/page-data/');
    if (!inPageData && !req.path.startsWith('/slice-data/')) return next();
    const url = new URL(req.originalUrl, 'http://x');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return sendJson(req, res, 405, errorBody(405, url.pathname), 'no-store');
    }
    if (url.pathname === '/page-data/app-data.json') {
      return sendJson(req, res, 200, { webpackCompilationHash: hash }, 'no-cache', true);
    }
    const sq = STATIC_QUERY_RE.exec(url.pathname);
    if (sq) {
      const query = Object.values(staticData.queries).find((q) => q.hash === sq[1]);
      if (query) return sendJson(req, res, 200, { data: query.data }, `public, max-age=${YEAR_S}, immutable`, true);
    }
    const slice = SLICE_RE.exec(url.pathname);
    const sliceDef = slice ? staticData.slices[slice[1]!] : undefined;
    if (slice && sliceDef) {
      const queries = sliceDef.queries.map((name) => staticData.queries[name]!);
      const data = Object.assign({}, ...queries.map((q) => q.data)) as Record<string, unknown>;
      return sendJson(
        req,
        res,
        200,
        { name: slice[1], result: { data }, staticQueryHashes: queries.map((q) => q.hash) },
        'public, max-age=0, must-revalidate',
        true,
      );
    }
    const pagePath = inPageData ? pagePathOf(url.pathname) : null;
    if (!pagePath) return sendJson(req, res, 404, errorBody(404, url.pathname), 'no-store');
    const params = new URLSearchParams(url.search);
    params.delete('_routes'); // React Router's own selector of loaders: page data is always the whole page
    const search = params.size ? `?${params}` : '';
    const run = () => void answerPage(req, res, pagePath, search);
    if (opts.gate) opts.gate(req, res, run);
    else run();
  };
}
