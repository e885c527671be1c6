/**
 * `npm start` (issue 2 §2): builds the storefront when needed, opens the database (PGlite under
 * DATA_DIR, or DATABASE_URL) and applies migrations, generates and ingests the demo catalogue
 * on first run with a progress bar, then serves the API on API_PORT: in this process on PGlite
 * (it admits one process at a time; the API also works the background jobs here), or on
 * PostgreSQL with API_WORKERS > 1 (default: one per core) as apps/api/src/server.ts's cluster; and starts the
 * storefront as its own program (apps/web/server/main.ts, `WEB_WORKERS` processes on PORT, one
 * per core by default) pointed at that API. Stops gracefully on Ctrl-C or SIGTERM: the
 * storefront first, then the API.
 */
import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { apiMarkerFile, loadConfig, loadDemoCatalogue, loadFx, openConfiguredDatabase, startApi, type Config } from '@b-deals/api';
import { ensureWebBuild } from './web-build.ts';

const t0 = Date.now();
let config: Config;
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
  const bar = new cliProgress.SingleBar(
    { format: '{phase} [{bar}] {value}/{total}', hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
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

/** The API on PostgreSQL with several processes (API_WORKERS, issue 12 §2) runs as its own program, apps/api/src/server.ts. */
async function startApiCluster(): Promise<{ url: string; close(): Promise<void> }> {
  await db.close(); // the API's primary opens it again, applies nothing new, and starts its workers
  const child = fork(path.join(import.meta.dirname, '../apps/api/src/server.ts'), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const url = `http://${config.host}:${config.apiPort}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the API did not answer /health within 2 minutes');
    const up = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const api = config.databaseUrl && config.apiWorkers > 1 ? await startApiCluster() : await startApi(config, db);
const webEnv = {
  ...process.env,
  PORT: String(config.port),
  HOST: config.host,
  API_URL: api.url,
  MEDIA_DIR: config.mediaDir,
  OAUTH_WEB_CLIENT_ID: config.oauthClients[0]!.id,
  OAUTH_WEB_CLIENT_SECRET: config.oauthClients[0]!.secret,
};
const web = fork(path.join(import.meta.dirname, '../apps/web/server/main.ts'), [], { env: webEnv, execArgv: ['--import', 'tsx'], stdio: 'inherit' });
const webUrl = await new Promise<string>((resolve, reject) => {
  web.on('message', (m: { type: string; url?: string; message?: string }) => {
    if (m.type === 'ready') resolve(m.url!);
    else if (m.type === 'failed') reject(new Error(m.message));
  });
  web.once('exit', (code) => reject(new Error(`the storefront exited with code ${code}`)));
}).catch(async (err: Error) => {
  console.error(`The storefront did not start: ${err.message}`);
  await api.close();
  process.exit(1);
});
console.log(`B-Deals storefront: ${webUrl}\nAPI: ${api.url} (OpenAPI at ${api.url}/docs)\nReady in ${((Date.now() - t0) / 1000).toFixed(1)} s. Ctrl-C stops.`);

let stopping = false;
const webExited = new Promise((r) => web.once('exit', r));
web.once('exit', (code, signal) => {
  if (stopping) return;
  console.error(`The storefront stopped (${code ?? signal}); stopping the API too.`);
  void api.close().then(() => process.exit(1));
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, async () => {
    if (stopping) return;
    stopping = true;
    if (web.exitCode === null) web.kill('SIGTERM');
    await webExited;
    await api.close();
    process.exit(0);
  });
}
