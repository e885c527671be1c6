/**
 * Products filed again when the category mapper's answer changes (issue 11 §2; catalog
 * `refile.ts`): offers keep GMC `gender` and the mapped category; a catalogue written under an
 * earlier mapper rule is brought up to the current one at start (`refileCategories`), and an
 * ingest that writes a listing again with another answer moves the product it started
 * (`refileProducts`), but never one another merchant's listing started.
 *
 * A catalogue "written under an earlier rule" is made by writing, into a catalogue the current
 * ingest wrote, the category an earlier mapper gave (stale codes in `products` and `offers`, an
 * older `rule_versions` row, an older listing hash): the state such a catalogue is in.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { categoryByCode } from '@b-deals/core';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { CATEGORY_MAP_RULE, loadDefaultFxTable, mapCategory } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { refileCategories } from '../../src/catalog/index.ts';
import { ingestFeed } from '../../src/index.ts';

const SHIRTS = 'Apparel & Accessories > Clothing > Shirts & Tops';
/** A men's tee: only its GMC `gender` says whom it is for (without it the mapper files it as a women's tee). */
const TEE: TestItem = {
  id: 'tee',
  title: 'Fieldmark Cotton Crew Tee',
  price: '20.00 USD',
  brand: 'Fieldmark',
  gtin: '4006381333931',
  category: SHIRTS,
  gender: 'male',
};
/** A bag of no named kind sold by its volume: a backpack. */
const BAG: TestItem = { id: 'bag', title: 'Fieldmark 10L Black Bag', price: '30.00 USD', brand: 'Fieldmark', category: '', gender: 'unisex' };

/** The mapper's answer for a test item as the feed builder writes it (its description: title and merchant). */
const mapped = (i: TestItem, gender: 'male' | 'female' | 'unisex' | null = (i.gender as 'male') ?? null) =>
  mapCategory({
    googleProductCategory: i.category || null,
    productType: null,
    title: i.title,
    description: `${i.title} from fieldmark`,
    gender,
    ageGroup: null,
  }).code;

async function ingest(db: Database, merchant: string, items: TestItem[]): Promise<void> {
  await ingestFeed(db, { bytes: rssFeed(merchant, items), feed: `${merchant}.xml`, merchant: { slug: merchant, name: merchant }, fx: loadDefaultFxTable() });
}

async function filed(db: Database, title: string): Promise<{ product: string; terms: string; offers: Array<{ code: string | null; gender: string | null }> }> {
  const p = await db.query<{ id: string; category_code: string; category_terms: string }>(
    `SELECT id, category_code, category_terms FROM products WHERE title = $1`,
    [title],
  );
  const row = p.rows[0]!;
  const o = await db.query<{ category_code: string | null; gender: string | null }>(
    `SELECT category_code, gender FROM offers WHERE product_id = $1 ORDER BY id`,
    [row.id],
  );
  return { product: row.category_code, terms: row.category_terms, offers: o.rows.map((r) => ({ code: r.category_code, gender: r.gender })) };
}

/** Writes what an earlier mapper gave (`code`) as the product's and its offers' category, with an older listing hash and an older rule recorded. */
async function stale(db: Database, title: string, code: string | null, opts: { gender?: null } = {}): Promise<void> {
  await db.query(`UPDATE products SET category_code = $2, category_terms = '' WHERE title = $1`, [title, code ?? '']);
  await db.query(
    `UPDATE offers SET category_code = $2, content_hash = 'v3-hash', gender = CASE WHEN $3 THEN NULL ELSE gender END
      WHERE product_id = (SELECT id FROM products WHERE title = $1)`,
    [title, code, opts.gender === null],
  );
  await db.query(`INSERT INTO rule_versions (name, version) VALUES ('category_map', $1) ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version`, [
    CATEGORY_MAP_RULE - 1,
  ]);
}

