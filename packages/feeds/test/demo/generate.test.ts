import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAF_CATEGORIES, MARKETPLACES, REGIONS, isValidGtin } from '@b-deals/core';
import { generateDemoCatalogue } from '../../src/demo/generate.ts';
import type { DemoCatalogueResult, DemoMerchantEntry } from '../../src/demo/generate.ts';
import { planDemoCatalogue } from '../../src/demo/plan.ts';
import { LEAF_SPECS } from '../../src/demo/catalogue-data.ts';

const NOW = new Date('2025-12-15T00:00:00Z');
const DAYS = 60;
const SMALL = { products: 200, merchants: 20, days: DAYS, now: NOW, seed: 7 };

type Item = Record<string, string>;

/** Reads feed items with their GMC attributes by local name (enough for our own output). */
function xmlItems(text: string): Item[] {
  const items: Item[] = [];
  let item: Item | null = null;
  let field: string | null = null;
  let text_ = '';
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'item' || name === 'entry') item = {};
        else if (item) {
          field = name.replace(/^g:/, '');
          text_ = '';
        }
      },
      ontext(t) {
        if (field) text_ += t;
      },
      onclosetag(name) {
        if (name === 'item' || name === 'entry') {
          if (item) items.push(item);
          item = null;
        } else if (item && field) {
          if (!(field in item)) item[field] = text_;
          field = null;
        }
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  );
  parser.write(text);
  parser.end();
  return items;
}

