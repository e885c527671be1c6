/**
 * Serving buy-or-wait advice (issue 16 §3): the models fitted by `npm run backtest --
 * --write-model` (content/price-advice-model.json, with their held-out figures) applied to each
 * offer's observed daily totals (item price plus stated shipping, decision 0006) from its price
 * runs. Only observed days count; an offer with fewer than 30 gets "insufficient history".
 * Without a fitted model the answer says advice is not available: none is invented.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AdviceModelInfo, PriceAdvice, ProductsAdvice, WaitingPays } from '@b-deals/contracts';
import { bestOfferSql } from '@b-deals/core';
import type { Queryable } from '@b-deals/db';
import { CARD_COLUMNS, toCard, type CardRow } from '../catalog/index.ts';
import { advise, ALL_FEATURE_NAMES, BASE_FEATURE_NAMES, dayNumber, type Advice, type AdviceHorizon, type AdviceModel, type PricePoint } from './advice.ts';
import { trackOf, type AdviceRecord } from './advice-record.ts';

/** Backtest figures of one policy (see backtest.ts). */
interface Score {
  noWorse: number;
  capture: number | null;
  decisions: number;
}

/**
 * Fitted models by horizon, with where they came from and how they did (the file `npm run
 * backtest -- --write-model` writes: `observed`, `splitDay` and `training` are there too).
 */
export interface AdviceModels {
  source: string;
  generatedAt: string;
  observed?: [string, string];
  splitDay?: string;
  horizons: Partial<Record<AdviceHorizon, FittedHorizon>>;
}

/** One horizon of the model file: the model, its backtest figures and its held-out track record (advice-record.ts; absent in files written before 2026-11-29). */
interface FittedHorizon {
  model: AdviceModel;
  heldOut: Score;
  training?: Score;
  record?: AdviceRecord | null;
}

/** The advice of `points` under `fitted`, with its band's track record when the file holds one (see advice-record.ts). */
function adviseWithRecord(fitted: FittedHorizon, points: readonly PricePoint[]): Advice {
  const advice = advise(fitted.model, points);
  if (advice.kind === 'insufficient_history') return advice;
  return { ...advice, record: fitted.record ? trackOf(fitted.record, advice.dropProbability) : null };
}

/** The bundled models' file. */
export const ADVICE_MODEL_FILE = path.resolve(import.meta.dirname, '../../../../content/price-advice-model.json');

/**
 * Reads fitted models from `file`; null when there is none. Throws when the file is not a model
 * file of these features: a model names features of `ALL_FEATURE_NAMES` (or none: the base ten of
 * files written before 2026-11-29), one weight each, and trees that split only those.
 */
export function loadAdviceModels(file: string = ADVICE_MODEL_FILE): AdviceModels | null {
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as AdviceModels;
  for (const h of Object.values(parsed.horizons ?? {})) {
    if (
      !h ||
      h.model.features?.some((f) => !ALL_FEATURE_NAMES.includes(f)) ||
      h.model.weights.length !== (h.model.features ?? BASE_FEATURE_NAMES).length ||
      h.model.trees?.some((t) => t.feature.some((f) => f >= h.model.weights.length)) ||
      (h.model.calibration && !(Number.isFinite(h.model.calibration.scale) && Number.isFinite(h.model.calibration.offset))) ||
      (h.record && !h.record.bands.every((b) => b.decisions > 0 && b.right >= 0 && b.right <= b.decisions && b.drops <= b.decisions))
    )
      throw new Error(`${file}: not a price-advice model of the current features`);
  }
  return parsed;
}

/** An active offer with its observed daily totals (cents), oldest first. */
export interface OfferHistory {
  offerId: number;
  merchant: { slug: string; name: string };
  price: number;
  points: PricePoint[];
}

/**
 * Each active offer of each of `productIds` with its observed daily totals of the last 400 days
 * up to `now` (oldest first), offers best first by core's rule (`bestOfferSql`: in stock, then the
 * lowest total), so the first is the offer the product page leads with. Products without an
 * active offer are absent.
 */
