/**
 * The operator's review queue for offer matching (issue 11 point 1): borderline pairs, an offer
 * that started its own product and the catalogue product it scored just under the threshold
 * against, listed with both titles and prices; accept and reject decisions are stored in
 * match_decisions and honoured by every later ingest (ingest.ts `loadDecisions`).
 */
import type { Database, Queryable } from '@b-deals/db';
import { displayTitle, slugify, type MatchMethod } from '@b-deals/core';
import { insertProducts, productCategoryTerms, refileProducts, refreshProducts, syncImages } from '../catalog/index.ts';
import type { BrandLexicon } from './brands.ts';
import { listingKeys, normaliseTitle } from './listings.ts';
import { blockCandidates } from './blocking.ts';
import { prepareRecord, type MatchInput, type MatchRecord } from './record.ts';
import { DbBlockingIndex, catalogueLexicon, indexProducts, loadCandidates, loadDecisions } from './resolve.ts';
import { MATCH_THRESHOLD, WordStats, bestMatch, matchScore } from './score.ts';
import type { BrandRow, MerchantRow, OfferRow, ProductRow } from '../catalog/index.ts';

/** How far under the threshold a pair still counts as borderline (score units). */
export const REVIEW_MARGIN = 0.2;

/** One borderline pair. Prices are the shopper's price now, USD cents. */
export interface ReviewPair {
  offerId: number;
  merchant: string;
  offerTitle: string;
  offerPriceCents: number;
  score: number;
  productId: number;
  productTitle: string;
  productPriceCents: number | null;
}

/**
 * Active offers whose own product was started for them ('new') although they scored within
 * {@link REVIEW_MARGIN} under {@link MATCH_THRESHOLD} against a catalogue product, and on which
 * no decision was taken yet; highest score first.
 */
export async function reviewQueue(db: Queryable, opts: { limit?: number } = {}): Promise<ReviewPair[]> {
  const res = await db.query<
    Pick<OfferRow, 'id' | 'title' | 'product_id'> & {
      merchant: MerchantRow['slug'];
      price: OfferRow['price_cents'];
      match_score: NonNullable<OfferRow['match_score']>;
      product_title: ProductRow['title'];
      product_price: ProductRow['price_cents'];
    }
  >(
    `SELECT o.id, m.slug AS merchant, o.title, coalesce(o.sale_price_cents, o.price_cents) AS price, o.match_score,
            p.id AS product_id, p.title AS product_title, p.price_cents AS product_price
       FROM offers o
       JOIN merchants m ON m.id = o.merchant_id
       JOIN products p ON p.id = o.match_candidate_id
      WHERE o.active AND o.match_method = 'new' AND o.match_score >= $1 AND o.match_score < $2 AND p.id <> o.product_id
        AND NOT EXISTS (SELECT 1 FROM match_decisions d
                         WHERE d.merchant_id = o.merchant_id AND d.offer_key = o.offer_key AND d.product_id = o.match_candidate_id)
      ORDER BY o.match_score DESC, o.id
      LIMIT $3`,
    [MATCH_THRESHOLD - REVIEW_MARGIN, MATCH_THRESHOLD, opts.limit ?? 50],
  );
  return res.rows.map((r) => ({
    offerId: Number(r.id),
    merchant: r.merchant,
    offerTitle: r.title,
    offerPriceCents: Number(r.price),
    score: Number(r.match_score),
    productId: Number(r.product_id),
    productTitle: r.product_title,
    productPriceCents: r.product_price === null ? null : Number(r.product_price),
  }));
}

/** Raised for a decision that cannot be taken; `code` is `offer_not_found` or `no_candidate`. */
export class ReviewError extends Error {
  constructor(
    message: string,
    readonly code: 'offer_not_found' | 'no_candidate',
  ) {
    super(message);
    this.name = 'ReviewError';
  }
}

