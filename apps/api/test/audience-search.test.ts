/**
 * A men's, women's, boys' or girls' word in a search (issue 11 §6; `search/audience.ts`): it also
 * finds the products that name no gender (GMC `unisex`: a running shoe, a watch), ranked after
 * the ones that say it, never the products naming the other gender (in their words or their GMC
 * `gender`), nor a child's product for an adult's word; a query of such a word alone keeps to the products that say it. Through the API,
 * on each test driver.
 */
import { describe, expect, it } from 'vitest';
import { testDrivers } from '@b-deals/db/testing';
import type { TestItem } from '@b-deals/feeds/testing';
import { shopCatalogueApp } from './test-app.ts';

const SHOES = 'Apparel & Accessories > Shoes';
const WATCHES = 'Apparel & Accessories > Jewelry > Watches';
const BAGS = 'Apparel & Accessories > Handbags, Wallets & Cases';
const item = (id: string, title: string, category: string, extra: Partial<TestItem> = {}): TestItem => ({
  id,
  title,
  price: '80.00 USD',
  brand: 'Northvale',
  category,
  ...extra,
});

const CATALOGUE: TestItem[] = [
  item('u1', 'Cushioned Road Running Shoe - White', SHOES, { gender: 'unisex' }),
  item('m1', "Men's Stability Running Shoe - Navy", SHOES, { gender: 'male' }),
  item('w1', "Women's Trail Running Shoe - Black", SHOES, { gender: 'female' }),
  item('k1', 'Kids Light-Up Running Shoe - Red', SHOES, { ageGroup: 'kids', gender: 'unisex' }),
  item('x1', 'Unisex Racing Running Shoe, Men’s Sizing - Green', SHOES, { gender: 'unisex' }),
  item('u2', 'Classic Quartz Watch - Silver', WATCHES, { gender: 'unisex' }),
  item('w2', "Women's Rose Gold-Tone Watch - Rose", WATCHES, { gender: 'female' }),
  // Bags whose titles name no gender, their merchants' GMC gender does.
  item('b1', 'Leather Tote Bag - Tan', BAGS, { gender: 'female' }),
  item('b2', 'Canvas Messenger Bag - Olive', BAGS, { gender: 'male' }),
  item('b3', 'Nylon Duffel Bag - Black', BAGS, { gender: 'unisex' }),
];

describe.each(testDrivers())('audience words in a search on %s', (driver) => {
  const shop = shopCatalogueApp(driver, CATALOGUE);

  const search = async (q: string) => (await shop.app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: { q } })).json();
  const names = (res: { items: Array<{ name: string }> }) => res.items.map((i) => i.name);

  it("finds, for \"mens running shoes\", the shoes saying men's first, then the one naming no gender; not the women's nor the kids'", async () => {
    const res = await search('mens running shoes');
    expect(names(res)[2]).toBe('Cushioned Road Running Shoe - White');
    expect(names(res).sort()).toEqual(
      ['Cushioned Road Running Shoe - White', "Men's Stability Running Shoe - Navy", 'Unisex Racing Running Shoe, Men’s Sizing - Green'].sort(),
    );
    expect(res.total).toBe(3);
    expect(res.broadened).toBeNull();
  });

  it('reads the word wherever it stands and however it is written', async () => {
    const expected = ['Cushioned Road Running Shoe - White', 'Unisex Racing Running Shoe, Men’s Sizing - Green', "Women's Trail Running Shoe - Black"];
    for (const q of ["women's running shoes", 'running shoes for women', 'ladies running shoe'])
      expect(names(await search(q)).sort(), q).toEqual(expected.sort());
  });

  it("finds, for a boys' word, the children's products naming no gender only", async () => {
    expect(names(await search('boys running shoes'))).toEqual(['Kids Light-Up Running Shoe - Red']);
  });

  it('keeps a query of the word alone to the products that say it, or whose merchant does', async () => {
    expect(names(await search('mens')).sort()).toEqual(
      ['Canvas Messenger Bag - Olive', "Men's Stability Running Shoe - Navy", 'Unisex Racing Running Shoe, Men’s Sizing - Green'].sort(),
    );
  });

  it("reads the gender a merchant states (GMC gender) where the title names none: a women's tote is no men's bag", async () => {
    expect(names(await search('mens bag')).sort()).toEqual(['Canvas Messenger Bag - Olive', 'Nylon Duffel Bag - Black']);
    expect(names(await search('womens bag')).sort()).toEqual(['Leather Tote Bag - Tan', 'Nylon Duffel Bag - Black']);
    expect(names(await search('ladies bag')).sort()).toEqual(['Leather Tote Bag - Tan', 'Nylon Duffel Bag - Black']);
  });

  it('finds a watch naming no gender for "mens watch", and both for "womens watch"', async () => {
    expect(names(await search('mens watch'))).toEqual(['Classic Quartz Watch - Silver']);
    expect(names(await search('womens watch'))).toEqual(["Women's Rose Gold-Tone Watch - Rose", 'Classic Quartz Watch - Silver']);
  });
});
