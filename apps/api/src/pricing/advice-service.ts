/**
 * Serving buy-or-wait advice (issue 16 §3): the models fitted by `npm run backtest --
 * --write-model` (content/price-advice-model.json, with their held-out figures) applied to each
 * offer's observed daily totals (item price plus stated shipping, decision 0006) from its price
 * runs. Only observed days count; an offer with fewer than 30 gets "insufficient history".
 * Without a fitted model the answer says advice is not available: none is invented.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PriceAdvice } from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';
import { advise, dayNumber, FEATURE_NAMES, type AdviceHorizon, type AdviceModel, type PricePoint } from './advice.ts';

/** Fitted models by horizon, with where they came from and how they did on held-out history. */
export interface AdviceModels {
  source: string;
  generatedAt: string;
  horizons: Partial<Record<AdviceHorizon, { model: AdviceModel; heldOut: { noWorse: number; capture: number | null; decisions: number } }>>;
}

/** The bundled models' file. */
export const ADVICE_MODEL_FILE = path.resolve(import.meta.dirname, '../../../../content/price-advice-model.json');

/** Reads fitted models from `file`; null when there is none. Throws when the file is not a model file of these features. */
export function loadAdviceModels(file: string = ADVICE_MODEL_FILE): AdviceModels | null {
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as AdviceModels;
  for (const h of Object.values(parsed.horizons ?? {})) {
    if (!h || h.model.weights.length !== FEATURE_NAMES.length) throw new Error(`${file}: not a price-advice model of the current features`);
  }
  return parsed;
}

/** Each active offer of `productId` with its observed daily totals of the last 400 days up to `now`, oldest first. */
export async function offerHistories(
  db: Queryable,
  productId: number,
  now: Date,
): Promise<Array<{ offerId: number; merchant: { slug: string; name: string }; price: number; points: PricePoint[] }>> {
  const today = dayNumber(now);
  const offers = (
    await db.query<{ id: number; slug: string; name: string; price: number }>(
      `SELECT o.id, m.slug, m.name, coalesce(o.sale_price_cents, o.price_cents) + coalesce(o.shipping_cents, 0) AS price
         FROM offers o JOIN merchants m ON m.id = o.merchant_id WHERE o.product_id = $1 AND o.active ORDER BY price, o.id`,
      [productId],
    )
  ).rows;
  const runs = (
    await db.query<{ offer_id: number; price: number; in_stock: boolean; f: number; t: number }>(
      `SELECT po.offer_id, po.price_cents + coalesce(o.shipping_cents, 0) AS price, po.availability <> 'out_of_stock' AS in_stock,
              floor(extract(epoch FROM po.valid_from) / 86400)::int AS f, floor(extract(epoch FROM po.last_seen_at) / 86400)::int AS t
         FROM price_observations po JOIN offers o ON o.id = po.offer_id
        WHERE o.product_id = $1 AND o.active AND po.last_seen_at >= $2
        ORDER BY po.offer_id, po.valid_from`,
      [productId, new Date((today - 400) * 86_400_000)],
    )
  ).rows;
  return offers.map((o) => {
    const byDay = new Map<number, PricePoint>();
    for (const r of runs) {
      if (Number(r.offer_id) !== Number(o.id)) continue;
      for (let d = Math.max(r.f, today - 400); d <= Math.min(r.t, today); d++) byDay.set(d, { day: d, price: Number(r.price), inStock: r.in_stock });
    }
    return {
      offerId: Number(o.id),
      merchant: { slug: o.slug, name: o.name },
      price: Number(o.price),
      points: [...byDay.values()].sort((a, b) => a.day - b.day),
    };
  });
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
    offers: offers.map((o) => ({ offerId: o.offerId, merchant: o.merchant, price: o.price, advice: advise(fitted.model, o.points) })),
  };
}
