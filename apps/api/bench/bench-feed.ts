/**
 * The benchmarks' merchant feed (shared by `bench:ingest` and `bench:alerts`): one US department
 * store's GMC RSS 2.0 feed with one item per standard product of the demo plan, written once
 * under ./data/bench and reused. `priceFactor` writes a variant whose every third item costs
 * that share of its list price (a feed of price drops). `ensureCatalogueFeeds` writes the feeds
 * of `bench:ingest --catalogue`: a large catalogue's seed feeds and a rival merchant's feed.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  MERCHANT_DEFS,
  demoRssFeed as rssFeed,
  planDemoCatalogue,
  type DemoOffer,
  type DemoProduct,
  type FeedRow,
  type MerchantDef,
} from '@b-deals/feeds/testing';
import { BENCH_DIR, ms } from '@b-deals/db/testing';

/** The benchmark merchant: a US department store sending RSS 2.0 with every department, one item per offer. */
export const MERCHANT: MerchantDef = {
  ...(MERCHANT_DEFS.find((m) => m.slug === 'parkside-market') as MerchantDef),
  format: 'rss',
  variants: false,
  notation: 'std',
};

/** Writes (once) and returns the path of an RSS feed with `offers` items, one per planned standard product. */
export function ensureFeed(offers: number, priceFactor = 1): string {
  const file = path.join(BENCH_DIR, priceFactor === 1 ? `ingest-${offers}.xml` : `ingest-${offers}-x${priceFactor}.xml`);
  if (existsSync(file)) return file;
  const started = performance.now();
  const plan = planDemoCatalogue({ products: offers });
  const rows = plan.products.map((p, i) => canonicalRow(p, i, priceFactor));
  mkdirSync(BENCH_DIR, { recursive: true });
  writeFileSync(file, rssFeed(MERCHANT, rows));
  console.log(`feed: wrote ${file} (${rows.length} items) in ${ms(performance.now() - started)} ms`);
  return file;
}

/** The bench merchant's item for planned product `p` (the `i`-th): GTIN, MPN and the canonical title. */
function canonicalRow(p: DemoProduct, i: number, priceFactor = 1, idPrefix = 'PM'): FeedRow {
  return {
    id: `${idPrefix}-${p.key}`,
    itemGroupId: null,
    title: p.title,
    description: p.description,
    link: `https://${MERCHANT.host}/products/${p.key}`,
    imageLink: `https://media.b-deals.test/demo/${p.key}.webp`,
    availability: i % 17 === 0 ? 'out_of_stock' : 'in_stock',
    price: priceFactor !== 1 && i % 3 === 0 ? Math.round(p.listCents * priceFactor) : p.listCents,
    salePrice: i % 5 === 0 ? Math.round(p.listCents * 0.8) : null,
    currency: 'USD',
    brand: p.brandName,
    gtin: p.gtin,
    mpn: p.mpn,
    googleProductCategory: String(p.spec.gpc),
    productType: p.productType,
    color: p.color,
    size: p.sizes.length ? p.sizes.join(', ') : null,
    gender: p.spec.gender,
    ageGroup: p.spec.ageGroup,
    shipping: p.listCents >= 4900 ? 0 : 599,
  };
}

/** Items per seed feed of a benchmark catalogue (one seed merchant each). */
export const CATALOGUE_PART = 100_000;

/** Share of the rival feed's items that are products the catalogue does not hold yet. */
const RIVAL_NEW_SHARE = 0.1;

/** The demo merchants whose offers the rival feed takes, and so how it writes them: one with GTINs, the rest with an MPN only or no identifier, in their own title styles. */
const RIVAL_SOURCES = ['maple-row-outlet', 'copperleaf-kids', 'tidewater-supply', 'ember-and-ash', 'lindqvist-hus', 'corner-thread'];

