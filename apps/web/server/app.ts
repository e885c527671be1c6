/**
 * The storefront's HTTP server: an Express 5 app with compression that serves the built
 * client assets (hashed files under /assets/ cached for a year as immutable), `/media/*`
 * (images referenced by API responses as `/media/...`) from `mediaDir` or else from the API, the service
 * worker `/sw.js` (built by build-sw.ts; `Cache-Control: no-cache`), and every other
 * request through the React Router request handler of the server build. The API URL reaches
 * loaders through the load context (`context.apiUrl`), so no loader reads `process.env`.
 *
 * Same-origin API (backend for frontend; api-proxy.ts): requests under the API prefixes of spec §7
 * ({@link API_PREFIXES}: `/user/`, `/inventory/`, `/order/`, `/article/`, `/tapestry/`, each
 * followed by `api/`, plus `/user/oauth/`) are streamed to the API unchanged (method, path, query, headers,
 * body; the answer's status, headers and body), so the browser calls the API on its own origin
 * without CORS. For the browser's calls to the token endpoint (`POST /user/oauth/token`,
 * RFC 6749) and revocation (`POST /user/oauth/revoke`, RFC 7009) the server adds the web
 * platform's client authentication (HTTP Basic, RFC 6749 §2.3.1) from `oauthClient`, replacing
 * any Authorization header the browser sent, so the client secret never reaches the browser.
 *
 * Hardening (issue 13): every response carries the security headers of {@link securityHeaders}
 * (a Content-Security-Policy with a per-request script nonce, handed to the render through the
 * load context); the shopper's address reaches the API on proxied and server-side calls alike
 * (`X-Forwarded-For`); bodies are capped (API calls {@link BODY_LIMITS}.api, the storefront's own
 * form posts {@link BODY_LIMITS}.form) with a clean 413; slow clients time out
 * ({@link HTTP_TIMEOUTS}); a request without a Host header (HTTP/1.1) gets a short plain 400
 * ({@link hostHeaderProblem}); errors outside the router (e.g. under /media) answer a short text
 * without stack or path. A request that changes something, sent by another site's page, is
 * refused with 403 (cross-site.ts: `Origin`, `Sec-Fetch-Site`), and a loopback proxy's
 * `X-Forwarded-Proto` counts only as `http` or `https`.
 *
 * Operations (issue 12 §4): `GET /health` is liveness; `GET /ready` answers 200 while the API's
 * `/ready` does and Redis (when `redisUrl` is set) answers PING, else 503 naming the failed check.
 * With `redisUrl`, the HTML cache shares its pages with the other storefront processes.
 *
 * Page data (page-data.ts; spec §7, decision 0019): `/page-data/{path}/page-data.json`,
 * `/page-data/app-data.json` (the build hash), `/page-data/sq/d/{hash}.json` and
 * `/slice-data/{name}.json` answer JSON from the same loaders, load context and render gate as
 * the pages.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequestHandler } from '@react-router/express';
import { createRequestHandler as createFetchHandler } from 'react-router';
import compression from 'compression';
import express from 'express';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { RENDER_GATE, renderGate } from './render-gate.ts';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppLoadContext, ServerBuild } from 'react-router';
import {
  BODY_LIMITS,
  HTTP_TIMEOUTS,
  IMAGE_PLACEHOLDER_HEADERS,
  IMAGE_PLACEHOLDER_SVG,
  REMOTE_MEDIA_DIR,
  answerClientError,
  hostHeaderProblem,
  type HttpTimeouts,
} from '@b-deals/core';
import { permanentRedirect } from './redirects.ts';
import { CatalogVersion, HtmlCache } from './html-cache.ts';
import { RedisPageStore } from './redis-page-store.ts';
import { refuseCrossSite, saneForwardedProto } from './cross-site.ts';
import { sessionFromCookieHeader, sessionKey, type WebSession } from './session-cookie.ts';
import { API_PREFIXES, vouchForBeacon, HOP_BY_HOP, answerTooLarge, forwardedFor, proxyToApi, type SessionWatch } from './api-proxy.ts';
import { NO_CSP_SOURCES, securityHeaders, type CspSources } from './security-headers.ts';
import type { ThirdPartyTags } from '../app/lib/tags.ts';
import { pageDataRoutes } from './page-data.ts';
import { settleCacheControl } from './cache-policy.ts';

export { API_PREFIXES, forwardedFor, sessionCookieFor } from './api-proxy.ts';
export { buildHash, pageDataPathOf, pagePathOf, type PageData, type PageDataError } from './page-data.ts';
export {
  contentSecurityPolicy,
  GTM_CSP_SOURCES,
  mergeCspSources,
  scriptOriginSources,
  securityHeaders,
  STRIPE_CSP_SOURCES,
  type CspSources,
} from './security-headers.ts';

export interface WebServerOptions {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Base URL of the B-Deals API, e.g. `http://127.0.0.1:4000`. */
  apiUrl: string;
  /** Directory served at `/media/`; without it `/media/` is fetched from the API (the storefront then reads no file of the API's). */
  mediaDir?: string;
  /** Output of `npm run build -w @b-deals/web`; default apps/web/build. */
  buildDir?: string;
  /** Pages rendered at once and pages allowed to wait (default RENDER_GATE of ./render-gate.ts). */
  renderGate?: { concurrency: number; maxWaiting: number };
  /** The web platform's OAuth client, added to the browser's token and revocation calls (see above). */
  oauthClient?: { id: string; secret: string };
  /** HTTP server timeouts, ms (default HTTP_TIMEOUTS of @b-deals/core); tests shorten them. */
  timeouts?: Partial<HttpTimeouts>;
  /**
   * Secret of the server-side session cookie (session-cookie.ts); default: derived from the web
   * client's secret. Without either, the storefront keeps no server-side session.
   */
  sessionSecret?: string;
  /** Lifetime of a server-side session, s (default 30 days, the API's default refresh-token lifetime). */
  sessionTtlSeconds?: number;
  /**
   * Full-page HTML cache for anonymous visitors (html-cache.ts; decision 0014): how long a page
   * stays fresh, ms. Absent or 0: no cache.
   */
  htmlCacheFreshMs?: number;
  /**
   * Reuse the API's answers that change only with an ingest (the product page's) within one
   * catalogue version, also when the HTML cache is off (lib/api.server.ts `versionedAnswer`;
   * issue 12 §3). The storefront's entry turns it on; tests leave it off unless they test it.
   */
  reuseApiAnswers?: boolean;
  /** Third-party origins of configured integrations in every page's CSP (env.ts: Stripe when `STRIPE_PUBLISHABLE_KEY` is set); default none. */
  cspSources?: CspSources;
  /** Consent-gated third-party tags (env.ts `GTM_CONTAINER_ID`, `AFFILIATE_SCRIPT_URL`), handed to loaders as `context.tags`; default none. */
  tags?: ThirdPartyTags;
  /**
   * Redis (redis:// or rediss:// URL) shared by the storefront processes: the HTML cache keeps its
   * pages there too (redis-page-store.ts), so every process serves a page one of them rendered.
   */
  redisUrl?: string;
}

