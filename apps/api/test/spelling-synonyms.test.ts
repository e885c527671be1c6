/**
 * Spellings and regional names of one thing find each other in search (issue 11 §6, core
 * `SEARCH_SYNONYMS`): a merchant writes "Duffle" where the shopper types "duffel", "Hoody" for
 * "hoodie", a UK baby shop "Nappies" and "Pushchair" where a US shopper asks for diapers and a
 * stroller. Each pair is asked both ways; a word that only looks alike finds nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchConditionSchema } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { ingestFeed } from '../src/index.ts';
import { SearchIndex, searchProducts } from '../src/search/index.ts';

const item = (id: string, title: string, category: string): TestItem => ({ id, title, price: '30.00 USD', brand: 'Fieldmark', category });

const ITEMS: TestItem[] = [
  item('duffle', 'Fieldmark Canvas Duffle Bag', 'Luggage & Bags > Duffel Bags'),
  item('duffel', 'Fieldmark Nylon Duffel Bag', 'Luggage & Bags > Duffel Bags'),
  item('hoody', 'Fieldmark Fleece Zip Hoody', 'Apparel & Accessories > Clothing > Activewear > Sweatshirts'),
  item('nappies', 'Fieldmark Overnight Nappies Size 3', 'Baby & Toddler > Diapering > Diapers'),
  item('pushchair', 'Fieldmark Compact Pushchair', 'Baby & Toddler > Baby Transport > Baby Strollers'),
  item('pacifier', 'Fieldmark Orthodontic Pacifier 2-Pack', 'Baby & Toddler > Pacifiers & Teethers > Pacifiers'),
  item('knickers', 'Fieldmark Cotton Knickers 3-Pack', 'Apparel & Accessories > Clothing > Underwear & Socks > Underwear'),
  item('flipflop', 'Fieldmark Beach Flip-Flop', 'Apparel & Accessories > Shoes'),
];

describe.each(testDrivers())('spellings and regional names of one thing on %s', (driver) => {
  let db: Database;
  const ids = async (q: string): Promise<string[]> => {
    const answer = await searchProducts(db, SearchConditionSchema.parse({ q, to: 50 }), { index: new SearchIndex() });
    // What the words match as typed: a broadened answer (a fallback's, which says so) matches none of them.
    if (answer.broadened) return [];
    // A card's name is the product's display name (core `displayTitle`), which may leave the brand off.
    return answer.items.map((c) => ITEMS.find((i) => i.title.endsWith(c.name.replace(/^Fieldmark /, '')))?.id ?? c.name).sort();
  };

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    await ingestFeed(db, {
      bytes: rssFeed('fieldmark', ITEMS),
      feed: 'fieldmark.xml',
      merchant: { slug: 'fieldmark', name: 'Fieldmark' },
      fx: loadDefaultFxTable(),
    });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it('finds both spellings of a duffel bag, and a hoody as a hoodie', async () => {
    expect(await ids('duffel')).toEqual(['duffel', 'duffle']);
    expect(await ids('duffle bags')).toEqual(['duffel', 'duffle']);
    expect(await ids('hoodie')).toEqual(['hoody']);
    expect(await ids('zip hoodies')).toEqual(['hoody']);
  });

  it("finds a UK baby shop's nappies, pushchair and dummy by their US names, and the other way round", async () => {
    expect(await ids('diapers')).toEqual(['nappies']);
    expect(await ids('nappy')).toEqual(['nappies']);
    expect(await ids('stroller')).toEqual(['pushchair']);
    expect(await ids('pushchairs')).toEqual(['pushchair']);
    expect(await ids('dummy')).toEqual(['pacifier']);
    expect(await ids('soother')).toEqual(['pacifier']);
  });

  it('finds knickers as panties, a flip-flop however the hyphen is typed, and nothing more', async () => {
    expect(await ids('panties')).toEqual(['knickers']);
    expect(await ids('flipflops')).toEqual(['flipflop']);
    expect(await ids('flip-flops')).toEqual(['flipflop']);
    expect(await ids('canvas bag')).toEqual(['duffle']);
  });
});
