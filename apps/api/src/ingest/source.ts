/**
 * One entry point for any file an operator hands us: a merchant feed (RSS, Atom, CSV, TSV), a
 * price-history TSV (`.history.tsv`) or a GMC promotions feed (`.promotions.tsv|csv`). Used by the ingest CLI, the admin
 * route of the running API, and the demo loader, so every path runs the same code.
 */
import type { IngestReport } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import type { FxTable, MerchantInput } from '@b-deals/feeds';
import { ingestPromotions, isPromotionsFile } from '../editorial/index.ts';
import { ingestPriceHistory } from '../pricing/index.ts';
import { ingestFeed } from './ingest.ts';

export interface IngestSourceOptions {
  bytes: Buffer;
  /** File name; decides feed vs price history and names the feed in reports. */
  filename: string;
  merchant?: MerchantInput;
  fx: FxTable;
  full?: boolean;
  observedAt?: Date;
  skipMaintenance?: boolean;
}

/** True for price-history files (`<merchant>.history.tsv`). */
export const isHistoryFile = (filename: string): boolean => /\.history\.tsv$/i.test(filename);

/**
 * Ingests a product feed, a price history (`.history.tsv`) or a promotions feed
 * (`.promotions.tsv|csv`). For a history file without a merchant, the merchant slug
 * is the file name before `.history.tsv`. Errors as `ingestFeed` / `ingestPriceHistory`.
 */
export async function ingestSource(db: Database, opts: IngestSourceOptions): Promise<IngestReport> {
  const feed = opts.filename.replace(/^.*[\\/]/, '');
  if (isPromotionsFile(feed)) {
    const merchant = opts.merchant?.slug ?? feed.replace(/\.promotions\.(tsv|csv)$/i, '');
    return ingestPromotions(db, { bytes: opts.bytes, feed, merchant, fx: opts.fx }, opts.observedAt);
  }
  if (isHistoryFile(feed)) {
    const merchant = opts.merchant?.slug ?? feed.replace(/\.history\.tsv$/i, '');
    return ingestPriceHistory(db, { bytes: opts.bytes, feed, merchant, fx: opts.fx });
  }
  return ingestFeed(db, {
    bytes: opts.bytes,
    feed,
    merchant: opts.merchant,
    fx: opts.fx,
    full: opts.full,
    observedAt: opts.observedAt,
    skipMaintenance: opts.skipMaintenance,
  });
}
