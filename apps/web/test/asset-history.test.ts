/**
 * Builds in place keep the earlier builds' hashed files (asset-history.ts; decision 0018): a
 * storefront still running the previous build, its cached pages and open tabs keep loading their
 * bundles. Each test build here is what `npm run build` does around `react-router build`: begin,
 * the build writing its files (the folder is not emptied), end; then the service worker's precache.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HISTORY_FILE, KEPT_BUILDS, beginBuild, currentBuildAssets, endBuild, readBuilds } from '../asset-history.ts';
import { buildServiceWorker } from '../build-sw.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'web-asset-history-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (file: string, text = file) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const has = (file: string) => existsSync(path.join(dir, file));

/** One build: the files React Router and Vite write, between the two steps of asset-history.ts. */
function build(n: number, extra: string[] = []) {
  beginBuild(dir);
  for (const f of [
    `client/assets/entry.client-${n}.js`,
    `client/assets/root-${n}.css`,
    'client/assets/shared-same.js',
    `server/assets/chunk-${n}.js`,
    'server/index.js',
    'client/offline.html',
    ...extra,
  ])
    write(f);
  return endBuild(dir);
}

describe('asset-history', () => {
  it('keeps the first build’s bundles through a second build, and prunes them beyond the last 3 builds', () => {
    build(1, ['client/retired.html']);
    write('client/sw.js'); // build-sw.ts writes the service worker after the end step
    expect(readBuilds(dir)).toHaveLength(1);
    build(2);
    // The second build keeps every hashed file of the first, client and server side…
    for (const f of ['client/assets/entry.client-1.js', 'client/assets/root-1.css', 'server/assets/chunk-1.js']) expect(has(f), f).toBe(true);
    // …but not a plain file the app no longer has; the service worker stays until build-sw.ts replaces it.
    expect(has('client/retired.html')).toBe(false);
    expect(has('client/sw.js')).toBe(true);
    expect(readBuilds(dir).map((b) => b.files.filter((f) => f.startsWith('client/assets/entry')))).toEqual([
      ['client/assets/entry.client-2.js'],
      ['client/assets/entry.client-1.js'],
    ]);
    build(3);
    expect(has('client/assets/entry.client-1.js')).toBe(true);
    const fourth = build(4);
    expect(KEPT_BUILDS).toBe(3);
    expect(fourth.removed.sort()).toEqual(['client/assets/entry.client-1.js', 'client/assets/root-1.css', 'server/assets/chunk-1.js']);
    for (const n of [2, 3, 4]) expect(has(`client/assets/entry.client-${n}.js`), `build ${n}`).toBe(true);
    expect(has('client/assets/shared-same.js')).toBe(true);
    expect(readBuilds(dir)).toHaveLength(3);
    expect(currentBuildAssets(dir)).toEqual(['assets/entry.client-4.js', 'assets/root-4.css', 'assets/shared-same.js']);
  });

  it('counts the stylesheet React Router leaves in place (same name, not rewritten) as the new build’s, since its server build names it', () => {
    write('client/assets/app-css1.css');
    build(1, ['client/assets/app-css1.css']);
    // Builds 2–4 do not write the unchanged stylesheet again; their server build links it.
    for (const n of [2, 3, 4]) {
      beginBuild(dir);
      for (const f of [`client/assets/entry.client-${n}.js`, `server/assets/chunk-${n}.js`]) write(f);
      write('server/index.js', `const links = [{ rel: "stylesheet", href: "/assets/app-css1.css" }, "/assets/entry.client-${n}.js"];`);
      endBuild(dir);
    }
    expect(has('client/assets/app-css1.css')).toBe(true);
    expect(currentBuildAssets(dir)).toEqual(['assets/app-css1.css', 'assets/entry.client-4.js']);
  });

  it('counts a folder built before the list existed as one earlier build', () => {
    write('client/assets/entry.client-old.js');
    write('server/index.js');
    build(1);
    expect(has('client/assets/entry.client-old.js')).toBe(true);
    expect(readBuilds(dir)[1]?.files).toEqual(['client/assets/entry.client-old.js']);
    expect(existsSync(path.join(dir, HISTORY_FILE))).toBe(true);
  });

  it('is wired into the build: Vite leaves the build folder in place, and the build script runs both steps around react-router build', async () => {
    const vite = (await import('../vite.config.ts')).default as { build?: { emptyOutDir?: boolean } };
    expect(vite.build?.emptyOutDir).toBe(false);
    const script = (JSON.parse(readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: { build: string } }).scripts.build;
    expect(script).toMatch(/asset-history\.ts begin && react-router build && tsx asset-history\.ts end && tsx build-sw\.ts/);
  });

  it('refuses to end a build that did not begin', () => {
    expect(() => endBuild(dir)).toThrow(/asset-history\.ts begin/);
  });

  it('precaches only the current build’s bundles in the service worker', async () => {
    build(1);
    build(2);
    const { count } = await buildServiceWorker(dir);
    const sw = readFileSync(path.join(dir, 'client/sw.js'), 'utf8');
    expect(sw).toContain('/assets/entry.client-2.js');
    expect(sw).not.toContain('/assets/entry.client-1.js');
    expect(sw).not.toContain('/assets/root-1.css');
    expect(count).toBe(4); // entry, root css, the shared chunk, offline.html
  });
});
