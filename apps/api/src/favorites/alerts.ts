/**
 * Price-drop alert evaluation (issue 14 §3, §6): after an ingest, each saved product's watched
 * price is compared with its target or the default drop rule (core `decideAlert`), alerts are
 * recorded as `pending` rows and the rules' state (baseline, target armed) is kept, all in one
 * transaction: a crash leaves the previous state and raises nothing twice.
 *
 * The watched price is the lowest total (item plus stated shipping, decision 0006) among the
 * product's active offers that are in stock (GMC `availability` in_stock); with watched sizes,
 * each size's own in-stock price at each merchant (`offers.size_stock`). Only what the latest
 * feeds said is read: an alert never speaks for a price nobody observed.
 */
import { decideAlert, dropThresholdCents, medianCents, type AlertState } from '@b-deals/core';
import type { Database, Queryable } from '@b-deals/db';
import { dailyLowestTotals } from '../pricing/index.ts';

/** Advisory-lock key serialising evaluations across processes (any fixed number; ours spells "alerts"). */
const EVALUATION_LOCK = 0x61_6c_65_72_74_73;
/** Rows per batched write. */
const BATCH = 5000;

/** What one evaluation did. */
export interface EvaluationReport {
  /** Saved products looked at. */
  evaluated: number;
  /** Alerts raised (pending rows written). */
  fired: number;
}

interface Candidate {
  user_id: number;
  product_id: number;
  target_price_cents: number | null;
  alert_baseline_cents: number | null;
  target_armed: boolean;
  offer_id: number | null;
  size: string | null;
  total: number | null;
}

/**
 * Each saved product of `favorites` rows matching `where` (SQL over `f`, '' for all; its
 * parameters are the caller's) with its rule state and its watched price now: the lowest in-stock
 * total (item plus stated shipping) of the watched sizes, or of any offer when none are watched,
 * and the offer and size it is at; `total` null when nothing is in stock. The one reading of the
 * watched price, for the evaluation and for what the B-LOVED forms say (saved.ts).
 */
function watchedPriceSql(where: string): string {
  const f = where ? ` AND ${where}` : '';
  return `WITH cand AS (
           SELECT f.user_id, f.product_id, o.id AS offer_id, NULL::text AS size,
                  coalesce(o.sale_price_cents, o.price_cents) + coalesce(o.shipping_cents, 0) AS total, (o.shipping_cents IS NULL) AS no_ship
             FROM favorites f JOIN offers o ON o.product_id = f.product_id
            WHERE cardinality(f.sizes) = 0 AND o.active AND o.availability = 'in_stock'${f}
           UNION ALL
           SELECT f.user_id, f.product_id, o.id, s.key, s.value::int + coalesce(o.shipping_cents, 0), (o.shipping_cents IS NULL)
             FROM favorites f JOIN offers o ON o.product_id = f.product_id
             CROSS JOIN LATERAL jsonb_each_text(o.size_stock) AS s(key, value)
            WHERE cardinality(f.sizes) > 0 AND o.active AND o.availability = 'in_stock' AND s.key = ANY(f.sizes)${f}),
         best AS (
           SELECT DISTINCT ON (user_id, product_id) user_id, product_id, offer_id, size, total
             FROM cand ORDER BY user_id, product_id, total, no_ship, offer_id)
         SELECT f.user_id, f.product_id, f.target_price_cents, f.alert_baseline_cents, f.target_armed, b.offer_id, b.size, b.total
           FROM favorites f LEFT JOIN best b USING (user_id, product_id)${where ? ` WHERE ${where}` : ''}`;
}

/**
 * The watched price now (cents; see {@link watchedPriceSql}) of each of `productIds` saved by
 * `userId`, by product id; null when none of its watched sizes or offers is in stock.
 */
export async function watchedPrices(db: Queryable, userId: number, productIds: readonly number[]): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  if (productIds.length === 0) return out;
  const rows = (await db.query<Candidate>(watchedPriceSql('f.user_id = $1 AND f.product_id = ANY($2::bigint[])'), [userId, productIds])).rows;
  for (const r of rows) out.set(Number(r.product_id), r.total === null ? null : Number(r.total));
  return out;
}

/**
 * Evaluates every saved product at `now` (the 90-day median is over the UTC days up to `now`).
 * Runs under a transaction-level advisory lock, so two processes never evaluate at once.
 */
export async function evaluatePriceAlerts(db: Database, now: Date = new Date()): Promise<EvaluationReport> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock($1)`, [EVALUATION_LOCK]);
    const rows = (await tx.query<Candidate>(watchedPriceSql(''))).rows;

    // The 90-day median is read only for products whose price could pass the drop rule.
    const needMedian = new Set<number>();
    for (const r of rows) {
      if (r.target_price_cents === null && r.total !== null && r.alert_baseline_cents !== null && r.total <= dropThresholdCents(r.alert_baseline_cents)) {
        needMedian.add(Number(r.product_id));
      }
    }
    const history = await dailyLowestTotals(tx, [...needMedian], 90, now);

    const changed: Array<{ user: number; product: number; baseline: number | null; armed: boolean }> = [];
    const alerts: Array<{ user: number; product: number; rule: string; price: number; threshold: number; offer: number; size: string | null }> = [];
    for (const r of rows) {
      const state: AlertState = { targetCents: r.target_price_cents, baselineCents: r.alert_baseline_cents, targetArmed: r.target_armed };
      const productId = Number(r.product_id);
      const points = history.get(productId);
      const { fire, next } = decideAlert(state, {
        priceCents: r.total === null ? null : Number(r.total),
        median90Cents: points ? medianCents(points.map((p) => p.price)) : null,
      });
      if (next.baselineCents !== state.baselineCents || next.targetArmed !== state.targetArmed) {
        changed.push({ user: r.user_id, product: productId, baseline: next.baselineCents, armed: next.targetArmed });
      }
      if (fire) {
        alerts.push({
          user: r.user_id,
          product: productId,
          rule: fire.rule,
          price: Number(r.total),
          threshold: fire.thresholdCents,
          offer: Number(r.offer_id),
          size: r.size,
        });
      }
    }
    for (let i = 0; i < changed.length; i += BATCH) {
      const c = changed.slice(i, i + BATCH);
      await tx.query(
        `UPDATE favorites f SET alert_baseline_cents = u.baseline, target_armed = u.armed
           FROM unnest($1::int[], $2::bigint[], $3::int[], $4::boolean[]) AS u(user_id, product_id, baseline, armed)
          WHERE f.user_id = u.user_id AND f.product_id = u.product_id`,
        [c.map((x) => x.user), c.map((x) => x.product), c.map((x) => x.baseline), c.map((x) => x.armed)],
      );
    }
    for (let i = 0; i < alerts.length; i += BATCH) {
      const a = alerts.slice(i, i + BATCH);
      await tx.query(
        `INSERT INTO price_alerts (user_id, product_id, rule, price_cents, threshold_cents, offer_id, size, created_at)
         SELECT u.*, $8 FROM unnest($1::int[], $2::bigint[], $3::text[], $4::int[], $5::int[], $6::bigint[], $7::text[]) AS u`,
        [
          a.map((x) => x.user),
          a.map((x) => x.product),
          a.map((x) => x.rule),
          a.map((x) => x.price),
          a.map((x) => x.threshold),
          a.map((x) => x.offer),
          a.map((x) => x.size),
          now,
        ],
      );
    }
    return { evaluated: rows.length, fired: alerts.length };
  });
}
