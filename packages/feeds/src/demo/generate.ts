/**
 * Deterministic demo-catalogue generator. Writes what a set of fictional merchants would send
 * (DESIGN.md "Demo catalogue merchants and brands are fictional"): one Google Merchant Center
 * feed per merchant, a year of price history per merchant as change points (DESIGN.md "Price
 * history is stored as change points"), one WebP per standard product, small merchant logos,
 * and `merchants.json`. The real ingest pipeline reads the feeds like any merchant's feed.
 *
 * Layout:
 *   <outDir>/merchants.json
 *   <outDir>/feeds/<merchant-slug>.xml|.csv|.tsv
 *   <outDir>/history/<merchant-slug>.history.tsv   (id, from, to, price, sale_price, availability)
 *   <outDir>/promotions/<merchant-slug>.promotions.tsv   (GMC promotions feed)
 *   <mediaDir>/<product-key>.webp, <mediaDir>/logos/<merchant-slug>.webp
 * Image URLs point at https://media.b-deals.test/demo/ (reserved `.test` TLD, RFC 2606).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MerchantDef } from './merchants-data.ts';
import { atomFeed, csvFeed, formatFeedMoney, rssFeed, tsvFeed } from './feed-writers.ts';
import type { FeedRow } from './feed-writers.ts';
import { dayOf, isoDay, merchantOutages, offerHistory, salesCalendar } from './history.ts';
import { logoSvg, productSvg, renderWebp } from './images.ts';
import { planDemoCatalogue } from './plan.ts';
import { promotionsFeed } from './promotions.ts';
import { DEMO_MEDIA_ORIGIN, type Marketplace, type Region } from '@b-deals/core';
import type { MerchantInput } from '../merchant.ts';
import type { DemoOffer, DemoProduct } from './plan.ts';

/** Options of `generateDemoCatalogue`. */
export interface DemoCatalogueOptions {
  /** Where merchants.json, feeds/ and history/ go (created when missing). */
  outDir: string;
  /** Where product WebPs and logos/ go (created when missing). */
  mediaDir: string;
  /** Standard products (default 5000). */
  products?: number;
  /** Merchants (default 24, 20..28). */
  merchants?: number;
  /** Parent brands (default 150). */
  brands?: number;
  /** Days of history before `now` (default 365, at least 1). */
  days?: number;
  /** PRNG seed (default 1). */
  seed?: number;
  /** "Today" (default 2025-01-01T00:00:00Z, so the library itself never reads the clock; the CLI passes the real date). */
  now?: Date;
  /**
   * Render the WebP images (product images and merchant logos; default true). `false` skips
   * them (benchmarks that only need feeds); feeds and histories are byte-identical either way.
   */
  images?: boolean;
  /** Called as work advances: phase `feeds` counts offers written (feed item + history), `images` counts product images. */
  onProgress?: (done: number, total: number, phase: string) => void;
}

/** What was written (paths absolute when `outDir`/`mediaDir` were). */
export interface DemoCatalogueResult {
  merchantsFile: string;
  feeds: string[];
  historyFiles: string[];
  /** Standard products. */
  products: number;
  /** Offers (product × merchant listings; size variants of one listing count once). */
  offers: number;
  /** Product images written (logos not counted; 0 with `images: false`). */
  images: number;
}

/** Entry of merchants.json. */
export interface DemoMerchantEntry {
  slug: string;
  name: string;
  region: string;
  marketplace: string | null;
  homepage: string;
  logo: string;
  feed: string;
  history: string;
  /** GMC promotions feed of the merchant (deals). */
  promotions: string;
}

/** The merchant of a demo feed as ingest takes it (`ingestSource`'s `merchant`). */
export function demoMerchantInput(m: DemoMerchantEntry): MerchantInput {
  return { slug: m.slug, name: m.name, region: m.region as Region, marketplace: m.marketplace as Marketplace | null, homepage: m.homepage, logo: m.logo };
}

const FEED_EXT: Record<MerchantDef['format'], string> = { rss: 'xml', 'rss-g': 'xml', atom: 'xml', csv: 'csv', tsv: 'tsv' };
const LOGO_COLOURS = ['#1f2f55', '#2f5d3a', '#6d1f2e', '#b0502a', '#1f7a7a', '#6a3560', '#3b3d42', '#b5885a'];

let taxonomy: Map<number, string> | null = null;
async function taxonomyPaths(): Promise<Map<number, string>> {
  if (!taxonomy) {
    const text = await readFile(new URL('../../data/google-product-taxonomy-with-ids.en-US.txt', import.meta.url), 'utf8');
    taxonomy = new Map();
    for (const line of text.split('\n')) {
      const m = /^(\d+) - (.+)$/.exec(line.trim());
      if (m) taxonomy.set(Number(m[1]), m[2] as string);
    }
  }
  return taxonomy;
}

