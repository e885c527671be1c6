/**
 * Search precision (issue 11 §6): a department's merchandising name does not make every item in
 * it match ("sneakers" is no racket), common synonyms find each other ("trainers", "purse", "tee"),
 * a hyphenated word is one word ("t-shirt" is no shirt), a word only in a description does not
 * make a product match while another matches by its title, a product gets only the parts of its
 * category's name that fit its own kind ("socks" finds no boxers), and catalogues written under an
 * earlier category rule are brought up to it at start (`refreshCategoryTerms`, `rule_versions`),
 * and "down" of a down jacket is a word though PostgreSQL's stop list holds it (`refreshSearchVectors`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchConditionSchema, type SearchConditionInput, type SearchResponse } from '@b-deals/contracts';
import { CATEGORY_TERMS_RULE } from '@b-deals/core';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { refreshCategoryTerms, refreshSearchVectors } from '../src/catalog/index.ts';
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
  // What the words match as typed: a broadened answer (a fallback's, which says so: nearest-kind.ts) matches none of them.
  const names = async (input: SearchConditionInput) =>
    asTyped(await searchProducts(db, SearchConditionSchema.parse({ ...input, to: 50 }), { index: new SearchIndex() }));

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

  it('reads a letter typed apart from the next word as their compound when the catalogue has it ("t shirt")', async () => {
    expect(await names({ q: 't shirt' })).toEqual(['Fieldmark Cotton Crew T-Shirt']);
    expect(await names({ q: 'cotton T shirts' })).toEqual(['Fieldmark Cotton Crew T-Shirt']);
    // No "x-shirt" in the catalogue: the letter stays a word of its own (a stop word or nothing).
    expect(await names({ q: 'x shirt' })).toEqual([]);
    expect(await names({ q: 'a shirt' })).toEqual(['Fieldmark Cotton Crew T-Shirt', 'Fieldmark Oxford Button-Down Shirt']);
  });

  it('lets a description count only when titles, brands and categories find nothing', async () => {
    // The yoga mat's description says "pairs with any racket bag"; the racket itself is found by its title.
    expect(await names({ q: 'racket' })).toEqual(['Fieldmark Pro Carbon Racket']);
    expect(await names({ q: 'cork' })).toEqual(['Fieldmark Cork Yoga Mat']);
    expect(await names({ q: 'pairs' })).toEqual(['Fieldmark Cork Yoga Mat']);
  });

  it('brings products written under the earlier rule up to the current one', async () => {
    // The earlier rule: every name of the category trail, the department's included.
    await db.query(`INSERT INTO rule_versions (name, version) VALUES ('category_terms', 0) ON CONFLICT (name) DO UPDATE SET version = 0`);
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

/** A test item filed by a `product_type` path of our own tree (mapper rule 0), with its own brand. */
/**
 * Names of the products a search's words match as typed, sorted unless `sorted` is false: none for
 * a broadened answer (a fallback's, which says nothing matches as typed: search/nearest-kind.ts).
 */
function asTyped(res: SearchResponse, sorted = true): string[] {
  const out = res.broadened ? [] : res.items.map((i) => i.name);
  return sorted ? out.sort() : out;
}

const filed = (id: string, title: string, productType: string, brand = 'Fieldmark'): TestItem => ({ id, title, price: '40.00 USD', brand, productType });

/**
 * One merchant's feed of `items` ingested into a fresh database of `driver` before the block's
 * tests (closed after them); `names(q)` are the sorted names a search finds, with a fresh index
 * per search so it reads the rows as they are now.
 */
function fieldmarkCatalogue(driver: 'pglite' | 'postgres', items: readonly TestItem[]) {
  const fixture = { db: undefined as unknown as Database };
  beforeAll(async () => {
    fixture.db = await createTestDatabase(driver);
    await ingestFeed(fixture.db, {
      bytes: rssFeed('fieldmark', [...items]),
      feed: 'fieldmark.xml',
      merchant: { slug: 'fieldmark', name: 'Fieldmark' },
      fx: loadDefaultFxTable(),
    });
  }, 120_000);
  afterAll(async () => {
    await fixture.db?.close();
  });
  const names = async (q: string) => asTyped(await searchProducts(fixture.db, SearchConditionSchema.parse({ q, to: 50 }), { index: new SearchIndex() }));
  return { fixture, names };
}

