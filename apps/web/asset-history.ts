/**
 * Build steps around `react-router build` that keep the hashed files of the last
 * {@link KEPT_BUILDS} builds in place (decision 0018, "Builds in place"): a storefront still
 * running the previous build, the pages in its HTML cache and the shoppers' open tabs keep
 * loading the bundles their HTML names, instead of 404s until a restart.
 *
 * The Vite build does not empty `build/` (vite.config.ts `build.emptyOutDir: false`), so every
 * file of the previous build stays where it is while the new one is written; nothing is ever
 * missing, not even during the build. Around it:
 * - {@link beginBuild} (before `react-router build`) dates every file already under
 *   `build/client` and `build/server` at least 2 s back and notes the start, so that afterwards a
 *   file written by this build is told from one left by an earlier build by its modification time;
 * - {@link endBuild} (after it) lists this build's hashed files (`client/assets/…`,
 *   `server/assets/…`, paths relative to the build folder) first in `build/asset-builds.json`,
 *   keeps the lists of the previous builds up to {@link KEPT_BUILDS} in all, and deletes every other
 *   file that this build did not write (older bundles, and files the app no longer has) except
 *   `client/sw.js`, which build-sw.ts replaces next.
 *
 * The service worker (build-sw.ts) precaches {@link currentBuildAssets} only. Run as
 * `tsx asset-history.ts begin|end [buildDir]`. Throws on a file-system error, failing the build.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** How many builds' hashed files stay in the build folder: this one and the two before it. */
export const KEPT_BUILDS = 3;
/** The builds' file lists, newest first, in the build folder. */
export const HISTORY_FILE = 'asset-builds.json';
/** Folders whose file names carry a content hash, relative to the build folder. */
const HASHED_DIRS = ['client/assets', 'server/assets'];
const BUILT_DIRS = ['client', 'server'];
/** Written after {@link endBuild} (by build-sw.ts): the previous one stays until it is replaced. */
const WRITTEN_LATER = new Set(['client/sw.js']);
const MARKER = '.build-started';
/** How far {@link beginBuild} dates earlier files back, ms: well beyond any file-system clock granularity. */
const AGE_MS = 2000;

/** One build: when it ended (ISO 8601) and its hashed files, relative to the build folder. */
export interface AssetBuild {
  builtAt: string;
  files: string[];
}

const WEB = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_BUILD_DIR = path.join(WEB, 'build');

