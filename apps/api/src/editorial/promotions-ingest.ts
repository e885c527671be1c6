/**
 * Merchant promotions from a Google Merchant Center promotions feed (TSV or CSV), for the Deals
 * pages (issue 3 §3). Attributes (GMC promotions feed names): promotion_id, long_title,
 * offer_type (NO_CODE | GENERIC_CODE), generic_redemption_code, percent_off, money_off_amount,
 * minimum_purchase_amount, promotion_effective_dates (ISO 8601 interval `start/end`),
 * fine_print (terms), promotion_url (our addition: the landing page; defaults to the merchant's
 * homepage), description. One transaction per file; rows are rejected one by one with a
 * reason; promotions missing from a later file become inactive.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { parseMoney, slugify } from '@b-deals/core';
import type { IngestReport } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { toUsdCents, type FxTable } from '@b-deals/feeds';
import type { MerchantRow } from '../catalog/index.ts';
import { emptyReport, lastRunSha256 } from '../ingest/index.ts';
import type { PromotionFields } from './rows.ts';

export interface IngestPromotionsOptions {
  bytes: Buffer;
  feed: string;
  /** Slug of an existing merchant. */
  merchant: string;
  fx: FxTable;
}

/** True for promotions feeds (`<merchant>.promotions.tsv` or `.csv`). */
export const isPromotionsFile = (filename: string): boolean => /\.promotions\.(tsv|csv)$/i.test(filename);

/** A promotion as the feed gives it, before it is written: times as ISO 8601 strings. */
type PromotionFeedRow = Omit<PromotionFields, 'starts_at' | 'ends_at'> & { starts_at: string; ends_at: string | null };

/** Reads one row; returns the promotion or a rejection code. */
export function readPromotion(row: Record<string, string>, fx: FxTable, now: Date, homepage: string | null): PromotionFeedRow | { reject: string } {
  const get = (k: string) => (row[k] ?? '').trim();
  const id = get('promotion_id');
  const title = get('long_title');
  if (!id) return { reject: 'missing_promotion_id' };
  if (!title) return { reject: 'missing_long_title' };
  const [startRaw, endRaw] = get('promotion_effective_dates').split('/');
  const start = startRaw ? new Date(startRaw) : null;
  const end = endRaw ? new Date(endRaw) : null;
  if (!start || Number.isNaN(start.getTime()) || (end && (Number.isNaN(end.getTime()) || end <= start))) return { reject: 'invalid_effective_dates' };
  const offerType = get('offer_type').toUpperCase() || 'NO_CODE';
  const code = get('generic_redemption_code') || null;
  if (offerType === 'GENERIC_CODE' && !code) return { reject: 'missing_redemption_code' };
  const money = (k: string): number | null | 'bad' => {
    const v = get(k);
    if (!v) return null;
    const m = parseMoney(v);
    if (!m || m.amount <= 0) return 'bad';
    return toUsdCents(m, now, fx) ?? 'bad';
  };
  const amount = money('money_off_amount');
  const minimum = money('minimum_purchase_amount');
  const percent = get('percent_off') ? Number(get('percent_off')) : null;
  if (amount === 'bad' || minimum === 'bad' || (percent !== null && !(Number.isInteger(percent) && percent > 0 && percent < 100)))
    return { reject: 'invalid_discount' };
  const link = get('promotion_url') || homepage;
  if (!link || !/^https?:\/\//.test(link)) return { reject: 'missing_promotion_url' };
  return {
    promotion_id: id,
    slug: slugify(title).slice(0, 100) || 'deal',
    title,
    description: get('description'),
    coupon_code: offerType === 'GENERIC_CODE' ? code : null,
    discount_percent: percent,
    discount_amount_cents: amount,
    minimum_order_cents: minimum,
    starts_at: start.toISOString(),
    ends_at: end ? end.toISOString() : null,
    terms: get('fine_print'),
    link,
  };
}

/** Ingests a promotions feed for one merchant. Throws when the merchant does not exist or the file has no promotion_id column. */
export async function ingestPromotions(db: Database, opts: IngestPromotionsOptions, now = new Date()): Promise<IngestReport> {
  const started = Date.now();
  const sha256 = createHash('sha256').update(opts.bytes).digest('hex');
  const text = opts.bytes.toString('utf8');
  const delimiter = text.split('\n', 1)[0]!.includes('\t') ? '\t' : ',';
  const rows = parse(text, {
    delimiter,
    columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()),
    skip_empty_lines: true,
    relax_column_count: true,
    bom: true,
  }) as Array<Record<string, string>>;
  if (rows.length && !('promotion_id' in rows[0]!)) throw new Error(`${opts.feed}: a promotions feed needs a promotion_id column`);
  const report = emptyReport(opts.feed, 'promotions', opts.merchant, rows.length);
  await db.transaction(async (tx) => {
    const m = await tx.query<Pick<MerchantRow, 'id' | 'homepage'>>(`SELECT id, homepage FROM merchants WHERE slug = $1`, [opts.merchant]);
    if (!m.rows[0]) throw new Error(`Unknown merchant "${opts.merchant}": ingest its product feed first`);
    const merchantId = Number(m.rows[0].id);
    if ((await lastRunSha256(tx, merchantId, opts.feed)) === sha256) {
      report.unchanged = true;
      return;
    }
    const good: PromotionFeedRow[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      const p = readPromotion(row, opts.fx, now, m.rows[0].homepage);
      const code = 'reject' in p ? p.reject : seen.has(p.promotion_id) ? 'duplicate_promotion_id' : null;
      if (code) {
        report.rejected++;
        report.reasons[code] = (report.reasons[code] ?? 0) + 1;
        continue;
      }
      seen.add((p as PromotionFeedRow).promotion_id);
      good.push(p as PromotionFeedRow);
    }
    report.accepted = good.length;
    await tx.query(
      `INSERT INTO promotions (merchant_id, promotion_id, slug, title, description, coupon_code, discount_percent, discount_amount_cents,
              minimum_order_cents, starts_at, ends_at, terms, link, active)
       SELECT $1, promotion_id, slug, title, description, coupon_code, discount_percent, discount_amount_cents, minimum_order_cents,
              starts_at, ends_at, terms, link, true
         FROM jsonb_to_recordset($2::jsonb) AS r(promotion_id text, slug text, title text, description text, coupon_code text,
              discount_percent int, discount_amount_cents int, minimum_order_cents int, starts_at timestamptz, ends_at timestamptz, terms text, link text)
       ON CONFLICT (merchant_id, promotion_id) DO UPDATE SET slug = EXCLUDED.slug, title = EXCLUDED.title, description = EXCLUDED.description,
         coupon_code = EXCLUDED.coupon_code, discount_percent = EXCLUDED.discount_percent, discount_amount_cents = EXCLUDED.discount_amount_cents,
         minimum_order_cents = EXCLUDED.minimum_order_cents, starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at, terms = EXCLUDED.terms,
         link = EXCLUDED.link, active = true`,
      [merchantId, JSON.stringify(good)],
    );
    await tx.query(`UPDATE promotions SET active = false WHERE merchant_id = $1 AND active AND NOT (promotion_id = ANY($2::text[]))`, [
      merchantId,
      good.map((g) => g.promotion_id),
    ]);
    await tx.query(`INSERT INTO ingest_runs (merchant_id, feed, format, sha256, report, observed_at) VALUES ($1, $2, 'promotions', $3, $4, $5)`, [
      merchantId,
      opts.feed,
      sha256,
      JSON.stringify(report),
      now,
    ]);
  });
  report.durationMs = Date.now() - started;
  return report;
}
