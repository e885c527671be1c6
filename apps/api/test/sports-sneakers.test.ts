/**
 * Sneakers on Sneakers & Sportswear (spec §3: the department of "sports shoes"; issue 11, a new
 * shopper's review: the department showed rackets, backpacks and yoga mats but no sneakers). A
 * sneaker stays filed in Shoes and is listed under Sneakers & Sportswear › Sneakers (73), a leaf of
 * the department, too (core `ALSO_LISTED_UNDER`, feeds `mapCategory`'s `alsoIn`), through POST
 * /inventory/api/v1/search/condition; a catalogue written under the earlier rules gets the listing
 * at start (`refileCategories`, rule versions 7 and 8: a kids' sneaker, filed in Kids' Shoes, is listed there too).
 */
import { describe, expect, it } from 'vitest';
import { SearchConditionSchema, type SearchResponse } from '@b-deals/contracts';
import { testDrivers } from '@b-deals/db/testing';
import { CATEGORY_MAP_RULE } from '@b-deals/feeds';
import type { TestItem } from '@b-deals/feeds/testing';
import { refileCategories } from '../src/catalog/index.ts';
import { SearchIndex, searchProducts } from '../src/search/index.ts';
import { shopCatalogueApp } from './test-app.ts';

const SHOES = 'Apparel & Accessories > Shoes';
const item = (id: string, title: string, category: string, gender = ''): TestItem => ({ id, title, price: '60.00 USD', brand: 'Groundwell', category, gender });
const ADULT_SNEAKERS = ['Groundwell Canvas Low-Top Sneaker', 'Groundwell Court Sneaker', 'Groundwell Platform Sneaker'];
/** Filed in Baby & Kids › Kids' Shoes, listed on Sneakers & Sportswear › Sneakers too (rule 8). */
const KIDS_SNEAKER = 'Groundwell Kids Slip-On Sneaker';
const SNEAKERS = [...ADULT_SNEAKERS, KIDS_SNEAKER].sort();

describe.each(testDrivers())('sneakers on Sneakers & Sportswear on %s', (driver) => {
  const shop = shopCatalogueApp(driver, [
    item('u', ADULT_SNEAKERS[0]!, '', 'unisex'),
    item('m', ADULT_SNEAKERS[1]!, SHOES, 'male'),
    item('w', ADULT_SNEAKERS[2]!, '', 'female'),
    item('k', KIDS_SNEAKER, ''),
    item('c', 'Groundwell Kids Hook-and-Loop Shoe', ''),
    item('h', 'Groundwell Suede Stiletto Heel', SHOES, 'female'),
    item('b', 'Groundwell Leather Chelsea Boot', SHOES, 'male'),
    item('r', 'Groundwell Cushioned Road Running Shoe', SHOES, 'male'),
    item('t', 'Groundwell Graphite Tennis Racket', 'Sporting Goods > Athletics > Tennis > Tennis Rackets'),
    item('y', 'Groundwell Cork Yoga Mat', 'Sporting Goods > Exercise & Fitness > Yoga & Pilates > Yoga Mats'),
  ]);
  const search = async (body: object): Promise<SearchResponse> =>
    (await shop.app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: body })).json();
  const names = async (body: object) => (await search(body)).items.map((i) => i.name).sort();

  it('lists every sneaker on the department and its Sneakers leaf, and nothing else there', async () => {
    expect(await names({ cids: ['73'] })).toEqual(SNEAKERS);
    expect(await names({ cids: ['7'] })).toEqual(
      [...SNEAKERS, 'Groundwell Cushioned Road Running Shoe', 'Groundwell Cork Yoga Mat', 'Groundwell Graphite Tennis Racket'].sort(),
    );
    // The Sports group (running shoes) and the department's Other leaf do not list them.
    expect(await names({ cids: ['71'] })).toEqual(['Groundwell Cushioned Road Running Shoe']);
    expect(await names({ cids: ['7,-71,-72,-73'] })).toEqual([]);
  });

  it('keeps each sneaker filed in its Shoes department, where it is listed as before', async () => {
    expect(await names({ cids: ['k'] })).toEqual([...ADULT_SNEAKERS, 'Groundwell Leather Chelsea Boot', 'Groundwell Suede Stiletto Heel'].sort());
    // A kids' sneaker stays in Kids' Shoes, beside the kids' shoes of other kinds, which are not listed on Sneakers & Sportswear.
    expect(await names({ cids: ['g4'] })).toEqual(['Groundwell Kids Hook-and-Loop Shoe', KIDS_SNEAKER]);
    expect(await names({ cids: ['k24'] })).toEqual(['Groundwell Canvas Low-Top Sneaker', 'Groundwell Court Sneaker']);
    const court = (await search({ q: 'court sneaker' })).items[0]!;
    expect(court.categoryIds).toEqual(['k24', 'k2', 'k']);
    // The department facet counts a product once, in the department it is filed in.
    const facets = (await search({ q: 'sneaker' })).facets.departments;
    expect(facets).toEqual([
      { key: 'k', label: 'Shoes', count: 3 },
      { key: 'g', label: 'Baby & Kids', count: 1 },
    ]);
  });

  it('gives a catalogue written under the earlier rules the listing at start', async () => {
    await shop.db.query(`UPDATE offers SET also_category_codes = array_remove(also_category_codes, '73')`);
    await shop.db.query(`UPDATE rule_versions SET version = $1 WHERE name = 'category_map'`, [CATEGORY_MAP_RULE - 1]);
    const listed = async () => {
      const condition = SearchConditionSchema.parse({ cids: ['73'] });
      return (await searchProducts(shop.db, condition, { index: new SearchIndex() })).items.map((i) => i.name).sort();
    };
    expect(await listed()).toEqual([]);
    await refileCategories(shop.db);
    expect(await listed()).toEqual(SNEAKERS);
    const version = await shop.db.query<{ version: number }>(`SELECT version FROM rule_versions WHERE name = 'category_map'`);
    expect(version.rows[0]!.version).toBe(CATEGORY_MAP_RULE);
  });
});
