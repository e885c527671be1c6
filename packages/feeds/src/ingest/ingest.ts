/**
 * Feed ingest (issue 2 §6–§8): parse a merchant feed, match its listings into standard
 * products and write offers and price history, all in ONE transaction per feed, so a crash
 * in the middle leaves the previous catalogue intact and a rerun completes.
 *
 * - Unchanged bytes (same sha256 as the merchant's last ingest of that feed) write no rows;
 *   they only confirm the current prices (last_seen_at moves to `observedAt`).
 * - A changed price or availability appends one price run; an unchanged one extends the run.
 * - With `full` (the default, GMC "primary feed"), active offers missing from the feed become
 *   inactive: kept, with their history, but no longer shown or priced.
 */
import { createHash } from 'node:crypto';
import type { IngestReport } from '@b-deals/contracts';
import { categoryTrail, categoryByCode, slugify, type Marketplace, type MatchMethod, type Region } from '@b-deals/core';
import type { Database, Queryable } from '@b-deals/db';
import { parseFeed } from '../parse/index.ts';
import type { FxTable } from '../parse/fx.ts';
import type { ParsedFeed } from '../types.ts';
import { BrandLexicon, MATCH_THRESHOLD, WordStats, bestMatch, prepareRecord, type MatchInput, type MatchRecord } from '../match/index.ts';
import { effectivePrice, groupListings, type Listing } from './listings.ts';
import { insertProducts, refreshProducts, refreshSearchWords, syncImages, vacuumCatalogue } from './refresh.ts';

/** Merchant of a feed. Only `slug` is required; the other fields update the merchant when given. */
export interface MerchantInput {
  slug: string;
  name?: string;
  region?: Region;
  marketplace?: Marketplace | null;
  homepage?: string | null;
  logo?: string | null;
}

export interface IngestFeedOptions {
  /** The feed's bytes. */
  bytes: Buffer;
  /** Feed name for reports and for recognising an unchanged re-ingest (usually the file name). */
  feed: string;
  /** The merchant; when absent it is taken from the feed's channel title or link host, else the file name. */
  merchant?: MerchantInput;
  /** When the prices were observed (default: now). */
  observedAt?: Date;
  /** Full feed (default true): active offers missing from it become inactive. */
  full?: boolean;
  fx: FxTable;
  /** Currency of prices written without one (default USD). */
  defaultCurrency?: string;
  /**
   * Called inside the transaction after each stage ('listings' written, 'deactivated',
   * 'refreshed'); for progress and for crash tests that stop the process mid-ingest.
   */
  onStage?: (stage: 'listings' | 'deactivated' | 'refreshed') => void | Promise<void>;
  /** Skip the search-vocabulary refresh and VACUUM ANALYZE (callers ingesting many feeds run `finishIngest` once at the end). */
  skipMaintenance?: boolean;
}

/** A run with no observation for longer than this ends; the next observation starts a new run (no price claimed for unseen days). */
export const OBSERVATION_GAP_MS = 3 * 24 * 3600 * 1000;

const BATCH = 2000;

/**
 * Ingests one feed. Resolves with the report; items are rejected one by one with a reason
 * while the rest land. Throws `FeedReadError` when the feed cannot be read at all, and any
 * database error (after rolling the whole feed back).
 */
