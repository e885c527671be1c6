/**
 * `npm start` (issue 2 §2): builds the storefront when needed, opens the database (PGlite under
 * DATA_DIR, or DATABASE_URL) and applies migrations, generates and ingests the demo catalogue
 * on first run with a progress bar, then serves the API on API_PORT and the storefront on PORT
 * in this one process (PGlite admits one process at a time). Stops gracefully on Ctrl-C.
 */
import { existsSync, readFileSync } from 'node:fs';
import cliProgress from 'cli-progress';
import { apiMarkerFile, loadConfig, loadFx, openConfiguredDatabase, startApi } from '@b-deals/api';
import { loadDemoCatalogue } from '@b-deals/api/demo';
import { ensureWebBuild } from './web-build.ts';

const t0 = Date.now();
let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const marker = apiMarkerFile(config.dataDir);
if (!config.databaseUrl && existsSync(marker)) {
  const { pid, url } = JSON.parse(readFileSync(marker, 'utf8')) as { pid: number; url: string };
  let alive = false;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch {
    alive = false;
  }
  if (alive) {
    console.error(`B-Deals is already running on this data folder (pid ${pid}, API ${url}). Stop it first, or set DATA_DIR.`);
    process.exit(1);
  }
}

ensureWebBuild();
const db = await openConfiguredDatabase(config);

if (config.demo.enabled) {
  const bar = new cliProgress.SingleBar({ format: '{phase} [{bar}] {value}/{total}', hideCursor: true, clearOnComplete: true }, cliProgress.Presets.shades_classic);
  let phase = '';
  const reports = await loadDemoCatalogue(db, {
    dataDir: config.dataDir,
    mediaDir: config.mediaDir,
    products: config.demo.products,
    fx: loadFx(config),
    onProgress: (p, done, total) => {
      if (p !== phase) {
        if (phase) bar.stop();
        phase = p;
        bar.start(total, 0, { phase: p === 'generate' ? 'Generating demo catalogue' : 'Ingesting demo feeds     ' });
      }
      bar.update(done, { phase: p === 'generate' ? 'Generating demo catalogue' : 'Ingesting demo feeds     ' });
    },
  });
  if (phase) bar.stop();
  const fresh = reports.filter((r) => !r.unchanged);
  if (fresh.length) {
    const sum = (k: 'items' | 'accepted' | 'rejected') => fresh.reduce((a, r) => a + r[k], 0);
    console.log(`Demo catalogue: ${fresh.length} files ingested, ${sum('items')} items, ${sum('accepted')} accepted, ${sum('rejected')} rejected.`);
  }
}

const api = await startApi(config, db);
const { createWebServer } = await import('../apps/web/server/app.ts');
const web = await createWebServer({ port: config.port, host: config.host, apiUrl: api.url, mediaDir: config.mediaDir, oauthClient: config.oauthClients[0] });
console.log(`B-Deals storefront: ${web.url}\nAPI: ${api.url} (OpenAPI at ${api.url}/docs)\nReady in ${((Date.now() - t0) / 1000).toFixed(1)} s. Ctrl-C stops.`);

let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, async () => {
    if (stopping) return;
    stopping = true;
    await web.close();
    await api.close();
    process.exit(0);
  });
}
