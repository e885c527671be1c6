/**
 * The catalogue's scheduled jobs (issue 10 §2: background work runs as jobs, never on a timer
 * inside a request handler). Each is idempotent: running it twice leaves the same state.
 *
 * - `click-recount` (daily 03:15 UTC, and at start): recounts every product's outbound clicks of
 *   the last 30 days, so clicks older than that stop counting toward Top Selling and Best Sellers
 *   (spec §9 "sale"; issue 3 §1).
 * - `price-stats-refresh` (daily 00:05 UTC): the 365-day low and 90-day average of every product
 *   move with the calendar even when no feed arrives, so the Lowest Price pages stay true.
 */
import type { Database } from '@b-deals/db';
import { refreshPriceStats } from '../pricing/index.ts';
import { refreshClickCounts } from '../catalog/index.ts';
import type { JobDefinition } from './queue.ts';

/** Job names, as stored in pg-boss. */
export const CATALOG_JOBS = { clickRecount: 'click-recount', priceStatsRefresh: 'price-stats-refresh' } as const;

/** The catalogue's job definitions over `db`. */
export function catalogJobs(db: Database): JobDefinition[] {
  return [
    { name: CATALOG_JOBS.clickRecount, cron: '15 3 * * *', runAtStart: true, handler: () => refreshClickCounts(db) },
    { name: CATALOG_JOBS.priceStatsRefresh, cron: '5 0 * * *', handler: () => refreshPriceStats(db) },
  ];
}
