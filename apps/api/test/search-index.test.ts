/**
 * The in-memory search index (decision 0003) against an oracle: PostgreSQL's own
 * `search @@ to_tsquery(...)` for text, and a plain reference implementation of the filters,
 * disjunctive facets and sorts written here over rows read straight from the database.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIENCE_WORDS,
  DEPARTMENTS,
  PRICE_BANDS,
  PRODUCT_KIND_WORDS,
  SEARCH_COLOUR_WORDS,
  audienceOfQueryWord,
  matchesCategory,
  singularWord,
  parseCategoryIds,
  shoeAudience,
  sizeFilterValue,
  sizeKind,
  sortSizes,
  synonymsOf,
} from '@b-deals/core';
import { SearchConditionSchema, type SearchConditionInput } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { finishIngest, ingestSource } from '../src/index.ts';
import { generateDemoCatalogue, demoMerchantInput, type DemoMerchantEntry } from '@b-deals/feeds';
import { recordClick } from '../src/catalog/landing.ts';
import { SearchIndex, parseTsvector } from '../src/search/index.ts';
import { queryWords, searchProducts, topK } from '../src/search/index.ts';

const NOW = new Date(Date.UTC(2025, 5, 1));

describe('parseTsvector', () => {
  it('reads lexemes, quotes, escapes, weights and stripped vectors', () => {
    expect(parseTsvector(`'dress':1A,5C 'o''neil':3 'back\\\\slash':2B 'plain' 'desc':4D,6D`)).toEqual([
      ['dress', 1.2, true],
      ["o'neil", 0.1, false],
      ['back\\slash', 0.4, true],
      ['plain', 0.1, false],
      ['desc', 0.2, false],
    ]);
    expect(parseTsvector('')).toEqual([]);
    expect(() => parseTsvector('dress:1')).toThrow(SyntaxError);
  });
});

describe('topK', () => {
  it('returns the same first k rows as a full sort, for every k', () => {
    const values = Array.from({ length: 500 }, (_, i) => (i * 7919) % 97); // many ties
    const compare = (a: number, b: number) => values[b]! - values[a]! || a - b;
    const rows = Array.from({ length: 500 }, (_, i) => (i * 389) % 500);
    const full = [...rows].sort(compare);
    for (const k of [1, 2, 24, 100, 499, 500, 600]) {
      expect(topK(rows, k, { compare, primary: values, sign: 1 })).toEqual(full.slice(0, k));
    }
  });
});

interface RefRow {
  id: number;
  code: string;
  /** Leaves the product is listed under as well: its first offer's `also_category_codes` (decisions 0026, 0027). */
  also: string[];
  brand: string | null;
  parentBrand: string | null;
  merchants: string[];
  price: number;
  discount: number;
  inStock: boolean;
  offers: number;
  marketplaces: string[];
  popularity: number;
  clicks: number;
  /** Sizes some active offer has in stock. */
  sizes: string[];
}

