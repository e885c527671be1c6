/**
 * Resolution (matching domain; decision 0010): which standard product each listing of a feed
 * joins. In order of strength: the offer's own earlier product (an offer never moves on its
 * own), the operator's accepted review decision, an exact key (`gtin:`, `mpn:`, `title:`; see
 * `listings.ts`), a blocked candidate (a product sharing a model number or a rare title word,
 * `blocking.ts`) scoring at least {@link MATCH_THRESHOLD}, else a new product. Runs inside the
 * ingest's transaction; writes only `product_keys` and `product_blocking_keys`.
 */
import type { MatchMethod } from '@b-deals/core';
import type { Queryable } from '@b-deals/db';
import { BrandLexicon } from './brands.ts';
import { blockCandidates, indexKeys, type BlockingIndex } from './blocking.ts';
import { effectivePrice, type Listing } from './listings.ts';
import { prepareRecord, type MatchInput, type MatchRecord } from './record.ts';
import { MATCH_THRESHOLD, WordStats, bestMatch, type ScoredMatchMethod } from './score.ts';
import type { BrandRow, ProductRow } from '../catalog/index.ts';
import type { MatchDecisionRow, ProductBlockingKeyRow, ProductKeyRow } from './rows.ts';

/** Rows per statement for key lookups and writes. */
const BATCH = 10_000;

/** An offer the merchant already has, by its offer key (catalogue `merchantOffers`). */
export interface KnownOffer {
  id: number;
  productId: number;
  method: MatchMethod;
  contentHash: string;
  active: boolean;
  /** Category the mapper gave the listing when it was last written (`offers.category_code`); null before migration 0023. */
  categoryCode: string | null;
}

/** Where one listing goes: the standard product it joins (or starts) and how it was matched. */
export interface Resolution {
  listing: Listing;
  productId: number;
  method: MatchMethod;
  /** Pairwise match score (see offers.match_score). */
  score: number | null;
  /** Product the score was taken against (see offers.match_candidate_id). */
  candidateId: number | null;
  isNewProduct: boolean;
}

/**
 * The operator's review decisions (match_decisions) for these offer keys of the merchant:
 * `accepted` offer key → product (an accepted pair joins whatever the scores say; the latest
 * accept wins), `rejected` offer key → products it must never join. Decisions on products that
 * no longer exist are ignored.
 */
export async function loadDecisions(
  tx: Queryable,
  merchantId: number,
  offerKeys: readonly string[],
): Promise<{ accepted: Map<string, number>; rejected: Map<string, Set<number>> }> {
  const accepted = new Map<string, number>();
  const rejected = new Map<string, Set<number>>();
  if (offerKeys.length === 0) return { accepted, rejected };
  const res = await tx.query<Pick<MatchDecisionRow, 'offer_key' | 'product_id' | 'decision'>>(
    `SELECT d.offer_key, d.product_id, d.decision FROM match_decisions d JOIN products p ON p.id = d.product_id
      WHERE d.merchant_id = $1 AND d.offer_key = ANY($2::text[]) ORDER BY d.decided_at`,
    [merchantId, offerKeys],
  );
  for (const r of res.rows) {
    if (r.decision === 'accept') accepted.set(r.offer_key, Number(r.product_id));
    else {
      const set = rejected.get(r.offer_key) ?? new Set<number>();
      set.add(Number(r.product_id));
      rejected.set(r.offer_key, set);
    }
  }
  return { accepted, rejected };
}

/** A catalogue product blocked with a listing, prepared for scoring. */
export interface Candidate {
  productId: number;
  record: MatchRecord;
}

/**
 * The catalogue's blocking keys (`product_blocking_keys`) as a {@link BlockingIndex}: counts
 * read through the primary key and stopped at the cap (a common word costs at most `cap` index
 * entries), postings in product-id order.
 */
export class DbBlockingIndex implements BlockingIndex {
  constructor(private readonly tx: Queryable) {}

