/**
 * The in-memory image of the searchable catalogue (decision 0003): typed-array columns for
 * filters, facets and sorts, card fields, and an inverted file of PostgreSQL's weighted tsvectors.
 * `buildSnapshot` reads it from the database in id-ordered batches; `search-index.ts` keeps the
 * current one fresh and `match.ts` runs text queries over it.
 */
import { DEPARTMENTS, MARKETPLACES, PRICE_BANDS, WAS_CHECKS } from '@b-deals/core';
import type { Queryable } from '@b-deals/db';
import type { BrandRow, MerchantRow, PriceTruthColumn, ProductRow } from '../catalog/index.ts';
import { analysed } from './vocabulary.ts';
import { CLASS_INDEX, tsvectorOccurrences } from './tsvector.ts';
import { addStatedColours, basicColourMask, colourLexemes, colourNameOnly } from './colours.ts';
import { AUDIENCE_MARKER_WEIGHT, audienceLexemes, audienceMarker } from './audience.ts';
import { addPosting, type Postings } from './postings.ts';
import { groupRows, internLists } from './list-sets.ts';
import { BRAND_LINE, COLOUR_NAME, brandLineLexemes, brandLineOnly, brandsByFirstWord, compoundHeads, kindLexemes } from './row-words.ts';
import { readSizesInStock } from './sizes-in-stock.ts';
import { LABEL_BITS, newScratch, type Snapshot } from './snapshot-shape.ts';

export { LABEL_BITS, type NamedRef, type Scratch, type Snapshot } from './snapshot-shape.ts';

/** Rows fetched per batch while building (keeps the peak memory of a build bounded). */
const BUILD_BATCH = 20_000;

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
> & {
  created_ms: number;
  search: string | null;
  coloured: boolean;
  colors: string[];
  colour_lexemes: string[];
  colour_names: string[];
  /** GMC `gender` of the product's first offer (lowest id), as filing reads it. */
  gender: 'male' | 'female' | 'unisex' | null;
  /** Leaves the product is listed under as well: its first offer's `also_category_codes` (decision 0026). */
  also_codes: string[];
  /** Its first offer's merchant and GMC `product_type` (`merchant id|product type`), null without a product_type. */
  store_category: string | null;
};

