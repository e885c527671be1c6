/**
 * The catalogue's scheduled job (issue 10 §2: background work runs as jobs, never on a timer
 * inside a request handler). Idempotent: running it twice leaves the same state.
 *
 * `click-recount` (daily 03:15 UTC, and at start): recounts every product's outbound clicks of
 * the last 30 days, so clicks older than that stop counting toward Top Selling and Best Sellers
 * (spec §9 "sale"; issue 3 §1).
 */
import type { Database } from '@b-deals/db';
import type { JobDefinition } from '../jobs/index.ts';
import { refreshClickCounts } from './landing.ts';

/** The catalogue's job definitions over `db`. */
export function catalogJobs(db: Database): JobDefinition[] {
  return [{ name: 'click-recount', cron: '15 3 * * *', runAtStart: true, handler: () => refreshClickCounts(db) }];
}
