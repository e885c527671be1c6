/**
 * A product's images (catalog `syncImages`, run by every ingest for the products it touches): the
 * distinct image links of its active offers, in the order their offers were first seen, at most 6;
 * an image whose offers are gone or changed their link leaves it, the others keep their position.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { ingestFeed } from '../../src/index.ts';

const fx = loadDefaultFxTable();
const GTIN = '00012345600012';
const dress = (merchant: string, image: string): TestItem => ({
  id: `${merchant}-1`,
  title: 'Linen Wrap Dress',
  price: '80.00 USD',
  gtin: GTIN,
  imageLink: image,
});
const other: TestItem = { id: 'x-2', title: 'Cotton Shirt Dress', price: '50.00 USD', gtin: '00012345600029' };

describe.each(testDrivers())('product images on %s', (driver) => {
  let db: Database;
  let day = 0;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await db?.close();
  });

  const ingest = (merchant: string, items: TestItem[]) =>
    ingestFeed(db, {
      bytes: rssFeed(merchant, items),
      feed: `${merchant}.xml`,
      merchant: { slug: merchant, name: merchant },
      fx,
      observedAt: new Date(Date.UTC(2026, 0, 1 + day++)),
      skipMaintenance: true,
    });
  const images = async () =>
    (
      await db.query<{ position: number; url: string }>(
        `SELECT i.position, i.url FROM images i JOIN products p ON p.id = i.product_id WHERE p.gtin = $1 ORDER BY i.position`,
        [GTIN],
      )
    ).rows.map((r) => `${r.position} ${r.url}`);

  it('lists the images of the active offers in first-seen order, at most 6, and drops those that leave', async () => {
    const merchants = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'];
    for (const m of merchants) await ingest(m, [dress(m, `https://${m}.example/dress.jpg`), ...(m === 'm1' ? [other] : [])]);
    expect(await images()).toEqual(merchants.slice(0, 6).map((m, i) => `${i} https://${m}.example/dress.jpg`));

    // m2 drops the dress (a full feed without it): its image leaves and the rest move up; m7's comes in.
    await ingest('m2', [{ ...other, id: 'm2-2' }]);
    expect(await images()).toEqual(['m1', 'm3', 'm4', 'm5', 'm6', 'm7'].map((m, i) => `${i} https://${m}.example/dress.jpg`));

    // m3 changes its link; m4 sends the same link as m1 (one image, kept where m1's offer puts it).
    await ingest('m3', [dress('m3', 'https://m3.example/dress-v2.jpg')]);
    await ingest('m4', [dress('m4', 'https://m1.example/dress.jpg')]);
    expect(await images()).toEqual([
      '0 https://m1.example/dress.jpg',
      '1 https://m3.example/dress-v2.jpg',
      '2 https://m5.example/dress.jpg',
      '3 https://m6.example/dress.jpg',
      '4 https://m7.example/dress.jpg',
    ]);
    // The other product's image is untouched by all this.
    const otherImages = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM images i JOIN products p ON p.id = i.product_id WHERE p.gtin = '00012345600029'`,
    );
    expect(otherImages.rows[0]!.n).toBe(2);
  });
});