describe.each(testDrivers())('search index on %s', (driver) => {
  let db: Database;
  let dir = '';
  let rows: RefRow[] = [];
  const index = new SearchIndex();
  const search = (input: SearchConditionInput) => searchProducts(db, SearchConditionSchema.parse(input), { index });

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    dir = await mkdtemp(path.join(tmpdir(), 'bdeals-index-'));
    const result = await generateDemoCatalogue({
      products: 300,
      merchants: 20,
      days: 1,
      now: NOW,
      seed: 11,
      images: false,
      outDir: path.join(dir, 'out'),
      mediaDir: path.join(dir, 'media'),
    });
    const merchants = JSON.parse(await readFile(result.merchantsFile, 'utf8')) as DemoMerchantEntry[];
    const fx = loadDefaultFxTable();
    for (const m of merchants) {
      await ingestSource(db, {
        bytes: await readFile(path.join(dir, 'out', m.feed)),
        filename: m.feed,
        fx,
        observedAt: NOW,
        skipMaintenance: true,
        merchant: demoMerchantInput(m),
      });
    }
    await finishIngest(db);
    rows = await readReference(db);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /**
   * Ids PostgreSQL matches for the words, as the search would ask it: every word, the last a
   * prefix, in the title, brand or category words (weights A, B, C); only when that matches
   * nothing, anywhere (descriptions too).
   */
  const pgMatches = async (q: string): Promise<Set<number>> => {
    const words = queryWords(q);
    if (!words.length) return new Set(rows.map((r) => r.id));
    const ask = async (weights: string) => {
      const operand = (w: string, i: number) => `${w}:${i === words.length - 1 ? '*' : ''}${weights}`;
      // A word or any of its synonyms (core synonymsOf).
      const tsq = words.map((w, i) => `(${[w, ...synonymsOf(w)].map((x) => operand(x, i)).join(' | ')})`).join(' & ');
      const res = await db.query<{ id: string }>(`SELECT id FROM products WHERE offer_count > 0 AND search @@ to_tsquery('english', $1)`, [tsq]);
      return new Set(res.rows.map((r) => Number(r.id)));
    };
    const strong = await ask('ABC');
    return strong.size > 0 ? strong : ask('');
  };

  it('matches the products PostgreSQL full-text search matches, less those its precision rules leave out', async () => {
    const vocab = await db.query<{ word: string }>(`SELECT word FROM search_words ORDER BY ndoc DESC, word LIMIT 60`);
    const words = vocab.rows.map((r) => r.word);
    const queries = [
      ...words.slice(0, 25),
      ...words.slice(0, 12).map((w) => w.slice(0, 3)), // prefixes
      ...words.slice(0, 10).map((w, i) => `${w} ${words[i + 7]}`), // two words
      `the ${words[0]}`, // a stop word is ignored
      'the and of', // stop words only: nothing
      'dresses',
      'Dress',
      'sneakers',
      'trainers',
      't-shirt',
      'women shoe',
      'zzzzqx',
    ];
    for (const q of queries) {
      const expected = await pgMatches(q);
      const got = await search({ q, to: 100, facets: false });
      // A query PostgreSQL matches nowhere may be corrected; only an uncorrected answer must agree.
      if (got.correctedQuery) {
        expect(expected.size, q).toBe(0);
        continue;
      }
      // Nothing matched as typed, and a fallback answered (search/nearest-kind.ts): PostgreSQL's matches are all left out by precision rules.
      if (got.broadened) {
        for (const id of expected) expect(await refined(id, q), `${q}: product ${id}`).toBe(true);
        continue;
      }
      const all = await allIds({ q });
      expect(got.total, q).toBe(all.size);
      if (!queryWords(q).length) expect(all.size).toBe(rows.length);
      // The index finds a subset, but for the products naming no gender that a men's or women's word also finds
      // (search/audience.ts): what they match without that word, or, for a query of one such word (or of the start of
      // "women" or "men"), those its merchant says are for that gender (GMC gender); what it leaves out, only by its precision rules (issue 11 §6).
      const beyond = [...all].filter((id) => !expected.has(id));
      const rest = queryWords(q).filter((w) => audienceOfQueryWord(w) === null);
      const unnamed = beyond.length && rest.length && rest.length < queryWords(q).length ? await pgMatches(rest.join(' ')) : new Set<number>();
      const stated = statedGender(q);
      for (const id of beyond)
        expect(
          (unnamed.has(id) || (stated !== null && (await firstOfferGender(id)) === stated)) && (await namesNoGender(id)),
          `${q}: product ${id} beyond PostgreSQL's match`,
        ).toBe(true);
      for (const id of expected) if (!all.has(id)) expect(await refined(id, q), `${q}: product ${id}`).toBe(true);
    }
    expect((await search({ q: 'the and of' })).total).toBe(0);
  });

  /**
   * True when the index may leave product `id` out of a query PostgreSQL's tsquery matches, by a
   * precision rule the tsquery lacks (issue 11 §6): a query word there only directly before another
   * kind ("Dress Watch") or inside a hyphenated word ("Wide-Leg"), or the last word, a word of the
   * catalogue itself, there only as the start of a longer word ("suit" of "suitcase"); a colour word
   * its stated colours and brand name lack; a word there only in its colour's name ("Denim Blue")
   * or only as the word its sub-brand adds to its parent's name ("Leather" of "Ashvale Leather").
   */
  const refined = async (id: number, q: string): Promise<boolean> => {
    const res = await db.query<{ title: string; terms: string; colors: string[]; brand: string | null; parent: string | null }>(
      `SELECT lower(p.title) AS title, lower(p.category_terms) AS terms, p.colors, lower(b.name) AS brand, lower(pb.name) AS parent
         FROM products p LEFT JOIN brands b ON b.id = p.brand_id LEFT JOIN brands pb ON pb.id = b.parent_id WHERE p.id = $1`,
      [id],
    );
    const { title, terms, colors, brand, parent } = res.rows[0]!;
    const text = `${title} ${terms}`;
    const colour = colors.join(' ').toLowerCase();
    const words = queryWords(q);
    const has = (t: string, stem: string) => new RegExp(`(?:^|[^\\p{L}])${stem}`, 'u').test(t);
    return words.some((w, i) => {
      const stem = w.replace(/(es|s)$/, '');
      const before = [...text.matchAll(new RegExp(`(?:^|[^\\p{L}])${stem}\\p{L}*([\\s-]+)(\\p{L}+)`, 'gu'))];
      if (before.some((m) => m[1]!.includes('-') || PRODUCT_KIND_WORDS.includes(singularWord(m[2]!)))) return true;
      if (new RegExp(`\\p{L}-${stem}`, 'u').test(text)) return true;
      if (colors.length && SEARCH_COLOUR_WORDS.includes(w) && !has(colour, stem) && !has(brand ?? '', stem)) return true;
      if (colors.length && has(colour, stem) && !has(`${title.split(colour).join(' ')} ${terms}`, stem)) return true;
      if (brand && parent && has(brand, stem) && !has(parent, stem) && !has(`${title.split(brand).join(' ')} ${terms}`, stem)) return true;
      return i === words.length - 1 && new RegExp(`(?:^|[^\\p{L}])${stem}\\p{L}{3,}`, 'u').test(text);
    });
  };

  /** True when product `id`'s title and category words name no gender (core `AUDIENCE_WORDS`), or say "unisex". */
  /** The GMC gender a query of one men's or women's word, or of the start of "women" or "men" (the last word is a prefix), asks for ("wom" → female), else null. */
  const statedGender = (q: string): 'female' | 'male' | null => {
    const words = queryWords(q);
    if (words.length !== 1) return null;
    const w = words[0]!;
    if ('women'.startsWith(w) || /^(woman|ladies|lady|womens)$/.test(w)) return 'female';
    return 'men'.startsWith(w) || /^(man|mens)$/.test(w) ? 'male' : null;
  };
  /** GMC gender of the product's first offer (lowest id), as the search snapshot reads it. */
  const firstOfferGender = async (id: number): Promise<string | null> =>
    (await db.query<{ gender: string | null }>(`SELECT gender FROM offers WHERE product_id = $1 ORDER BY id LIMIT 1`, [id])).rows[0]?.gender ?? null;

  const namesNoGender = async (id: number): Promise<boolean> => {
    const res = await db.query<{ text: string }>(`SELECT lower(title || ' ' || category_terms) AS text FROM products WHERE id = $1`, [id]);
    const words = res.rows[0]!.text.split(/[^\p{L}]+/u);
    return words.includes('unisex') || !words.some((w) => AUDIENCE_WORDS.gender.includes(w));
  };

  /** Every id a condition returns, page by page. */
  const allIds = async (input: SearchConditionInput): Promise<Set<number>> => {
    const out = new Set<number>();
    for (let from = 0; ; from += 100) {
      const page = await search({ ...input, from, to: from + 100, facets: false });
      page.items.forEach((i) => out.add(i.id));
      if (from + 100 >= page.total) return out;
    }
  };

  it('filters, counts disjunctive facets and sorts like the reference implementation', async () => {
    const topBrand = mostCommon(
      rows.map((r) => r.parentBrand ?? r.brand).filter((b): b is string => !!b),
      1,
    )[0]!;
    const merchants = mostCommon(
      rows.flatMap((r) => r.merchants),
      2,
    );
    const group = mostCommon(
      rows.map((r) => r.code.slice(0, 2)),
      1,
    )[0]!;
    const text = (await db.query<{ word: string }>(`SELECT word FROM search_words ORDER BY ndoc DESC LIMIT 1`)).rows[0]!.word;
    const sizes = mostCommon(
      rows.flatMap((r) => r.sizes),
      3,
    );
    expect(sizes.length).toBe(3); // the demo catalogue has sized goods
    const conditions: SearchConditionInput[] = [
      {},
      { cids: group },
      { cids: `${group.slice(0, 1)},-${group}` },
      { b: topBrand },
      { m: merchants },
      { price: PRICE_BANDS[1]!.key },
      { minPrice: 2000, maxPrice: 9999 },
      { l: ['on_sale', 'multi_merchant'] },
      { marketplace: 'OUTLET' },
      { q: text, b: topBrand, price: PRICE_BANDS[0]!.key },
      { cids: group, m: merchants[0]!, l: 'in_stock', sort: 'priceAscTag' },
      { b: topBrand, m: merchants, sort: 'discount' },
      { q: text, sort: 'sales' },
      { sort: 'priceDescTag' },
      { sort: 'discountAsc' },
      { size: sizes },
      { size: sizes[0]!, cids: group, price: PRICE_BANDS[1]!.key },
      { size: [sizes[1]!, 'No Such Size'], b: topBrand },
    ];
    for (const input of conditions) {
      const c = SearchConditionSchema.parse({ ...input, to: 30 });
      const textIds = c.q ? await pgMatches(c.q) : null;
      const expected = reference(rows, c, textIds);
      const got = await searchProducts(db, c, { index });
      const label = JSON.stringify(input);
      expect(got.total, label).toBe(expected.total);
      expect(got.facets.departments.map((f) => [f.key, f.count]).sort(), label).toEqual(expected.departments.sort());
      expectTopFacets(got.facets.brands, expected.brands, 40, `${label} brands`);
      expectTopFacets(got.facets.merchants, expected.merchants, 60, `${label} merchants`);
      expect(
        got.facets.priceBands.map((f) => [f.key, f.count]),
        label,
      ).toEqual(expected.bands);
      expectTopFacets(
        got.facets.sizes.filter((f) => f.count > 0),
        expected.sizes,
        80,
        `${label} sizes`,
      );
      for (const selected of c.size)
        expect(
          got.facets.sizes.some((f) => f.key === selected),
          `${label} keeps ${selected}`,
        ).toBe(true);
      // Sizes by kind (letter, numeric…), the kind with the most products first, each kind in size order.
      const shown = got.facets.sizes.filter((f) => f.count > 0);
      const kinds = [...new Set(shown.map((f) => sizeKind(f.key)))];
      const ofKind = (k: number) => shown.filter((f) => sizeKind(f.key) === k);
      expect(shown, `${label} size kinds together`).toEqual(kinds.flatMap(ofKind));
      const totals = kinds.map((k) => ofKind(k).reduce((sum, f) => sum + f.count, 0));
      expect(totals, `${label} size kinds by products`).toEqual([...totals].sort((a, b) => b - a));
      for (const k of kinds)
        expect(
          ofKind(k).map((f) => f.key),
          `${label} size order`,
        ).toEqual(sortSizes(ofKind(k).map((f) => f.key)));
      if (c.sort !== 'none' || !c.q)
        expect(
          got.items.map((i) => i.id),
          label,
        ).toEqual(expected.firstPage);
    }
  });

  it('sees a new ingest at once, and an outbound click in the Best Sellers order', async () => {
    const before = await search({ q: 'quokka' });
    expect(before.total).toBe(0);
    const feed = `<?xml version="1.0"?><rss xmlns:g="http://base.google.com/ns/1.0" version="2.0"><channel><title>t</title>
      <item><g:id>Q1</g:id><title>Quokka Trail Backpack</title><g:price>49.00 USD</g:price><g:brand>Quokka Gear</g:brand><g:link>https://q.example/1</g:link><g:image_link>https://q.example/1.jpg</g:image_link><g:availability>in stock</g:availability><g:google_product_category>Luggage &amp; Bags &gt; Backpacks</g:google_product_category></item>
    </channel></rss>`;
    await ingestSource(db, {
      bytes: Buffer.from(feed),
      filename: 'quokka.xml',
      fx: loadDefaultFxTable(),
      merchant: { slug: 'quokka-shop', name: 'Quokka Shop' },
    });
    const after = await search({ q: 'quokka' });
    expect(after.total).toBe(1);
    expect(after.items[0]!.name).toBe('Quokka Trail Backpack');
    expect(after.facets.merchants.map((m) => m.key)).toEqual(['quokka-shop']);

    const sales = await search({ sort: 'sales', to: 3, facets: false });
    const offer = await db.query<{ id: string; product_id: string }>(
      `SELECT id, product_id FROM offers WHERE active AND product_id <> $1 ORDER BY id DESC LIMIT 1`,
      [sales.items[0]!.id],
    );
    for (let i = 0; i < 50; i++) await recordClick(db, Number(offer.rows[0]!.id));
    const resorted = await search({ sort: 'sales', to: 3, facets: false });
    expect(resorted.items[0]!.id).toBe(Number(offer.rows[0]!.product_id));
  });
});

