/**
 * The storefront's own entry (`npm run start:web`; issue 10 §3, issue 12 §1–§2): reads its
 * configuration (env.ts) and serves the built storefront (`npm run build` first) against the API
 * at `API_URL`, in `WEB_WORKERS` processes that share the port through Node's cluster module
 * (default: one per core), so one slow render never holds every other shopper.
 *
 * - A worker that dies is replaced (after 1 s, so a crash at start-up cannot spin).
 * - SIGINT/SIGTERM: every worker stops accepting connections and finishes the requests it has,
 *   then the process exits 0.
 * - When started by another Node process with an IPC channel (scripts/start.ts), the primary
 *   sends `{type: 'ready', url}` once every worker listens, or `{type: 'failed', message}`.
 */
import './production-mode.ts'; // first: React chooses its build from NODE_ENV when loaded
import cluster from 'node:cluster';
import { createWebServer, type WebServer } from './app.ts';
import { loadWebConfig, type WebConfig } from './env.ts';

let config: WebConfig;
try {
  config = loadWebConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

/** Tells a parent process (if any) how start-up went. */
const tellParent = (message: { type: 'ready'; url: string } | { type: 'failed'; message: string }) => process.send?.(message);

async function serve(): Promise<WebServer> {
  return createWebServer({
    port: config.port,
    host: config.host,
    apiUrl: config.apiUrl,
    mediaDir: config.mediaDir ?? undefined,
    oauthClient: config.oauthClient,
    htmlCacheFreshMs: config.htmlCacheFreshMs,
    reuseApiAnswers: true,
    redisUrl: config.redisUrl ?? undefined,
    cspSources: config.cspSources,
    tags: config.tags,
  });
}

function onStop(stop: () => Promise<void>): void {
  let stopping = false;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      if (stopping) return;
      stopping = true;
      void stop().then(() => process.exit(0));
    });
  }
}

if (config.workers === 1) {
  const web = await serve().catch((err: Error) => {
    tellParent({ type: 'failed', message: err.message });
    throw err;
  });
  if (!process.send) console.log(`B-Deals storefront: ${web.url} (API ${config.apiUrl})`);
  tellParent({ type: 'ready', url: web.url });
  onStop(() => web.close());
} else if (cluster.isPrimary) {
  let stopping = false;
  let listening = 0;
  const fork = () => cluster.fork();
  cluster.on('listening', (_worker, address) => {
    if (++listening === config.workers) {
      const host = address.address?.includes(':') ? `[${address.address}]` : (address.address ?? config.host);
      const url = `http://${host}:${address.port}`;
      if (!process.send) console.log(`B-Deals storefront: ${url} (${config.workers} workers, API ${config.apiUrl})`);
      tellParent({ type: 'ready', url });
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (listening < config.workers) {
      // Died before the storefront was up (port taken, build missing): give up, as a single process would.
      tellParent({ type: 'failed', message: `a storefront worker exited during start-up (code ${code ?? signal})` });
      process.exit(1);
    }
    console.error(`storefront worker ${worker.process.pid} exited (${code ?? signal}); starting another`);
    setTimeout(fork, 1000).unref();
  });
  for (let i = 0; i < config.workers; i++) fork();
  onStop(async () => {
    stopping = true;
    const exits = Object.values(cluster.workers ?? {}).map((w) => new Promise((r) => w!.once('exit', r)));
    for (const w of Object.values(cluster.workers ?? {})) w!.process.kill('SIGTERM');
    await Promise.all(exits);
  });
} else {
  const web = await serve();
  onStop(() => web.close());
}
