/**
 * Runs the API alone (`npm run start:api`): opens the database, applies migrations, listens on
 * API_PORT, and shuts down gracefully on SIGINT/SIGTERM (stop accepting, finish the requests in
 * flight, close the pools). `npm start` runs it together with the storefront (scripts/start.ts).
 *
 * On PostgreSQL it runs `API_WORKERS` processes sharing the port through Node's cluster module
 * (default: one per core; issue 12 §2). The primary applies migrations and the start-up writes
 * once ({@link prepareDatabase}), then starts the workers; the first worker also works the
 * background jobs (unless `JOBS=worker`), the others only serve requests. A worker that dies is
 * replaced after 1 s; one that dies before every worker listened stops the whole API (exit 1).
 * On SIGINT/SIGTERM the primary passes SIGTERM to every worker and exits 0 once they have.
 * PGlite admits one process: there the API is this one process (API_WORKERS must be 1).
 */
import cluster from 'node:cluster';
import { pino } from 'pino';
import { loadConfig } from './env.ts';
import { openConfiguredDatabase, prepareDatabase, startApi } from './runtime.ts';

const config = loadConfig();

function stopOn(stop: () => Promise<void>): void {
  let stopping = false;
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.once(sig, () => {
      if (stopping) return;
      stopping = true;
      void stop().then(() => process.exit(0));
    });
}

if (config.apiWorkers === 1) {
  const api = await startApi(config);
  stopOn(() => api.close());
} else if (cluster.isPrimary) {
  const log = pino({ level: config.logLevel, name: 'b-deals-api' });
  const db = await openConfiguredDatabase(config); // applies migrations, once
  await prepareDatabase(db, log);
  await db.close();
  let stopping = false;
  let listening = 0;
  const fork = (index: number) => cluster.fork({ API_WORKER_INDEX: String(index) }).on('exit', (code, signal) => onExit(index, code, signal));
  const onExit = (index: number, code: number | null, signal: string | null) => {
    if (stopping) return;
    if (listening < config.apiWorkers) {
      log.error({ code, signal }, 'an API worker exited during start-up');
      process.exit(1);
    }
    log.error({ code, signal, worker: index }, 'API worker exited; starting another');
    setTimeout(() => fork(index), 1000).unref();
  };
  cluster.on('listening', () => {
    if (++listening === config.apiWorkers) log.info({ workers: config.apiWorkers, port: config.apiPort }, 'API listening');
  });
  for (let i = 0; i < config.apiWorkers; i++) fork(i);
  stopOn(async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    const exits = workers.map((w) => new Promise((r) => w.once('exit', r)));
    for (const w of workers) w.process.kill('SIGTERM');
    await Promise.all(exits);
  });
} else {
  // Background jobs are worked by the first worker only (pg-boss would share them out anyway;
  // this keeps the start-up runs of the jobs to one process).
  const first = process.env.API_WORKER_INDEX === '0';
  const api = await startApi({ ...config, jobs: first ? config.jobs : 'worker' }, undefined, { prepared: true });
  stopOn(() => api.close());
}
