import type { Database } from '@b-deals/db';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { ingestFeed } from '../../src/index.ts';

const fx = loadDefaultFxTable();

/** Noon UTC of day `n` of November 2026: the observation time of a test ingest. */
export const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));

/** Ingests `items` as the feed `{merchant}.xml` of that merchant (slug = name), observed at `at`. */
export function ingestItems(db: Database, merchant: string, items: TestItem[], at: Date) {
  return ingestFeed(db, { bytes: rssFeed(merchant, items), feed: `${merchant}.xml`, merchant: { slug: merchant, name: merchant }, fx, observedAt: at });
}