export interface WebServer {
  /** Base URL the server listens on, e.g. `http://127.0.0.1:3000`. */
  url: string;
  /** The HTML cache, when enabled (its `stats` and `size`). */
  htmlCache: HtmlCache | null;
  /** Stops accepting connections and resolves once open ones are closed. */
  close(): Promise<void>;
}

const DEFAULT_BUILD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../build');
const YEAR_S = 365 * 24 * 3600;

/**
 * Starts the storefront server. Throws when `apiUrl` is not an absolute http(s) URL or the
 * server build is missing (run `npm run build -w @b-deals/web` first), or when the port
 * cannot be bound.
 */
export async function createWebServer(opts: WebServerOptions): Promise<WebServer> {
  const apiUrl = new URL(opts.apiUrl);
  if (apiUrl.protocol !== 'http:' && apiUrl.protocol !== 'https:') throw new TypeError(`apiUrl must be http(s): ${opts.apiUrl}`);
  const buildDir = path.resolve(opts.buildDir ?? DEFAULT_BUILD_DIR);
  const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
  const clientDir = path.join(buildDir, 'client');

  const cspSources = opts.cspSources ?? NO_CSP_SOURCES;
  const tags: ThirdPartyTags = opts.tags ?? { gtmContainerId: null, affiliateScriptUrl: null };
  const apiBase = apiUrl.origin + apiUrl.pathname.replace(/\/$/, '');
  const sessionSecret = opts.sessionSecret ?? opts.oauthClient?.secret;
  const key = sessionSecret ? sessionKey(sessionSecret) : null;
  const watchFor = (req: express.Request): SessionWatch | undefined =>
    key
      ? {
          key,
          ttlMs: (opts.sessionTtlSeconds ?? 30 * 24 * 3600) * 1000,
          secure: req.secure,
          profile: async (accessToken) => {
            const r = await fetch(`${apiBase}/user/api/v1/profile`, {
              headers: { authorization: `Bearer ${accessToken}`, 'x-forwarded-for': forwardedFor(req) },
              signal: AbortSignal.timeout(5000),
            });
            if (!r.ok) return null;
            const p = (await r.json()) as WebSession['user'];
            return { id: p.id, firstName: p.firstName, lastName: p.lastName, email: p.email };
          },
        }
      : undefined;

  const app = express();
  app.disable('x-powered-by');
  // Express's own error pages show stacks outside production; this server is production everywhere.
  app.set('env', 'production');
  // X-Forwarded-Proto from a local TLS terminator says whether the shopper used HTTPS (for HSTS).
  app.set('trust proxy', 'loopback');
  app.use(saneForwardedProto);
  // One id per request, from the client or new, sent on to the API and into its JSON logs (issue 12 §4).
  app.use((req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && /^[\w.:-]{8,64}$/.test(given) ? given : randomUUID();
    req.headers['x-request-id'] = id;
    res.locals.requestId = id;
    res.setHeader('x-request-id', id);
    next();
  });
  app.use((req, res, next) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    for (const [k, v] of Object.entries(securityHeaders(nonce, req.secure, cspSources))) res.setHeader(k, v);
    next();
  });
  // RFC 9112 §3.2 (Node's own check is off below: it answered an empty 400 before this code).
  app.use((req, res, next) => {
    const problem = hostHeaderProblem(req);
    if (problem) res.status(400).set({ connection: 'close', 'cache-control': 'no-store' }).type('text/plain').send(`Bad Request: ${problem}`);
    else next();
  });
  // Liveness and readiness for a process manager or load balancer (issue 12 §4). /ready: the API
  // answers its own /ready, and Redis (when configured) answers PING; 503 with the failed checks.
  const pageStore = opts.redisUrl ? new RedisPageStore(opts.redisUrl) : null;
  app.get('/health', (_req, res) => void res.set('cache-control', 'no-store').json({ status: 'ok' }));
  app.get('/ready', async (_req, res) => {
    const [api, redis] = await Promise.all([
      fetch(`${apiBase}/ready`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      ),
      pageStore ? pageStore.ping() : Promise.resolve(undefined),
    ]);
    const checks = { api, ...(redis === undefined ? {} : { redis }) };
    const ready = api && redis !== false;
    res
      .status(ready ? 200 : 503)
      .set('cache-control', 'no-store')
      .json({ status: ready ? 'ready' : 'not_ready', checks });
  });
  // Another site's page may link here, never post here: not to the token endpoint (login CSRF), nor to any other call or form.
  app.use(refuseCrossSite);
  app.use((req, res, next) => {
    if (!API_PREFIXES.some((p) => req.path.startsWith(p))) return next();
    if (key) vouchForBeacon(req, key);
    proxyToApi(apiUrl, opts.oauthClient, req, res, watchFor(req));
  });
  // One Cache-Control on every answer rendered here, pages' `.data` included (cache-policy.ts); files keep their own.
  const clientEntries = new Set(existsSync(clientDir) ? readdirSync(clientDir) : []);
  const settle = settleCacheControl(opts.htmlCacheFreshMs ? Math.round(opts.htmlCacheFreshMs / 1000) : undefined);
  app.use((req, res, next) => (/^\/(assets|media)\//.test(req.path) || clientEntries.has(req.path.split('/')[1] ?? '') ? next() : settle(req, res, next)));
  // Anonymous pages from the HTML cache (before compression: entries carry their own encodings).
  // The catalogue version: the HTML cache's key, and the scope in which loaders reuse the API's
  // version-bound answers (lib/api.server.ts `versionedAnswer`), with or without the HTML cache.
  let versions: CatalogVersion | null = null;
  if (opts.htmlCacheFreshMs || opts.reuseApiAnswers) {
    versions = new CatalogVersion(apiBase);
    versions.start();
  }
  let htmlCache: HtmlCache | null = null;
  const handleFetch = createFetchHandler(build, 'production');
  if (opts.htmlCacheFreshMs) {
    const cache = new HtmlCache({
      freshMs: opts.htmlCacheFreshMs,
      shared: pageStore ?? undefined,
      version: () => versions!.get(),
      render: async (req) => {
        const nonce = randomBytes(16).toString('base64');
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) {
          if (v === undefined || HOP_BY_HOP.has(k) || k === 'cookie' || k.startsWith('if-')) continue;
          for (const x of [v].flat()) headers.append(k, x);
        }
        const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
        const response = await handleFetch(new Request(url, { method: 'GET', headers }), {
          apiUrl: apiBase,
          forwardedFor: forwardedFor(req),
          cspNonce: nonce,
          session: null,
          requestId: String(req.headers['x-request-id'] ?? ''),
          catalogVersion: versions!.get(),
          tags,
        });
        return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()), nonce };
      },
    });
    htmlCache = cache;
    app.use((req, res, next) => {
      const url = new URL(req.originalUrl, 'http://x');
      if ((req.method === 'GET' || req.method === 'HEAD') && permanentRedirect(url.pathname, url.search)) return next();
      void cache.handle(req, res, next, (nonce) => securityHeaders(nonce, req.secure, cspSources));
    });
  }
  app.use(compression());
  app.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), {
      immutable: true,
      maxAge: YEAR_S * 1000,
      index: false,
    }),
  );
  if (opts.mediaDir) {
    // Merchants' images the API's image-fetch job has not written (yet): the neutral placeholder,
    // 404 and no-store, as the API answers it (so the service worker, which keeps only 200s, never keeps it).
    app.use(
      `/media/${REMOTE_MEDIA_DIR}`,
      express.static(path.resolve(opts.mediaDir, REMOTE_MEDIA_DIR), { maxAge: 24 * 3600 * 1000, index: false }),
      (req: express.Request, res: express.Response, next: express.NextFunction) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        res.status(404).set(IMAGE_PLACEHOLDER_HEADERS).send(IMAGE_PLACEHOLDER_SVG);
      },
    );
    app.use(
      '/media',
      express.static(path.resolve(opts.mediaDir), {
        maxAge: 24 * 3600 * 1000,
        index: false,
        fallthrough: false,
      }),
    );
  } else {
    app.use('/media', (req, res) => {
      req.url = req.originalUrl;
      proxyToApi(apiUrl, undefined, req, res);
    });
  }
  // The service worker (decision 0018): `no-cache`, so every update check asks this server and a
  // new build's worker is found on the next visit. Its scope is `/`, its own folder: no
  // Service-Worker-Allowed header is needed.
  app.get('/sw.js', (_req, res, next) => {
    res.sendFile(path.join(clientDir, 'sw.js'), { cacheControl: false, headers: { 'cache-control': 'no-cache' } }, (err) => err && next(err));
  });
  // The build's other top-level files (public/: offline.html, sweepstake/…). Only paths under one
  // of them reach the file system: a page request would otherwise cost a stat() before it is
  // rendered (issue 12 §3, profiled).
  const clientStatic = express.static(clientDir, { maxAge: 3600 * 1000, index: false });
  app.use((req, res, next) => {
    // Entry names are plain ASCII: a percent-encoded first segment is never one of them.
    const first = req.path.split('/')[1] ?? '';
    if (first && clientEntries.has(first)) clientStatic(req, res, next);
    else next();
  });
  // The storefront's own form posts (sign-in, register, reset) are small: refuse big or unsized bodies.
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const length = req.headers['content-length'];
    if (length === undefined && req.headers['transfer-encoding']) {
      res.status(411).set('connection', 'close').type('text/plain').send('Length Required: send a Content-Length.');
    } else if (Number(length ?? 0) > BODY_LIMITS.form) {
      answerTooLarge(res, 'text/plain; charset=utf-8', `Payload Too Large: forms take at most ${BODY_LIMITS.form} bytes.`);
    } else next();
  });
  const loadContext = (req: express.Request, res: express.Response): AppLoadContext => {
    const session = key ? sessionFromCookieHeader(req.headers.cookie, key) : null;
    // A page rendered for a signed-in shopper is theirs alone (its `private, no-store`: cache-policy.ts).
    res.setHeader('vary', 'Cookie');
    return {
      apiUrl: apiBase,
      forwardedFor: forwardedFor(req),
      cspNonce: String(res.locals.cspNonce ?? ''),
      session,
      requestId: String(res.locals.requestId ?? ''),
      catalogVersion: versions?.get() ?? null,
      tags,
    };
  };
  const gate = renderGate(opts.renderGate ?? RENDER_GATE);
  // Page data as JSON (page-data.ts; spec §7, decision 0019): the same loaders, context and gate as the pages.
  app.use(
    pageDataRoutes({
      build,
      handle: handleFetch,
      contextFor: loadContext,
      gate,
      redirectFor: permanentRedirect,
      sharedMaxAgeS: opts.htmlCacheFreshMs ? Math.round(opts.htmlCacheFreshMs / 1000) : undefined,
    }),
  );
  app.use((req, res, next) => {
    const url = new URL(req.originalUrl, 'http://x');
    const location = req.method === 'GET' || req.method === 'HEAD' ? permanentRedirect(url.pathname, url.search) : null;
    if (location) res.redirect(301, location);
    else next();
  });
  app.use(gate);
  app.use(createRequestHandler({ build, mode: 'production', getLoadContext: loadContext }));
  // Errors outside the router (a missing or malformed /media path, a body that broke off): status
  // and a short text only, never a stack or a server path (issue 13 finding 5).
  app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const e = err as { status?: unknown; statusCode?: unknown };
    const raw = Number(e.status ?? e.statusCode);
    const status = raw >= 400 && raw < 600 ? raw : 500;
    if (status >= 500) console.error(err);
    if (res.headersSent) return void res.destroy();
    res
      .status(status)
      .type('text/plain')
      .send(http.STATUS_CODES[status] ?? 'Error');
  });

  const t = { ...HTTP_TIMEOUTS, ...opts.timeouts };
  const server = http.createServer(
    {
      headersTimeout: t.headersTimeout,
      requestTimeout: t.requestTimeout,
      keepAliveTimeout: t.keepAliveTimeout,
      connectionsCheckingInterval: t.connectionsCheckingInterval,
      requireHostHeader: false,
    },
    app,
  );
  server.setTimeout(t.connectionTimeout);
  server.on('clientError', answerClientError);
  server.listen(opts.port, opts.host ?? '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    htmlCache,
    close: () =>
      new Promise<void>((resolve, reject) => {
        versions?.stop();
        server.close((err) => (err ? reject(err) : pageStore ? pageStore.close().then(resolve) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
