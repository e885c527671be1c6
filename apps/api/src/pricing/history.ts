/**
 * Price-history import: a merchant's archive of past prices, as change-point runs, loaded into
 * the same price runs that feed ingests append to (DESIGN.md "Price history is stored as
 * change points"). Used for the demo catalogue's 365 days and for operators backfilling a
 * merchant's history.
 *
 * Format: TSV with the header `id	from	to	price	sale_price	availability`; `id` is the
 * offer key (GMC `item_group_id` for listings with variants, else GMC `id`), `from`/`to` are
 * inclusive UTC dates (YYYY-MM-DD), `price`/`sale_price` are written as in GMC (`129.00 EUR`),
 * availability a GMC value. Runs are only inserted before an offer's earliest known run, so
 * re-importing changes nothing; a run that ends the day before the earliest known run with
 * the same prices is merged into it.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { AVAILABILITIES, parseMoney, type Availability } from '@b-deals/core';
import type { IngestReport } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { toUsdCents, type FxTable } from '@b-deals/feeds';
import type { MerchantRow, OfferRow } from '../catalog/index.ts';
import { emptyReport, lastRunSha256 } from '../ingest/index.ts';
import type { PriceObservationRow } from './rows.ts';

export interface IngestHistoryOptions {
  bytes: Buffer;
  /** Name for reports and for recognising an unchanged re-import. */
  feed: string;
  /** Slug of an existing merchant. */
  merchant: string;
  fx: FxTable;
}

interface Run {
  offerId: number;
  from: Date;
  to: Date;
  price: number;
  regular: number;
  availability: Availability;
}

const DAY = 24 * 3600 * 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Imports a price-history TSV for one merchant in one transaction. Rows are rejected one by one
 * (`unknown_offer`, `invalid_date`, `invalid_price`, `unknown_currency`, `invalid_availability`,
 * `overlapping_run`); the report counts them like a feed's. Throws when the merchant does not
 * exist or the file has no `id` column.
 */
