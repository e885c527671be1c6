/**
 * The benchmarks' merchant feed (shared by `bench:ingest` and `bench:alerts`): one US department
 * store's GMC RSS 2.0 feed with one item per standard product of the demo plan, written once
 * under ./data/bench and reused. `priceFactor` writes a variant whose every third item costs
 * that share of its list price (a feed of price drops).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MERCHANT_DEFS, demoRssFeed as rssFeed, planDemoCatalogue, type FeedRow, type MerchantDef } from '@b-deals/feeds/testing';
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
  const rows: FeedRow[] = plan.products.map((p, i) => {
    const onSale = i % 5 === 0;
    return {
      id: `PM-${p.key}`,
      itemGroupId: null,
      title: p.title,
      description: p.description,
      link: `https://${MERCHANT.host}/products/${p.key}`,
      imageLink: `https://media.b-deals.test/demo/${p.key}.webp`,
      availability: i % 17 === 0 ? 'out_of_stock' : 'in_stock',
      price: priceFactor !== 1 && i % 3 === 0 ? Math.round(p.listCents * priceFactor) : p.listCents,
      salePrice: onSale ? Math.round(p.listCents * 0.8) : null,
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
  });
  mkdirSync(BENCH_DIR, { recursive: true });
  writeFileSync(file, rssFeed(MERCHANT, rows));
  console.log(`feed: wrote ${file} (${rows.length} items) in ${ms(performance.now() - started)} ms`);
  return file;
}
