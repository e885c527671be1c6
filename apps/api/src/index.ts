/** @b-deals/api: the Fastify app, its configuration and runtime. */
export { buildApp, type AppOptions } from './app.ts';
export { loadConfig, type Config } from './env.ts';
export { startApi, openConfiguredDatabase, loadFx, apiMarkerFile, type RunningApi } from './runtime.ts';
export { createServices, apiRole, type Services, type ServicesRole } from './services.ts';
export { EmbeddedQueue, PgBossQueue, nextCronTime, type JobQueue, type JobDefinition } from './jobs/queue.ts';
export { loadDemoCatalogue } from './demo.ts';