/** Every file under `dir`, as paths relative to `root` with `/` separators. */
function filesUnder(root: string, dir: string): string[] {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return (readdirSync(abs, { recursive: true, withFileTypes: true }) as Array<{ name: string; parentPath: string; isFile(): boolean }>)
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

const isHashed = (file: string) => HASHED_DIRS.some((d) => file.startsWith(`${d}/`));

/** The builds listed in `buildDir`, newest first; [] when there is no list (or an unreadable one). */
export function readBuilds(buildDir = DEFAULT_BUILD_DIR): AssetBuild[] {
  try {
    const parsed = JSON.parse(readFileSync(path.join(buildDir, HISTORY_FILE), 'utf8')) as { builds?: AssetBuild[] };
    return Array.isArray(parsed.builds) ? parsed.builds : [];
  } catch {
    return [];
  }
}

/**
 * Before the build: dates every file under `build/client` and `build/server` at least
 * {@link AGE_MS} before now (a file's date is never moved forward) and writes the start marker.
 * `now` is epoch ms.
 */
export function beginBuild(buildDir = DEFAULT_BUILD_DIR, now = Date.now()): void {
  mkdirSync(buildDir, { recursive: true });
  const aged = new Date(now - AGE_MS);
  for (const dir of BUILT_DIRS)
    for (const file of filesUnder(buildDir, dir)) {
      const abs = path.join(buildDir, file);
      if (statSync(abs).mtimeMs > aged.getTime()) utimesSync(abs, aged, aged);
    }
  writeFileSync(path.join(buildDir, MARKER), JSON.stringify({ startedAt: now }));
}

/**
 * After the build: records this build's hashed files first in {@link HISTORY_FILE} (with the
 * previous builds', {@link KEPT_BUILDS} in all; a folder built before this list existed counts its
 * hashed files as one previous build) and deletes every file under `build/client` and
 * `build/server` that is neither written by this build nor in a kept build. Answers this build,
 * the number of builds kept and the deleted files. Throws when {@link beginBuild} did not run.
 */
export function endBuild(buildDir = DEFAULT_BUILD_DIR, keep = KEPT_BUILDS, now = new Date()): { current: AssetBuild; kept: number; removed: string[] } {
  const markerPath = path.join(buildDir, MARKER);
  if (!existsSync(markerPath)) throw new Error(`${markerPath} is missing: run "asset-history.ts begin" before the build`);
  const { startedAt } = JSON.parse(readFileSync(markerPath, 'utf8')) as { startedAt: number };
  const threshold = startedAt - AGE_MS / 2;
  const all = BUILT_DIRS.flatMap((dir) => filesUnder(buildDir, dir));
  const allSet = new Set(all);
  const present = (f: string) => allSet.has(f);
  const written = new Set(all.filter((f) => statSync(path.join(buildDir, f)).mtimeMs >= threshold));
  // React Router moves the files only the server build emits (the stylesheet) into client/assets, and
  // leaves one already there (the same content under the same hashed name) untouched: this build's
  // too, as the new server build names it.
  for (const f of [...written].filter((w) => w.startsWith('server/') && w.endsWith('.js')))
    for (const m of readFileSync(path.join(buildDir, f), 'utf8').matchAll(/\/assets\/([\w.-]+\.\w+)/g))
      if (present(`client/assets/${m[1]}`)) written.add(`client/assets/${m[1]}`);
  const current: AssetBuild = { builtAt: now.toISOString(), files: [...written].filter(isHashed).sort() };
  const listed = existsSync(path.join(buildDir, HISTORY_FILE));
  const earlier = listed ? readBuilds(buildDir) : [{ builtAt: 'before asset-builds.json', files: all.filter((f) => isHashed(f) && !written.has(f)) }];
  const builds = [current, ...earlier.map((b) => ({ ...b, files: b.files.filter(present) }))].filter((b) => b.files.length > 0).slice(0, keep);
  const kept = new Set([...written, ...WRITTEN_LATER, ...builds.flatMap((b) => b.files)]);
  const removed = all.filter((f) => !kept.has(f));
  for (const f of removed) rmSync(path.join(buildDir, f), { force: true });
  writeFileSync(path.join(buildDir, HISTORY_FILE), `${JSON.stringify({ builds }, null, 1)}\n`);
  rmSync(markerPath, { force: true });
  return { current, kept: builds.length, removed };
}

/**
 * The newest build's files under `client/assets`, relative to `build/client` (`assets/…`), for
 * the service worker's precache; null when the build folder has no list (every asset is current).
 */
export function currentBuildAssets(buildDir = DEFAULT_BUILD_DIR): string[] | null {
  const newest = readBuilds(buildDir)[0];
  if (!newest) return null;
  return newest.files.filter((f) => f.startsWith('client/assets/')).map((f) => f.slice('client/'.length));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [step, dir] = process.argv.slice(2);
  const buildDir = dir ? path.resolve(dir) : DEFAULT_BUILD_DIR;
  if (step === 'begin') beginBuild(buildDir);
  else if (step === 'end') {
    const { current, kept, removed } = endBuild(buildDir);
    console.log(`build/${HISTORY_FILE}: ${current.files.length} hashed files of this build; ${kept} builds kept; ${removed.length} older files removed`);
  } else {
    console.error('usage: tsx asset-history.ts begin|end [buildDir]');
    process.exit(2);
  }
}