/** The `n` most frequent values, most frequent first (ties by value). */
function mostCommon(values: string[], n: number): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([v]) => v);
}

/** A facet list capped at `max` entries holds the reference's most frequent values with their exact counts. */
function expectTopFacets(got: Array<{ key: string; count: number }>, ref: Map<string, number>, max: number, label: string) {
  expect(got.length, label).toBe(Math.min(max, ref.size));
  for (const f of got) expect(f.count, `${label} ${f.key}`).toBe(ref.get(f.key));
  const smallest = Math.min(...got.map((f) => f.count));
  for (const [key, count] of ref)
    if (count > smallest)
      expect(
        got.some((f) => f.key === key),
        `${label} ${key}`,
      ).toBe(true);
}

async function readReference(db: Database): Promise<RefRow[]> {
  const res = await db.query<{
    id: string;
    category_code: string;
    also: string[];
    brand: string | null;
    parent: string | null;
    merchants: string[];
    price_cents: number;
    discount_pct: number;
    in_stock: boolean;
    offer_count: number;
    marketplaces: string[];
    popularity: number;
    clicks_30d: number;
    sizes: string[];
  }>(
    `SELECT p.id, p.category_code, coalesce((SELECT o.also_category_codes FROM offers o WHERE o.product_id = p.id ORDER BY o.id LIMIT 1), '{}') AS also,
            b.slug AS brand, pb.slug AS parent,
            ARRAY(SELECT m.slug FROM merchants m WHERE m.id = ANY(p.merchant_ids)) AS merchants,
            p.price_cents, p.discount_pct, p.in_stock, p.offer_count, p.marketplaces, p.popularity, p.clicks_30d,
            ARRAY(SELECT DISTINCT k FROM offers o, jsonb_object_keys(o.size_stock) AS k
                   WHERE o.product_id = p.id AND o.active AND o.availability = 'in_stock') AS sizes
       FROM products p LEFT JOIN brands b ON b.id = p.brand_id LEFT JOIN brands pb ON pb.id = b.parent_id
      WHERE p.offer_count > 0`,
  );
  return res.rows.map((r) => ({
    id: Number(r.id),
    code: r.category_code,
    also: r.also,
    brand: r.brand,
    parentBrand: r.parent,
    merchants: r.merchants,
    price: r.price_cents,
    discount: r.discount_pct,
    inStock: r.in_stock,
    offers: r.offer_count,
    marketplaces: r.marketplaces,
    popularity: r.popularity,
    clicks: r.clicks_30d,
    sizes: [...new Set(r.sizes.map((label) => sizeFilterValue(label, shoeAudience(r.category_code, null))))],
  }));
}