/**
 * Records the operator's decision on an offer's candidate pair (the product in
 * `offers.match_candidate_id`) and applies it at once, in one transaction:
 * - `accept`: the offer moves to the candidate product with method 'reviewed' (its price history
 *   stays with the offer); when the product it leaves has no other offer, that product's
 *   matching keys move to the candidate and the empty product is removed.
 * - `reject`: only recorded; later ingests never join the offer to that product.
 *
 * @throws ReviewError when the offer does not exist or has no candidate product.
 */
export async function decideMatch(db: Database, offerId: number, decision: 'accept' | 'reject', now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const res = await tx.query<Pick<OfferRow, 'merchant_id' | 'offer_key' | 'product_id' | 'match_candidate_id'>>(
      `SELECT o.merchant_id, o.offer_key, o.product_id, o.match_candidate_id FROM offers o
        WHERE o.id = $1 AND (o.match_candidate_id IS NULL OR EXISTS (SELECT 1 FROM products p WHERE p.id = o.match_candidate_id))`,
      [offerId],
    );
    const offer = res.rows[0];
    if (!offer) throw new ReviewError(`offer ${offerId} does not exist`, 'offer_not_found');
    const candidate = offer.match_candidate_id === null ? null : Number(offer.match_candidate_id);
    if (candidate === null || candidate === Number(offer.product_id))
      throw new ReviewError(`offer ${offerId} has no candidate product to decide on`, 'no_candidate');
    await tx.query(
      `INSERT INTO match_decisions (merchant_id, offer_key, product_id, decision, decided_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (merchant_id, offer_key, product_id) DO UPDATE SET decision = EXCLUDED.decision, decided_at = EXCLUDED.decided_at`,
      [offer.merchant_id, offer.offer_key, candidate, decision, now],
    );
    if (decision === 'reject') return;
    await moveOffer(tx, offerId, Number(offer.product_id), candidate);
  });
}

/**
 * Moves an offer to another product with its match method (its price history stays with it); an
 * emptied product hands its keys and clicks over and is removed with its images. Both products
 * are filed where their first offers now are (catalog `refileProducts`).
 *
 * @returns true when the product it left was removed.
 */
