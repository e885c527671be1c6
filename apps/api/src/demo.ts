/**
 * The demo catalogue at start-up (issue 2 §9): generated once into DATA_DIR/demo by the
 * deterministic generator, then ingested through the same code path as real feeds
 * (`ingestSource`). Feeds whose bytes did not change since the last start are recognised by
 * their hash and not re-ingested, so later starts stay fast.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IngestReport } from '@b-deals/contracts';
import type { Marketplace, Region } from '@b-deals/core';
import type { Database } from '@b-deals/db';
import { generateDemoCatalogue, type FxTable } from '@b-deals/feeds';
import { finishIngest, ingestSource } from './ingest/index.ts';

interface DemoMerchant {
  slug: string;
  name: string;
  region: Region;
  marketplace: Marketplace | null;
  homepage: string | null;
  logo: string | null;
  feed: string;
  history: string;
  promotions: string;
}

/** Bump when the generator's output changes (shape or values), so existing data dirs regenerate. 5: jewelry named for its metal has that colour. */
const GENERATOR_VERSION = 5;

export interface DemoProgress {
  /** Called with the phase, done and total units of that phase. */
  (phase: 'generate' | 'ingest', done: number, total: number): void;
}

/** Generates (when needed) and ingests the demo catalogue. Returns one report per file. */
export async function loadDemoCatalogue(
  db: Database,
  opts: { dataDir: string; mediaDir: string; products: number; fx: FxTable; onProgress?: DemoProgress },
): Promise<IngestReport[]> {
  const outDir = path.join(opts.dataDir, 'demo');
  const stampFile = path.join(outDir, 'generated.json');
  const wanted = { version: GENERATOR_VERSION, products: opts.products };
  let stamp: { version: number; products: number; now: string } | null = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, 'utf8')) : null;
  if (!stamp || stamp.version !== wanted.version || stamp.products !== wanted.products) {
    const now = new Date();
    await generateDemoCatalogue({
      outDir,
      mediaDir: path.join(opts.mediaDir, 'demo'),
      products: opts.products,
      now,
      onProgress: (d, t) => opts.onProgress?.('generate', d, t),
    });
    stamp = { ...wanted, now: now.toISOString() };
    writeFileSync(stampFile, JSON.stringify(stamp));
  }
  const observedAt = new Date(stamp.now);
  const merchants = JSON.parse(readFileSync(path.join(outDir, 'merchants.json'), 'utf8')) as DemoMerchant[];
  const total = merchants.length * 3;
  const reports: IngestReport[] = [];
  let done = 0;
  for (const kind of ['feed', 'history', 'promotions'] as const) {
    for (const m of merchants) {
      const file = path.join(outDir, m[kind]);
      reports.push(
        await ingestSource(db, {
          bytes: readFileSync(file),
          filename: file,
          fx: opts.fx,
          observedAt,
          skipMaintenance: true,
          merchant: { slug: m.slug, name: m.name, region: m.region, marketplace: m.marketplace, homepage: m.homepage, logo: m.logo },
        }),
      );
      opts.onProgress?.('ingest', ++done, total);
    }
  }
  // Also when a previous start stopped between the ingests and this step (nothing changed, but the vocabulary is missing).
  const vocabulary = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM search_words`);
  if (reports.some((r) => !r.unchanged) || vocabulary.rows[0]!.n === 0) await finishIngest(db);
  return reports;
}