export async function ingestFeed(db: Database, opts: IngestFeedOptions): Promise<IngestReport> {
  const started = Date.now();
  const observedAt = opts.observedAt ?? new Date();
  const sha256 = createHash('sha256').update(opts.bytes).digest('hex');
  const parsed = parseFeed(opts.bytes, { filename: opts.feed, defaultCurrency: opts.defaultCurrency, fx: opts.fx, now: observedAt });
  const merchant = opts.merchant ?? merchantFromFeed(parsed, opts.feed);
  const report = buildReport(parsed, opts.feed, merchant.slug);

  await db.transaction(async (tx) => {
    const merchantId = await upsertMerchant(tx, merchant);
    const last = await tx.query<{ sha256: string }>(`SELECT sha256 FROM ingest_runs WHERE merchant_id = $1 AND feed = $2 ORDER BY id DESC LIMIT 1`, [
      merchantId,
      opts.feed,
    ]);
    if (last.rows[0]?.sha256 === sha256) {
      report.unchanged = true;
      await confirmPrices(tx, merchantId, observedAt);
      return;
    }
    const listings = groupListings(parsed.items.flatMap((p) => (p.item ? [p.item] : [])));
    const { touched, methods } = await writeListings(tx, merchantId, listings, observedAt);
    report.matchMethods = methods;
    await opts.onStage?.('listings');
    if (opts.full ?? true) {
      const gone = await tx.query<{ product_id: number }>(
        `UPDATE offers SET active = false WHERE merchant_id = $1 AND active AND NOT (offer_key = ANY($2::text[])) RETURNING product_id`,
        [merchantId, listings.map((l) => l.offerKey)],
      );
      for (const r of gone.rows) touched.add(Number(r.product_id));
      await opts.onStage?.('deactivated');
    }
    const ids = [...touched];
    for (let i = 0; i < ids.length; i += BATCH * 5) await refreshProducts(tx, ids.slice(i, i + BATCH * 5));
    await opts.onStage?.('refreshed');
    await tx.query(`INSERT INTO ingest_runs (merchant_id, feed, format, sha256, report, observed_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
      merchantId,
      opts.feed,
      parsed.format,
      sha256,
      JSON.stringify(report),
      observedAt,
    ]);
  });
  if (!report.unchanged && !opts.skipMaintenance) {
    await refreshSearchWords(db);
    if (report.accepted >= 500) await vacuumCatalogue(db);
  }
  report.durationMs = Date.now() - started;
  return report;
}

function buildReport(parsed: ParsedFeed, feed: string, merchant: string): IngestReport {
  const reasons: Record<string, number> = {};
  let accepted = 0;
  let warnings = 0;
  let rejected = 0;
  let unknownCurrencies: Record<string, number> | undefined;
  for (const p of parsed.items) {
    if (p.rejection) {
      rejected++;
      reasons[p.rejection.code] = (reasons[p.rejection.code] ?? 0) + 1;
      if (p.rejection.code === 'unknown_currency' && p.rejection.currency) {
        unknownCurrencies ??= {};
        unknownCurrencies[p.rejection.currency] = (unknownCurrencies[p.rejection.currency] ?? 0) + 1;
      }
      continue;
    }
    accepted++;
    if (p.warnings.length) warnings++;
    for (const w of new Set(p.warnings.map((w) => w.code))) reasons[w] = (reasons[w] ?? 0) + 1;
  }
  const report: IngestReport = { feed, format: parsed.format, merchant, items: parsed.items.length, accepted, warnings, rejected, reasons };
  if (unknownCurrencies) report.unknownCurrencies = unknownCurrencies;
  return report;
}

/** Merchant of a feed without `--merchant`: channel title, else the link's host, else the file name. */
export function merchantFromFeed(parsed: Pick<ParsedFeed, 'title' | 'link'>, feed: string): MerchantInput {
  let host: string | null = null;
  try {
    host = parsed.link ? new URL(parsed.link).hostname.replace(/^www\./, '') : null;
  } catch {
    host = null;
  }
  const stem = feed.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');
  const name = parsed.title?.trim() || host || stem;
  return { slug: slugify(host?.split('.')[0] ?? name) || slugify(stem) || 'merchant', name, homepage: host ? `https://${host}` : null };
}

async function upsertMerchant(tx: Queryable, m: MerchantInput): Promise<number> {
  const res = await tx.query<{ id: number }>(
    `INSERT INTO merchants (slug, name, region, marketplace, homepage, logo_url)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (slug) DO UPDATE SET
       name = CASE WHEN $7 THEN EXCLUDED.name ELSE merchants.name END,
       region = CASE WHEN $7 THEN EXCLUDED.region ELSE merchants.region END,
       marketplace = CASE WHEN $7 THEN EXCLUDED.marketplace ELSE merchants.marketplace END,
       homepage = coalesce(EXCLUDED.homepage, merchants.homepage),
       logo_url = coalesce(EXCLUDED.logo_url, merchants.logo_url)
     RETURNING id`,
    [m.slug, m.name ?? m.slug, m.region ?? 'US', m.marketplace ?? null, m.homepage ?? null, m.logo ?? null, m.name !== undefined],
  );
  return Number(res.rows[0]!.id);
}

/** An unchanged feed: its prices are confirmed at `observedAt` (runs extended when within the gap), no rows added. */
async function confirmPrices(tx: Queryable, merchantId: number, observedAt: Date): Promise<void> {
  await tx.query(
    `UPDATE price_observations po SET last_seen_at = $2
       FROM (SELECT DISTINCT ON (p.offer_id) p.id FROM price_observations p JOIN offers o ON o.id = p.offer_id
              WHERE o.merchant_id = $1 AND o.active ORDER BY p.offer_id, p.valid_from DESC) latest
      WHERE po.id = latest.id AND po.last_seen_at < $2 AND po.last_seen_at >= $3`,
    [merchantId, observedAt, new Date(observedAt.getTime() - OBSERVATION_GAP_MS)],
  );
}

async function upsertBrands(tx: Queryable, names: string[]): Promise<Map<string, number>> {
  const bySlug = new Map<string, string>();
  for (const n of names) {
    const s = slugify(n);
    if (s && !bySlug.has(s)) bySlug.set(s, n);
  }
  const slugs = [...bySlug.keys()];
  const ids = new Map<string, number>();
  if (!slugs.length) return ids;
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO brands (slug, name) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (slug) DO NOTHING RETURNING id`,
    [slugs, slugs.map((s) => bySlug.get(s)!)],
  );
  if (inserted.rows.length) {
    // A new brand "Northvale Kids" becomes a sub-brand of an existing "Northvale" (longest match wins), and vice versa.
    await tx.query(
      `UPDATE brands c SET parent_id = (
          SELECT p.id FROM brands p WHERE p.id <> c.id AND p.parent_id IS NULL AND lower(c.name) LIKE lower(p.name) || ' %'
          ORDER BY length(p.name) DESC LIMIT 1)
        WHERE c.parent_id IS NULL AND (c.id = ANY($1::int[]) OR EXISTS (
          SELECT 1 FROM brands n WHERE n.id = ANY($1::int[]) AND lower(c.name) LIKE lower(n.name) || ' %'))`,
      [inserted.rows.map((r) => r.id)],
    );
  }
  const all = await tx.query<{ id: number; slug: string }>(`SELECT id, slug FROM brands WHERE slug = ANY($1::text[])`, [slugs]);
  for (const r of all.rows) ids.set(r.slug, Number(r.id));
  const out = new Map<string, number>();
  for (const n of names) {
    const id = ids.get(slugify(n));
    if (id !== undefined) out.set(n, id);
  }
  return out;
}

interface Resolved {
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
  const res = await tx.query<{ offer_key: string; product_id: number; decision: string }>(
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
  for (let i = 0; i < keys.length; i += BATCH * 5) {
    const res = await tx.query<{ key: string; product_id: number }>(`SELECT key, product_id FROM product_keys WHERE key = ANY($1::text[])`, [
      keys.slice(i, i + BATCH * 5),
    ]);
    hits.push(...res.rows);
  }
  const ids = [...new Set(hits.map((h) => Number(h.product_id)))];
  const rows = new Map<number, Candidate>();
  for (let i = 0; i < ids.length; i += BATCH * 5) {
    const res = await tx.query<{
      id: number;
      title: string;
      description: string;
      brand: string | null;
      gtin: string | null;
      mpn: string | null;
      price_cents: number | null;
      colors: string[];
    }>(
      `SELECT p.id, p.title, left(p.description, 500) AS description, b.name AS brand, p.gtin, p.mpn, p.price_cents, p.colors
         FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.id = ANY($1::bigint[])`,
      [ids.slice(i, i + BATCH * 5)],
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
 * Matches listings to products, writes products, keys, offers and price runs. Returns the touched
 * product ids and how many listings each match method resolved.
 */
async function writeListings(
  tx: Queryable,
  merchantId: number,
  listings: Listing[],
  observedAt: Date,
): Promise<{ touched: Set<number>; methods: Partial<Record<MatchMethod, number>> }> {
  const brandIds = await upsertBrands(
    tx,
    listings.flatMap((l) => (l.brand ? [l.brand] : [])),
  );
  const existing = new Map<string, { id: number; productId: number; method: MatchMethod; contentHash: string; active: boolean }>();
  const ex = await tx.query<{ id: number; offer_key: string; product_id: number; match_method: MatchMethod; content_hash: string; active: boolean }>(
    `SELECT id, offer_key, product_id, match_method, content_hash, active FROM offers WHERE merchant_id = $1`,
    [merchantId],
  );
  for (const r of ex.rows)
    existing.set(r.offer_key, { id: Number(r.id), productId: Number(r.product_id), method: r.match_method, contentHash: r.content_hash, active: r.active });

  const wanted = [...new Set(listings.filter((l) => !existing.has(l.offerKey)).flatMap((l) => l.keys.map((k) => k.key)))];
  const known = new Map<string, number>();
  for (let i = 0; i < wanted.length; i += BATCH * 5) {
    const res = await tx.query<{ key: string; product_id: number }>(`SELECT key, product_id FROM product_keys WHERE key = ANY($1::text[])`, [
      wanted.slice(i, i + BATCH * 5),
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
  const resolved: Resolved[] = [];
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
    const ids = await tx.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('products', 'id')) AS id FROM generate_series(1, $1)`, [pendingNew]);
    ids.rows.forEach((r, i) => realIds.set(-(i + 1), Number(r.id)));
  }
  for (const r of resolved) if (r.productId < 0) r.productId = realIds.get(r.productId)!;

  const keyRows = [...provisional].map(([key, pid]) => ({ key, product_id: pid < 0 ? realIds.get(pid)! : pid }));
  for (let i = 0; i < keyRows.length; i += BATCH * 5) {
    await tx.query(
      `INSERT INTO product_keys (key, product_id) SELECT key, product_id FROM jsonb_to_recordset($1::jsonb) AS r(key text, product_id bigint) ON CONFLICT (key) DO NOTHING`,
      [JSON.stringify(keyRows.slice(i, i + BATCH * 5))],
    );
  }

  // Only listings that are new, changed, or coming back are written; the others only confirm their price run.
  const offerIds = new Map<string, number>();
  const changed: Resolved[] = [];
  for (const r of resolved) {
    const ex = existing.get(r.listing.offerKey);
    if (ex && ex.active && ex.contentHash === r.listing.contentHash) offerIds.set(r.listing.offerKey, ex.id);
    else changed.push(r);
  }
  const touched = new Set<number>();
  for (let i = 0; i < changed.length; i += BATCH) {
    const chunk = changed.slice(i, i + BATCH);
    const rows = chunk.map(({ listing: l, productId, method, score, candidateId }) => ({
      offer_key: l.offerKey,
      product_id: productId,
      match_method: method,
      match_score: score,
      match_candidate_id: candidateId,
      title: l.title,
      link: l.lead.link,
      image_url: l.lead.imageLink,
      price_cents: l.priceCents,
      sale_price_cents: l.salePriceCents,
      shipping_cents: l.shippingCents,
      original_amount: l.lead.original?.amount ?? null,
      original_currency: l.lead.original?.currency ?? null,
      fx_rate_date: l.lead.original?.rateDate ?? null,
      fx_rate_source: l.lead.original?.rateSource ?? null,
      availability: l.availability,
      condition: l.lead.condition,
      sizes: l.sizes,
      colors: l.colors,
      gtin: l.gtins[0] ?? null,
      mpn: l.mpn,
      item_ids: l.items.map((it) => it.id),
      google_product_category: l.lead.googleProductCategory,
      product_type: l.lead.productType,
      content_hash: l.contentHash,
    }));
    const up = await tx.query<{ id: number; product_id: number; offer_key: string }>(
      `INSERT INTO offers AS o (merchant_id, offer_key, product_id, match_method, match_score, match_candidate_id, title, link, image_url, price_cents, sale_price_cents,
              shipping_cents, original_amount, original_currency, fx_rate_date, fx_rate_source, availability, condition, sizes, colors, gtin, mpn, item_ids,
              google_product_category, product_type, content_hash, active, first_seen_at, last_seen_at)
       SELECT $1, offer_key, product_id, match_method, match_score, match_candidate_id, title, link, image_url, price_cents, sale_price_cents, shipping_cents,
              original_amount, original_currency, fx_rate_date, fx_rate_source, availability, condition, sizes, colors, gtin, mpn, item_ids,
              google_product_category, product_type, content_hash, true, $2, $2
         FROM jsonb_to_recordset($3::jsonb) AS r(offer_key text, product_id bigint, match_method text, match_score float8, match_candidate_id bigint, title text, link text,
              image_url text, price_cents int, sale_price_cents int, shipping_cents int, original_amount bigint, original_currency text,
              fx_rate_date date, fx_rate_source text,
              availability text, condition text, sizes text[], colors text[], gtin text, mpn text, item_ids text[],
              google_product_category text, product_type text, content_hash text)
       ON CONFLICT (merchant_id, offer_key) DO UPDATE SET
         title = EXCLUDED.title, link = EXCLUDED.link, image_url = EXCLUDED.image_url, price_cents = EXCLUDED.price_cents,
         sale_price_cents = EXCLUDED.sale_price_cents, shipping_cents = EXCLUDED.shipping_cents,
         original_amount = EXCLUDED.original_amount, original_currency = EXCLUDED.original_currency,
         fx_rate_date = EXCLUDED.fx_rate_date, fx_rate_source = EXCLUDED.fx_rate_source,
         availability = EXCLUDED.availability, condition = EXCLUDED.condition, sizes = EXCLUDED.sizes, colors = EXCLUDED.colors,
         gtin = EXCLUDED.gtin, mpn = EXCLUDED.mpn, item_ids = EXCLUDED.item_ids,
         google_product_category = EXCLUDED.google_product_category, product_type = EXCLUDED.product_type,
         content_hash = EXCLUDED.content_hash, active = true, last_seen_at = greatest(o.last_seen_at, EXCLUDED.last_seen_at)
       RETURNING o.id, o.product_id, o.offer_key`,
      [merchantId, observedAt, JSON.stringify(rows)],
    );
    for (const r of up.rows) {
      offerIds.set(r.offer_key, Number(r.id));
      touched.add(Number(r.product_id));
    }
  }
  // Fresh offer statistics for the aggregate queries that follow inside this transaction (a first load has none).
  if (changed.length >= 5000) await tx.query('ANALYZE offers');

  // New products are written once, after their offers, with their offer-derived columns; only
  // products that existed before are refreshed by the caller.
  const newProducts = resolved.filter((r) => r.isNewProduct);
  for (let i = 0; i < newProducts.length; i += BATCH * 5) {
    await insertProducts(
      tx,
      newProducts.slice(i, i + BATCH * 5).map(({ listing: l, productId }) => {
        const node = categoryByCode(l.lead.categoryCode);
        return {
          id: productId,
          brand_name: l.brand ?? '',
          slug: slugify(l.title).slice(0, 120) || 'product',
          title: l.title,
          brand_id: l.brand ? (brandIds.get(l.brand) ?? null) : null,
          category_code: l.lead.categoryCode,
          category_terms: node
            ? categoryTrail(node)
                .map((n) => n.term)
                .join(' ')
            : '',
          description: l.lead.description,
          image_url: l.lead.imageLink,
          colors: l.colors,
          sizes: l.sizes,
          gtin: l.gtins[0] ?? null,
          mpn: l.mpn,
        };
      }),
    );
  }
  const fresh = new Set(newProducts.map((r) => r.productId));
  await syncImages(tx, [...fresh]);
  for (const id of fresh) touched.delete(id);
  for (let i = 0; i < resolved.length; i += BATCH * 5) {
    await recordObservations(
      tx,
      resolved.slice(i, i + BATCH * 5).map(({ listing: l }) => ({
        offerId: offerIds.get(l.offerKey)!,
        price: effectivePrice(l),
        regular: l.priceCents,
        availability: l.availability,
      })),
      observedAt,
    );
  }
  const methods: Partial<Record<MatchMethod, number>> = {};
  for (const r of resolved) methods[r.method] = (methods[r.method] ?? 0) + 1;
  return { touched, methods };
}

/**
 * Appends price runs (DESIGN.md change points): a run whose price, regular price and
 * availability equal the observation, and that was seen within OBSERVATION_GAP_MS, is
 * extended to `at`; otherwise a new run starts at `at`. Observations older than an offer's
 * latest run are ignored (history is append-only in time order).
 */
export async function recordObservations(
  tx: Queryable,
  obs: Array<{ offerId: number; price: number; regular: number; availability: string }>,
  at: Date,
): Promise<void> {
  if (!obs.length) return;
  const json = JSON.stringify(obs.map((o) => ({ offer_id: o.offerId, price: o.price, regular: o.regular, availability: o.availability })));
  const since = new Date(at.getTime() - OBSERVATION_GAP_MS);
  await tx.query(
    `WITH cur AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(offer_id bigint, price int, regular int, availability text)),
     latest AS (
       SELECT DISTINCT ON (p.offer_id) p.id, p.offer_id, p.price_cents, p.regular_price_cents, p.availability, p.valid_from, p.last_seen_at
         FROM price_observations p WHERE p.offer_id IN (SELECT offer_id FROM cur)
        ORDER BY p.offer_id, p.valid_from DESC),
     decided AS (
       SELECT cur.*, l.id AS run_id, l.valid_from,
              (l.id IS NOT NULL AND l.price_cents = cur.price AND l.regular_price_cents = cur.regular
                AND l.availability = cur.availability AND l.last_seen_at >= $3) AS same
         FROM cur LEFT JOIN latest l USING (offer_id)),
     ext AS (
       UPDATE price_observations p SET last_seen_at = greatest(p.last_seen_at, $2)
         FROM decided d WHERE d.same AND p.id = d.run_id RETURNING p.id)
     INSERT INTO price_observations (offer_id, price_cents, regular_price_cents, availability, valid_from, last_seen_at)
     SELECT offer_id, price, regular, availability, $2, $2 FROM decided
      WHERE NOT same AND (valid_from IS NULL OR valid_from < $2)`,
    [json, at, since],
  );
}