async function moveOffer(tx: Queryable, offerId: number, from: number, to: number, method: MatchMethod = 'reviewed'): Promise<boolean> {
  await tx.query(`UPDATE offers SET product_id = $2, match_method = $3 WHERE id = $1`, [offerId, to, method]);
  const left = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM offers WHERE product_id = $1`, [from]);
  if (Number(left.rows[0]!.n) === 0) {
    await tx.query(`UPDATE product_keys SET product_id = $2 WHERE product_id = $1`, [from, to]);
    await tx.query(
      `INSERT INTO product_blocking_keys (key, product_id) SELECT key, $2 FROM product_blocking_keys WHERE product_id = $1 ON CONFLICT DO NOTHING`,
      [from, to],
    );
    await tx.query(`DELETE FROM product_blocking_keys WHERE product_id = $1`, [from]);
    await tx.query(`UPDATE outbound_clicks SET product_id = $2 WHERE product_id = $1`, [from, to]);
    await tx.query(`DELETE FROM images WHERE product_id = $1`, [from]);
    await tx.query(`DELETE FROM products WHERE id = $1`, [from]);
    await refreshProducts(tx, [to]);
    await refileProducts(tx, [to]);
    return true;
  }
  await refreshProducts(tx, [from, to]);
  await refileProducts(tx, [from, to]);
  return false;
}

/** What {@link rematch} did. */
export interface RematchReport {
  /** Offers looked at (active, joined by their score, 'model' or 'title', or started their product: 'new'). */
  offers: number;
  /** Offers moved to another product (their price history moves with them). */
  moved: number;
  /** Products removed because their last offer moved away. */
  removedProducts: number;
  /**
   * Offers an earlier matcher joined by their score ('model', 'title') that the matcher now scores
   * under the threshold against their product and joins to no other: each starts a product of its
   * own (`splitOfferOut`), with the product it left as its review candidate.
   */
  split: number;
  /** Blocking keys (model numbers, title words) added for products that lacked them (offers ingested before them). */
  keysAdded: number;
}

const REMATCH_BATCH = 2000;

/**
 * Re-runs matching over the whole catalogue after the matcher changed (`npm run matches --
 * rematch`), keeping every offer's price history (history belongs to the offer, which only
 * changes product):
 * 1. every product of these offers is indexed under their blocking keys (`product_blocking_keys`:
 *    model numbers and title words, blocking.ts);
 * 2. each active offer joined by its score ('model', 'title') or that started its product ('new') is scored against
 *    its blocked candidates (`blockCandidates`, as the ingest blocks; only products started
 *    before its own, as an ingest joins a listing to the catalogue it finds, so two products never
 *    merge both ways; not the ones the operator rejected for it); an accepted review decision wins; at or above {@link MATCH_THRESHOLD} it moves there,
 *    else its score and candidate are updated for the review queue;
 * 3. an offer joined by its score is also scored against the product it is in: it stays while that
 *    reaches the threshold and no candidate scores higher; when neither does (an earlier, looser
 *    matcher joined it), it starts a product of its own ({@link splitOfferOut}, its price history
 *    with it), with the product it left as its review candidate. Offers joined by an exact key
 *    (GTIN, brand + MPN, brand + title) or by review stay.
 * One transaction per batch of offers; re-running it is harmless.
 */
export async function rematch(db: Database, opts: { onBatch?: (done: number, total: number) => void } = {}): Promise<RematchReport> {
  const report: RematchReport = { offers: 0, moved: 0, removedProducts: 0, split: 0, keysAdded: 0 };
  const ids = (await db.query<Pick<OfferRow, 'id'>>(`SELECT id FROM offers WHERE active AND match_method IN ('new', 'model', 'title') ORDER BY id`)).rows.map(
    (r) => Number(r.id),
  );
  report.offers = ids.length;
  for (let i = 0; i < ids.length; i += REMATCH_BATCH) {
    await db.transaction(async (tx) => {
      const lexicon = await catalogueLexicon(tx);
      const batch = (await loadOffers(tx, ids.slice(i, i + REMATCH_BATCH))).map((o) => ({ ...o, record: prepareRecord(o.input, lexicon) }));
      report.keysAdded += await indexProducts(tx, batch, { count: true });
      for (const o of batch) {
        const { moved, removed, split } = await rematchOffer(tx, o, lexicon);
        if (moved) report.moved++;
        if (removed) report.removedProducts++;
        if (split) report.split++;
      }
    });
    opts.onBatch?.(Math.min(i + REMATCH_BATCH, ids.length), ids.length);
  }
  return report;
}

interface OfferToMatch {
  id: number;
  merchantId: number;
  offerKey: string;
  productId: number;
  method: MatchMethod;
  input: MatchInput;
}

async function loadOffers(tx: Queryable, ids: number[]): Promise<OfferToMatch[]> {
  const res = await tx.query<
    Pick<OfferRow, 'id' | 'merchant_id' | 'offer_key' | 'product_id' | 'match_method' | 'title' | 'gtin' | 'mpn' | 'colors' | 'condition'> & {
      description: ProductRow['description'];
      brand: BrandRow['name'] | null;
      price: OfferRow['price_cents'];
    }
  >(
    `SELECT o.id, o.merchant_id, o.offer_key, o.product_id, o.match_method, o.title, left(p.description, 500) AS description, b.name AS brand,
            o.gtin, o.mpn, coalesce(o.sale_price_cents, o.price_cents) AS price, o.colors, o.condition
       FROM offers o JOIN products p ON p.id = o.product_id LEFT JOIN brands b ON b.id = p.brand_id
      WHERE o.id = ANY($1::bigint[]) ORDER BY o.id`,
    [ids],
  );
  return res.rows.map((r) => {
    const input: MatchInput = {
      title: r.title,
      description: r.description,
      brand: r.brand,
      gtin: r.gtin,
      mpn: r.mpn,
      priceCents: Number(r.price),
      color: r.colors.length === 1 ? r.colors[0] : null,
      condition: r.condition,
    };
    return {
      id: Number(r.id),
      merchantId: Number(r.merchant_id),
      offerKey: r.offer_key,
      productId: Number(r.product_id),
      method: r.match_method,
      input,
    };
  });
}

/**
 * Scores one offer against its blocked candidates and moves it when it belongs elsewhere; an offer
 * joined by its score is also scored against the product it is in, and starts a product of its own
 * when that product and every candidate now score under the threshold.
 */
async function rematchOffer(
  tx: Queryable,
  o: OfferToMatch & { record: MatchRecord },
  lexicon: BrandLexicon,
): Promise<{ moved: boolean; removed: boolean; split: boolean }> {
  const none = { moved: false, removed: false, split: false };
  // The offer may have moved, or its product gone, earlier in this batch.
  const cur = await tx.query<Pick<OfferRow, 'product_id'>>(`SELECT product_id FROM offers WHERE id = $1`, [o.id]);
  const productId = Number(cur.rows[0]!.product_id);
  const decisions = await loadDecisions(tx, o.merchantId, [o.offerKey]);
  const accepted = decisions.accepted.get(o.offerKey);
  if (accepted !== undefined) {
    if (accepted === productId) return none;
    await tx.query(`UPDATE offers SET match_candidate_id = $2 WHERE id = $1`, [o.id, accepted]);
    return { ...none, moved: true, removed: await moveOffer(tx, o.id, productId, accepted) };
  }
  const rejected = decisions.rejected.get(o.offerKey);
  // Only products started before the offer's own: an offer joins the earlier product, never the reverse.
  const [ids] = await blockCandidates([o.record], new DbBlockingIndex(tx), {}, (_, id) => id >= productId || !!rejected?.has(id));
  const loaded = await loadCandidates(tx, ids!, lexicon);
  const others = ids!.flatMap((id) => loaded.get(id) ?? []);
  // The product an earlier matcher joined it to by its score, judged again by this one (as a candidate: its
  // title is its first listing's, its price the best offer's, which may be this one's).
  const joined = o.method === 'model' || o.method === 'title';
  const own = joined ? (await loadCandidates(tx, [productId], lexicon)).get(productId) : undefined;
  if (others.length === 0 && !own) return none;
  const record = o.record;
  const stats = new WordStats();
  stats.add(record.words, record.models);
  for (const c of others) stats.add(c.record.words, c.record.models);
  if (own) stats.add(own.record.words, own.record.models);
  const best = bestMatch(record, others, stats);
  if (own) {
    const stay = matchScore(record, own.record, stats).score;
    if (stay >= MATCH_THRESHOLD && (!best || best.score <= stay)) {
      await tx.query(`UPDATE offers SET match_score = $2 WHERE id = $1`, [o.id, stay]);
      return none;
    }
    if (!best || best.score < MATCH_THRESHOLD) {
      const started = await splitOfferOut(tx, o.id);
      await indexProducts(tx, [{ productId: started, record }]);
      // The product it left is its candidate: the review queue lists the pair when it is borderline.
      await tx.query(`UPDATE offers SET match_score = $2, match_candidate_id = $3 WHERE id = $1`, [o.id, stay, productId]);
      return { ...none, split: true };
    }
  }
  if (!best) return none;
  if (best.score < MATCH_THRESHOLD) {
    await tx.query(`UPDATE offers SET match_score = $2, match_candidate_id = $3 WHERE id = $1 AND match_method = 'new'`, [o.id, best.score, best.productId]);
    return none;
  }
  await tx.query(`UPDATE offers SET match_score = $2, match_candidate_id = $3 WHERE id = $1`, [o.id, best.score, best.productId]);
  return { ...none, moved: true, removed: await moveOffer(tx, o.id, productId, best.productId, best.method) };
}

/**
 * Takes an offer out of the product it is in and starts a standard product of its own for it, as
 * the ingest starts one for a listing that joins nothing (`match_method` 'new'); its price history
 * stays with it (history belongs to the offer). Used by the operator's {@link rematch} when the
 * matcher no longer joins an offer that an earlier one joined by its score.
 *
 * The new product is built from what the offer stores: title, image, colours, sizes, GTIN, MPN and
 * the category the mapper gave it (the product's when the offer predates migration 0023, where
 * none was recorded); the brand is the product's (a scored join never crosses two known brands,
 * so it is the offer's or the offer had none); the description is left empty (offers keep none,
 * and the product's is another listing's). The exact keys (`product_keys`: GTIN, brand + MPN,
 * brand + title, as {@link listingKeys} builds them from the stored offer) that the product holds
 * and none of its remaining offers would bring move with it, so a later listing carrying them
 * joins the new product. The product left behind keeps its other offers and is refreshed (it stays filed by
 * its first offer); it is never the offer's own product (an offer that started its product is
 * 'new', not joined by a score).
 *
 * @returns the new product's id
 */
export async function splitOfferOut(tx: Queryable, offerId: number): Promise<number> {
  const res = await tx.query<
    Pick<OfferRow, 'product_id' | 'title' | 'image_url' | 'colors' | 'sizes' | 'gtin' | 'mpn' | 'product_type' | 'google_product_category'> & {
      category_code: string;
      brand_id: number | null;
      brand_name: string | null;
    }
  >(
    `SELECT o.product_id, o.title, o.image_url, o.colors, o.sizes, o.gtin, o.mpn, o.product_type, o.google_product_category,
            coalesce(o.category_code, p.category_code) AS category_code, p.brand_id, b.name AS brand_name
       FROM offers o JOIN products p ON p.id = o.product_id LEFT JOIN brands b ON b.id = p.brand_id
      WHERE o.id = $1`,
    [offerId],
  );
  const o = res.rows[0];
  if (!o) throw new Error(`offer ${offerId} does not exist`);
  const from = Number(o.product_id);
  const id = Number((await tx.query<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('products', 'id')) AS id`)).rows[0]!.id);
  await tx.query(`UPDATE offers SET product_id = $2, match_method = 'new' WHERE id = $1`, [offerId, id]);
  const title = displayTitle([o.title], o.brand_name) ?? o.title;
  await insertProducts(tx, [
    {
      id,
      brand_name: o.brand_name ?? '',
      slug: slugify(title).slice(0, 120) || 'product',
      title,
      brand_id: o.brand_id === null ? null : Number(o.brand_id),
      category_code: o.category_code,
      category_terms: productCategoryTerms(o.category_code, o.title, o.product_type, o.google_product_category),
      description: '',
      image_url: o.image_url,
      colors: o.colors,
      sizes: o.sizes,
      gtin: o.gtin,
      mpn: o.mpn,
    },
  ]);
  const remaining = await tx.query<Pick<OfferRow, 'title' | 'colors' | 'gtin' | 'mpn'>>(`SELECT title, colors, gtin, mpn FROM offers WHERE product_id = $1`, [
    from,
  ]);
  const keysOf = (r: Pick<OfferRow, 'title' | 'colors' | 'gtin' | 'mpn'>) => {
    const colour = r.colors.length === 1 ? r.colors[0]! : null;
    const title = o.brand_name ? normaliseTitle(r.title, o.brand_name, colour) : '';
    return listingKeys({ gtins: r.gtin ? [r.gtin] : [], mpn: r.mpn, brand: o.brand_name, colour, title }).map((k) => k.key);
  };
  const kept = new Set(remaining.rows.flatMap(keysOf));
  const moving = keysOf(o).filter((k) => !kept.has(k));
  if (moving.length) await tx.query(`UPDATE product_keys SET product_id = $2 WHERE product_id = $1 AND key = ANY($3::text[])`, [from, id, moving]);
  await syncImages(tx, [id]);
  await refreshProducts(tx, [from]);
  return id;
}
