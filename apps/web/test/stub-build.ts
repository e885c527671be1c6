import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes a hand-made React Router server build into `dir` (server/index.js, client/assets/) so the
 * storefront's HTTP server can be tested without `npm run build`: one catch-all route whose
 * document entry answers with `entryBody`, the source of a JavaScript function
 * `(request, status, headers, routerContext, loadContext) => Response`; `routeModule` is the source
 * of the route's module object (its `loader`, `headers`, …).
 */
export function writeStubBuild(dir: string, entryBody = `() => new Response('page', { status: 200 })`, routeModule = `{ default: () => null }`): void {
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'client/assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'server/index.js'),
    `export const entry = { module: { default: ${entryBody} } };
export const routes = { root: { id: 'root', path: '*', module: ${routeModule} } };
export const assets = { entry: { module: '', imports: [] }, routes: {}, url: '', version: '1' };
export const publicPath = '/'; export const assetsBuildDirectory = ''; export const future = {}; export const ssr = true;
export const isSpaMode = false; export const prerender = []; export const routeDiscovery = { mode: 'initial' }; export const basename = '/';`,
  );
}
