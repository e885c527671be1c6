/**
 * The worker entry (`npm run start:worker`; issue 10 §2): works the background jobs of
 * each domain's jobs (catalog/jobs.ts, pricing/jobs.ts, and every later domain's) through pg-boss on PostgreSQL, so API processes
 * only serve requests (start them with `JOBS=worker`). Requires `DATABASE_URL`: the embedded
 * database admits one process, and there the API works the jobs itself. Stops gracefully on
 * SIGINT/SIGTERM, letting a job in progress finish (up to 10 s).
 */
import { pino } from 'pino';
import { loadConfig } from './env.ts';
import { openConfiguredDatabase, surviveDatabaseOutages } from './runtime.ts';
import { createServices } from './services.ts';

const log = pino({ name: 'b-deals-worker' });
let config;
try {
  config = loadConfig();
} catch (err) {
  log.fatal((err as Error).message);
  process.exit(1);
}
if (!config.databaseUrl) {
  log.fatal('start:worker needs DATABASE_URL=postgres://… — on the embedded database the API process works the jobs itself');
  process.exit(1);
}
log.level = config.logLevel;
surviveDatabaseOutages(log);
const db = await openConfiguredDatabase(config);
const services = await createServices(config, db, 'worker', log);
log.info({ jobs: services.jobs.kind }, 'worker ready');
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    if (stopping) return;
    stopping = true;
    void services
      .close()
      .then(() => db.close())
      .then(() => process.exit(0));
  });
}
