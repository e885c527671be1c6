/** @b-deals/api: the Fastify app, its configuration and runtime. */
export { buildApp, type AppOptions } from './app.ts';
export { loadConfig, type Config } from './env.ts';
export { startApi, openConfiguredDatabase, loadFx, apiMarkerFile, type RunningApi } from './runtime.ts';
export { createServices, apiRole, type Services, type ServicesRole } from './services.ts';
export { EmbeddedQueue, PgBossQueue, nextCronTime, type JobQueue, type JobDefinition } from './jobs/index.ts';
export { loadDemoCatalogue } from './demo.ts';
export { ingestFeed, ingestSource, finishIngest, isHistoryFile, type IngestFeedOptions, type IngestSourceOptions } from './ingest/index.ts';
export { ingestPriceHistory, refreshPriceStats } from './pricing/index.ts';
export { ingestPromotions, isPromotionsFile } from './editorial/index.ts';
