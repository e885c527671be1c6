/**
 * The in-memory search index behind POST /inventory/api/v1/search/condition (issue 2 §11, §14;
 * decision 0003).
 *
 * PostgreSQL stays the source of truth and the text analyser: every product's weighted
 * tsvector (title A > brand B > category C > description D) is built by PostgreSQL at ingest,
 * and query words are turned into lexemes by PostgreSQL's own `english` configuration. What
 * this module keeps in memory is an image of the searchable products (offer_count > 0), built
 * once per catalogue version, so that one search costs a few array passes instead of several
 * scans of tens of thousands of rows:
 *
 * - a column per filter and sort key (typed arrays: category code index, brand, price cents,
 *   merchants as CSR lists, marketplace and label bit masks, discount, popularity, clicks,
 *   creation time);
 * - an inverted file: the sorted lexicon of every tsvector lexeme and, per lexeme, the products
 *   carrying it with the sum of their occurrence weights (A 1.0, B 0.4, C 0.2, D 0.1 —
 *   PostgreSQL's default ts_rank weights).
 *
 * Matching has the semantics of `search @@ to_tsquery('english', 'w1 & w2 & w3:*')`: every
 * word is required, the last one as a prefix; words PostgreSQL drops as stop words are ignored;
 * a query of stop words only matches nothing.
 *
 * Freshness: the API process `watch`es the database's announcements (an ingest run committed, a
 * click recorded, from any process) and rebuilds as soon as the catalogue changes; unwatched, a
 * search compares the catalogue version (newest ingest run) with the snapshot's and rebuilds
 * when an ingest has landed. Outbound clicks since the snapshot
 * (which change popularity and "Best Sellers") are applied in place; a snapshot older than
 * `maxAgeMs` is rebuilt in the background (the daily click recount).
 */
import { DEPARTMENTS, MARKETPLACES, PRICE_BANDS, WAS_CHECKS } from '@b-deals/core';
import type { Database, Queryable } from '@b-deals/db';
import type { BrandRow, MerchantRow, PriceTruthColumn, ProductRow } from '../catalog/index.ts';

/** Weight of one occurrence by tsvector weight class (PostgreSQL's default {D, C, B, A} = {0.1, 0.2, 0.4, 1.0}). */
export const LEXEME_WEIGHTS: Readonly<Record<'A' | 'B' | 'C' | 'D', number>> = { A: 1, B: 0.4, C: 0.2, D: 0.1 };

/** Label bits of a product (`l` filter values). */
export const LABEL_BITS = { on_sale: 1, in_stock: 2, multi_merchant: 4 } as const;

/** Rows fetched per batch while building (keeps the peak memory of a build bounded). */
const BUILD_BATCH = 20_000;

export interface NamedRef {
  id: number;
  slug: string;
  name: string;
}

/** One immutable image of the searchable catalogue, plus click counters updated in place. */
export interface Snapshot {
  /** Catalogue version: id of the newest ingest run when built. */
  version: number;
  /** Id of the newest outbound click applied. */
  clickId: number;
  builtAt: number;
  /** Number of products (rows). */
  n: number;
  ids: Float64Array;
  rowById: Map<number, number>;
  /** Distinct category codes; `codeOf[row]` indexes it. */
  codes: string[];
  codeOf: Uint16Array;
  /** Department (first code character) index in DEPARTMENTS per row, -1 when none. */
  deptOf: Int8Array;
  brands: NamedRef[];
  brandBySlug: Map<string, number>;
  /** Dense brand index per brand id. */
  brandIdx: Map<number, number>;
  /** Parent brand index per brand index, -1 for none. */
  brandParent: Int32Array;
  /** Dense brand index per row, -1 for none. */
  brandOf: Int32Array;
  merchants: NamedRef[];
  merchantBySlug: Map<string, number>;
  /** Merchants of row r: merchantList[merchantStart[r] .. merchantStart[r + 1]) (dense indexes). */
  merchantStart: Uint32Array;
  merchantList: Int32Array;
  /** Lowest current price, cents (-1 when unknown). */
  price: Int32Array;
  /** Price band index (PRICE_BANDS) per row, -1 when none. */
  bandOf: Int8Array;
  /** Bit i set when the product is sold on MARKETPLACES[i]. */
  marketMask: Uint8Array;
  /** LABEL_BITS per row. */
  labels: Uint8Array;
  discount: Int16Array;
  /**
   * Card fields (the page of a search is answered from memory): slug, title, image URL, was price
   * (cents, -1 none), the best offer's item price (cents, -1 none) and shipping (cents, -1 not stated).
   */
  slug: string[];
  title: string[];
  imageUrl: Array<string | null>;
  wasPrice: Int32Array;
  itemPrice: Int32Array;
  shipping: Int32Array;
  /**
   * Price-truth facts for the cards' badges (core `priceBadge`, `wasCheck`; issue 16): lowest total
   * of the 90 days before today and of the last 365 (cents, -1 none), observed days among the 90
   * and 365 before today, the was-price check (index into core WAS_CHECKS, -1 none) and its
   * reference price (cents, -1 none).
   */
  low90Prior: Int32Array;
  observed90: Int16Array;
  low365: Int32Array;
  observed365: Int16Array;
  wasCheck: Int8Array;
  reference: Int32Array;
  popularity: Float64Array;
  clicks: Int32Array;
  createdMs: Float64Array;
  /** Sorted lexemes; postings of lexicon[i] are postRow/postWeight[postStart[i] .. postStart[i + 1]). */
  lexicon: string[];
  postStart: Uint32Array;
  postRow: Int32Array;
  postWeight: Float32Array;
  /** Per-row work arrays reused by every search (a search evaluates synchronously, so one at a time). */
  scratch: Scratch;
}