export async function ingestPriceHistory(db: Database, opts: IngestHistoryOptions): Promise<IngestReport> {
  const started = Date.now();
  const sha256 = createHash('sha256').update(opts.bytes).digest('hex');
  const rows = parse(opts.bytes, { delimiter: '\t', columns: true, skip_empty_lines: true, relax_column_count: true, bom: true }) as Array<
    Record<string, string>
  >;
  if (rows.length && !('id' in rows[0]!)) throw new Error(`${opts.feed}: price history needs the columns id, from, to, price, sale_price, availability`);
  const report = emptyReport(opts.feed, 'price-history', opts.merchant, rows.length);
  const reject = (code: string) => {
    report.rejected++;
    report.reasons[code] = (report.reasons[code] ?? 0) + 1;
  };

  await db.transaction(async (tx) => {
    const m = await tx.query<Pick<MerchantRow, 'id'>>(`SELECT id FROM merchants WHERE slug = $1`, [opts.merchant]);
    if (!m.rows[0]) throw new Error(`Unknown merchant "${opts.merchant}": ingest its feed first`);
    const merchantId = Number(m.rows[0].id);
    if ((await lastRunSha256(tx, merchantId, opts.feed)) === sha256) {
      report.unchanged = true;
      return;
    }
    const offers = await tx.query<
      Pick<OfferRow, 'id' | 'offer_key'> & {
        first_from: PriceObservationRow['valid_from'] | null;
        first_id: PriceObservationRow['id'] | null;
        first_price: PriceObservationRow['price_cents'] | null;
        first_regular: PriceObservationRow['regular_price_cents'] | null;
        first_avail: PriceObservationRow['availability'] | null;
      }
    >(
      `SELECT o.id, o.offer_key, f.valid_from AS first_from, f.id AS first_id, f.price_cents AS first_price,
              f.regular_price_cents AS first_regular, f.availability AS first_avail
         FROM offers o LEFT JOIN LATERAL (
           SELECT id, valid_from, price_cents, regular_price_cents, availability FROM price_observations
            WHERE offer_id = o.id ORDER BY valid_from LIMIT 1) f ON true
        WHERE o.merchant_id = $1`,
      [merchantId],
    );
    const byKey = new Map(offers.rows.map((o) => [o.offer_key, o]));
    const runs: Run[] = [];
    for (const row of rows) {
      const offer = byKey.get((row.id ?? '').trim());
      if (!offer) {
        reject('unknown_offer');
        continue;
      }
      const { from: f = '', to: t = '' } = row;
      if (!DATE.test(f) || !DATE.test(t) || f > t) {
        reject('invalid_date');
        continue;
      }
      const from = new Date(`${f}T00:00:00Z`);
      const to = new Date(`${t}T00:00:00Z`);
      const regularMoney = parseMoney(row.price ?? '');
      const saleMoney = row.sale_price?.trim() ? parseMoney(row.sale_price) : null;
      if (!regularMoney || regularMoney.amount <= 0 || (row.sale_price?.trim() && (!saleMoney || saleMoney.amount <= 0))) {
        reject('invalid_price');
        continue;
      }
      const regular = toUsdCents(regularMoney, from, opts.fx);
      const sale = saleMoney ? toUsdCents(saleMoney, from, opts.fx) : null;
      if (regular === null || (saleMoney && sale === null)) {
        reject('unknown_currency');
        continue;
      }
      const availability = (row.availability ?? '').trim() as Availability;
      if (!AVAILABILITIES.includes(availability)) {
        reject('invalid_availability');
        continue;
      }
      const firstFrom = offer.first_from ? new Date(offer.first_from) : null;
      if (firstFrom && from.getTime() >= firstFrom.getTime()) {
        reject('overlapping_run');
        continue;
      }
      runs.push({
        offerId: Number(offer.id),
        from,
        to: firstFrom && to >= firstFrom ? new Date(firstFrom.getTime() - DAY) : to,
        price: sale !== null && sale < regular ? sale : regular,
        regular,
        availability,
      });
      report.accepted++;
    }

    // Merge a run that touches the earliest known run with the same prices into it.
    const firstByOffer = new Map(offers.rows.filter((o) => o.first_id !== null).map((o) => [Number(o.id), o]));
    const latestRunEnd = new Map<number, Run>();
    for (const r of runs) {
      const cur = latestRunEnd.get(r.offerId);
      if (!cur || r.from > cur.from) latestRunEnd.set(r.offerId, r);
    }
    const merges: Array<{ id: number; from: Date }> = [];
    const skip = new Set<Run>();
    for (const [offerId, r] of latestRunEnd) {
      const first = firstByOffer.get(offerId);
      if (!first?.first_from) continue;
      const gapDays = (new Date(first.first_from).getTime() - r.to.getTime()) / DAY;
      if (gapDays <= 1.5 && first.first_price === r.price && first.first_regular === r.regular && first.first_avail === r.availability) {
        merges.push({ id: Number(first.first_id), from: r.from });
        skip.add(r);
      }
    }
    const insert = runs.filter((r) => !skip.has(r));
    for (let i = 0; i < insert.length; i += 5000) {
      const json = JSON.stringify(
        insert.slice(i, i + 5000).map((r) => ({
          offer_id: r.offerId,
          price: r.price,
          regular: r.regular,
          availability: r.availability,
          valid_from: r.from.toISOString(),
          last_seen_at: r.to.toISOString(),
        })),
      );
      await tx.query(
        `INSERT INTO price_observations (offer_id, price_cents, regular_price_cents, availability, valid_from, last_seen_at)
         SELECT offer_id, price, regular, availability, valid_from, last_seen_at
           FROM jsonb_to_recordset($1::jsonb) AS r(offer_id bigint, price int, regular int, availability text, valid_from timestamptz, last_seen_at timestamptz)`,
        [json],
      );
    }
    if (merges.length) {
      await tx.query(
        `UPDATE price_observations p SET valid_from = m.valid_from
           FROM jsonb_to_recordset($1::jsonb) AS m(id bigint, valid_from timestamptz) WHERE p.id = m.id`,
        [JSON.stringify(merges.map((m) => ({ id: m.id, valid_from: m.from.toISOString() })))],
      );
    }
    await tx.query(`INSERT INTO ingest_runs (merchant_id, feed, format, sha256, report, observed_at) VALUES ($1, $2, 'price-history', $3, $4, now())`, [
      merchantId,
      opts.feed,
      sha256,
      JSON.stringify(report),
    ]);
  });
  report.durationMs = Date.now() - started;
  return report;
}