describe.each(testDrivers())('compound names, product types, brands and proximity in search on %s', (driver) => {
  let db: Database;
  // In rank order, what the words match as typed (a broadened answer matches none of them).
  const search = async (input: SearchConditionInput) =>
    asTyped(await searchProducts(db, SearchConditionSchema.parse({ ...input, to: 50 }), { index: new SearchIndex() }), false);
  const names = async (input: SearchConditionInput) => (await search(input)).sort();

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    await ingestFeed(db, {
      bytes: rssFeed('fieldmark', [
        filed('dress', 'Fieldmark Linen Midi Dress', "Women's Clothing > Dresses > Casual Dresses"),
        filed('shirt-dress', 'Fieldmark Cotton Shirt Dress', "Women's Clothing > Dresses > Casual Dresses"),
        filed('dress-shirt', 'Fieldmark Poplin Dress Shirt', "Men's Clothing > Shirts > Dress Shirts"),
        filed('oxford', 'Fieldmark Button-Down Oxford Shirt', "Men's Clothing > Shirts > Dress Shirts"),
        filed('derby', 'Fieldmark Suede Derby Shoe', "Shoes > Men's Shoes > Dress Shoes"),
        filed('blazer', 'Fieldmark Wool Blazer', "Men's Clothing > Coats & Jackets > Blazers"),
        filed('jacket', 'Fieldmark Waxed Field Jacket', "Men's Clothing > Coats & Jackets > Jackets"),
        filed('parka', 'Fieldmark Down Parka', "Men's Clothing > Coats & Jackets > Parkas"),
        filed('wide-leg', 'Fieldmark Wide-Leg Trousers', "Women's Clothing > Bottoms > Trousers"),
        filed('leggings', 'Fieldmark Ribbed Leggings', "Women's Clothing > Activewear > Leggings"),
        filed('suit', 'Fieldmark Wool Suit', "Men's Clothing > Suits"),
        filed('suitcase', 'Fieldmark Carry-On Suitcase', 'Bags > Luggage & Travel'),
        // A merchant's own category path, not ours: its words are searchable.
        {
          id: 'roller',
          title: 'Fieldmark Sprite Foam Roller',
          price: '20.00 USD',
          brand: 'Fieldmark',
          category: 'Sporting Goods > Exercise & Fitness',
          productType: 'Gear > Fitness Equipment',
        },
        // Proximity: the same category and words; the first listed (lower id) has them apart.
        filed('apart', 'Fieldmark Shoe for Running Trails', 'Sneakers & Sportswear > Sports > Running Shoes'),
        filed('together', 'Fieldmark Running Shoe Trails', 'Sneakers & Sportswear > Sports > Running Shoes'),
        // Brand: the query's brand is this product's brand; the other one only names it in its title.
        filed('laces', 'Running Shoe Laces for Nike Trainers', 'Sneakers & Sportswear > Sports > Running Shoes', 'Lacewell'),
        filed('nike', 'Pegasus Running Shoe', 'Sneakers & Sportswear > Sports > Running Shoes', 'Nike'),
      ]),
      feed: 'fieldmark.xml',
      merchant: { slug: 'fieldmark', name: 'Fieldmark' },
      fx: loadDefaultFxTable(),
    });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it('reads a kind directly before another kind as its modifier ("dresses" finds no dress shirt or dress shoe)', async () => {
    expect(await names({ q: 'dresses' })).toEqual(['Fieldmark Cotton Shirt Dress', 'Fieldmark Linen Midi Dress']);
    expect(await names({ q: 'dress shirt' })).toEqual(['Fieldmark Button-Down Oxford Shirt', 'Fieldmark Poplin Dress Shirt']);
    expect(await names({ q: 'shirt' })).toEqual(['Fieldmark Button-Down Oxford Shirt', 'Fieldmark Poplin Dress Shirt']);
    expect(await names({ q: 'shirt dress' })).toEqual(['Fieldmark Cotton Shirt Dress']);
  });

  it('keeps a group name part that names one of its children off the other children ("Coats & Jackets")', async () => {
    expect(await names({ q: 'mens jackets' })).toEqual(['Fieldmark Waxed Field Jacket']);
    expect(await names({ q: 'coats' })).toEqual(['Fieldmark Down Parka', 'Fieldmark Waxed Field Jacket', 'Fieldmark Wool Blazer']);
  });

  it('does not match a part of a hyphenated word, nor a longer word when the last word is a word of the catalogue', async () => {
    expect(await names({ q: 'leggings' })).toEqual(['Fieldmark Ribbed Leggings']);
    // Nothing has both words standing on their own, so descriptions count too: still no "Wide-Leg".
    expect(await names({ q: 'wide leggings' })).toEqual([]);
    expect(await names({ q: 'suit' })).toEqual(['Fieldmark Wool Suit']);
    expect(await names({ q: 'suitc' })).toEqual(['Fieldmark Carry-On Suitcase']);
  });

  it("makes a merchant's own product_type words searchable, also after the start-up category refresh", async () => {
    expect(await names({ q: 'fitness equipment' })).toEqual(['Fieldmark Sprite Foam Roller']);
    await refreshCategoryTerms(db);
    expect(await names({ q: 'fitness equipment' })).toEqual(['Fieldmark Sprite Foam Roller']);
  });

  it('ranks words that stand together in the title above the same words apart (phrase proximity)', async () => {
    const hits = await search({ q: 'running shoe trails' });
    expect(hits).toEqual(['Fieldmark Running Shoe Trails', 'Fieldmark Shoe for Running Trails']);
  });

  it('boosts the products of a brand the query names ("nike running shoes")', async () => {
    const hits = await search({ q: 'nike running shoes' });
    expect(hits).toEqual(['Pegasus Running Shoe', 'Running Shoe Laces for Nike Trainers']);
  });
});

