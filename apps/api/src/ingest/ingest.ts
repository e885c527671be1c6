/**
 * Feed ingest (issue 2 §6–§8): parse a merchant feed, match its listings into standard
 * products and write offers and price history, all in ONE transaction per feed, so a crash
 * in the middle leaves the previous catalogue intact and a rerun completes. This module only
 * orders the steps; each step is its domain's: parsing `@b-deals/feeds`, resolution
 * `matching/`, merchants, brands, offers and products `catalog/`, price runs and statistics
 * `pricing/`, the search vocabulary `search/`.
 *
 * - Unchanged bytes (same sha256 as the merchant's last ingest of that feed, which rejected nothing) write no rows;
 *   they only confirm the current prices (last_seen_at moves to `observedAt`).
 * - A changed price or availability appends one price run; an unchanged one extends the run.
 * - With `full` (the default, GMC "primary feed"), active offers missing from the feed become
 *   inactive: kept, with their history, but no longer shown or priced. Not when the feed has
 *   items and none was accepted (`offersKept` in the report): that is a broken feed, not an empty
 *   shop (a feed listing no item at all still makes every offer inactive, as GMC does).
 * - A file whose last ingest rejected items is read again even when its bytes are unchanged.
 * - A listing written again whose item the category mapper now files elsewhere moves the product it
 *   started (catalog `refileProducts`).
 */
import { createHash } from 'node:crypto';
import type { IngestReport } from '@b-deals/contracts';
import type { MatchMethod } from '@b-deals/core';
import type { Database, Queryable } from '@b-deals/db';
import { merchantFromFeed, parseFeedInParallel, type FxTable, type MerchantInput, type ParsedFeed } from '@b-deals/feeds';
import {
  insertNewProducts,
  merchantOffers,
  refileProducts,
  refreshProducts,
  upsertBrands,
  upsertMerchant,
  vacuumCatalogue,
  writeOffers,
} from '../catalog/index.ts';
import { effectivePrice, groupListings, resolveListings, type Listing, type Resolution } from '../matching/index.ts';
import { confirmPrices, recordObservations, refreshPriceStats } from '../pricing/index.ts';
import { refreshSearchWords } from '../search/index.ts';
import type { OfferRow } from '../catalog/index.ts';
import { lastRunSha256 } from './runs.ts';

export interface IngestFeedOptions {
  /** The feed's bytes. */
  bytes: Buffer;
  /** Feed name for reports and for recognising an unchanged re-ingest (usually the file name). */
  feed: string;
  /** The merchant; when absent it is the store the feed's channel link names (feeds `merchantFromFeed`), else its title, else the file name. */
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
  // A large XML feed is parsed on two threads (feeds `parseFeedInParallel`: the same items as one pass).
  const parsed = await parseFeedInParallel(opts.bytes, { filename: opts.feed, defaultCurrency: opts.defaultCurrency, fx: opts.fx, now: observedAt });
  const merchant = opts.merchant ?? (await knownStore(db, merchantFromFeed(parsed, opts.feed)));
  const report = buildReport(parsed, opts.feed, merchant.slug);