  async frequencies(keys: readonly string[], cap: number): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (let i = 0; i < keys.length; i += BATCH) {
      const res = await this.tx.query<{ key: string; n: number }>(
        `SELECT k.key, c.n FROM unnest($1::text[]) AS k(key)
           CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM (SELECT 1 FROM product_blocking_keys b WHERE b.key = k.key LIMIT $2) s) c
          WHERE c.n > 0`,
        [keys.slice(i, i + BATCH), cap],
      );
      for (const r of res.rows) out.set(r.key, Number(r.n));
    }
    return out;
  }

  async postings(keys: readonly string[]): Promise<Map<string, number[]>> {
    const out = new Map<string, number[]>();
    for (let i = 0; i < keys.length; i += BATCH) {
      const res = await this.tx.query<ProductBlockingKeyRow>(
        `SELECT key, product_id FROM product_blocking_keys WHERE key = ANY($1::text[]) ORDER BY key, product_id`,
        [keys.slice(i, i + BATCH)],
      );
      for (const r of res.rows) {
        const list = out.get(r.key);
        if (list) list.push(Number(r.product_id));
        else out.set(r.key, [Number(r.product_id)]);
      }
    }
    return out;
  }
}

/** The brands the catalogue knows (all brands rows), for inferring a brand from a title. */
export async function catalogueLexicon(tx: Queryable): Promise<BrandLexicon> {
  const res = await tx.query<Pick<BrandRow, 'name'>>(`SELECT name FROM brands`);
  return new BrandLexicon(res.rows.map((r) => r.name));
}

/**
 * Catalogue products by id, prepared for `matchScore` with `lexicon`; ids that no longer exist are absent.
 * A product is read with the title of the offer that started it (its lowest offer id; the product's
 * own title when it has no offer left), not its display name (catalogue `refreshTitles`), so the
 * name chosen among its offers never changes what a later listing joins.
 */
export async function loadCandidates(tx: Queryable, productIds: Iterable<number>, lexicon: BrandLexicon): Promise<Map<number, Candidate>> {
  const ids = [...new Set(productIds)];
  const rows = new Map<number, Candidate>();
  for (let i = 0; i < ids.length; i += BATCH) {
    const res = await tx.query<
      Pick<ProductRow, 'id' | 'title' | 'description' | 'gtin' | 'mpn' | 'price_cents' | 'colors'> & { brand: BrandRow['name'] | null }
    >(
      `SELECT p.id, coalesce(o.title, p.title) AS title, left(p.description, 500) AS description, b.name AS brand, p.gtin, p.mpn, p.price_cents, p.colors
         FROM products p LEFT JOIN brands b ON b.id = p.brand_id
         LEFT JOIN LATERAL (SELECT title FROM offers WHERE product_id = p.id ORDER BY id LIMIT 1) o ON true
        WHERE p.id = ANY($1::bigint[])`,
      [ids.slice(i, i + BATCH)],
    );
    for (const r of res.rows) {
      rows.set(Number(r.id), {
        productId: Number(r.id),
        record: prepareRecord(
          {
            title: r.title,
            description: r.description,
            brand: r.brand,
            gtin: r.gtin,
            mpn: r.mpn,
            priceCents: r.price_cents,
            color: r.colors.length === 1 ? r.colors[0] : null,
          },
          lexicon,
        ),
      });
    }
  }
  return rows;
}

/**
 * Indexes products under their {@link indexKeys} (`product_blocking_keys`; rows already there are
 * kept). With `count`, returns how many key rows were new, else 0.
 */
export async function indexProducts(
  tx: Queryable,
  products: ReadonlyArray<{ productId: number; record: MatchRecord }>,
  opts: { count?: boolean } = {},
): Promise<number> {
  const keys: string[] = [];
  const ids: number[] = [];
  for (const p of products)
    for (const k of indexKeys(p.record)) {
      keys.push(k);
      ids.push(p.productId);
    }
  let added = 0;
  for (let i = 0; i < keys.length; i += BATCH * 5) {
    const res = await tx.query(
      `INSERT INTO product_blocking_keys (key, product_id) SELECT * FROM unnest($1::text[], $2::bigint[]) ON CONFLICT DO NOTHING${opts.count ? ' RETURNING 1' : ''}`,
      [keys.slice(i, i + BATCH * 5), ids.slice(i, i + BATCH * 5)],
    );
    added += res.rows.length;
  }
  return added;
}