describe.each(testDrivers())('category words per product in search on %s', (driver) => {
  const { fixture, names } = fieldmarkCatalogue(driver, [
    filed('boxer', 'Fieldmark Cotton Boxer Briefs 3-Pack', "Men's Clothing > Underwear & Socks"),
    filed('sock', 'Fieldmark Merino Crew Socks', "Men's Clothing > Underwear & Socks"),
    filed('concealer', 'Fieldmark Creamy Concealer', 'Beauty > Makeup > Foundation'),
    filed('foundation', 'Fieldmark Serum Foundation', 'Beauty > Makeup > Foundation'),
    filed('chino', 'Fieldmark Stretch Chinos', "Men's Clothing > Trousers > Chinos"),
    // A real store's shorts, filed by its own product_type (Magento's Luma: "Men > Bottoms > Shorts").
    {
      id: 'short',
      title: 'Fieldmark Apollo Running Short',
      price: '30.00 USD',
      brand: 'Fieldmark',
      category: '',
      gender: 'male',
      productType: 'Men > Bottoms > Shorts',
    },
  ]);

  it('gives "socks" no boxers and "foundation" no concealers, while their class words still find them', async () => {
    const codes = await fixture.db.query<{ title: string; category_code: string }>(`SELECT title, category_code FROM products ORDER BY title`);
    expect(codes.rows.find((r) => r.title.includes('Boxer'))?.category_code).toBe('96');
    expect(codes.rows.find((r) => r.title.includes('Short'))?.category_code).toBe('943');
    expect(await names('socks')).toEqual(['Fieldmark Merino Crew Socks']);
    expect(await names('underwear')).toEqual(['Fieldmark Cotton Boxer Briefs 3-Pack']);
    expect(await names('foundation')).toEqual(['Fieldmark Serum Foundation']);
    expect(await names('makeup')).toEqual(['Fieldmark Creamy Concealer', 'Fieldmark Serum Foundation']);
  });

  it('gives "pants" and "trousers" no shorts, but chinos', async () => {
    expect(await names('pants')).toEqual(['Fieldmark Stretch Chinos']);
    expect(await names('trousers')).toEqual(['Fieldmark Stretch Chinos']);
    expect(await names('shorts')).toEqual(['Fieldmark Apollo Running Short']);
  });

  it('rewrites the per-leaf words of an earlier rule at start, and reads nothing once the version is current', async () => {
    // Rule 1 wrote every product of "Underwear & Socks" the leaf's whole name.
    await fixture.db.query(`INSERT INTO rule_versions (name, version) VALUES ('category_terms', 1) ON CONFLICT (name) DO UPDATE SET version = 1`);
    const stale = async () =>
      fixture.db.query(
        `WITH r AS (SELECT p.id, p.title, 'Fieldmark' AS brand_name, 'Men''s Clothing Underwear & Socks' AS category_terms, p.description FROM products p WHERE p.title LIKE '%Boxer%')
         UPDATE products p SET category_terms = r.category_terms, search = ${productSearchVector('r')} FROM r WHERE p.id = r.id`,
      );
    await stale();
    expect(await names('socks')).toContain('Fieldmark Cotton Boxer Briefs 3-Pack');
    expect(await refreshCategoryTerms(fixture.db)).toBe(1);
    expect(await names('socks')).toEqual(['Fieldmark Merino Crew Socks']);
    expect((await fixture.db.query<{ version: number }>(`SELECT version FROM rule_versions WHERE name = 'category_terms'`)).rows[0]?.version).toBe(
      CATEGORY_TERMS_RULE,
    );
    // At the current version the start-up check reads no product.
    await stale();
    expect(await refreshCategoryTerms(fixture.db)).toBe(0);
  });
});

