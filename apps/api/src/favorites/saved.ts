/**
 * B-LOVED, the shopper's saved products (issue 14 §1, §3; spec §3 Favourite type PRODUCT, §7
 * `/inventory/api/v1/favorite`): save (idempotent), change the target price and watched sizes,
 * remove, list with what changed since saving, and the ids for the hearts on cards.
 *
 * Prices are the product's best total (item plus stated shipping, decision 0006), cents. Each
 * answer also gives the price the alerts watch now and whether it already meets the target
 * (decision 0017: a target met when it is set alerts at the next price check).
 * Errors: 404 `not_found` for an unknown product (or, on change, one not saved), 400
 * `favorite_limit_reached` past {@link FAVORITE_LIMIT}, 400 `unknown_size` for a size the product
 * does not come in.
 */
import { sortSizes, targetMet } from '@b-deals/core';
import {
  FAVORITE_LIMIT,
  type FavoriteAddBody,
  type FavoriteItem,
  type FavoriteList,
  type FavoriteListQuery,
  type FavoriteSaved,
  type FavoriteUpdateBody,
} from '@b-deals/contracts';
import type { Database, Queryable } from '@b-deals/db';
import { CARD_COLUMNS, toCard, type CardRow } from '../catalog/index.ts';
import { DomainError, notFound } from '../errors.ts';
import { dailyLowestTotals } from '../pricing/index.ts';
import { watchedPrices } from './alerts.ts';
import type { FavoriteRow } from './rows.ts';

/** Days of daily prices behind each saved product's sparkline. */
export const SPARKLINE_DAYS = 90;

type SavedColumns = Pick<FavoriteRow, 'created_at' | 'saved_price_cents' | 'target_price_cents' | 'sizes'>;

