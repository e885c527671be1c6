import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoCatalogue, loadDefaultFxTable, type DemoMerchantEntry } from '@b-deals/feeds';
import { readPromotion } from '../../src/editorial/index.ts';

/** The demo generator's promotions feeds, read by the API's promotions reader (the generator lives in @b-deals/feeds, the reader in the editorial domain). */
describe('demo promotions feeds', () => {
  const now = new Date('2025-12-15T00:00:00Z');
  let dir = '';
  let merchants: DemoMerchantEntry[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'demo-promotions-'));
    const result = await generateDemoCatalogue({
      products: 200,
      merchants: 20,
      days: 60,
      now,
      seed: 7,
      outDir: join(dir, 'out'),
      mediaDir: join(dir, 'media'),
    });
    merchants = JSON.parse(await readFile(result.merchantsFile, 'utf8')) as DemoMerchantEntry[];
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a GMC promotions feed per merchant whose every row the promotions reader accepts, some running on the day', async () => {
    const fx = loadDefaultFxTable();
    let running = 0;
    for (const m of merchants) {
      const rows = parseCsv(await readFile(join(dir, 'out', m.promotions)), { delimiter: '\t', columns: true }) as Array<Record<string, string>>;
      for (const row of rows) {
        const p = readPromotion(row, fx, now, m.homepage);
        expect('reject' in p ? p.reject : null, `${m.slug} ${row.promotion_id}`).toBeNull();
        if (!('reject' in p) && new Date(p.starts_at) <= now && (!p.ends_at || new Date(p.ends_at) > now)) running++;
      }
    }
    expect(running).toBeGreaterThan(merchants.length / 2);
  });
});