/** The catalogue version (newest ingest run id) and newest outbound click id, in one round trip. */
export async function readVersion(db: Queryable): Promise<{ version: number; clickId: number }> {
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
      `SELECT p.id, p.slug, p.title, p.image_url, p.was_price_cents, p.item_price_cents, p.shipping_cents, p.category_code, p.brand_id, p.price_cents, p.merchant_ids,
              p.marketplaces, p.discount_pct, p.in_stock, p.offer_count, p.popularity, p.clicks_30d, p.low_90_prior_cents, p.observed_days_90, p.low_365_cents,
              p.observed_days_365, p.was_check, p.reference_price_cents,
              (extract(epoch FROM p.created_at) * 1000)::float8 AS created_ms, p.search::text AS search, cardinality(p.colors) > 0 AS coloured, p.colors,
              tsvector_to_array(${analysed(`array_to_string(p.colors, ' ') || ' ' || coalesce((SELECT b.name FROM brands b WHERE b.id = p.brand_id), '')`)}) AS colour_lexemes,
              ARRAY(SELECT array_to_string(tsvector_to_array(${analysed('c')}), ' ') FROM unnest(p.colors) AS c) AS colour_names,
              f.gender, coalesce(f.also_category_codes, '{}') AS also_codes,
              CASE WHEN nullif(btrim(f.product_type), '') IS NOT NULL THEN f.merchant_id || '|' || btrim(f.product_type) END AS store_category
         FROM products p
         LEFT JOIN LATERAL (SELECT o.gender, o.also_category_codes, o.merchant_id, o.product_type FROM offers o WHERE o.product_id = p.id ORDER BY o.id LIMIT 1) f ON true
        WHERE p.offer_count > 0 AND p.id > $1 ORDER BY p.id LIMIT ${BUILD_BATCH}`,
      [after],
    );
    for (const r of batch.rows) rows.push(r);
    if (batch.rows.length < BUILD_BATCH) break;
    after = Number(batch.rows[batch.rows.length - 1]!.id);
  }

  const n = rows.length;
  const codes: string[] = [];
  const codeAlso: string[][] = [];
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
  const postings: Postings = new Map();
  const rowById = new Map<number, number>();
  const stems = await kindLexemes(db, rows);
  const colourIndex = await colourLexemes(db);
  const lines = await brandLineLexemes(db, brands, brandParent);
  const audience = await audienceLexemes(db);
  const coloured = new Uint8Array(n);
  const colourBits = new Uint32Array(n * 2);
  const basicColours = new Uint16Array(n);
  const storeCategoryOf = new Int32Array(n).fill(-1);
  const storeCategoryIndex = new Map<string, number>();
  const storeCategoryCodes: string[][] = [];

  rows.forEach((r, row) => {
    const id = Number(r.id);
    ids[row] = id;
    rowById.set(id, row);
    // One entry per category code and leaves listed too: most rows share their code's plain entry.
    const key = r.also_codes.length ? `${r.category_code}+${r.also_codes.join('+')}` : r.category_code;
    let code = codeIndex.get(key);
    if (code === undefined) {
      code = codes.push(r.category_code) - 1;
      codeAlso.push(r.also_codes);
      codeIndex.set(key, code);
    }
    codeOf[row] = code;
    if (r.store_category !== null) {
      let k = storeCategoryIndex.get(r.store_category);
      if (k === undefined) {
        k = storeCategoryCodes.push([]) - 1;
        storeCategoryIndex.set(r.store_category, k);
      }
      storeCategoryOf[row] = k;
      if (!storeCategoryCodes[k]!.includes(r.category_code)) storeCategoryCodes[k]!.push(r.category_code);
    }
    brandOf[row] = r.brand_id === null ? -1 : (brandIdx.get(Number(r.brand_id)) ?? -1);
    price[row] = r.price_cents ?? -1;
    bandOf[row] = r.price_cents === null ? -1 : PRICE_BANDS.findIndex((b) => r.price_cents! >= b.low && (b.high === null || r.price_cents! < b.high));
    let mask = 0;
    for (const m of r.marketplaces) {
      const bit = MARKETPLACES.indexOf(m as (typeof MARKETPLACES)[number]);
      if (bit >= 0) mask |= 1 << bit;
    }
    marketMask[row] = mask;
    basicColours[row] = basicColourMask(r.colors);
    labels[row] =
      (r.discount_pct > 0 ? LABEL_BITS.on_sale : 0) |
      (r.in_stock ? LABEL_BITS.in_stock : 0) |
      (r.offer_count >= 2 ? LABEL_BITS.multi_merchant : 0) |
      (r.discount_pct > 0 && r.was_check === 'verified' ? LABEL_BITS.verified_discount : 0);
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
    if (r.coloured) {
      coloured[row] = 1;
      for (const l of r.colour_lexemes) {
        const i = colourIndex.get(l);
        if (i !== undefined) colourBits[row * 2 + (i >> 5)]! |= 1 << (i & 31);
      }
    }
    merchantStart[row] = merchantItems.length;
    for (const m of r.merchant_ids) {
      const idx = merchantIdx.get(Number(m));
      if (idx !== undefined) merchantItems.push(idx);
    }
    if (r.search) {
      const entries = tsvectorOccurrences(r.search);
      const heads = compoundHeads(entries, stems.kinds, stems.ownOf(r.category_code));
      const line = brandOf[row]! >= 0 ? lines.get(brandOf[row]!) : undefined;
      if (line) for (const l of brandLineOnly(entries, line)) heads.set(l, BRAND_LINE);
      if (r.coloured)
        for (const l of colourNameOnly(
          entries,
          r.colour_names.map((n) => new Set(n.split(' ').filter(Boolean))),
          colourIndex,
        ))
          heads.set(l, COLOUR_NAME);
      for (const [lexeme, weight, strong, occ] of entries) {
        let first = 0;
        for (const o of occ) if ((o & 3) !== CLASS_INDEX.D && (first === 0 || o >> 2 < first)) first = o >> 2;
        const p = addPosting(postings, lexeme, row, weight, strong ? 1 : 0, Math.min(first, 0xffff));
        const head = heads.get(lexeme);
        if (head !== undefined) (p.heads ??= new Map()).set(p.rows.length - 1, head); // sparse: most words stand on their own
      }
      if (r.coloured) addStatedColours(postings, row, entries, r.colour_names, colourIndex);
      const marker = audienceMarker(entries, r.category_code, audience, r.gender, r.also_codes.length > 0);
      if (marker !== null) addPosting(postings, marker, row, AUDIENCE_MARKER_WEIGHT, 1, 0);
    }
  });
  merchantStart[n] = merchantItems.length;
  const sized = await readSizesInStock(db, rowById, (row) => codes[codeOf[row]!]!);

  const lexicon = [...postings.keys()].sort();
  let total = 0;
  for (const l of lexicon) total += postings.get(l)!.rows.length;
  const postStart = new Uint32Array(lexicon.length + 1);
  const postRow = new Int32Array(total);
  const postWeight = new Float32Array(total);
  const postStrong = new Uint8Array(total);
  const postHead = new Int32Array(total);
  const postPos = new Uint16Array(total);
  const lexiconIndex = new Map(lexicon.map((l, i) => [l, i]));
  let at = 0;
  lexicon.forEach((l, i) => {
    postStart[i] = at;
    const p = postings.get(l)!;
    postRow.set(p.rows, at);
    postWeight.set(p.weights, at);
    postStrong.set(p.strong, at);
    postPos.set(p.pos, at);
    postHead.fill(-1, at, at + p.rows.length);
    p.heads?.forEach((h, k) => (postHead[at + k] = h === '' ? -2 : h === BRAND_LINE ? -3 : h === COLOUR_NAME ? -4 : (lexiconIndex.get(h) ?? -2)));
    at += p.rows.length;
  });
  postStart[lexicon.length] = at;

  const merchantList = Int32Array.from(merchantItems);
  const deptCodes = DEPARTMENTS.map((d) => d.code);
  const deptOfCode = codes.map((c) => deptCodes.indexOf(c.slice(0, 1)));
  const deptOf = Int8Array.from(codeOf, (code) => deptOfCode[code]!);
  const deptTotals = new Int32Array(DEPARTMENTS.length);
  for (const d of deptOf) if (d >= 0) deptTotals[d]!++;
  return {
    version,
    clickId,
    builtAt: Date.now(),
    n,
    ids,
    rowById,
    codes,
    codeAlso,
    codeOf,
    codeRows: groupRows(codeOf, codes.length),
    deptOf,
    deptTotals,
    storeCategoryOf,
    storeCategoryCodes,
    brands,
    brandBySlug: new Map(brands.map((b, i) => [b.slug, i])),
    brandIdx,
    brandParent,
    brandOf,
    merchants,
    merchantBySlug: new Map(merchants.map((m, i) => [m.slug, i])),
    merchantStart,
    merchantList,
    merchantSets: internLists(merchantStart, merchantList, n),
    ...sized,
    sizeSets: internLists(sized.sizeStart, sized.sizeList, n),
    basicColours,
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
    postStrong,
    postHead,
    postPos,
    colourOf: Int8Array.from(lexicon, (l) => colourIndex.get(l) ?? -1),
    kindLexeme: Uint8Array.from(lexicon, (l) => (stems.kinds.has(l) ? 1 : 0)),
    coloured,
    colourBits,
    brandsByFirstWord: brandsByFirstWord(brands),
    scratch: newScratch(n),
  };
}
