/**
 * The ingest pipeline (issue 2 §6–§8): one entry for any file an operator hands us
 * (`ingestSource`: merchant feed, price history, promotions feed), the feed ingest itself
 * (`ingestFeed`), and the maintenance run once after a batch of ingests (`finishIngest`).
 * Used by the admin route, the ingest CLI, the demo loader, benchmarks and tests.
 */
export { ingestFeed, finishIngest, type IngestFeedOptions } from './ingest.ts';
export { ingestSource, isHistoryFile, type IngestSourceOptions } from './source.ts';
export { lastRunSha256, emptyReport } from './runs.ts';
export type { IngestRunRow } from './rows.ts';