describe.each(testDrivers())('stated colours in search on %s', (driver) => {
  const coloured = (id: string, title: string, productType: string, color?: string, brand = 'Fieldmark'): TestItem => ({
    ...filed(id, title, productType, brand),
    color,
  });
  const { names } = fieldmarkCatalogue(driver, [
    coloured('plated', 'Fieldmark 14k Gold-Plated Pendant Necklace, Silver', 'Jewelry > Necklaces', 'Silver'),
    coloured('sterling', 'Fieldmark Sterling Silver Chain Necklace, Gold', 'Jewelry > Necklaces', 'Gold'),
    coloured('tone', 'Fieldmark Rose Gold-Tone Hoop Earrings, Black', 'Jewelry > Earrings', 'Black'),
    coloured('cream', 'Fieldmark Gold Leaf Hand Cream', 'Beauty > Skincare > Moisturizer'), // states no colour
    coloured('khaki', 'Fieldmark Khaki Chinos, Navy', "Men's Clothing > Trousers > Chinos", 'Navy'),
    coloured('lamp', 'Black Diamond Spot Headlamp', 'Sneakers & Sportswear > Outdoor', 'Octane', 'Black Diamond'),
    coloured('bomber', 'Fieldmark Bomber Jacket - Denim Blue', "Men's Clothing > Coats & Jackets > Jackets", 'Denim Blue'),
    coloured('denim', 'Fieldmark Denim Jacket - Black', "Men's Clothing > Coats & Jackets > Jackets", 'Black'),
    coloured('denim-blue', 'Fieldmark Denim Trucker Jacket - Denim Blue', "Men's Clothing > Coats & Jackets > Jackets", 'Denim Blue'),
    coloured('tote', 'Fieldmark Canvas Tote, Charcoal', 'Bags > Handbags > Tote Bags', 'Charcoal Grey'),
  ]);

  it('finds a product by a colour word of its stated colours that its title leaves out', async () => {
    expect(await names('grey tote')).toEqual(['Fieldmark Canvas Tote, Charcoal']);
    expect(await names('grey')).toEqual(['Fieldmark Canvas Tote, Charcoal']);
    expect(await names('charcoal tote')).toEqual(['Fieldmark Canvas Tote, Charcoal']);
    expect(await names('navy tote')).toEqual([]);
    // Only colour words are added: the "Forest" of a "Forest Green" stays out, as before.
    expect(await names('black jacket')).toEqual(['Fieldmark Denim Jacket - Black']);
  });

  it("matches a colour word only where the product's stated colours hold it", async () => {
    expect(await names('gold necklace')).toEqual(['Fieldmark Sterling Silver Chain Necklace, Gold']);
    expect(await names('silver necklace')).toEqual(['Fieldmark 14k Gold-Plated Pendant Necklace, Silver']);
    expect(await names('rose earrings')).toEqual([]);
    expect(await names('black earrings')).toEqual(['Fieldmark Rose Gold-Tone Hoop Earrings, Black']);
  });

  it('matches it as before in a product stating no colour, in its brand name, and where it names a kind (khaki chinos)', async () => {
    expect(await names('gold')).toEqual(['Fieldmark Gold Leaf Hand Cream', 'Fieldmark Sterling Silver Chain Necklace, Gold']);
    expect(await names('black diamond headlamp')).toEqual(['Black Diamond Spot Headlamp']);
    expect(await names('khaki chinos')).toEqual(['Fieldmark Khaki Chinos, Navy']);
  });

  it("does not let a word of a product's colour name that is no colour match there, unless the query names the colour", async () => {
    expect(await names('denim jacket')).toEqual(['Fieldmark Denim Jacket - Black', 'Fieldmark Denim Trucker Jacket - Denim Blue']);
    expect(await names('denim blue jacket')).toEqual(['Fieldmark Bomber Jacket - Denim Blue', 'Fieldmark Denim Trucker Jacket - Denim Blue']);
    expect(await names('blue jacket')).toEqual(['Fieldmark Bomber Jacket - Denim Blue', 'Fieldmark Denim Trucker Jacket - Denim Blue']);
  });
});

