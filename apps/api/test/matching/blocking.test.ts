import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers, truncateAll } from '@b-deals/db/testing';
import type { TestItem } from '@b-deals/feeds/testing';
import { day, ingestItems } from './feed-ingest.ts';
import { MATCH_THRESHOLD, MAX_KEY_PRODUCTS } from '../../src/matching/index.ts';

const crosley: TestItem = { id: 'C1', title: 'Crosley Cruiser Deluxe Portable Turntable', price: '69.95 USD', brand: 'Crosley' };

describe.each(testDrivers())('ingest blocking on title words and model numbers on %s', (driver) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(async () => db?.close());
  beforeEach(async () => truncateAll(db));

  const ingest = (merchant: string, items: TestItem[], at: Date) => ingestItems(db, merchant, items, at);
  const offer = async (key: string) =>
    (
      await db.query<{ product_id: number; match_method: string; match_score: number | null; match_candidate_id: number | null }>(
        `SELECT product_id, match_method, match_score, match_candidate_id FROM offers WHERE offer_key = $1`,
        [key],
      )
    ).rows[0]!;

  it('joins a listing without brand, model number or exact key to the product sharing its rare title words, recorded as a title match', async () => {
    await ingest('north', [crosley], day(1));
    // No brand field (so no brand + title key), no model number: only the title words can block it.
    await ingest('south', [{ id: 'S1', title: 'Crosley Cruiser Deluxe Portable Turntable', price: '72.00 USD' }], day(2));
    const south = await offer('S1');
    expect(south).toMatchObject({ product_id: (await offer('C1')).product_id, match_method: 'title' });
    expect(south.match_score).toBeGreaterThan(0.5);
    expect((await db.query(`SELECT count(*)::int AS n FROM products`)).rows[0]).toEqual({ n: 1 });
  });

  it('does not make candidates from a word many products hold', async () => {
    await ingest('north', [crosley], day(1));
    // While 'turntable' is rare, a listing sharing only that word is scored against the product (and kept apart).
    await ingest('west', [{ id: 'W1', title: 'Turntable dust cover', price: '9.99 USD' }], day(2));
    const north = (await offer('C1')).product_id;
    expect(await offer('W1')).toMatchObject({ match_method: 'new', match_candidate_id: north });
    // Once more than MAX_KEY_PRODUCTS products hold it, the word is common and makes no candidates.
    await db.query(`INSERT INTO product_blocking_keys (key, product_id) SELECT 'w:turntable', 1000000 + g FROM generate_series(1, $1::int) AS g`, [
      MAX_KEY_PRODUCTS,
    ]);
    await ingest('south', [{ id: 'S2', title: 'Turntable felt slipmat', price: '9.99 USD' }], day(3));
    expect(await offer('S2')).toMatchObject({ match_method: 'new', match_candidate_id: null, match_score: null });
  });

  it('takes a model number that the listing and its candidates share three times or more for a standard, not one product, as the eval counts it', async () => {
    const belkin = (id: string, title: string): TestItem => ({ id, title, price: '9.99 USD', brand: 'Belkin' });
    await ingest(
      'north',
      [
        belkin('N1', 'Belkin RJ45 Cat6 Snagless Patch Cable, 10 ft'),
        belkin('N2', 'Belkin RJ45 Inline Modular Coupler'),
        belkin('N3', 'Belkin RJ45 Crimp Tool for Cat5e and Cat6'),
      ],
      day(1),
    );
    // "RJ45" is in all four titles: a plug standard. Read as one product's model number it joined the 10 ft cable.
    await ingest('south', [{ ...belkin('S1', 'Belkin RJ45 Cat6 Snagless Patch Cable, 25 ft'), price: '12.99 USD' }], day(2));
    expect(await offer('S1')).toMatchObject({ match_method: 'new', match_candidate_id: (await offer('N1')).product_id });
    expect((await offer('S1')).match_score).toBeLessThan(MATCH_THRESHOLD);
  });
});