describe.each(testDrivers())('products filed again under the current category mapper on %s', (driver) => {
  let db: Database;
  beforeEach(async () => {
    db = await createTestDatabase(driver);
    await ingest(db, 'fieldmark', [TEE, BAG]);
  }, 120_000);
  afterEach(async () => {
    await db?.close();
  });

  it('keeps GMC gender and the mapped category on every offer, the product filed where its first offer is', async () => {
    expect(mapped(TEE)).not.toBe(mapped(TEE, null)); // the test means something: the gender decides
    expect(await filed(db, TEE.title)).toMatchObject({ product: mapped(TEE), offers: [{ code: mapped(TEE), gender: 'male' }] });
    expect(categoryByCode(mapped(BAG))?.term).toBe('Backpacks');
    expect(await filed(db, BAG.title)).toMatchObject({ product: mapped(BAG), offers: [{ code: mapped(BAG), gender: 'unisex' }] });
  });

  it('files a catalogue written under an earlier rule again at start, reading the gender its offers kept', async () => {
    await stale(db, TEE.title, mapped(TEE, null));
    await stale(db, BAG.title, 'e');
    expect(await refileCategories(db)).toBe(2);
    const tee = await filed(db, TEE.title);
    expect(tee).toMatchObject({ product: mapped(TEE), offers: [{ code: mapped(TEE) }] });
    expect(tee.terms).toContain('T-Shirts');
    const bag = await filed(db, BAG.title);
    expect(bag).toMatchObject({ product: mapped(BAG), offers: [{ code: mapped(BAG) }] });
    expect(bag.terms).toContain('Backpacks');
    const search = await db.query<{ title: string }>(`SELECT title FROM products WHERE search @@ to_tsquery('english', 'backpack')`);
    expect(search.rows.map((r) => r.title)).toEqual([BAG.title]);
    // the version is recorded: the next start reads one row and moves nothing
    await db.query(`UPDATE products SET category_code = 'e' WHERE title = $1`, [BAG.title]);
    expect(await refileCategories(db)).toBe(0);
  });

  it('leaves at start a product whose first offer predates the gender column, and files it at its next ingest', async () => {
    await stale(db, TEE.title, null, { gender: null });
    await db.query(`UPDATE products SET category_code = $2 WHERE title = $1`, [TEE.title, mapped(TEE, null)]);
    expect(await refileCategories(db)).toBe(0);
    expect((await filed(db, TEE.title)).product).toBe(mapped(TEE, null));
    await ingest(db, 'fieldmark', [TEE, BAG, { ...BAG, id: 'bag-2', title: 'Fieldmark 20L Grey Bag' }]);
    expect(await filed(db, TEE.title)).toMatchObject({ product: mapped(TEE), offers: [{ code: mapped(TEE), gender: 'male' }] });
  });

  it("moves a product at the ingest that writes its first listing again with another answer, never for another merchant's listing", async () => {
    // another merchant lists the same tee (same GTIN) for women: it joins the product and keeps its own answer
    const womens = { ...TEE, id: 'w-tee', gender: 'female' };
    await ingest(db, 'northvale', [womens]);
    expect(await filed(db, TEE.title)).toMatchObject({ product: mapped(TEE), offers: [{ code: mapped(TEE) }, { code: mapped(womens) }] });
    // that merchant's listing written again: the product stays where its first offer files it
    await db.query(`UPDATE offers SET category_code = $1, content_hash = 'v3-hash' WHERE item_ids = '{w-tee}'`, [mapped(TEE)]);
    await ingest(db, 'northvale', [womens, { ...womens, id: 'w-bag', title: 'Northvale Canvas Backpack', gtin: undefined }]);
    expect((await filed(db, TEE.title)).product).toBe(mapped(TEE));
    // the first listing written again with another answer than it recorded: the product moves
    await stale(db, BAG.title, 'e');
    await ingest(db, 'fieldmark', [TEE, BAG, { ...BAG, id: 'bag-2', title: 'Fieldmark 20L Grey Bag' }]);
    const bag = await filed(db, BAG.title);
    expect(bag).toMatchObject({ product: mapped(BAG), offers: [{ code: mapped(BAG) }] });
    expect(bag.terms).toContain('Backpacks');
  });
});
