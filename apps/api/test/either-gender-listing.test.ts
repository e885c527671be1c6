/**
 * Items for either gender on both genders' listings (decision 0026; issue 11 §2): a unisex sneaker
 * is filed in Shoes' Other leaf (decision 0025) and listed under Women's and Men's Sneakers too,
 * through POST /inventory/api/v1/search/condition; a catalogue written before its offers kept the
 * leaves listed too gets them at start (`refileCategories`, rule version).
 */
import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '@b-deals/contracts';
import { testDrivers } from '@b-deals/db/testing';
import { CATEGORY_MAP_RULE } from '@b-deals/feeds';
import type { TestItem } from '@b-deals/feeds/testing';
import { refileCategories } from '../src/catalog/index.ts';
import { shopCatalogueApp } from './test-app.ts';

/** A shoe without a Google category: its kind and GMC gender decide where it is filed. */
const shoe = (id: string, title: string, gender: string): TestItem => ({ id, title, price: '60.00 USD', brand: 'Groundwell', category: '', gender });

describe.each(testDrivers())('items for either gender on both genders\u2019 listings on %s', (driver) => {
  const shop = shopCatalogueApp(driver, [
    shoe('u', 'Groundwell Canvas Low-Top Sneaker', 'unisex'),
    shoe('m', 'Groundwell Court Sneaker', 'male'),
    shoe('w', 'Groundwell Platform Sneaker', 'female'),
    shoe('h', 'Groundwell Suede Stiletto Heel', 'female'),
    { id: 't', title: 'Groundwell Everyday Crew Tee', price: '20.00 USD', brand: 'Groundwell', category: '', gender: 'unisex' },
  ]);
  const search = async (body: object): Promise<SearchResponse> =>
    (await shop.app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: body })).json();
  const names = async (body: object) => (await search(body)).items.map((i) => i.name).sort();

  it("lists a unisex sneaker on Women's and Men's Sneakers, keeping Shoes' Other leaf as its category", async () => {
    expect(await names({ cids: ['k24'] })).toEqual(['Groundwell Canvas Low-Top Sneaker', 'Groundwell Court Sneaker']);
    expect(await names({ cids: ['k15'] })).toEqual(['Groundwell Canvas Low-Top Sneaker', 'Groundwell Platform Sneaker']);
    // The whole Men's Shoes subtree lists it too, once; heels stay women's.
    expect(await names({ cids: ['k2'] })).toEqual(['Groundwell Canvas Low-Top Sneaker', 'Groundwell Court Sneaker']);
    expect((await search({ cids: ['k'] })).total).toBe(4);
    const unisex = (await search({ cids: ['k24'], q: 'canvas' })).items[0]!;
    expect(unisex.categoryIds).toEqual(['k']);
    // A filter of both leaves counts it once.
    expect((await search({ cids: ['k15', 'k24'] })).total).toBe(3);
  });

  it("lists a unisex tee filed in one gender's T-shirts under the other's too, and finds it by either gender's word", async () => {
    const tee = (await search({ q: 'groundwell crew tee' })).items[0]!;
    const other = tee.categoryIds[0] === '831' ? '921' : '831';
    expect(await names({ cids: [other] })).toEqual(['Groundwell Everyday Crew Tee']);
    // Its category words name the gender of the one leaf it is filed in; a shopper of either finds it.
    for (const q of ['mens crew tee', 'womens crew tee']) {
      const res = await search({ q });
      expect({ q, names: res.items.map((i) => i.name), broadened: res.broadened }).toEqual({ q, names: ['Groundwell Everyday Crew Tee'], broadened: null });
    }
  });

  it('gives a catalogue written before the leaves were kept its listings at start', async () => {
    await shop.db.query(`UPDATE offers SET also_category_codes = '{}'`);
    await shop.db.query(`UPDATE rule_versions SET version = $1 WHERE name = 'category_map'`, [CATEGORY_MAP_RULE - 1]);
    await refileCategories(shop.db);
    const res = await shop.db.query<{ title: string; also: string[] }>(
      `SELECT title, also_category_codes AS also FROM offers WHERE also_category_codes <> '{}'`,
    );
    expect(res.rows.find((r) => r.title === 'Groundwell Canvas Low-Top Sneaker')?.also).toEqual(['k15', 'k24', '73']);
    // Every sneaker is listed under Sneakers & Sportswear's Sneakers too (sports-sneakers.test.ts); the heel nowhere else.
    expect(res.rows.map((r) => r.title).sort()).toEqual([
      'Groundwell Canvas Low-Top Sneaker',
      'Groundwell Court Sneaker',
      'Groundwell Everyday Crew Tee',
      'Groundwell Platform Sneaker',
    ]);
  });
});