/** Runs `task` over `items` with at most `limit` in flight, preserving nothing but completion. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>, onDone: (n: number) => void): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
      onDone(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function productLink(m: MerchantDef, p: DemoProduct, offer: DemoOffer): string {
  return `https://${m.host}/products/${p.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${offer.key.toLowerCase()}`;
}

function feedRows(offer: DemoOffer, state: { price: number; sale: number | null; availability: string }, gpc: string): FeedRow[] {
  const { product: p, merchant: m } = offer;
  const paid = state.sale ?? state.price;
  const shipping = m.shipping === null ? null : m.shipping.freeOver !== null && paid >= m.shipping.freeOver ? 0 : m.shipping.cost;
  const base: FeedRow = {
    id: offer.key,
    itemGroupId: null,
    title: offer.title,
    description: offer.description,
    link: productLink(m, p, offer),
    imageLink: `${DEMO_MEDIA_ORIGIN}${p.key}.webp`,
    availability: state.availability === 'in_stock' ? m.inStock : 'out_of_stock',
    price: state.price,
    salePrice: state.sale,
    currency: m.currency,
    brand: p.brandName,
    gtin: m.identity === 'gtin' ? p.gtin : null,
    mpn: m.identity === 'none' ? null : p.mpn,
    googleProductCategory: gpc,
    productType: p.productType,
    color: p.color,
    size: p.sizes.length ? p.sizes.join(', ') : null,
    gender: p.spec.gender,
    ageGroup: p.spec.ageGroup,
    shipping,
  };
  if (!offer.variants) return [base];
  return p.sizes.map((size, i) => ({ ...base, id: `${offer.key}-${i + 1}`, itemGroupId: offer.key, size, link: `${base.link}?size=${i + 1}` }));
}

/**
 * Generates the demo catalogue (see module docs for the layout). Deterministic: the same
 * options (including `now`) give byte-identical files. Throws RangeError for out-of-range
 * counts (see `planDemoCatalogue`) or `days` < 1; file-system errors propagate.
 */
export async function generateDemoCatalogue(opts: DemoCatalogueOptions): Promise<DemoCatalogueResult> {
  const days = opts.days ?? 365;
  if (!Number.isInteger(days) || days < 1) throw new RangeError('days must be a positive integer');
  const seed = opts.seed ?? 1;
  const now = opts.now ?? new Date(Date.UTC(2025, 0, 1));
  const progress = opts.onProgress ?? (() => {});
  const plan = planDemoCatalogue({ products: opts.products, merchants: opts.merchants, brands: opts.brands, seed });
  const gpcPaths = await taxonomyPaths();

  await Promise.all(
    [join(opts.outDir, 'feeds'), join(opts.outDir, 'history'), join(opts.outDir, 'promotions'), join(opts.mediaDir, 'logos')].map((d) =>
      mkdir(d, { recursive: true }),
    ),
  );
  const today = dayOf(now);
  const from = today - days;
  const to = today - 1;
  const calendar = salesCalendar(from, to);
  const updated = `${isoDay(today)}T00:00:00Z`;

  const feeds: string[] = [];
  const historyFiles: string[] = [];
  const entries: DemoMerchantEntry[] = [];
  let doneOffers = 0;
  for (const [mIndex, m] of plan.merchants.entries()) {
    const offers = plan.offersByMerchant.get(m.slug) ?? [];
    const outages = merchantOutages(seed, m.slug, from, to);
    const rows: FeedRow[] = [];
    const history: string[] = ['id\tfrom\tto\tprice\tsale_price\tavailability'];
    const money = (v: number) => formatFeedMoney(v, m.currency, m.notation === 'column' ? 'std' : m.notation);
    for (const offer of offers) {
      const { runs, today: state } = offerHistory(offer, seed, from, to, calendar, outages);
      for (const r of runs)
        history.push(`${offer.key}\t${isoDay(r.from)}\t${isoDay(r.to)}\t${money(r.price)}\t${r.sale === null ? '' : money(r.sale)}\t${r.availability}`);
      const gpc = mIndex % 2 === 0 ? String(offer.product.spec.gpc) : (gpcPaths.get(offer.product.spec.gpc) ?? String(offer.product.spec.gpc));
      rows.push(...feedRows(offer, state, gpc));
      progress(++doneOffers, plan.offerCount, 'feeds');
    }
    const feedFile = `${m.slug}.${FEED_EXT[m.format]}`;
    const text =
      m.format === 'atom' ? atomFeed(m, rows, updated) : m.format === 'csv' ? csvFeed(m, rows) : m.format === 'tsv' ? tsvFeed(m, rows) : rssFeed(m, rows);
    const feedPath = join(opts.outDir, 'feeds', feedFile);
    const historyPath = join(opts.outDir, 'history', `${m.slug}.history.tsv`);
    await writeFile(feedPath, text);
    await writeFile(historyPath, history.join('\n') + '\n');
    await writeFile(join(opts.outDir, 'promotions', `${m.slug}.promotions.tsv`), promotionsFeed(m, seed, today, calendar));
    feeds.push(feedPath);
    historyFiles.push(historyPath);
    if (opts.images !== false)
      await renderWebp(logoSvg(LOGO_COLOURS[mIndex % LOGO_COLOURS.length] as string, mIndex), join(opts.mediaDir, 'logos', `${m.slug}.webp`));
    entries.push({
      slug: m.slug,
      name: m.name,
      region: m.region,
      marketplace: m.marketplace,
      homepage: `https://${m.host}/`,
      logo: `${DEMO_MEDIA_ORIGIN}logos/${m.slug}.webp`,
      feed: `feeds/${feedFile}`,
      history: `history/${m.slug}.history.tsv`,
      promotions: `promotions/${m.slug}.promotions.tsv`,
    });
  }
  const merchantsFile = join(opts.outDir, 'merchants.json');
  await writeFile(merchantsFile, JSON.stringify(entries, null, 2) + '\n');

  const images = opts.images === false ? [] : plan.products;
  await pool(
    images,
    4,
    (p) => renderWebp(productSvg(p.spec.shape, p.hex, p.pattern, Number(p.key.slice(1))), join(opts.mediaDir, `${p.key}.webp`)),
    (n) => progress(n, images.length, 'images'),
  );
  return { merchantsFile, feeds, historyFiles, products: plan.products.length, offers: plan.offerCount, images: images.length };
}