describe.each(testDrivers())('sub-brand lines in search on %s', (driver) => {
  const { fixture, names } = fieldmarkCatalogue(driver, [
    filed('leather', 'Fieldmark Leather Tote', 'Bags > Handbags > Tote Bags'),
    filed('canvas', 'Fieldmark Leather Canvas Tote', 'Bags > Handbags > Tote Bags', 'Fieldmark Leather'),
    filed('by', 'Nylon Tote by Fieldmark Leather', 'Bags > Handbags > Tote Bags', 'Fieldmark Leather'),
    filed('both', 'Fieldmark Leather Leather Wallet', 'Bags > Wallets', 'Fieldmark Leather'),
  ]);

  it("does not let a sub-brand's line word match where it stands only in the brand name", async () => {
    const parents = await fixture.db.query<{ name: string; parent: string | null }>(
      `SELECT b.name, p.name AS parent FROM brands b LEFT JOIN brands p ON p.id = b.parent_id ORDER BY b.name`,
    );
    expect(parents.rows).toEqual([
      { name: 'Fieldmark', parent: null },
      { name: 'Fieldmark Leather', parent: 'Fieldmark' },
    ]);
    expect(await names('leather tote')).toEqual(['Fieldmark Leather Tote']);
    expect(await names('leather')).toEqual(['Fieldmark Leather Leather Wallet', 'Fieldmark Leather Tote']);
    expect(await names('tote')).toEqual(['Fieldmark Leather Canvas Tote', 'Fieldmark Leather Tote', 'Nylon Tote by Fieldmark Leather']);
  });

  it('lets it match when the query names the sub-brand', async () => {
    expect(await names('fieldmark leather tote')).toEqual(['Fieldmark Leather Canvas Tote', 'Fieldmark Leather Tote', 'Nylon Tote by Fieldmark Leather']);
  });
});

