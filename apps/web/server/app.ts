/**
 * The storefront's HTTP server: an Express 5 app with compression that serves the built
 * client assets (hashed files under /assets/ cached for a year as immutable), `/media/*`
 * from `mediaDir` (images referenced by API responses as `/media/...`), and every other
 * request through the React Router request handler of the server build. The API URL reaches
 * loaders through the load context (`context.apiUrl`), so no loader reads `process.env`.
 */
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';

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
}

export interface WebServer {
  /** Base URL the server listens on, e.g. `http://127.0.0.1:3000`. */
  url: string;
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
  if (apiUrl.protocol !== 'http:' && apiUrl.protocol !== 'https:')
    throw new TypeError(`apiUrl must be http(s): ${opts.apiUrl}`);
  const buildDir = path.resolve(opts.buildDir ?? DEFAULT_BUILD_DIR);
  const build = (await import(
    pathToFileURL(path.join(buildDir, 'server/index.js')).href
  )) as ServerBuild;
  const clientDir = path.join(buildDir, 'client');

  const app = express();
  app.disable('x-powered-by');
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
