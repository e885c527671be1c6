/**
 * Resolution (matching domain; decision 0010): which standard product each listing of a feed
 * joins. In order of strength: the offer's own earlier product (an offer never moves on its
 * own), the operator's accepted review decision, an exact key (`gtin:`, `mpn:`, `title:`; see
 * `listings.ts`), a model-number candidate scoring at least {@link MATCH_THRESHOLD}, else a new
 * product. Runs inside the ingest's transaction; writes only `product_keys`.
 */
import type { MatchMethod } from '@b-deals/core';
import type { Queryable } from '@b-deals/db';
import { BrandLexicon } from './brands.ts';
import { effectivePrice, type Listing } from './listings.ts';
import { prepareRecord, type MatchInput, type MatchRecord } from './record.ts';
import { MATCH_THRESHOLD, WordStats, bestMatch } from './score.ts';
import type { BrandRow, ProductRow } from '../catalog/index.ts';
import type { MatchDecisionRow, ProductKeyRow } from './rows.ts';

/** Rows per statement for key lookups and writes. */
const BATCH = 10_000;

/** An offer the merchant already has, by its offer key (catalogue `merchantOffers`). */
export interface KnownOffer {
  id: number;
  productId: number;
  method: MatchMethod;
  contentHash: string;
  active: boolean;
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

/** A catalogue product that shares a model number with a listing, prepared for scoring. */
export interface Candidate {
  productId: number;
  record: MatchRecord;
}

/**
 * Products holding one of these model-number blocking keys (`m:<model>` rows of product_keys),
 * prepared for `matchScore`, by key; and the lexicon of their brands.
 */
export async function modelCandidates(tx: Queryable, modelKeys: readonly string[]): Promise<{ byKey: Map<string, Candidate>; lexicon: BrandLexicon }> {
  const keys = [...new Set(modelKeys)];
  const byKey = new Map<string, Candidate>();
  const lexicon = new BrandLexicon();
  if (keys.length === 0) return { byKey, lexicon };
  const hits: Array<{ key: string; product_id: number }> = [];
  for (let i = 0; i < keys.length; i += BATCH) {
    const res = await tx.query<Pick<ProductKeyRow, 'key' | 'product_id'>>(`SELECT key, product_id FROM product_keys WHERE key = ANY($1::text[])`, [
      keys.slice(i, i + BATCH),
    ]);
    hits.push(...res.rows);
  }
  const ids = [...new Set(hits.map((h) => Number(h.product_id)))];
  const rows = new Map<number, Candidate>();
  for (let i = 0; i < ids.length; i += BATCH) {
    const res = await tx.query<
      Pick<ProductRow, 'id' | 'title' | 'description' | 'gtin' | 'mpn' | 'price_cents' | 'colors'> & { brand: BrandRow['name'] | null }
    >(
      `SELECT p.id, p.title, left(p.description, 500) AS description, b.name AS brand, p.gtin, p.mpn, p.price_cents, p.colors
         FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.id = ANY($1::bigint[])`,
      [ids.slice(i, i + BATCH)],
    );
    for (const r of res.rows) {
      if (r.brand) lexicon.add(r.brand);
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
  for (const h of hits) {
    const c = rows.get(Number(h.product_id));
    if (c) byKey.set(h.key, c);
  }
  return { byKey, lexicon };
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
 * product started earlier in the same feed. A new product gets its id from the products
 * sequence at once (the catalogue writes its row after its offers, `insertProducts`). The keys
 * a listing brought that no product held yet are recorded for its product (`product_keys`; the
 * first holder keeps a key).
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
    const res = await tx.query<Pick<ProductKeyRow, 'key' | 'product_id'>>(`SELECT key, product_id FROM product_keys WHERE key = ANY($1::text[])`, [
      wanted.slice(i, i + BATCH),
    ]);
    for (const r of res.rows) known.set(r.key, Number(r.product_id));
  }

  // Listings without an exact key are scored against the products sharing a model number with them.
  const unmatched = listings.filter((l) => !existing.has(l.offerKey) && !l.keys.some((k) => known.has(k.key)));
  const { byKey: candidates, lexicon } = await modelCandidates(
    tx,
    unmatched.flatMap((l) => l.modelKeys),
  );
  const stats = new WordStats();
  const prepared = new Map<Listing, MatchRecord>();
  if (candidates.size) {
    for (const l of unmatched) if (l.modelKeys.some((k) => candidates.has(k))) prepared.set(l, prepareRecord(matchInput(l), lexicon));
    for (const r of prepared.values()) stats.add(r.words);
    for (const c of new Set(candidates.values())) stats.add(c.record.words);
  }
  const decisions = await loadDecisions(
    tx,
    merchantId,
    listings.filter((l) => !existing.has(l.offerKey)).map((l) => l.offerKey),
  );
  const bestCandidate = (listing: Listing): { productId: number; score: number } | null => {
    const record = prepared.get(listing);
    if (!record) return null;
    const rejected = decisions.rejected.get(listing.offerKey);
    const pool = listing.modelKeys.flatMap((key) => {
      const c = candidates.get(key);
      return c && !rejected?.has(c.productId) ? [c] : [];
    });
    return bestMatch(record, pool, stats);
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
    const hit = accepted === undefined ? listing.keys.find((k) => known.has(k.key) || provisional.has(k.key)) : undefined;
    const fuzzy = hit || accepted !== undefined ? null : bestCandidate(listing);
    if (accepted !== undefined) {
      resolved.push({ listing, productId: accepted, method: 'reviewed', score: null, candidateId: accepted, isNewProduct: false });
    } else if (hit) {
      resolved.push({
        listing,
        productId: known.get(hit.key) ?? provisional.get(hit.key)!,
        method: hit.method,
        score: 1,
        candidateId: null,
        isNewProduct: false,
      });
    } else if (fuzzy && fuzzy.score >= MATCH_THRESHOLD) {
      resolved.push({ listing, productId: fuzzy.productId, method: 'model', score: fuzzy.score, candidateId: fuzzy.productId, isNewProduct: false });
    } else {
      const placeholder = -++pendingNew;
      resolved.push({ listing, productId: placeholder, method: 'new', score: fuzzy?.score ?? null, candidateId: fuzzy?.productId ?? null, isNewProduct: true });
    }
    const pid = resolved[resolved.length - 1]!.productId;
    for (const k of [...listing.keys.map((k) => k.key), ...listing.modelKeys])
      if (!known.has(k) && !provisional.has(k) && !candidates.has(k)) provisional.set(k, pid);
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
  return resolved;
}