const total = async (db: Queryable, userId: number): Promise<number> =>
  Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM favorites WHERE user_id = $1`, [userId])).rows[0]!.n);

/** The answer of a save or change: the settings, the account's total, and the watched price now with whether it meets the target (decision 0017). */
const saved = async (db: Queryable, userId: number, productId: number, r: SavedColumns): Promise<FavoriteSaved> => {
  const watched = (await watchedPrices(db, userId, [productId])).get(productId) ?? null;
  return {
    id: productId,
    savedAt: new Date(r.created_at).toISOString(),
    savedPrice: r.saved_price_cents,
    targetPrice: r.target_price_cents,
    sizes: r.sizes,
    total: await total(db, userId),
    watchedPrice: watched,
    targetMet: targetMet(r.target_price_cents, watched),
  };
};

/** Throws 400 `unknown_size` (a fixed message; `details.unknown` the sizes it does not come in, `details.sizes` its own) unless every size in `sizes` is one the product comes in. */
function checkSizes(sizes: readonly string[] | undefined, productSizes: readonly string[]): void {
  const unknown = (sizes ?? []).filter((s) => !productSizes.includes(s));
  if (unknown.length > 0) {
    throw new DomainError(400, 'unknown_size', 'This product does not come in every size asked for.', { unknown, sizes: sortSizes(productSizes) });
  }
}

/**
 * Saves product `body.favoriteId` for `userId` with its current best total, or, when it is saved
 * already, keeps it (same savedAt and savedPrice) and applies any target or sizes given. A new
 * target re-arms the target rule. The per-account cap is checked under a lock on the shopper's
 * row, so concurrent saves cannot pass it.
 */
export async function addFavorite(db: Database, userId: number, body: FavoriteAddBody): Promise<FavoriteSaved> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    const product = (
      await tx.query<{ price_cents: number | null; sizes: string[] }>(`SELECT price_cents, sizes FROM products WHERE id = $1`, [body.favoriteId])
    ).rows[0];
    if (!product) throw notFound('The product');
    checkSizes(body.sizes, product.sizes);
    const existing = (await tx.query(`SELECT 1 FROM favorites WHERE user_id = $1 AND product_id = $2`, [userId, body.favoriteId])).rows.length > 0;
    if (!existing && (await total(tx, userId)) >= FAVORITE_LIMIT) {
      throw new DomainError(400, 'favorite_limit_reached', `B-LOVED holds up to ${FAVORITE_LIMIT} products. Remove some to save more.`, {
        limit: FAVORITE_LIMIT,
      });
    }
    const target = body.targetPrice === undefined ? null : body.targetPrice;
    const row = (
      await tx.query<SavedColumns>(
        `INSERT INTO favorites AS f (user_id, product_id, saved_price_cents, alert_baseline_cents, target_price_cents, sizes)
         VALUES ($1, $2, $3, $3, $4, coalesce($5::text[], '{}'))
         ON CONFLICT (user_id, product_id) DO UPDATE SET
           target_price_cents = CASE WHEN $6 THEN EXCLUDED.target_price_cents ELSE f.target_price_cents END,
           target_armed = CASE WHEN $6 THEN true ELSE f.target_armed END,
           sizes = coalesce($5::text[], f.sizes)
         RETURNING created_at, saved_price_cents, target_price_cents, sizes`,
        [userId, body.favoriteId, product.price_cents, target, body.sizes ?? null, body.targetPrice !== undefined],
      )
    ).rows[0]!;
    return saved(tx, userId, body.favoriteId, row);
  });
}

/** Changes the target (null clears it; a change re-arms the rule) and/or the watched sizes of a saved product. 404 when it is not saved. */
export async function updateFavorite(db: Database, userId: number, productId: number, body: FavoriteUpdateBody): Promise<FavoriteSaved> {
  return db.transaction(async (tx) => {
    const product = (await tx.query<{ sizes: string[] }>(`SELECT sizes FROM products WHERE id = $1`, [productId])).rows[0];
    if (product) checkSizes(body.sizes, product.sizes);
    const row = (
      await tx.query<SavedColumns>(
        `UPDATE favorites SET
           target_price_cents = CASE WHEN $3 THEN $4::int ELSE target_price_cents END,
           target_armed = CASE WHEN $3 AND $4::int IS DISTINCT FROM target_price_cents THEN true ELSE target_armed END,
           sizes = coalesce($5::text[], sizes)
         WHERE user_id = $1 AND product_id = $2
         RETURNING created_at, saved_price_cents, target_price_cents, sizes`,
        [userId, productId, body.targetPrice !== undefined, body.targetPrice ?? null, body.sizes ?? null],
      )
    ).rows[0];
    if (!row || !product) throw notFound('The saved product');
    return saved(tx, userId, productId, row);
  });
}

/** Removes a saved product (nothing happens when it was not saved); answers the new total. */
export async function removeFavorite(db: Queryable, userId: number, productId: number): Promise<{ total: number }> {
  await db.query(`DELETE FROM favorites WHERE user_id = $1 AND product_id = $2`, [userId, productId]);
  return { total: await total(db, userId) };
}

/** Every saved product id of `userId`, newest first (at most FAVORITE_LIMIT). */
export async function favoriteIds(db: Queryable, userId: number): Promise<number[]> {
  const res = await db.query<{ product_id: number }>(`SELECT product_id FROM favorites WHERE user_id = $1 ORDER BY created_at DESC, product_id`, [userId]);
  return res.rows.map((r) => Number(r.product_id));
}

/** ORDER BY of each sort: when saved, best total now, drop since saved (saved − now, cents). Unknown prices last. */
const ORDER: Record<FavoriteListQuery['sort'], string> = {
  CREATE_TIME: 'f.created_at',
  PRICE: 'p.price_cents',
  PRICE_DROP: '(f.saved_price_cents - p.price_cents)',
};

/**
 * A page of `userId`'s saved products (spec §7 from/to/sort/asc): each with its card, the best
 * total when saved and now, the change (cents and whole percent), the target and sizes watched,
 * the sizes in stock at some merchant now, and the last {@link SPARKLINE_DAYS} days of daily best
 * totals. Saved products whose product no longer exists are not counted.
 */
export async function listFavorites(db: Queryable, userId: number, q: FavoriteListQuery, now: Date = new Date()): Promise<FavoriteList> {
  const n = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM favorites f JOIN products p ON p.id = f.product_id WHERE f.user_id = $1`, [userId]);
  const dir = q.asc ? 'ASC' : 'DESC';
  const rows = (
    await db.query<CardRow & SavedColumns & { sizes_all: string[]; current: number | null }>(
      `SELECT ${CARD_COLUMNS}, p.sizes AS sizes_all, p.price_cents AS current, f.created_at, f.saved_price_cents, f.target_price_cents, f.sizes
         FROM favorites f JOIN products p ON p.id = f.product_id LEFT JOIN brands b ON b.id = p.brand_id
        WHERE f.user_id = $1
        ORDER BY ${ORDER[q.sort]} ${dir} NULLS LAST, f.created_at DESC, f.product_id
        LIMIT $2 OFFSET $3`,
      [userId, q.to - q.from, q.from],
    )
  ).rows;
  const ids = rows.map((r) => Number(r.id));
  const inStock = new Map<number, string[]>();
  if (ids.length > 0) {
    const res = await db.query<{ product_id: number; sizes: string[] }>(
      `SELECT o.product_id, array_agg(DISTINCT s.size) AS sizes
         FROM offers o, jsonb_object_keys(o.size_stock) AS s(size)
        WHERE o.product_id = ANY($1::bigint[]) AND o.active AND o.availability = 'in_stock'
        GROUP BY 1`,
      [ids],
    );
    for (const r of res.rows) inStock.set(Number(r.product_id), sortSizes(r.sizes));
  }
  const history = await dailyLowestTotals(db, ids, SPARKLINE_DAYS, now);
  const watched = await watchedPrices(db, userId, ids);
  const items: FavoriteItem[] = rows.map((r) => {
    const id = Number(r.id);
    const current = r.current;
    const change = current !== null && r.saved_price_cents !== null ? current - r.saved_price_cents : null;
    return {
      id,
      product: toCard(r),
      savedAt: new Date(r.created_at).toISOString(),
      savedPrice: r.saved_price_cents,
      currentPrice: current,
      change,
      changePct: change !== null && r.saved_price_cents ? Math.round((change / r.saved_price_cents) * 100) : null,
      targetPrice: r.target_price_cents,
      sizes: sortSizes(r.sizes),
      productSizes: sortSizes(r.sizes_all),
      sizesInStock: inStock.get(id) ?? [],
      history: history.get(id) ?? [],
      watchedPrice: watched.get(id) ?? null,
      targetMet: targetMet(r.target_price_cents, watched.get(id) ?? null),
    };
  });
  return { total: n.rows[0]!.n, items };
}