/** The files of an ingest benchmark against an existing catalogue (see {@link ensureCatalogueFeeds}). */
export interface CatalogueFeeds {
  /** Seed feeds, `CATALOGUE_PART` items each: together one item per product of the catalogue, with GTIN, MPN and the canonical title. */
  parts: string[];
  /** The feed that is timed: `offers` items of another merchant, of which 90 % are catalogue products written its own way. */
  rival: string;
}

/**
 * Writes (once) and returns the feeds of `bench:ingest --catalogue`: a catalogue of `catalogue`
 * planned products in seed feeds, and a rival merchant's feed of `offers` items (RSS 2.0, USD).
 * The rival's items are offers the demo plan gives to the merchants of `RIVAL_SOURCES`, one per
 * product, spread evenly over the catalogue: about half carry the GTIN (exact match; 54 % of the
 * 100,000 against 1,000,000 products), the others only an MPN or nothing, with titles in their
 * merchant's style (matched by brand + MPN, brand + title, or blocking and scoring); 10 % are
 * products beyond the catalogue (new products). Throws RangeError when the
 * plan has too few such offers.
 */
export function ensureCatalogueFeeds(catalogue: number, offers: number): CatalogueFeeds {
  const dir = path.join(BENCH_DIR, `catalogue-${catalogue}`);
  const parts = Array.from({ length: Math.ceil(catalogue / CATALOGUE_PART) }, (_, k) => path.join(dir, `part-${k + 1}.xml`));
  const rival = path.join(dir, `rival-${offers}.xml`);
  if ([...parts, rival].every((f) => existsSync(f))) return { parts, rival };
  const started = performance.now();
  const extra = Math.ceil(offers * RIVAL_NEW_SHARE * 4);
  const plan = planDemoCatalogue({ products: catalogue + extra });
  mkdirSync(dir, { recursive: true });
  parts.forEach((file, k) => {
    const slice = plan.products.slice(k * CATALOGUE_PART, Math.min(catalogue, (k + 1) * CATALOGUE_PART));
    writeFileSync(
      file,
      rssFeed(
        MERCHANT,
        slice.map((p, i) => canonicalRow(p, k * CATALOGUE_PART + i, 1, `C${k + 1}`)),
      ),
    );
  });
  const index = new Map(plan.products.map((p, i) => [p, i]));
  const seen = new Set<DemoProduct>();
  const known: DemoOffer[] = [];
  const fresh: DemoOffer[] = [];
  for (const slug of RIVAL_SOURCES)
    for (const o of plan.offersByMerchant.get(slug) ?? []) {
      if (seen.has(o.product)) continue;
      seen.add(o.product);
      (index.get(o.product)! < catalogue ? known : fresh).push(o);
    }
  const wantFresh = Math.round(offers * RIVAL_NEW_SHARE);
  const wantKnown = offers - wantFresh;
  if (known.length < wantKnown || fresh.length < wantFresh)
    throw new RangeError(`the plan has ${known.length} + ${fresh.length} rival offers, fewer than ${wantKnown} + ${wantFresh}: use a larger --catalogue`);
  const spread = (list: DemoOffer[], n: number) => Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]!);
  const rows = [...spread(known, wantKnown), ...spread(fresh, wantFresh)].map((o, i): FeedRow => {
    const base = canonicalRow(o.product, i, 1, 'R');
    const identity = o.merchant.identity;
    return {
      ...base,
      id: `R-${o.key}`,
      link: `https://${RIVAL.host}/products/${o.key.toLowerCase()}`,
      title: o.title,
      description: o.description,
      gtin: identity === 'gtin' ? base.gtin : null,
      mpn: identity === 'none' ? null : base.mpn,
    };
  });
  writeFileSync(rival, rssFeed(RIVAL, rows));
  console.log(`feeds: wrote ${parts.length} seed feeds and ${path.basename(rival)} under ${dir} in ${ms(performance.now() - started)} ms`);
  return { parts, rival };
}

/** The rival merchant of the catalogue benchmark: a US store that writes titles its own way. */
export const RIVAL: MerchantDef = { ...MERCHANT, slug: 'bench-rival', name: 'Bench Rival', host: 'www.benchrival.example' };
