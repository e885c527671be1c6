/**
 * A standard product's name is chosen among its offers' titles (core `displayTitle`, issue 11), not
 * taken from whichever merchant's feed arrived first; its slug and search vector follow the name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_TITLE_RULE, gtinCheckDigit } from '@b-deals/core';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { ingestFeed } from '../../src/index.ts';
import { renameProducts } from '../../src/catalog/index.ts';

const fx = loadDefaultFxTable();
const gtin = (n: number) => {
  const body = `0009876${String(n).padStart(6, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
};
const TITLES = {
  shouty: 'KITESTONE Leather Western Boot in Rust',
  plain: 'Kitestone Leather Western Boot - Rust',
  piped: 'Kitestone | Leather Western Boot | Rust',
};
type Merchant = keyof typeof TITLES;
const boot = (merchant: Merchant, n: number): TestItem => ({
  id: `${merchant}-${n}`,
  title: TITLES[merchant],
  brand: 'Kitestone',
  price: '120.00 USD',
  gtin: gtin(n),
  category: 'Apparel & Accessories > Shoes',
});

describe.each(testDrivers())('product names on %s', (driver) => {
  let db: Database;
  let day = 1;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await db?.close();
  });

  const ingest = (merchant: Merchant, items: TestItem[]) =>
    ingestFeed(db, {
      bytes: rssFeed(merchant, items),
      feed: `${merchant}.xml`,
      merchant: { slug: merchant, name: merchant },
      fx,
      observedAt: new Date(Date.UTC(2026, 0, day++)),
    });
  const product = async (n: number) =>
    (
      await db.query<{ title: string; slug: string; found: boolean; offers: number }>(
        `SELECT p.title, p.slug, p.search @@ to_tsquery('english', 'western & boot') AS found, p.offer_count AS offers
           FROM products p WHERE p.gtin = $1`,
        [gtin(n)],
      )
    ).rows[0]!;

  it('names a product from its best offer title, whatever the order the feeds arrive in, and follows offers that leave', async () => {
    // Product 1: the shouting merchant first; product 2: the plain one first.
    await ingest('shouty', [boot('shouty', 1)]);
    expect(await product(1)).toMatchObject({ title: 'Kitestone Leather Western Boot in Rust', slug: 'kitestone-leather-western-boot-in-rust', found: true });
    await ingest('plain', [boot('plain', 1), boot('plain', 2)]);
    await ingest('piped', [boot('piped', 1), boot('piped', 2)]);
    await ingest('shouty', [boot('shouty', 1), boot('shouty', 2)]);
    for (const n of [1, 2]) {
      expect(await product(n)).toEqual({ title: TITLES.plain, slug: 'kitestone-leather-western-boot-rust', found: true, offers: 3 });
    }
    // The plain merchant stops selling product 1: the name falls to the next best of the offers left.
    await ingest('plain', [boot('plain', 2)]);
    expect(await product(1)).toMatchObject({ title: TITLES.piped, slug: 'kitestone-leather-western-boot-rust', offers: 2 });
    expect(await product(2)).toMatchObject({ title: TITLES.plain, offers: 3 });
  });

  it('names stored products again at start-up when the rule changed, once', async () => {
    await db.query(`UPDATE products SET title = 'KITESTONE | Boot', slug = 'old-slug' WHERE gtin = $1`, [gtin(2)]);
    await db.query(`UPDATE rule_versions SET version = version - 1 WHERE name = 'product_title'`);
    expect(await renameProducts(db)).toBe(1);
    expect(await product(2)).toMatchObject({ title: TITLES.plain, slug: 'kitestone-leather-western-boot-rust', found: true });
    const version = await db.query<{ version: number }>(`SELECT version FROM rule_versions WHERE name = 'product_title'`);
    expect(version.rows[0]?.version).toBe(PRODUCT_TITLE_RULE);
    await db.query(`UPDATE products SET title = 'KITESTONE | Boot' WHERE gtin = $1`, [gtin(2)]);
    expect(await renameProducts(db)).toBe(0);
  });
});