/** Work arrays of a snapshot's searches: entries of `seen` and `relevance` are valid for rows whose `stamp` is the current `gen`. */
export interface Scratch {
  gen: number;
  stamp: Uint32Array;
  seen: Uint8Array;
  relevance: Float64Array;
  /** Sort key of matched rows (relevance × popularity lift). */
  score: Float64Array;
  /** Rows found by the text match. */
  found: Int32Array;
  /** Rows passing every filter. */
  matched: Int32Array;
}

function newScratch(n: number): Scratch {
  return {
    gen: 0,
    stamp: new Uint32Array(n),
    seen: new Uint8Array(n),
    relevance: new Float64Array(n),
    score: new Float64Array(n),
    found: new Int32Array(n),
    matched: new Int32Array(n),
  };
}

/** Parses PostgreSQL's text form of a tsvector (`'dress':1A,5C 'o''neil':3`) into lexemes and the sum of their occurrence weights. */
export function parseTsvector(text: string): Array<[lexeme: string, weight: number]> {
  const out: Array<[string, number]> = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && text[i] === ' ') i++;
    if (i >= n) break;
    if (text[i] !== "'") throw new SyntaxError(`tsvector: expected a quote at ${i}`);
    i++;
    let lexeme = '';
    for (;;) {
      if (i >= n) throw new SyntaxError('tsvector: unterminated lexeme');
      const ch = text[i]!;
      if (ch === '\\') {
        lexeme += text[i + 1] ?? '';
        i += 2;
      } else if (ch === "'") {
        if (text[i + 1] === "'") {
          lexeme += "'";
          i += 2;
        } else {
          i++;
          break;
        }
      } else {
        lexeme += ch;
        i++;
      }
    }
    let weight = 0;
    if (text[i] === ':') {
      i++;
      while (i < n && text[i] !== ' ') {
        while (i < n && text[i]! >= '0' && text[i]! <= '9') i++;
        const cls = text[i];
        if (cls === 'A' || cls === 'B' || cls === 'C' || cls === 'D') {
          weight += LEXEME_WEIGHTS[cls];
          i++;
        } else weight += LEXEME_WEIGHTS.D;
        if (text[i] === ',') i++;
      }
    } else weight = LEXEME_WEIGHTS.D; // a stripped vector: one occurrence of unknown class
    out.push([lexeme, weight]);
  }
  return out;
}

/** What the snapshot reads of a product: the catalogue's columns, its creation time in ms and its search vector as text. */
type IndexedProduct = Pick<
  ProductRow,
  | 'id'
  | 'slug'
  | 'title'
  | 'image_url'
  | 'was_price_cents'
  | 'item_price_cents'
  | 'shipping_cents'
  | 'category_code'
  | 'brand_id'
  | 'price_cents'
  | 'merchant_ids'
  | 'marketplaces'
  | 'discount_pct'
  | 'in_stock'
  | 'offer_count'
  | 'popularity'
  | 'clicks_30d'
  | PriceTruthColumn
