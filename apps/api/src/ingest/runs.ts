/**
 * Ingest runs: one row per ingested file (`ingest_runs`), whose newest id is the catalogue
 * version. A file whose bytes equal the merchant's last run of the same feed name is unchanged
 * and writes nothing (issue 2 §7).
 */
import type { IngestReport } from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';
import type { IngestRunRow } from './rows.ts';

/**
 * The sha256 (hex) of the merchant's newest run of `feed`, or null when it was never ingested.
 * With `clean`, also null when that run rejected items (its report's `rejected` > 0): the same
 * bytes may land now, once what rejected them is fixed outside the file (a rate added to the
 * operator's table, `FX_OPERATOR_RATES_FILE`), so they are read again.
 */
export async function lastRunSha256(tx: Queryable, merchantId: number, feed: string, clean = false): Promise<string | null> {
  const last = await tx.query<Pick<IngestRunRow, 'sha256'> & { rejected: number | null }>(
    `SELECT sha256, (report->>'rejected')::int AS rejected FROM ingest_runs WHERE merchant_id = $1 AND feed = $2 ORDER BY id DESC LIMIT 1`,
    [merchantId, feed],
  );
  const run = last.rows[0];
  if (!run || (clean && (run.rejected ?? 0) > 0)) return null;
  return run.sha256;
}

/** The report of a file of `items` rows before any is read: nothing accepted, warned or rejected yet. */
export function emptyReport(feed: string, format: IngestReport['format'], merchant: string, items: number): IngestReport {
  return { feed, format, merchant, items, accepted: 0, warnings: 0, rejected: 0, reasons: {} };
}