/** The reference: each predicate written out plainly; a facet counts rows passing every predicate but its own. */
function reference(rows: RefRow[], c: ReturnType<typeof SearchConditionSchema.parse>, textIds: Set<number> | null) {
  const cats = c.cids.length ? parseCategoryIds(c.cids) : null;
  const band = PRICE_BANDS.find((b) => b.key === c.price);
  const low = Math.max(band?.low ?? 0, c.minPrice ?? 0);
  const high = Math.min(band?.high ?? Infinity, c.maxPrice !== undefined ? c.maxPrice + 1 : Infinity);
  const priced = !!band || c.minPrice !== undefined || c.maxPrice !== undefined;
  const base = (r: RefRow) =>
    (!textIds || textIds.has(r.id)) &&
    (!c.l.includes('on_sale') || r.discount > 0) &&
    (!c.l.includes('in_stock') || r.inStock) &&
    (!c.l.includes('multi_merchant') || r.offers >= 2) &&
    (c.marketplace === 'ALL' || r.marketplaces.includes(c.marketplace));
  const preds = {
    category: (r: RefRow) => !cats || [r.code, ...r.also].some((code) => matchesCategory(code, cats)),
    brand: (r: RefRow) => !c.b.length || (!!r.brand && (c.b.includes(r.brand) || (!!r.parentBrand && c.b.includes(r.parentBrand)))),
    merchant: (r: RefRow) => !c.m.length || r.merchants.some((m) => c.m.includes(m)),
    price: (r: RefRow) => !priced || (r.price >= low && r.price < high),
    size: (r: RefRow) => !c.size.length || r.sizes.some((s) => c.size.includes(s)),
  };
  const except = (skip: keyof typeof preds) => rows.filter((r) => base(r) && Object.entries(preds).every(([k, p]) => k === skip || p(r)));
  const group = (list: RefRow[], key: (r: RefRow) => string[]) => {
    const m = new Map<string, number>();
    for (const r of list) for (const k of key(r)) m.set(k, (m.get(k) ?? 0) + 1);
    return m;
  };
  const depts = group(except('category'), (r) => [r.code.slice(0, 1)]);
  const bands = group(except('price'), (r) => PRICE_BANDS.filter((b) => r.price >= b.low && (b.high === null || r.price < b.high)).map((b) => b.key));
  const sizes = group(except('size'), (r) => r.sizes);
  const matched = rows.filter((r) => base(r) && Object.values(preds).every((p) => p(r)));
  const order: Record<string, (a: RefRow, b: RefRow) => number> = {
    none: (a, b) => b.popularity - a.popularity,
    sales: (a, b) => b.clicks - a.clicks || b.popularity - a.popularity,
    priceAscTag: (a, b) => a.price - b.price,
    priceDescTag: (a, b) => b.price - a.price,
    discount: (a, b) => b.discount - a.discount || b.popularity - a.popularity,
    discountAsc: (a, b) => a.discount - b.discount || b.popularity - a.popularity,
  };
  const byKey = order[c.sort];
  return {
    total: matched.length,
    departments: DEPARTMENTS.filter((d) => depts.has(d.code!)).map((d) => [d.code!, depts.get(d.code!)!] as [string, number]),
    brands: group(except('brand'), (r) => (r.brand ? [r.brand] : [])),
    merchants: group(except('merchant'), (r) => r.merchants),
    bands: PRICE_BANDS.filter((b) => bands.has(b.key)).map((b) => [b.key, bands.get(b.key)!] as [string, number]),
    sizes,
    firstPage: byKey
      ? [...matched]
          .sort((a, b) => byKey(a, b) || a.id - b.id)
          .slice(0, 30)
          .map((r) => r.id)
      : [],
  };
}