> & { created_ms: number; search: string | null };

/** The catalogue version (newest ingest run id) and newest outbound click id, in one round trip. */
async function readVersion(db: Queryable): Promise<{ version: number; clickId: number }> {
  const res = await db.query<{ v: string | number | null; c: string | number | null }>(
    `SELECT (SELECT max(id) FROM ingest_runs) AS v, (SELECT max(id) FROM outbound_clicks) AS c`,
  );
  return { version: Number(res.rows[0]?.v ?? 0), clickId: Number(res.rows[0]?.c ?? 0) };
}

/** Builds a snapshot of every product with an active offer. Reads in id-ordered batches of BUILD_BATCH rows. */
export async function buildSnapshot(db: Queryable): Promise<Snapshot> {
  const { version, clickId } = await readVersion(db);
  const [brandRes, merchantRes] = await Promise.all([
    db.query<Pick<BrandRow, 'id' | 'slug' | 'name' | 'parent_id'>>(`SELECT id, slug, name, parent_id FROM brands ORDER BY id`),
    db.query<Pick<MerchantRow, 'id' | 'slug' | 'name'>>(`SELECT id, slug, name FROM merchants ORDER BY id`),
  ]);
  const brands = brandRes.rows.map((r) => ({ id: Number(r.id), slug: r.slug, name: r.name }));
  const brandIdx = new Map(brands.map((b, i) => [b.id, i]));
  const brandParent = new Int32Array(brands.length).fill(-1);
  brandRes.rows.forEach((r, i) => {
    if (r.parent_id !== null) brandParent[i] = brandIdx.get(Number(r.parent_id)) ?? -1;
  });
  const merchants = merchantRes.rows.map((r) => ({ id: Number(r.id), slug: r.slug, name: r.name }));
  const merchantIdx = new Map(merchants.map((m, i) => [m.id, i]));

  const rows: IndexedProduct[] = [];
  let after = -1;
  for (;;) {
    const batch = await db.query<IndexedProduct>(
      `SELECT id, slug, title, image_url, was_price_cents, item_price_cents, shipping_cents, category_code, brand_id, price_cents, merchant_ids, marketplaces, discount_pct, in_stock, offer_count,
              popularity, clicks_30d, low_90_prior_cents, observed_days_90, low_365_cents, observed_days_365, was_check, reference_price_cents,
              (extract(epoch FROM created_at) * 1000)::float8 AS created_ms, search::text AS search
         FROM products WHERE offer_count > 0 AND id > $1 ORDER BY id LIMIT ${BUILD_BATCH}`,
      [after],
    );
    for (const r of batch.rows) rows.push(r);
    if (batch.rows.length < BUILD_BATCH) break;
    after = Number(batch.rows[batch.rows.length - 1]!.id);
  }

  const n = rows.length;
  const codes: string[] = [];
  const codeIndex = new Map<string, number>();
  const codeOf = new Uint16Array(n);
  const ids = new Float64Array(n);
  const brandOf = new Int32Array(n);
  const price = new Int32Array(n);
  const bandOf = new Int8Array(n);
  const marketMask = new Uint8Array(n);
  const labels = new Uint8Array(n);
  const discount = new Int16Array(n);
  const slug: string[] = new Array<string>(n);
  const title: string[] = new Array<string>(n);
  const imageUrl: Array<string | null> = new Array<string | null>(n);
  const wasPrice = new Int32Array(n);
  const itemPrice = new Int32Array(n);
  const shipping = new Int32Array(n);
  const low90Prior = new Int32Array(n);
  const observed90 = new Int16Array(n);
  const low365 = new Int32Array(n);
  const observed365 = new Int16Array(n);
  const wasCheck = new Int8Array(n);
  const reference = new Int32Array(n);
  const popularity = new Float64Array(n);
  const clicks = new Int32Array(n);
  const createdMs = new Float64Array(n);
  const merchantStart = new Uint32Array(n + 1);
  const merchantItems: number[] = [];
  const postings = new Map<string, { rows: number[]; weights: number[] }>();
  const rowById = new Map<number, number>();

  rows.forEach((r, row) => {
    const id = Number(r.id);
    ids[row] = id;
    rowById.set(id, row);
    let code = codeIndex.get(r.category_code);
    if (code === undefined) {
      code = codes.push(r.category_code) - 1;
      codeIndex.set(r.category_code, code);
    }
    codeOf[row] = code;
    brandOf[row] = r.brand_id === null ? -1 : (brandIdx.get(Number(r.brand_id)) ?? -1);
    price[row] = r.price_cents ?? -1;
    bandOf[row] = r.price_cents === null ? -1 : PRICE_BANDS.findIndex((b) => r.price_cents! >= b.low && (b.high === null || r.price_cents! < b.high));
    let mask = 0;
    for (const m of r.marketplaces) {
      const bit = MARKETPLACES.indexOf(m as (typeof MARKETPLACES)[number]);
      if (bit >= 0) mask |= 1 << bit;
    }
    marketMask[row] = mask;
    labels[row] = (r.discount_pct > 0 ? LABEL_BITS.on_sale : 0) | (r.in_stock ? LABEL_BITS.in_stock : 0) | (r.offer_count >= 2 ? LABEL_BITS.multi_merchant : 0);
    discount[row] = r.discount_pct;
    slug[row] = r.slug;
    title[row] = r.title;
    imageUrl[row] = r.image_url;
    wasPrice[row] = r.was_price_cents ?? -1;
    itemPrice[row] = r.item_price_cents ?? -1;
    shipping[row] = r.shipping_cents ?? -1;
    low90Prior[row] = r.low_90_prior_cents ?? -1;
    observed90[row] = r.observed_days_90;
    low365[row] = r.low_365_cents ?? -1;
    observed365[row] = r.observed_days_365;
    wasCheck[row] = r.was_check === null ? -1 : WAS_CHECKS.indexOf(r.was_check);
    reference[row] = r.reference_price_cents ?? -1;
    popularity[row] = r.popularity;
    clicks[row] = r.clicks_30d;
    createdMs[row] = Number(r.created_ms);
    merchantStart[row] = merchantItems.length;
    for (const m of r.merchant_ids) {
      const idx = merchantIdx.get(Number(m));
      if (idx !== undefined) merchantItems.push(idx);
    }
    if (r.search) {
      for (const [lexeme, weight] of parseTsvector(r.search)) {
        let p = postings.get(lexeme);
        if (!p) postings.set(lexeme, (p = { rows: [], weights: [] }));
        p.rows.push(row);
        p.weights.push(weight);
      }
    }
  });
  merchantStart[n] = merchantItems.length;

  const lexicon = [...postings.keys()].sort();
  let total = 0;
  for (const l of lexicon) total += postings.get(l)!.rows.length;
  const postStart = new Uint32Array(lexicon.length + 1);
  const postRow = new Int32Array(total);
  const postWeight = new Float32Array(total);
  let at = 0;
  lexicon.forEach((l, i) => {
    postStart[i] = at;
    const p = postings.get(l)!;
    postRow.set(p.rows, at);
    postWeight.set(p.weights, at);
    at += p.rows.length;
  });
  postStart[lexicon.length] = at;

  const deptCodes = DEPARTMENTS.map((d) => d.code);
  const deptOfCode = codes.map((c) => deptCodes.indexOf(c.slice(0, 1)));
  return {
    version,
    clickId,
    builtAt: Date.now(),
    n,
    ids,
    rowById,
    codes,
    codeOf,
    deptOf: Int8Array.from(codeOf, (code) => deptOfCode[code]!),
    brands,
    brandBySlug: new Map(brands.map((b, i) => [b.slug, i])),
    brandIdx,
    brandParent,
    brandOf,
    merchants,
    merchantBySlug: new Map(merchants.map((m, i) => [m.slug, i])),
    merchantStart,
    merchantList: Int32Array.from(merchantItems),
    price,
    bandOf,
    marketMask,
    labels,
    discount,
    slug,
    title,
    imageUrl,
    wasPrice,
    itemPrice,
    shipping,
    low90Prior,
    observed90,
    low365,
    observed365,
    wasCheck,
    reference,
    popularity,
    clicks,
    createdMs,
    lexicon,
    postStart,
    postRow,
    postWeight,
    scratch: newScratch(n),
  };
}

