/**
 * The storefront's HTTP server: an Express 5 app with compression that serves the built
 * client assets (hashed files under /assets/ cached for a year as immutable), `/media/*`
 * from `mediaDir` (images referenced by API responses as `/media/...`), and every other
 * request through the React Router request handler of the server build. The API URL reaches
 * loaders through the load context (`context.apiUrl`), so no loader reads `process.env`.
 *
 * Same-origin API (backend for frontend): requests under the API prefixes of spec §7
 * ({@link API_PREFIXES}: `/user/`, `/inventory/`, `/order/`, `/article/`, `/tapestry/`, each
 * followed by `api/`, plus `/user/oauth/`) are streamed to the API unchanged (method, path, query, headers,
 * body; the answer's status, headers and body), so the browser calls the API on its own origin
 * without CORS. For the browser's calls to the token endpoint (`POST /user/oauth/token`,
 * RFC 6749) and revocation (`POST /user/oauth/revoke`, RFC 7009) the server adds the web
 * platform's client authentication (HTTP Basic, RFC 6749 §2.3.1) from `oauthClient`, replacing
 * any Authorization header the browser sent, so the client secret never reaches the browser.
 */
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { permanentRedirect } from './redirects.ts';

export interface WebServerOptions {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Base URL of the B-Deals API, e.g. `http://127.0.0.1:4000`. */
  apiUrl: string;
  /** Directory served at `/media/`. */
  mediaDir: string;
  /** Output of `npm run build -w @b-deals/web`; default apps/web/build. */
  buildDir?: string;
  /** The web platform's OAuth client, added to the browser's token and revocation calls (see above). */
  oauthClient?: { id: string; secret: string };
}

export interface WebServer {
  /** Base URL the server listens on, e.g. `http://127.0.0.1:3000`. */
  url: string;
  /** Stops accepting connections and resolves once open ones are closed. */
  close(): Promise<void>;
}

/**
 * Path prefixes of the API served on the storefront's origin. Only the `/{service}/api/` part
 * (and the OAuth endpoints): pages such as /article/{slug} and /order/ stay with the storefront.
 */
export const API_PREFIXES = ['/user/api/', '/user/oauth/', '/inventory/api/', '/order/api/', '/article/api/', '/tapestry/api/'] as const;
const CLIENT_AUTH_PATHS = new Set(['/user/oauth/token', '/user/oauth/revoke']);
/** Hop-by-hop headers (RFC 9110 §7.6.1) are not forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host']);

/** RFC 6749 §2.3.1: id and secret form-urlencoded, joined by ':', base64. */
function basicAuth(client: { id: string; secret: string }): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${enc(client.id)}:${enc(client.secret)}`).toString('base64')}`;
}

/** Streams `req` to `apiUrl` and the answer back; 502 `{code, message}` when the API cannot be reached. */
function proxyToApi(apiUrl: URL, oauthClient: WebServerOptions['oauthClient'], req: IncomingMessage, res: ServerResponse): void {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
  const pathname = (req.url ?? '/').split('?')[0]!;
  if (oauthClient && req.method === 'POST' && CLIENT_AUTH_PATHS.has(pathname)) headers.authorization = basicAuth(oauthClient);
  const forwardedFor = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = [forwardedFor, req.socket.remoteAddress].filter(Boolean).join(', ');
  const base = apiUrl.pathname.replace(/\/$/, '');
  const upstream = (apiUrl.protocol === 'https:' ? https : http).request(
    { protocol: apiUrl.protocol, hostname: apiUrl.hostname, port: apiUrl.port, method: req.method, path: base + (req.url ?? '/'), headers },
    (answer) => {
      for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) res.setHeader(k, v);
      res.writeHead(answer.statusCode ?? 502);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (res.headersSent) res.destroy();
    else res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'bad_gateway', message: 'The B-Deals API cannot be reached.' }));
  });
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
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
  if (apiUrl.protocol !== 'http:' && apiUrl.protocol !== 'https:')
    throw new TypeError(`apiUrl must be http(s): ${opts.apiUrl}`);
  const buildDir = path.resolve(opts.buildDir ?? DEFAULT_BUILD_DIR);
  const build = (await import(
    pathToFileURL(path.join(buildDir, 'server/index.js')).href
  )) as ServerBuild;
  const clientDir = path.join(buildDir, 'client');

  const app = express();
  app.disable('x-powered-by');
  app.use((req, res, next) => {
    if (API_PREFIXES.some((p) => req.path.startsWith(p))) proxyToApi(apiUrl, opts.oauthClient, req, res);
    else next();
  });
  app.use(compression());
  app.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), {
      immutable: true,
      maxAge: YEAR_S * 1000,
      index: false,
    }),
  );
  app.use(
    '/media',
    express.static(path.resolve(opts.mediaDir), {
      maxAge: 24 * 3600 * 1000,
      index: false,
      fallthrough: false,
    }),
  );
  app.use(express.static(clientDir, { maxAge: 3600 * 1000, index: false }));
  const context = { apiUrl: apiUrl.origin + apiUrl.pathname.replace(/\/$/, '') };
  app.use((req, res, next) => {
    const url = new URL(req.originalUrl, 'http://x');
    const location = req.method === 'GET' || req.method === 'HEAD' ? permanentRedirect(url.pathname, url.search) : null;
    if (location) res.redirect(301, location);
    else next();
  });
  app.use(createRequestHandler({ build, mode: 'production', getLoadContext: () => context }));

  const server = app.listen(opts.port, opts.host ?? '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
