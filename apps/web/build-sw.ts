/**
 * Post-build step of the storefront (`npm run build -w @b-deals/web` runs it after `react-router
 * build`; decision 0018): bundles the service worker (sw/service-worker.ts) with esbuild and lets
 * Workbox's injectManifest write `build/client/sw.js` with the precache manifest of this build, the
 * hashed bundles under `/assets/` (their names change with their content, so they need no
 * revision) and the offline page (revisioned by its content hash). Only this build's bundles are
 * precached: the earlier builds' files that asset-history.ts keeps in `assets/` for running
 * storefronts and open tabs are left out. The storefront serves the file at `/sw.js`
 * (server/app.ts). Throws, failing the build, when bundling or injection fails.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { currentBuildAssets } from './asset-history.ts';

const WEB = path.dirname(fileURLToPath(import.meta.url));

/**
 * Writes `{buildDir}/client/sw.js`; answers how many files it precaches and their total size in
 * bytes (before compression). `buildDir` defaults to apps/web/build.
 */
export async function buildServiceWorker(buildDir = path.join(WEB, 'build')): Promise<{ count: number; size: number }> {
  const clientDir = path.join(buildDir, 'client');
  const bundled = path.join(buildDir, 'sw-bundle.js');
  await build({
    entryPoints: [path.join(WEB, 'sw/service-worker.ts')],
    outfile: bundled,
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    // Workbox's development logging is dropped in production builds.
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  // The earlier builds' bundles kept beside this build's (asset-history.ts): never precached.
  const current = currentBuildAssets(buildDir);
  const earlier = current
    ? readdirSync(path.join(clientDir, 'assets'))
        .map((f) => `assets/${f}`)
        .filter((f) => !current.includes(f))
    : [];
  try {
    const { count, size, warnings } = await injectManifest({
      swSrc: bundled,
      swDest: path.join(clientDir, 'sw.js'),
      globDirectory: clientDir,
      globPatterns: ['assets/**/*.{js,css}', 'offline.html'],
      globIgnores: earlier,
      modifyURLPrefix: { '': '/' },
      dontCacheBustURLsMatching: /\/assets\//,
    });
    for (const w of warnings) console.warn(`service worker: ${w}`);
    return { count, size };
  } finally {
    rmSync(bundled, { force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { count, size } = await buildServiceWorker();
  console.log(`build/client/sw.js: ${count} files precached (${Math.round(size / 1024)} KB)`);
}