/** First index in the sorted `list` whose entry is ≥ `key` (binary search). */
function lowerBound(list: readonly string[], key: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A query term: its lexeme, and whether it matches as a prefix (`lexeme:*`). */
export interface Term {
  lexeme: string;
  prefix: boolean;
}

/**
 * Rows matching every term (`t1 & t2 & …`): the first `count` entries of `s.scratch.found`, with
 * `s.scratch.relevance[row]` the summed occurrence weights of the matched lexemes. An empty term
 * list matches nothing (PostgreSQL's empty tsquery). The result is valid until the next call.
 */
export function matchTerms(s: Snapshot, terms: readonly Term[]): number {
  const { stamp, seen, relevance, found } = s.scratch;
  if (!terms.length) return 0;
  const gen = nextGeneration(s);
  let count = 0;
  const { lexicon, postStart, postRow, postWeight } = s;
  for (let k = 0; k < terms.length; k++) {
    const t = terms[k]!;
    const last = k === terms.length - 1;
    let lo = lowerBound(lexicon, t.lexeme);
    let hi = lo;
    if (t.prefix) while (hi < lexicon.length && lexicon[hi]!.startsWith(t.lexeme)) hi++;
    else if (lexicon[lo] === t.lexeme) hi = lo + 1;
    for (; lo < hi; lo++) {
      for (let p = postStart[lo]!, end = postStart[lo + 1]!; p < end; p++) {
        const row = postRow[p]!;
        if (stamp[row] !== gen) {
          if (k !== 0) continue; // missed an earlier term
          stamp[row] = gen;
          seen[row] = 0;
          relevance[row] = 0;
        }
        const have = seen[row]!;
        if (have === k) {
          seen[row] = k + 1;
          relevance[row] = relevance[row]! + postWeight[p]!;
          if (last) found[count++] = row;
        } else if (have === k + 1) relevance[row] = relevance[row]! + postWeight[p]!; // another lexeme of a prefix term
      }
    }
  }
  return count;
}

/** Starts a new generation of the scratch arrays (clearing the stamps when the counter wraps). */
function nextGeneration(s: Snapshot): number {
  const sc = s.scratch;
  if (sc.gen === 0xffffffff) {
    sc.stamp.fill(0);
    sc.gen = 0;
  }
  return ++sc.gen;
}

/**
 * Holds the current snapshot and rebuilds it when the catalogue changes. One build runs at a
 * time; concurrent searches wait for it. Memory measured at 100,000 products (bench:search):
 * about 200 MiB of heap, i.e. about 2 KB a product, most of it card strings and postings.
 */
export class SearchIndex {
  private current: Snapshot | null = null;
  private building: Promise<Snapshot> | null = null;
  private readonly stems = new Map<string, string[]>();
  private checking: Promise<{ version: number; clickId: number }> | null = null;
  /** While watching: the newest catalogue version and click id announced by the database (null = read it). */
  private known: { version: number; clickId: number } | null = null;
  /** Counts announcements, so a version read that raced one is not trusted. */
  private epoch = 0;
  private watching = false;
  private readonly waiters: Array<{ version: number; resolve: (s: Snapshot) => void }> = [];
  private readonly buildWaiters: Array<() => void> = [];

  constructor(private readonly maxAgeMs = 10 * 60_000) {}

  /**
   * The snapshot for the catalogue as it is now (rebuilt after an ingest; clicks applied).
   * While {@link watch}ing, the version comes from the database's announcements and a search
   * costs no version query; otherwise searches arriving while a version check is in flight share
   * it (one query per burst).
   */
  async snapshot(db: Queryable): Promise<Snapshot> {
    const { version, clickId } = this.known ?? (await this.readKnown(db));
    let s = this.current;
    // A build already under way (the age rebuild) may predate this version: then build again.
    if (!s || s.version !== version) s = await this.rebuild(db);
    if (s.version < version) s = await this.rebuild(db);
    else if (Date.now() - s.builtAt > this.maxAgeMs && !this.building) void this.rebuild(db).catch(() => undefined);
    if (clickId > s.clickId) await this.applyClicks(db, s, clickId);
    return s;
  }

  private readKnown(db: Queryable): Promise<{ version: number; clickId: number }> {
    const epoch = this.epoch;
    this.checking ??= readVersion(db)
      .then((v) => {
        if (this.watching && epoch === this.epoch) this.known = v;
        return v;
      })
      .finally(() => (this.checking = null));
    return this.checking;
  }

  /**
   * Keeps the index fresh from the database's announcements (migration 0006: `catalog_changed`
   * after every ingest run, `click_recorded` after every outbound click, from any process): the
   * snapshot is rebuilt as soon as a catalogue change commits, not at the next search. Resolves
   * to a function that stops watching. Errors: those of `db.listen`.
   */
  async watch(db: Database): Promise<() => Promise<void>> {
    const announced = (kind: 'version' | 'clickId') => (payload: string | null) => {
      this.epoch++;
      const n = payload === null ? NaN : Number(payload);
      if (this.known && Number.isFinite(n)) this.known = { ...this.known, [kind]: Math.max(this.known[kind], n) };
      else this.invalidate(); // a lost connection may have missed announcements: read the version again
      if (kind === 'version' || payload === null) void this.snapshot(db).catch(() => undefined);
    };
    const offCatalog = await db.listen('catalog_changed', announced('version'));
    const offClicks = await db.listen('click_recorded', announced('clickId'));
    this.watching = true;
    return async () => {
      this.watching = false;
      this.known = null;
      await offCatalog();
      await offClicks();
    };
  }

  /** Time the current snapshot took to build, ms (metrics); null before the first. */
  lastBuildMs: number | null = null;

  /** Products in the current snapshot (0 before the first). */
  get size(): number {
    return this.current?.rowById.size ?? 0;
  }

  /** True once a snapshot has been built (readiness). */
  get ready(): boolean {
    return this.current !== null;
  }

  /** Resolves with the first snapshot whose catalogue version is at least `version` (tests and tools). */
  built(version: number): Promise<Snapshot> {
    if (this.current && this.current.version >= version) return Promise.resolve(this.current);
    return new Promise((resolve) => this.waiters.push({ version, resolve }));
  }

  /** Resolves once the next snapshot has been built (long-polls for the catalogue version). */
  nextBuild(): Promise<void> {
    return new Promise((resolve) => this.buildWaiters.push(resolve));
  }

  /** Makes the next search read the catalogue version afresh (call after an ingest in this process). */
  invalidate(): void {
    this.checking = null;
    this.known = null;
  }

  /** Rebuilds now (single flight). */
  rebuild(db: Queryable): Promise<Snapshot> {
    const started = performance.now();
    this.building ??= buildSnapshot(db)
      .then((s) => {
        this.current = s;
        this.lastBuildMs = performance.now() - started;
        this.buildWaiters.splice(0).forEach((w) => w());
        for (let i = this.waiters.length - 1; i >= 0; i--) {
          if (this.waiters[i]!.version <= s.version) this.waiters.splice(i, 1)[0]!.resolve(s);
        }
        return s;
      })
      .finally(() => (this.building = null));
    return this.building;
  }

  /** Refreshes clicks and popularity of the products clicked since the snapshot's newest click. */
  private async applyClicks(db: Queryable, s: Snapshot, clickId: number): Promise<void> {
    const from = s.clickId;
    s.clickId = clickId;
    const res = await db.query<Pick<ProductRow, 'id' | 'clicks_30d' | 'popularity'>>(
      `SELECT id, clicks_30d, popularity FROM products WHERE id IN (SELECT product_id FROM outbound_clicks WHERE id > $1 AND id <= $2)`,
      [from, clickId],
    );
    for (const r of res.rows) {
      const row = s.rowById.get(Number(r.id));
      if (row === undefined) continue;
      s.clicks[row] = r.clicks_30d;
      s.popularity[row] = r.popularity;
    }
  }

  /**
   * Query terms of `words` (lower-case letters and digits), lexemes by PostgreSQL's `english`
   * configuration, the last word a prefix. Stop words yield no term. Lexemes of a word are
   * remembered (they depend only on the configuration).
   */
  async terms(db: Queryable, words: readonly string[]): Promise<Term[]> {
    const unknown = [...new Set(words.filter((w) => !this.stems.has(w)))];
    if (unknown.length) {
      const res = await db.query<{ w: string; lexemes: string[] }>(
        `SELECT w, tsvector_to_array(to_tsvector('english', w)) AS lexemes FROM unnest($1::text[]) AS x(w)`,
        [unknown],
      );
      if (this.stems.size > 50_000) this.stems.clear();
      for (const r of res.rows) this.stems.set(r.w, r.lexemes);
    }
    return words.flatMap((w, i) => (this.stems.get(w) ?? []).map((lexeme) => ({ lexeme, prefix: i === words.length - 1 })));
  }
}