/** The listing as matching reads it (its lead item; the colour only when the listing has one). */
const matchInput = (l: Listing): MatchInput => ({
  title: l.title,
  description: l.lead.description,
  brand: l.brand,
  mpn: l.mpn,
  gtin: l.gtins[0] ?? null,
  priceCents: effectivePrice(l),
  color: l.colors.length === 1 ? l.colors[0] : null,
  condition: l.lead.condition,
});

/**
 * Resolves the listings of one merchant's feed, in feed order, so a later listing can join a
 * product started earlier in the same feed (by an exact key). Two listings of one feed share a
 * product only by a GTIN or the brand's MPN, never by brand + title or a score: a merchant lists each
 * product once (one source holds no duplicates, as entity resolution across two clean sources
 * assumes). A new product gets its id from the products
 * sequence at once (the catalogue writes its row after its offers, `insertProducts`). The exact keys
 * a listing brought that no product held yet are recorded for its product (`product_keys`; the
 * first holder keeps a key); a new product is indexed under its listing's blocking keys
 * (`product_blocking_keys`).
 *
 * @param existing the merchant's offers before this feed, by offer key
 * @returns one resolution per listing, in the listings' order, with real product ids
 */
export async function resolveListings(
  tx: Queryable,
  merchantId: number,
  listings: readonly Listing[],
  existing: ReadonlyMap<string, KnownOffer>,
): Promise<Resolution[]> {
  const wanted = [...new Set(listings.filter((l) => !existing.has(l.offerKey)).flatMap((l) => l.keys.map((k) => k.key)))];
  const known = new Map<string, number>();
  for (let i = 0; i < wanted.length; i += BATCH) {
    // One primary-key probe per key: a LATERAL with LIMIT is never flattened into a join, where the planner
    // reads the whole table for thousands of keys (`key = ANY($1)` did: a sequential scan of every key).
    const res = await tx.query<Pick<ProductKeyRow, 'key' | 'product_id'>>(
      `SELECT k.key, pk.product_id FROM unnest($1::text[]) AS k(key)
         CROSS JOIN LATERAL (SELECT product_id FROM product_keys WHERE product_keys.key = k.key LIMIT 1) pk`,
      [wanted.slice(i, i + BATCH)],
    );
    for (const r of res.rows) known.set(r.key, Number(r.product_id));
  }

  // Listings without an exact key are scored against their blocked candidates (blocking.ts).
  const fresh = listings.filter((l) => !existing.has(l.offerKey));
  const decisions = await loadDecisions(
    tx,
    merchantId,
    fresh.map((l) => l.offerKey),
  );
  const unmatched = fresh.filter(
    (l) => !decisions.accepted.has(l.offerKey) && !l.keys.some((k) => known.has(k.key) && !decisions.rejected.get(l.offerKey)?.has(known.get(k.key)!)),
  );
  const lexicon = unmatched.length ? await catalogueLexicon(tx) : new BrandLexicon();
  const records = unmatched.map((l) => prepareRecord(matchInput(l), lexicon));
  const prepared = new Map(unmatched.map((l, i) => [l, records[i]!]));
  const blocked = await blockCandidates(records, new DbBlockingIndex(tx), {}, (i, id) => !!decisions.rejected.get(unmatched[i]!.offerKey)?.has(id));
  const candidates = await loadCandidates(tx, blocked.flat(), lexicon);
  const pools = new Map(unmatched.map((l, i) => [l, blocked[i]!.flatMap((id) => candidates.get(id) ?? [])]));
  // Words and model numbers counted over the listings and their candidates, as the eval counts them over its
  // split (eval/matching/pairs.ts): a model number in GENERIC_MODEL_RECORDS or more is a line or a standard.
  const stats = new WordStats();
  for (const r of records) stats.add(r.words, r.models);
  for (const c of candidates.values()) stats.add(c.record.words, c.record.models);
  // Products holding another listing of this feed: a title or a score never joins a listing to one of them (a merchant's
  // feed lists each product once, so two of its listings are two products: "Exfoliant Visage N°4" at 8.90 and
  // "Exfoliant Visage Exfoliant N°4" at 7.90); a GTIN or the brand's MPN still does (one product listed twice).
  const ownProducts = new Set(listings.flatMap((l) => (existing.has(l.offerKey) ? [existing.get(l.offerKey)!.productId] : [])));
  const identifies = (method: MatchMethod) => method === 'gtin' || method === 'brand_mpn';
  const bestCandidate = (listing: Listing): { productId: number; score: number; method: ScoredMatchMethod } | null => {
    const record = prepared.get(listing);
    const pool = pools.get(listing)?.filter((c) => !ownProducts.has(c.productId));
    return record && pool?.length ? bestMatch(record, pool, stats) : null;
  };

  // Resolve in feed order so a later listing can join a product created earlier in the same feed.
  const resolved: Resolution[] = [];
  let pendingNew = 0;
  const provisional = new Map<string, number>(); // key → negative placeholder id
  for (const listing of listings) {
    const ex = existing.get(listing.offerKey);
    if (ex) {
      resolved.push({ listing, productId: ex.productId, method: ex.method, score: null, candidateId: null, isNewProduct: false });
      continue;
    }
    const accepted = decisions.accepted.get(listing.offerKey);
    // An exact key never joins a product the operator rejected for this listing.
    const rejected = decisions.rejected.get(listing.offerKey);
    const holder = (key: string) => known.get(key) ?? provisional.get(key);
    const hit =
      accepted === undefined
        ? listing.keys.find((k) => holder(k.key) !== undefined && !rejected?.has(holder(k.key)!) && (identifies(k.method) || !ownProducts.has(holder(k.key)!)))
        : undefined;
    const fuzzy = hit || accepted !== undefined ? null : bestCandidate(listing);
    if (accepted !== undefined) {
      resolved.push({ listing, productId: accepted, method: 'reviewed', score: null, candidateId: accepted, isNewProduct: false });
    } else if (hit) {
      resolved.push({
        listing,
        productId: holder(hit.key)!,
        method: hit.method,
        score: 1,
        candidateId: null,
        isNewProduct: false,
      });
    } else if (fuzzy && fuzzy.score >= MATCH_THRESHOLD) {
      resolved.push({ listing, productId: fuzzy.productId, method: fuzzy.method, score: fuzzy.score, candidateId: fuzzy.productId, isNewProduct: false });
    } else {
      const placeholder = -++pendingNew;
      resolved.push({ listing, productId: placeholder, method: 'new', score: fuzzy?.score ?? null, candidateId: fuzzy?.productId ?? null, isNewProduct: true });
    }
    const pid = resolved[resolved.length - 1]!.productId;
    ownProducts.add(pid);
    for (const { key } of listing.keys) if (!known.has(key) && !provisional.has(key)) provisional.set(key, pid);
  }

  // Allocate real ids for new products and swap the placeholders.
  const realIds = new Map<number, number>();
  if (pendingNew) {
    const ids = await tx.query<Pick<ProductRow, 'id'>>(`SELECT nextval(pg_get_serial_sequence('products', 'id')) AS id FROM generate_series(1, $1)`, [
      pendingNew,
    ]);
    ids.rows.forEach((r, i) => realIds.set(-(i + 1), Number(r.id)));
  }
  for (const r of resolved) if (r.productId < 0) r.productId = realIds.get(r.productId)!;

  const keyRows = [...provisional].map(([key, pid]) => ({ key, product_id: pid < 0 ? realIds.get(pid)! : pid }));
  for (let i = 0; i < keyRows.length; i += BATCH) {
    await tx.query(
      `INSERT INTO product_keys (key, product_id) SELECT key, product_id FROM jsonb_to_recordset($1::jsonb) AS r(key text, product_id bigint) ON CONFLICT (key) DO NOTHING`,
      [JSON.stringify(keyRows.slice(i, i + BATCH))],
    );
  }
  // New products are indexed under the blocking keys of the listing that started them.
  await indexProducts(
    tx,
    resolved.flatMap((r) => {
      const record = r.isNewProduct ? prepared.get(r.listing) : undefined;
      return record ? [{ productId: r.productId, record }] : [];
    }),
  );
  return resolved;
}