/** Throws unless the XML is well formed: balanced, properly nested tags, one root, valid entity references. */
function assertWellFormed(text: string): void {
  const body = text.replace(/^<\?xml[^>]*\?>/, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  const stack: string[] = [];
  let roots = 0;
  for (const m of body.matchAll(/<(\/?)([A-Za-z_][\w:.-]*)(?:\s+[\w:.-]+="[^"<]*")*\s*(\/?)>|<|>/g)) {
    if (m[0] === '<') throw new Error(`stray < at ${m.index}`);
    if (m[0] === '>') continue;
    const [, close, name, selfClose] = m as unknown as [string, string, string, string];
    if (close) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}>`);
    } else if (!selfClose) {
      if (stack.length === 0) roots++;
      stack.push(name);
    } else if (stack.length === 0) roots++;
  }
  if (stack.length || roots !== 1) throw new Error(`unbalanced: ${stack.join('>')} roots=${roots}`);
  const bad = body.match(/&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/);
  if (bad) throw new Error(`bare ampersand near ${body.slice(bad.index, (bad.index ?? 0) + 30)}`);
}

async function readItems(file: string): Promise<Item[]> {
  const text = await readFile(file, 'utf8');
  if (file.endsWith('.xml')) return xmlItems(text);
  if (file.endsWith('.csv')) return parseCsv(text, { columns: true }) as Item[];
  const [head, ...lines] = text.trimEnd().split('\n');
  const cols = (head as string).split('\t');
  return lines.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [cols[i], v])));
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length))
    .sort();
}

describe('planDemoCatalogue at the default size', () => {
  const plan = planDemoCatalogue();

  it('meets the counts: 5000 products over every leaf, >= 12000 offers, 24 merchants, 150 brands', () => {
    expect(plan.products).toHaveLength(5000);
    expect(plan.merchants).toHaveLength(24);
    expect(plan.brands).toHaveLength(150);
    expect(plan.offerCount).toBeGreaterThanOrEqual(12000);
    const leafIds = new Set(plan.products.map((p) => p.leaf.id));
    for (const leaf of LEAF_CATEGORIES) expect(leafIds.has(leaf.id), leaf.id as string).toBe(true);
  });

  it('puts most products at 2–5 merchants', () => {
    const perProduct = new Map<string, number>();
    for (const offers of plan.offersByMerchant.values()) for (const o of offers) perProduct.set(o.product.key, (perProduct.get(o.product.key) ?? 0) + 1);
    const counts = [...perProduct.values()];
    expect(counts.every((c) => c >= 1 && c <= 5)).toBe(true);
    expect(counts.filter((c) => c >= 2).length / plan.products.length).toBeGreaterThan(0.8);
    for (const offers of plan.offersByMerchant.values()) expect(offers.length).toBeGreaterThan(50);
  });

  it('writes sub-brands as "<Brand> <Line>" and keeps titles unique per brand and colour', () => {
    const lines = plan.products.filter((p) => p.brandName !== p.brand.name);
    expect(lines.length).toBeGreaterThan(0);
    for (const p of lines) expect(p.brandName.startsWith(`${p.brand.name} `)).toBe(true);
    const keys = plan.products.map((p) => `${p.brandName}|${p.title}|${p.color}`.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('never names a product with one word twice ("Cropped Cropped Chinos", "Kids Easy-Care Kids Sneakers")', () => {
    const repeated = plan.products.filter((p) => {
      const words = p.name
        .toLowerCase()
        .split(/[^a-z0-9'-]+/)
        .filter(Boolean);
      return new Set(words).size !== words.length;
    });
    expect(repeated.map((p) => p.name)).toEqual([]);
  });

  it('gives jewelry named for its metal that colour, as a merchant would', () => {
    const metal = plan.products.filter((p) => /14k Gold-Plated|Rose Gold-Tone|Sterling Silver/.test(p.name));
    expect(metal.length).toBeGreaterThan(50);
    for (const p of metal) {
      const named = /14k Gold-Plated/.test(p.name) ? 'Gold' : /Rose Gold-Tone/.test(p.name) ? 'Rose Gold' : 'Silver';
      expect(p.color, p.title).toBe(named);
    }
  });
});

describe('planDemoCatalogue', () => {
  it('covers every leaf once products >= leaves; Other products carry their group code', () => {
    const plan = planDemoCatalogue({ products: LEAF_CATEGORIES.length, merchants: 20 });
    expect(new Set(plan.products.map((p) => p.leaf.id)).size).toBe(LEAF_CATEGORIES.length);
    const other = plan.products.find((p) => p.leaf.id === '81,-811,-812,-813');
    expect(other?.leaf.code).toBe('81');
    expect(other?.productType).toBe("Women's Clothing > Women's Coats");
  });

  it('has a spec whose Google category exists in the taxonomy for every leaf', async () => {
    const taxonomy = await readFile(new URL('../../data/google-product-taxonomy-with-ids.en-US.txt', import.meta.url), 'utf8');
    const ids = new Set(taxonomy.split('\n').map((l) => l.split(' - ')[0]));
    for (const leaf of LEAF_CATEGORIES) {
      const spec = LEAF_SPECS.get(leaf.code as string);
      expect(spec, leaf.id as string).toBeDefined();
      expect(ids.has(String(spec?.gpc)), `${leaf.id} → ${spec?.gpc}`).toBe(true);
    }
  });

  it('rejects fewer than 20 merchants', () => {
    expect(() => planDemoCatalogue({ merchants: 19 })).toThrow(RangeError);
  });

  it('has nearly every merchant state US shipping, as US Merchant Center feeds do, and a few European ones not', () => {
    const { merchants } = planDemoCatalogue({ products: 50 });
    const stated = merchants.filter((m) => m.shipping !== null);
    expect(stated.length / merchants.length).toBeGreaterThanOrEqual(0.85);
    const unstated = merchants.filter((m) => m.shipping === null);
    expect(unstated.length).toBeGreaterThan(0); // "Shipping not stated" stays in the demo
    for (const m of unstated) expect(m.region).toBe('EUROPEAN');
    // Every department can be bought with shipping stated from some merchant that is not an outlet.
    for (const d of ['8', '9', 'b', 'e', 'f', 'g', 'k', '7'])
      expect(
        stated.some((m) => m.departments.includes(d) && m.marketplace !== 'OUTLET'),
        d,
      ).toBe(true);
  });
});

describe('generateDemoCatalogue (small)', () => {
  let dirA = '';
  let dirB = '';
  let result: DemoCatalogueResult;
  let merchants: DemoMerchantEntry[];

  beforeAll(async () => {
    dirA = await mkdtemp(join(tmpdir(), 'demo-a-'));
    dirB = await mkdtemp(join(tmpdir(), 'demo-b-'));
    result = await generateDemoCatalogue({ ...SMALL, outDir: join(dirA, 'out'), mediaDir: join(dirA, 'media') });
    await generateDemoCatalogue({ ...SMALL, outDir: join(dirB, 'out'), mediaDir: join(dirB, 'media') });
    merchants = JSON.parse(await readFile(result.merchantsFile, 'utf8')) as DemoMerchantEntry[];
  });
  afterAll(async () => {
    await rm(dirA, { recursive: true, force: true });
    await rm(dirB, { recursive: true, force: true });
  });

  it('is deterministic: two runs write byte-identical files', async () => {
    const files = await listFiles(dirA);
    expect(files).toEqual(await listFiles(dirB));
    expect(files.length).toBe(1 + 20 + 20 + 20 + 200 + 20); // merchants.json, feeds, histories, promotions, images, logos
    for (const f of files) expect((await readFile(join(dirA, f))).equals(await readFile(join(dirB, f))), f).toBe(true);
  });

  it('lists merchants of every marketplace (and none) and every region on .example homepages', () => {
    expect(merchants).toHaveLength(20);
    for (const mp of MARKETPLACES)
      expect(
        merchants.some((m) => m.marketplace === mp),
        mp,
      ).toBe(true);
    expect(merchants.some((m) => m.marketplace === null)).toBe(true);
    for (const r of REGIONS)
      expect(
        merchants.some((m) => m.region === r),
        r,
      ).toBe(true);
    for (const m of merchants) expect(new URL(m.homepage).hostname.endsWith('.example')).toBe(true);
    const exts = new Set(merchants.map((m) => m.feed.split('.').pop()));
    expect([...exts].sort()).toEqual(['csv', 'tsv', 'xml']);
  });

  it('writes well-formed XML feeds, with RSS and Atom among them', async () => {
    const xml = result.feeds.filter((f) => f.endsWith('.xml'));
    const roots = new Set<string>();
    for (const f of xml) {
      const text = await readFile(f, 'utf8');
      expect(() => assertWellFormed(text), f).not.toThrow();
      roots.add(text.includes('<rss version="2.0"') ? 'rss' : text.includes('http://www.w3.org/2005/Atom') ? 'atom' : 'other');
    }
    expect([...roots].sort()).toEqual(['atom', 'rss']);
    expect(() => assertWellFormed('<a><b></a></b>')).toThrow();
    expect(() => assertWellFormed('<a>x & y</a>')).toThrow();
    expect(() => assertWellFormed('<a><b/><c x="1">ok</c></a>')).not.toThrow();
  });

  it('gives valid GTINs, shared by all offers of one product; some offers only brand + MPN', async () => {
    const gtinsByImage = new Map<string, Set<string>>();
    let mpnOnly = 0;
    let neither = 0;
    for (const f of result.feeds) {
      for (const item of await readItems(f)) {
        if (item.gtin) {
          expect(isValidGtin(item.gtin), item.gtin).toBe(true);
          expect([12, 13]).toContain(item.gtin.length);
          const set = gtinsByImage.get(item.image_link as string) ?? new Set();
          set.add(item.gtin);
          gtinsByImage.set(item.image_link as string, set);
        } else if (item.mpn) mpnOnly++;
        else neither++;
        expect(Number.parseFloat(item.price as string)).toBeGreaterThan(0);
      }
    }
    expect(gtinsByImage.size).toBeGreaterThan(100);
    for (const set of gtinsByImage.values()) expect(set.size).toBe(1);
    expect(mpnOnly).toBeGreaterThan(0);
    expect(neither).toBeGreaterThan(0);
  });

  it('writes history runs ordered, non-overlapping, inside the window, ending at today’s in-stock feed state', async () => {
    const first = '2025-10-16';
    const last = '2025-12-14';
    let onSaleAtBlackFriday = 0;
    for (const [i, m] of merchants.entries()) {
      const lines = (await readFile(join(result.merchantsFile, '..', m.history), 'utf8')).trimEnd().split('\n');
      expect(lines[0]).toBe('id\tfrom\tto\tprice\tsale_price\tavailability');
      const lastRun = new Map<string, string[]>();
      for (const line of lines.slice(1)) {
        const cols = line.split('\t');
        expect(cols).toHaveLength(6);
        const [id, from, to, , sale, availability] = cols as [string, string, string, string, string, string];
        expect(from <= to).toBe(true);
        expect(from >= first && to <= last, line).toBe(true);
        expect(['in_stock', 'out_of_stock']).toContain(availability);
        const prev = lastRun.get(id);
        if (prev) expect((prev[2] as string) < from, `${prev.join(' ')} / ${line}`).toBe(true);
        lastRun.set(id, cols);
        if (sale && from <= '2025-11-28' && to >= '2025-11-28') onSaleAtBlackFriday++;
      }
      const items = await readItems(result.feeds[i] as string);
      for (const item of items) {
        const key = item.item_group_id || (item.id as string);
        const run = lastRun.get(key);
        expect(run, key).toBeDefined();
        if ((item.availability as string).replace(' ', '_') !== 'in_stock') continue;
        const withCurrency = (v: string) => (v && item.currency ? `${v} ${item.currency}` : v);
        expect(run?.[2]).toBe(last);
        expect(run?.[3]).toBe(withCurrency(item.price as string));
        expect(run?.[4]).toBe(withCurrency(item.sale_price ?? ''));
      }
    }
    expect(onSaleAtBlackFriday).toBeGreaterThan(0);
  });

  it('prices European merchants in EUR or GBP and writes one WebP per product', async () => {
    for (const [i, m] of merchants.entries()) {
      const items = await readItems(result.feeds[i] as string);
      const currencies = new Set(items.map((it) => it.currency ?? (it.price as string).split(' ')[1]));
      if (m.region === 'EUROPEAN') expect([...currencies].every((c) => c === 'EUR' || c === 'GBP')).toBe(true);
      else expect([...currencies]).toEqual(['USD']);
    }
    const media = await readdir(join(dirA, 'media'));
    expect(media.filter((f) => f.endsWith('.webp'))).toHaveLength(result.images);
    const head = await readFile(join(dirA, 'media', 'p00001.webp'));
    expect(head.subarray(0, 4).toString()).toBe('RIFF');
    expect(head.subarray(8, 12).toString()).toBe('WEBP');
  });
});