  await db.transaction(async (tx) => {
    const merchantId = await upsertMerchant(tx, merchant);
    if ((await lastRunSha256(tx, merchantId, opts.feed, true)) === sha256) {
      report.unchanged = true;
      await confirmPrices(tx, merchantId, observedAt);
      return;
    }
    const listings = groupListings(parsed.items.flatMap((p) => (p.item ? [p.item] : [])));
    const { touched, methods } = await writeListings(tx, merchantId, listings, observedAt);
    report.matchMethods = methods;
    await opts.onStage?.('listings');
    // A full feed of which no item landed is a broken feed (every price in a currency without a rate, say), not a shop
    // that sells nothing: the merchant's offers stay as they were, and the report says so.
    if ((opts.full ?? true) && listings.length === 0 && parsed.items.length > 0) report.offersKept = true;
    else if (opts.full ?? true) {
      const gone = await tx.query<Pick<OfferRow, 'product_id'>>(
        `UPDATE offers SET active = false WHERE merchant_id = $1 AND active AND NOT (offer_key = ANY($2::text[])) RETURNING product_id`,
        [merchantId, listings.map((l) => l.offerKey)],
      );
      for (const r of gone.rows) touched.add(Number(r.product_id));
      await opts.onStage?.('deactivated');
    }
    // In id order, so each statement reads and rewrites one stretch of the products table and its indexes.
    const ids = [...touched].sort((a, b) => a - b);
    // The refresh's statements cost more than jit_above_cost, so PostgreSQL compiled each one (about
    // 100 ms of a 500 ms statement of 10,000 products on the 1,000,000-product bench) for work that
    // runs once; only the statements after this point go without it (SET LOCAL ends with the transaction).
    if (ids.length > 0) await tx.query('SET LOCAL jit = off');
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

/**
 * A merchant taken from its feed (no `--merchant`), under the slug the catalogue already knows its
 * store by: the merchant with the same homepage, when its slug differs (a store filed under its
 * host's first label before feeds `storeOfLink` read the registrable domain: `shop` of
 * `shop.brand.com`), so its next feed replaces its own offers instead of starting a second merchant.
 */
async function knownStore(db: Queryable, merchant: MerchantInput): Promise<MerchantInput> {
  if (!merchant.homepage) return merchant;
  const known = await db.query<{ slug: string }>(`SELECT slug FROM merchants WHERE homepage = $1 ORDER BY id LIMIT 1`, [merchant.homepage]);
  const slug = known.rows[0]?.slug;
  return slug && slug !== merchant.slug ? { ...merchant, slug } : merchant;
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

/**
 * Matches listings to products, writes products, keys, offers and price runs. Returns the touched
 * product ids (existing products whose offers changed; new products are written whole) and how
 * many listings each match method resolved.
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
  const existing = await merchantOffers(tx, merchantId);
  const resolved = await resolveListings(tx, merchantId, listings, existing);

  // Only listings that are new, changed, or coming back are written; the others only confirm their price run.
  const offerIds = new Map<string, number>();
  const changed: Resolution[] = [];
  for (const r of resolved) {
    const ex = existing.get(r.listing.offerKey);
    if (ex && ex.active && ex.contentHash === r.listing.contentHash) offerIds.set(r.listing.offerKey, ex.id);
    else changed.push(r);
  }
  const offersBefore = changed.length >= ANALYZE_MIN_ROWS ? await estimatedRows(tx, 'offers') : 0;
  const written = await writeOffers(tx, merchantId, changed, observedAt);
  for (const [key, id] of written.offerIds) offerIds.set(key, id);
  const touched = written.touched;
  // A listing written again with another mapped category than its offer recorded files its product again, when it started it.
  await refileProducts(
    tx,
    changed.flatMap((r) => {
      const ex = existing.get(r.listing.offerKey);
      return ex && ex.categoryCode !== r.listing.lead.categoryCode ? [r.productId] : [];
    }),
  );
  // Fresh offer statistics for the aggregate queries that follow inside this transaction, when the
  // table has none yet (a first load) or this feed grew it by more than ANALYZE_GROWTH of what they describe.
  if (changed.length >= ANALYZE_MIN_ROWS && changed.length > ANALYZE_GROWTH * offersBefore) await tx.query('ANALYZE offers');

  // New products are written once, after their offers, with their offer-derived columns; only
  // products that existed before are refreshed by the caller.
  const titlesOf = new Map<number, string[]>();
  for (const r of resolved) {
    const titles = titlesOf.get(r.productId);
    if (titles) titles.push(r.listing.title);
    else titlesOf.set(r.productId, [r.listing.title]);
  }
  const fresh = await insertNewProducts(
    tx,
    resolved.filter((r) => r.isNewProduct),
    brandIds,
    titlesOf,
  );
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

/** Changed offers from which an ingest considers refreshing the planner's statistics of `offers`. */
const ANALYZE_MIN_ROWS = 5000;
/**
 * Share of the rows the statistics describe that a feed must add before they are refreshed inside
 * the transaction; PostgreSQL's own autovacuum waits for 10 % (`autovacuum_analyze_scale_factor`).
 */
const ANALYZE_GROWTH = 0.2;

/** The planner's row estimate of a table (`pg_class.reltuples`; 0 when it was never analysed, where PostgreSQL says -1). */
async function estimatedRows(tx: Queryable, table: string): Promise<number> {
  const res = await tx.query<{ n: number }>(`SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = $1::regclass`, [table]);
  return Number(res.rows[0]?.n ?? 0);
}

/** After a batch of ingests: price statistics, the search vocabulary, and planner statistics, once. */
export async function finishIngest(db: Database): Promise<void> {
  await refreshPriceStats(db);
  await refreshSearchWords(db);
  await vacuumCatalogue(db);
}
