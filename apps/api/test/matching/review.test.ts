import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers, truncateAll } from '@b-deals/db/testing';
import type { TestItem } from '@b-deals/feeds/testing';
import { day, ingestItems } from './feed-ingest.ts';
import { MATCH_THRESHOLD, REVIEW_MARGIN, ReviewError, decideMatch, rematch, reviewQueue } from '../../src/matching/index.ts';

const turntable: TestItem = {
  id: 'T1',
  title: 'Sony PS-LX350H Belt-Drive Turntable',
  price: '99.99 USD',
  brand: 'Sony',
};
// Same model number, a title written differently and three times the price: scored just under the threshold (at a normal price, above it).
const recordPlayer = (price: string): TestItem => ({
  id: 'S1',
  title: 'Sony PSLX350H belt drive record player',
  price,
  brand: 'Sony',
});

describe.each(testDrivers())('match review on %s', (driver) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(async () => db?.close());
  beforeEach(async () => truncateAll(db));

  const ingest = (merchant: string, items: TestItem[], at: Date) => ingestItems(db, merchant, items, at);
  const offer = async (key: string) =>
    (await db.query<{ id: number; product_id: number; match_method: string }>(`SELECT id, product_id, match_method FROM offers WHERE offer_key = $1`, [key]))
      .rows[0]!;

  it('lists a borderline pair with both titles and prices; accept joins the offer and keeps its history', async () => {
    await ingest('north', [turntable], day(1));
    await ingest('south', [recordPlayer('299.99 USD')], day(2));
    const queue = await reviewQueue(db);
    expect(queue).toHaveLength(1);
    const pair = queue[0]!;
    expect(pair).toMatchObject({
      merchant: 'south',
      offerTitle: 'Sony PSLX350H belt drive record player',
      offerPriceCents: 29999,
      productTitle: turntable.title,
      productPriceCents: 9999,
    });
    expect(pair.score).toBeLessThan(MATCH_THRESHOLD);
    expect(pair.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD - REVIEW_MARGIN);
    const before = await offer('S1');
    expect(before.product_id).not.toBe(pair.productId);

    await decideMatch(db, pair.offerId, 'accept', day(3));
    const after = await offer('S1');
    expect(after).toMatchObject({
      product_id: (await offer('T1')).product_id,
      match_method: 'reviewed',
    });
    // the emptied product is gone, the offer's price history is not
    expect((await db.query(`SELECT 1 FROM products WHERE id = $1`, [before.product_id])).rows).toHaveLength(0);
    expect((await db.query(`SELECT 1 FROM price_observations WHERE offer_id = $1`, [after.id])).rows).toHaveLength(1);
    const p = await db.query<{ offer_count: number }>(`SELECT offer_count FROM products WHERE id = $1`, [after.product_id]);
    expect(p.rows[0]!.offer_count).toBe(2);
    expect(await reviewQueue(db)).toEqual([]);
  });

  it('files the product an accepted offer leaves where its remaining first offer is', async () => {
    await ingest('north', [turntable], day(1));
    await ingest('south', [recordPlayer('299.99 USD')], day(2));
    // A third merchant lists the same record player (same brand and title: it joins the south product), filed elsewhere by its gender.
    await ingest('west', [{ ...recordPlayer('299.99 USD'), id: 'W1', gender: 'male' }], day(3));
    const started = (await offer('S1')).product_id;
    expect((await offer('W1')).product_id).toBe(started);
    const codes = await db.query<{ offer_key: string; category_code: string }>(`SELECT offer_key, category_code FROM offers WHERE offer_key IN ('S1', 'W1')`);
    const code = Object.fromEntries(codes.rows.map((r) => [r.offer_key, r.category_code]));
    expect(code.W1).not.toBe(code.S1);
    const category = async () =>
      (await db.query<{ category_code: string }>(`SELECT category_code FROM products WHERE id = $1`, [started])).rows[0]!.category_code;
    expect(await category()).toBe(code.S1);
    const [pair] = await reviewQueue(db);
    expect(pair!.offerTitle).toBe('Sony PSLX350H belt drive record player');
    await decideMatch(db, (await offer('S1')).id, 'accept', day(4));
    // the listing that started it left: the product follows the one that is now its first
    expect(await category()).toBe(code.W1);
  });

  it('a rejected pair stays apart in later ingests, even when the score would now join it', async () => {
    await ingest('north', [turntable], day(1));
    await ingest('south', [recordPlayer('299.99 USD')], day(2));
    const [pair] = await reviewQueue(db);
    await decideMatch(db, pair!.offerId, 'reject', day(3));
    expect(await reviewQueue(db)).toEqual([]);
    // The merchant's listings are rebuilt (a new feed from scratch); at a normal price the pair would score above the threshold.
    const own = (await offer('S1')).product_id;
    await db.query(`DELETE FROM offers WHERE merchant_id = (SELECT id FROM merchants WHERE slug = 'south')`);
    await db.query(`DELETE FROM product_keys WHERE product_id = $1`, [own]);
    await db.query(`DELETE FROM products WHERE id = $1`, [own]);
    // Without the decision it would join: a second merchant's same listing does…
    await ingest('west', [{ ...recordPlayer('104.99 USD'), id: 'W1' }], day(4));
    expect(await offer('W1')).toMatchObject({
      product_id: (await offer('T1')).product_id,
      match_method: 'model',
    });
    // …but the merchant that rejected it stays apart.
    await ingest('south', [recordPlayer('104.99 USD')], day(4));
    expect((await offer('S1')).product_id).not.toBe((await offer('T1')).product_id);
  });

  it('rematch joins offers matched before the matcher knew model numbers, keeping their price history', async () => {
    await ingest('north', [turntable], day(1));
    // As an ingest before this matcher: no blocking keys, so the south offer started its own product.
    await db.query(`DELETE FROM product_blocking_keys`);
    await ingest('south', [recordPlayer('104.99 USD')], day(2));
    await db.query(`DELETE FROM product_blocking_keys`);
    await ingest('south', [recordPlayer('99.00 USD')], day(3));
    const before = await offer('S1');
    expect(before.match_method).toBe('new');
    expect(before.product_id).not.toBe((await offer('T1')).product_id);
    const history = (await db.query(`SELECT price_cents FROM price_observations WHERE offer_id = $1 ORDER BY valid_from`, [before.id])).rows;
    expect(history).toHaveLength(2);

    const report = await rematch(db);
    expect(report).toMatchObject({ offers: 2, moved: 1, removedProducts: 1 });
    expect(report.keysAdded).toBeGreaterThanOrEqual(1);
    const after = await offer('S1');
    expect(after).toMatchObject({
      id: before.id,
      product_id: (await offer('T1')).product_id,
      match_method: 'model',
    });
    expect((await db.query(`SELECT price_cents FROM price_observations WHERE offer_id = $1 ORDER BY valid_from`, [after.id])).rows).toEqual(history);
    expect((await db.query(`SELECT count(*)::int AS n FROM products`)).rows[0]).toEqual({ n: 1 });
    // a second run changes nothing
    expect(await rematch(db)).toMatchObject({ moved: 0, split: 0, removedProducts: 0, keysAdded: 0 });
  });

  it('rematch honours a rejection', async () => {
    await ingest('north', [turntable], day(1));
    await ingest('south', [recordPlayer('299.99 USD')], day(2));
    const [pair] = await reviewQueue(db);
    await decideMatch(db, pair!.offerId, 'reject', day(3));
    await ingest('south', [recordPlayer('104.99 USD')], day(4)); // now it would score above the threshold
    expect(await rematch(db)).toMatchObject({ moved: 0 });
    expect((await offer('S1')).product_id).not.toBe((await offer('T1')).product_id);
  });

  it('rematch splits an offer an earlier, looser matcher joined by its score into a product of its own, keeping its price history', async () => {
    await ingest('north', [turntable], day(1));
    const walkman: TestItem = { id: 'S2', title: 'Sony WM-FX290 Walkman cassette player', price: '24.99 USD', brand: 'Sony', gtin: '0027242651913' };
    await ingest('south', [walkman], day(2));
    await ingest('south', [{ ...walkman, price: '22.99 USD' }], day(3));
    const table = (await offer('T1')).product_id;
    const own = (await offer('S2')).product_id;
    // As a looser matcher left it: the walkman joined the turntable by its score, with the GTIN key it brought.
    await db.query(`UPDATE offers SET product_id = $1, match_method = 'title', match_score = 0.6 WHERE offer_key = 'S2'`, [table]);
    await db.query(`UPDATE product_keys SET product_id = $1 WHERE product_id = $2`, [table, own]);
    await db.query(`DELETE FROM product_blocking_keys WHERE product_id = $1`, [own]);
    await db.query(`DELETE FROM images WHERE product_id = $1`, [own]);
    await db.query(`DELETE FROM products WHERE id = $1`, [own]);
    await db.query(`UPDATE products SET offer_count = 2 WHERE id = $1`, [table]);
    const history = (
      await db.query(`SELECT price_cents FROM price_observations WHERE offer_id = (SELECT id FROM offers WHERE offer_key = 'S2') ORDER BY valid_from`)
    ).rows;
    expect(history).toHaveLength(2);

    const report = await rematch(db);
    expect(report).toMatchObject({ split: 1, moved: 0, removedProducts: 0 });
    const after = await db.query<{ id: number; product_id: number; match_method: string; match_candidate_id: number }>(
      `SELECT id, product_id, match_method, match_candidate_id FROM offers WHERE offer_key = 'S2'`,
    );
    const split = after.rows[0]!;
    expect(Number(split.product_id)).not.toBe(Number(table));
    expect(split).toMatchObject({ match_method: 'new' });
    expect(Number(split.match_candidate_id)).toBe(Number(table));
    const products = await db.query<{ id: number; title: string; offer_count: number; price_cents: number; brand: string | null }>(
      `SELECT p.id, p.title, p.offer_count, p.price_cents, b.name AS brand FROM products p LEFT JOIN brands b ON b.id = p.brand_id ORDER BY p.id`,
    );
    expect(products.rows.map((p) => ({ ...p, id: Number(p.id) }))).toEqual([
      { id: Number(table), title: turntable.title, offer_count: 1, price_cents: 9999, brand: 'Sony' },
      { id: Number(split.product_id), title: walkman.title, offer_count: 1, price_cents: 2299, brand: 'Sony' },
    ]);
    expect((await db.query(`SELECT price_cents FROM price_observations WHERE offer_id = $1 ORDER BY valid_from`, [split.id])).rows).toEqual(history);
    // Its exact keys went with it, the turntable's stayed: the same walkman at a third merchant joins the walkman.
    const keys = await db.query<{ key: string; product_id: number }>(`SELECT key, product_id FROM product_keys ORDER BY key`);
    expect(keys.rows.map((r) => [r.key, Number(r.product_id)])).toEqual([
      ['gtin:00027242651913', Number(split.product_id)],
      ['title:sony:ps-lx350h-belt-drive-turntable', Number(table)],
      ['title:sony:wm-fx290-walkman-cassette-player', Number(split.product_id)],
    ]);
    await ingest('west', [{ ...walkman, id: 'W2', title: 'Walkman WM-FX290 by Sony' }], day(4));
    expect(Number((await offer('W2')).product_id)).toBe(Number(split.product_id));
    // Searchable under its own title, and a second run changes nothing.
    const found = await db.query(`SELECT id FROM products WHERE search @@ plainto_tsquery('simple', 'walkman')`);
    expect(found.rows.map((r) => Number(r.id))).toEqual([Number(split.product_id)]);
    expect(await rematch(db)).toMatchObject({ moved: 0, split: 0, removedProducts: 0 });
  });

  it('refuses a decision on an unknown offer or one without a candidate', async () => {
    await ingest('north', [turntable], day(1));
    await expect(decideMatch(db, 999999, 'accept')).rejects.toBeInstanceOf(ReviewError);
    await expect(decideMatch(db, (await offer('T1')).id, 'accept')).rejects.toMatchObject({
      code: 'no_candidate',
    });
  });
});
