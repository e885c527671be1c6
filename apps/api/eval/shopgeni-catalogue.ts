/**
 * The demo catalogue ShopGeni's and search's evaluations (and ShopGeni's tests) run on: the deterministic demo generator's
 * GMC feeds and price histories (fictional merchants and brands), ingested through the real
 * ingest path (`ingestSource` → `finishIngest`) into the given database (PGlite in-process).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '@b-deals/db';
import { demoMerchantInput, generateDemoCatalogue, loadDefaultFxTable, type DemoMerchantEntry } from '@b-deals/feeds';
import { finishIngest, ingestSource } from '../src/index.ts';

/** Fixed "today" of the generated catalogue, so runs are reproducible. */
export const CATALOGUE_NOW = new Date(Date.UTC(2025, 5, 1));

/** Generates and ingests `products` demo products over `days` days of price history. */
export async function loadGiftCatalogue(db: Database, opts: { products: number; merchants?: number; days?: number; seed?: number }): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bdeals-shopgeni-'));
  try {
    const result = await generateDemoCatalogue({
      products: opts.products,
      merchants: opts.merchants ?? 20,
      days: opts.days ?? 1,
      now: CATALOGUE_NOW,
      seed: opts.seed ?? 18,
      images: false,
      outDir: path.join(dir, 'out'),
      mediaDir: path.join(dir, 'media'),
    });
    const merchants = JSON.parse(await readFile(result.merchantsFile, 'utf8')) as DemoMerchantEntry[];
    const fx = loadDefaultFxTable();
    for (const kind of ['feed', 'history'] as const)
      for (const m of merchants) {
        const file = m[kind];
        if (!file) continue;
        await ingestSource(db, {
          bytes: await readFile(path.join(dir, 'out', file)),
          filename: file,
          fx,
          observedAt: CATALOGUE_NOW,
          skipMaintenance: true,
          merchant: demoMerchantInput(m),
        });
      }
    await finishIngest(db);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