export async function offerHistoriesOf(db: Queryable, productIds: readonly number[], now: Date): Promise<Map<number, OfferHistory[]>> {
  const out = new Map<number, OfferHistory[]>();
  if (productIds.length === 0) return out;
  const today = dayNumber(now);
  const best = bestOfferSql('o.');
  const offers = (
    await db.query<{ id: number; product_id: number; slug: string; name: string; price: number }>(
      `SELECT o.id, o.product_id, m.slug, m.name, ${best.total} AS price
         FROM offers o JOIN merchants m ON m.id = o.merchant_id WHERE o.product_id = ANY($1::bigint[]) AND o.active ORDER BY o.product_id, ${best.orderBy}`,
      [productIds],
    )
  ).rows;
  const runs = (
    await db.query<{ offer_id: number; price: number; in_stock: boolean; f: number; t: number }>(
      `SELECT po.offer_id, po.price_cents + coalesce(o.shipping_cents, 0) AS price, po.availability <> 'out_of_stock' AS in_stock,
              floor(extract(epoch FROM po.valid_from) / 86400)::int AS f, floor(extract(epoch FROM po.last_seen_at) / 86400)::int AS t
         FROM price_observations po JOIN offers o ON o.id = po.offer_id
        WHERE o.product_id = ANY($1::bigint[]) AND o.active AND po.last_seen_at >= $2
        ORDER BY po.offer_id, po.valid_from`,
      [productIds, new Date((today - 400) * 86_400_000)],
    )
  ).rows;
  const runsByOffer = new Map<number, typeof runs>();
  for (const r of runs) {
    const list = runsByOffer.get(Number(r.offer_id));
    if (list) list.push(r);
    else runsByOffer.set(Number(r.offer_id), [r]);
  }
  for (const o of offers) {
    const byDay = new Map<number, PricePoint>();
    for (const r of runsByOffer.get(Number(o.id)) ?? []) {
      for (let d = Math.max(r.f, today - 400); d <= Math.min(r.t, today); d++) byDay.set(d, { day: d, price: Number(r.price), inStock: r.in_stock });
    }
    const history: OfferHistory = {
      offerId: Number(o.id),
      merchant: { slug: o.slug, name: o.name },
      price: Number(o.price),
      points: [...byDay.values()].sort((a, b) => a.day - b.day),
    };
    const list = out.get(Number(o.product_id));
    if (list) list.push(history);
    else out.set(Number(o.product_id), [history]);
  }
  return out;
}

/** Each active offer of `productId` with its observed daily totals of the last 400 days up to `now`, oldest first. */
export async function offerHistories(db: Queryable, productId: number, now: Date): Promise<OfferHistory[]> {
  return (await offerHistoriesOf(db, [productId], now)).get(productId) ?? [];
}

/** The advice for every active offer of `productId` at `horizon` (see the module comment). */
export async function priceAdvice(
  db: Queryable,
  models: AdviceModels | null,
  productId: number,
  horizon: AdviceHorizon,
  now = new Date(),
): Promise<PriceAdvice> {
  const fitted = models?.horizons[horizon];
  if (!models || !fitted) return { available: false, model: null, offers: [] };
  const offers = await offerHistories(db, productId, now);
  return {
    available: true,
    model: { source: models.source, generatedAt: models.generatedAt, ...fitted.heldOut },
    offers: offers.map((o) => ({ offerId: o.offerId, merchant: o.merchant, price: o.price, advice: adviseWithRecord(fitted, o.points) })),
  };
}

/**
 * The advice of each product's best offer (core's rule: in stock first, then the lowest total) at
 * `horizon`, for `productIds` (lists such as B-LOVED). Products without an active offer are left
 * out; without a fitted model nothing is advised (`available: false`).
 */
