/**
 * Runs the API alone: opens the database, applies migrations, listens on API_PORT, and shuts
 * down gracefully on SIGINT/SIGTERM. `npm start` runs it together with the storefront
 * (scripts/start.ts); this entry is for running the API on its own.
 */
import { loadConfig } from './env.ts';
import { startApi } from './runtime.ts';

const config = loadConfig();
const api = await startApi(config);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void api.close().then(() => process.exit(0)));