describe.each(testDrivers())('words of the stop list that name an attribute ("down") in search on %s', (driver) => {
  const { fixture, names } = fieldmarkCatalogue(driver, [
    filed('down', 'Fieldmark Hooded Down Jacket', "Women's Clothing > Coats & Jackets > Jackets"),
    filed('bomber', 'Fieldmark Bomber Jacket', "Women's Clothing > Coats & Jackets > Jackets"),
    filed('parka', 'Fieldmark Down-Filled Parka', "Women's Clothing > Coats & Jackets > Parkas"),
    filed('oxford', 'Fieldmark Oxford Button-Down Shirt', "Men's Clothing > Shirts > Dress Shirts"),
    filed('poplin', 'Fieldmark Poplin Shirt', "Men's Clothing > Shirts > Dress Shirts"),
  ]);

  it('reads "down" as a word of the query and of the product, not as a stop word', async () => {
    // The parka is filed under Coats & Jackets; the bomber jacket has no down.
    expect(await names('down jacket')).toEqual(['Fieldmark Down-Filled Parka', 'Fieldmark Hooded Down Jacket']);
    expect(await names('DOWN')).toEqual(['Fieldmark Down-Filled Parka', 'Fieldmark Hooded Down Jacket', 'Fieldmark Oxford Button-Down Shirt']);
    expect(await names('button-down shirt')).toEqual(['Fieldmark Oxford Button-Down Shirt']);
    expect(await names('jacket')).toEqual(['Fieldmark Bomber Jacket', 'Fieldmark Down-Filled Parka', 'Fieldmark Hooded Down Jacket']);
    // Other stop words still are: "the poplin shirt" is "poplin shirt".
    expect(await names('the poplin shirt')).toEqual(['Fieldmark Poplin Shirt']);
  });

  it('rewrites at start the vectors written under the earlier analysis, and reads nothing once the version is current', async () => {
    // The earlier analysis: PostgreSQL's english configuration alone, which drops "down".
    await fixture.db.query(`INSERT INTO rule_versions (name, version) VALUES ('search_vector', 0) ON CONFLICT (name) DO UPDATE SET version = 0`);
    await fixture.db.query(
      `UPDATE products p SET search = setweight(to_tsvector('english', p.title), 'A') || setweight(to_tsvector('english', p.category_terms), 'C')`,
    );
    // Stale vectors hold no "down": the words as typed find nothing (an answer, if any, is a fallback's and says so;
    // the category phrase "down jacket" names Parkas, never the down jacket its merchant filed under Jackets).
    const search = (q: string) => searchProducts(fixture.db, SearchConditionSchema.parse({ q, to: 50 }), { index: new SearchIndex() });
    const stale = await search('down jacket');
    expect(stale.items.length === 0 || stale.broadened !== null).toBe(true);
    expect(stale.items.map((i) => i.name)).not.toContain('Fieldmark Hooded Down Jacket');
    expect(await refreshSearchVectors(fixture.db)).toBe(3);
    expect((await search('down jacket')).broadened).toBeNull();
    expect(await names('down jacket')).toEqual(['Fieldmark Down-Filled Parka', 'Fieldmark Hooded Down Jacket']);
    expect(await refreshSearchVectors(fixture.db)).toBe(0);
  });
});

describe.each(testDrivers())('words typed apart that the catalogue writes as one in search on %s', (driver) => {
  const { names } = fieldmarkCatalogue(driver, [
    filed('earrings', 'Fieldmark Pearl Drop Earrings', 'Jewelry > Earrings'),
    filed('backpack', 'Fieldmark Canvas Backpack', 'Bags > Backpacks'),
    filed('brace', 'Fieldmark Back Brace Wrap 2-Pack', 'Sneakers & Sportswear > Outdoor'),
    filed('tank', 'Fieldmark Ribbed Tank Top', "Women's Clothing > Tops"),
    filed('tank-2', 'Fieldmark Linen Tank Top', "Women's Clothing > Tops"),
    { ...filed('cami', 'Fieldmark Silk Camisole', "Women's Clothing > Tops"), description: 'A silk tanktop for warm evenings.' },
    filed('tote', 'Fieldmark Olive Canvas Tote', 'Bags > Handbags > Tote Bags'),
  ]);

  it('reads them as that word when it finds at least as much as the words apart', async () => {
    expect(await names('ear rings')).toEqual(['Fieldmark Pearl Drop Earrings']);
    expect(await names('back pack')).toEqual(['Fieldmark Canvas Backpack']);
    expect(await names('canvas back pack')).toEqual(['Fieldmark Canvas Backpack']);
    // "tanktop" is a word of one description; "tank top" apart finds both tank tops, so it stays apart.
    expect(await names('tank top')).toEqual(['Fieldmark Linen Tank Top', 'Fieldmark Ribbed Tank Top']);
    // "olivering" stems to `oliv`, the stem of "olive": no such word, so no olive tote for "olive ring".
    expect(await names('olive ring')).toEqual([]);
  });
});
