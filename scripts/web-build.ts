/**
 * Builds the storefront only when its sources changed since the last build: a sha256 over the
 * web app's and shared packages' source files is kept in apps/web/build/.source-hash.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  'apps/web/app',
  'apps/web/public',
  'apps/web/server',
  'apps/web/sw',
  'apps/web/build-sw.ts',
  'apps/web/asset-history.ts',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/web/package.json',
  'packages/core/src',
  'packages/contracts/src',
];
const STAMP = path.join(ROOT, 'apps/web/build/.source-hash');

function hashSources(): string {
  const h = createHash('sha256');
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    if (statSync(p).isDirectory()) for (const f of readdirSync(p).sort()) walk(path.join(p, f));
    else h.update(p).update(readFileSync(p));
  };
  for (const s of SOURCES) walk(path.join(ROOT, s));
  return h.digest('hex');
}

/** Builds apps/web (server, client and the service worker `client/sw.js`) when the build is missing or stale. Throws when the build fails. */
export function ensureWebBuild(log: (line: string) => void = console.log): void {
  const hash = hashSources();
  const built = ['server/index.js', 'client/sw.js'].every((f) => existsSync(path.join(ROOT, 'apps/web/build', f)));
  if (built && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) return;
  log('Building the storefront…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@b-deals/web'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error('The storefront build failed (see above)');
  writeFileSync(STAMP, hash);
}

// `tsx scripts/web-build.ts`: build when stale (used by `npm run start:web`).
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) ensureWebBuild();
