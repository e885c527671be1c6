/**
 * The pricing domain's scheduled job (issue 10 §2). Idempotent.
 *
 * `price-stats-refresh` (daily 00:05 UTC, and at start so an upgraded database fills new columns): the 365-day low and 90-day average of every product
 * move with the calendar even when no feed arrives, so the Lowest Price pages stay true.
 */
import type { Database } from '@b-deals/db';
import type { JobDefinition } from '../jobs/index.ts';
import { refreshPriceStats } from './stats.ts';

/** The pricing domain's job definitions over `db`. */
export function pricingJobs(db: Database): JobDefinition[] {
  return [{ name: 'price-stats-refresh', cron: '5 0 * * *', runAtStart: true, handler: () => refreshPriceStats(db) }];
}