export async function productsAdvice(
  db: Queryable,
  models: AdviceModels | null,
  productIds: readonly number[],
  horizon: AdviceHorizon,
  now = new Date(),
): Promise<ProductsAdvice> {
  const fitted = models?.horizons[horizon];
  if (!fitted) return { available: false, products: [] };
  const histories = await offerHistoriesOf(db, productIds, now);
  const products: ProductsAdvice['products'] = [];
  for (const id of productIds) {
    const best = histories.get(id)?.[0];
    if (best)
      products.push({ productId: id, offerId: best.offerId, merchant: best.merchant, price: best.price, advice: adviseWithRecord(fitted, best.points) });
  }
  return { available: true, products };
}

/** Products looked at by {@link waitingPays}: in stock, 30+ observed days of the last 90, and today at least this share above their 90-day low. */
const WAIT_CANDIDATE_ABOVE_LOW = 0.03;
/** At most this many candidates are advised per call (the biggest gaps to their 90-day low first), so one call stays bounded. */
const WAIT_CANDIDATES = 200;

/**
 * Products where waiting pays now (issue 16 §5): products whose best offer the model advises to
 * WAIT on today, biggest expected saving first, at most `limit`. A fall of 3 % is what the model
 * predicts, so only products at least 3 % above their 90-day low (the `products` statistics of
 * stats.ts) with 30 or more observed days are advised, the {@link WAIT_CANDIDATES} farthest above
 * it. Without a fitted model: `available: false` and no items.
 */
export async function waitingPays(db: Queryable, models: AdviceModels | null, horizon: AdviceHorizon, limit: number, now = new Date()): Promise<WaitingPays> {
  const fitted = models?.horizons[horizon];
  if (!fitted) return { available: false, items: [] };
  const candidates = (
    await db.query<CardRow>(
      `SELECT ${CARD_COLUMNS}
         FROM products p LEFT JOIN brands b ON b.id = p.brand_id
        WHERE p.offer_count > 0 AND p.in_stock AND p.observed_days_90 >= 30 AND p.low_90_prior_cents > 0
          AND p.price_cents >= p.low_90_prior_cents * (1 + $1::float8)
        ORDER BY (p.price_cents - p.low_90_prior_cents)::float8 / p.price_cents DESC, p.id
        LIMIT $2`,
      [WAIT_CANDIDATE_ABOVE_LOW, WAIT_CANDIDATES],
    )
  ).rows;
  const histories = await offerHistoriesOf(
    db,
    candidates.map((c) => Number(c.id)),
    now,
  );
  const items: WaitingPays['items'] = [];
  for (const c of candidates) {
    const best = histories.get(Number(c.id))?.[0];
    if (!best) continue;
    const advice = adviseWithRecord(fitted, best.points);
    if (advice.kind !== 'WAIT' || advice.expectedSavingCents <= 0) continue;
    items.push({
      ...toCard(c),
      merchant: best.merchant,
      dropProbability: advice.dropProbability,
      expectedSavingCents: advice.expectedSavingCents,
      horizon,
      record: advice.record ?? null,
    });
  }
  items.sort((a, b) => b.expectedSavingCents - a.expectedSavingCents || a.id - b.id);
  return { available: true, items: items.slice(0, limit) };
}

/** What the fitted models say about themselves (issue 16 §5: the backtest figures with the date of the run); `available: false` without a model. */
export function adviceModelInfo(models: AdviceModels | null): AdviceModelInfo {
  if (!models) return { available: false, source: null, generatedAt: null, observed: null, splitDay: null, horizons: [] };
  const horizons = Object.entries(models.horizons)
    .flatMap(([h, fitted]) => (fitted ? [{ horizon: Number(h), training: fitted.training ?? null, heldOut: fitted.heldOut }] : []))
    .sort((a, b) => a.horizon - b.horizon);
  return {
    available: horizons.length > 0,
    source: models.source,
    generatedAt: models.generatedAt,
    observed: models.observed ?? null,
    splitDay: models.splitDay ?? null,
    horizons,
  };
}
