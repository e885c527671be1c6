/**
 * Search precision (issue 11 §6): a department's merchandising name does not make every item in
 * it match ("sneakers" is no racket), common synonyms find each other ("trainers", "purse", "tee"),
 * a hyphenated word is one word ("t-shirt" is no shirt), a word only in a description does not
 * make a product match while another matches by its title, and catalogues written under the
 * earlier category rule are brought up to it at start (`refreshCategoryTerms`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchConditionSchema, type SearchConditionInput } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { refreshCategoryTerms } from '../src/catalog/index.ts';
import { ingestFeed } from '../src/index.ts';
import { SearchIndex, productSearchVector, searchProducts } from '../src/search/index.ts';

const item = (id: string, title: string, category: string, productType?: string, description?: string): TestItem => ({
  id,
  title,
  price: '40.00 USD',
  brand: 'Fieldmark',
  category,
  productType,
  description,
});

describe.each(testDrivers())('category words in search on %s', (driver) => {
  let db: Database;
  // A fresh index per search, so a search reads the rows as they are now.
  const names = async (input: SearchConditionInput) =>
    (await searchProducts(db, SearchConditionSchema.parse({ ...input, to: 50 }), { index: new SearchIndex() })).items.map((i) => i.name).sort();

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    await ingestFeed(db, {
      bytes: rssFeed('fieldmark', [
        item('racket', 'Fieldmark Pro Carbon Racket', 'Sporting Goods > Athletics > Racquet Sports > Tennis > Tennis Racquets', 'Sports > Tennis Rackets'),
        item(
          'mat',
          'Fieldmark Cork Yoga Mat',
          'Sporting Goods > Exercise & Fitness > Yoga & Pilates > Yoga Mats',
          'Sports > Yoga Mats',
          'Cork top; pairs with any racket bag.',
        ),
        item('sneaker', 'Fieldmark Court Classic Low', 'Apparel & Accessories > Shoes', "Women's Shoes > Sneakers"),
        item('tote', 'Fieldmark Canvas Market Carryall', 'Apparel & Accessories > Handbags, Wallets & Cases > Handbags', 'Bags > Handbags > Tote Bags'),
        item('tee', 'Fieldmark Cotton Crew T-Shirt', 'Apparel & Accessories > Clothing > Shirts & Tops', "Women's Clothing > Tops > T-Shirts"),
        item('oxford', 'Fieldmark Oxford Button-Down Shirt', 'Apparel & Accessories > Clothing > Shirts & Tops', "Men's Clothing > Shirts > Dress Shirts"),
      ]),
      feed: 'fieldmark.xml',
      merchant: { slug: 'fieldmark', name: 'Fieldmark' },
      fx: loadDefaultFxTable(),
    });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it('does not let a department name match every item in it', async () => {
    const dept = await db.query<{ title: string; category_code: string }>(
      `SELECT title, category_code FROM products WHERE title LIKE '%Racket%' OR title LIKE '%Yoga%'`,
    );
    expect(dept.rows.every((r) => r.category_code.startsWith('7'))).toBe(true); // both are in Sneakers & Sportswear
    expect(await names({ q: 'sneakers' })).toEqual(['Fieldmark Court Classic Low']);
    expect(await names({ q: 'sportswear' })).toEqual(['Fieldmark Cork Yoga Mat', 'Fieldmark Pro Carbon Racket']);
  });

  it('finds items by common synonyms of their names and categories', async () => {
    expect(await names({ q: 'trainers' })).toEqual(['Fieldmark Court Classic Low']);
    expect(await names({ q: 'purse' })).toEqual(['Fieldmark Canvas Market Carryall']);
    expect(await names({ q: 'tee' })).toEqual(['Fieldmark Cotton Crew T-Shirt']);
  });

  it('reads a hyphenated word as one word', async () => {
    expect(await names({ q: 't-shirt' })).toEqual(['Fieldmark Cotton Crew T-Shirt']);
    expect(await names({ q: 'shirt' })).toEqual(['Fieldmark Cotton Crew T-Shirt', 'Fieldmark Oxford Button-Down Shirt']);
  });

  it('lets a description count only when titles, brands and categories find nothing', async () => {
    // The yoga mat's description says "pairs with any racket bag"; the racket itself is found by its title.
    expect(await names({ q: 'racket' })).toEqual(['Fieldmark Pro Carbon Racket']);
    expect(await names({ q: 'cork' })).toEqual(['Fieldmark Cork Yoga Mat']);
    expect(await names({ q: 'pairs' })).toEqual(['Fieldmark Cork Yoga Mat']);
  });

  it('brings products written under the earlier rule up to the current one', async () => {
    // The earlier rule: every name of the category trail, the department's included.
    await db.query(
      `WITH r AS (SELECT p.id, p.title, '' AS brand_name, 'Sneakers & Sportswear Sports Tennis' AS category_terms, p.description FROM products p WHERE p.title LIKE '%Racket%')
       UPDATE products p SET category_terms = r.category_terms, search = ${productSearchVector('r')} FROM r WHERE p.id = r.id`,
    );
    expect(await names({ q: 'sneakers' })).toContain('Fieldmark Pro Carbon Racket');
    expect(await refreshCategoryTerms(db)).toBe(1);
    expect(await names({ q: 'sneakers' })).toEqual(['Fieldmark Court Classic Low']);
    expect(await refreshCategoryTerms(db)).toBe(0);
  });
});
