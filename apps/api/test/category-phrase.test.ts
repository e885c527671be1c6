/**
 * The search's category-phrase fallback (issue 11 §6): a query that names a kind by another of its
 * category's phrases ("running sneakers", "running trainers": Running Shoes' keywords, while its
 * products are written "running shoe") finds nothing as typed; it is answered with the query's
 * other words within that category, and says so. Through the API, on each test driver.
 */
import { describe, expect, it } from 'vitest';
import { testDrivers } from '@b-deals/db/testing';
import type { TestItem } from '@b-deals/feeds/testing';
import { shopCatalogueApp } from './test-app.ts';

const SHOES = 'Apparel & Accessories > Shoes';
const item = (id: string, title: string, color: string, category = SHOES, gender = 'unisex'): TestItem => ({
  id,
  title,
  color,
  price: '80.00 USD',
  brand: 'Northvale',
  category,
  gender,
});

const CATALOGUE: TestItem[] = [
  item('r1', 'Cushioned Road Running Shoe - White', 'White'),
  item('r2', 'Stability Running Shoe - Black', 'Black'),
  // A men's sneaker: the mapper files a unisex one under Shoes' Other leaf, which no sneaker phrase names.
  item('s1', 'Classic Court Sneaker - White', 'White', SHOES, 'male'),
  item('t1', 'Breathable Training Top - White', 'White', 'Apparel & Accessories > Clothing > Activewear'),
  item('h1', 'Lightweight Trail Shoe - Black', 'Black'),
  item('x1', 'Graphite Tennis Racket - Black', 'Black', 'Sporting Goods > Athletics > Racquet Sports > Tennis > Tennis Racquets'),
  item('w1', 'Digital Sport Watch - Black', 'Black', 'Apparel & Accessories > Jewelry > Watches'),
  item('l1', "Women's High-Waist Leggings - Black", 'Black', 'Apparel & Accessories > Clothing > Activewear', 'female'),
  // "tracker" is one spelling slip from "trucker": no correction for a word of the tree's own phrases.
  item('j1', "Men's Denim Trucker Jacket - Blue", 'Blue', 'Apparel & Accessories > Clothing > Outerwear > Coats & Jackets', 'male'),
];

describe.each(testDrivers())('category-phrase search on %s', (driver) => {
  const shop = shopCatalogueApp(driver, CATALOGUE);

  const search = async (payload: object) => (await shop.app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload })).json();
  const titles = (res: { items: Array<{ name: string }> }) => res.items.map((i) => i.name).sort();

  it('answers "running sneakers" with the running shoes, not the sneakers, and says where it looked', async () => {
    const res = await search({ q: 'running sneakers' });
    expect(titles(res)).toEqual(['Cushioned Road Running Shoe - White', 'Stability Running Shoe - Black']);
    expect(res.broadened).toEqual({ dropped: 'running sneakers', query: '', categories: [{ key: '711', label: expect.stringContaining('Running Shoes') }] });
  });

  it('keeps the other words of the query within the category', async () => {
    const res = await search({ q: 'white running trainers' });
    expect(titles(res)).toEqual(['Cushioned Road Running Shoe - White']);
    expect(res.broadened).toMatchObject({ dropped: 'running trainers', query: 'white', categories: [{ key: '711' }] });
  });

  it('reads "tennis shoes" and "gym sneakers" as sneakers (category phrases before the nearest kind), not as shoes of the tennis group', async () => {
    for (const q of ['tennis shoes', 'gym sneakers']) {
      const res = await search({ q });
      expect(titles(res), q).toEqual(['Classic Court Sneaker - White']);
      expect(res.broadened, q).toMatchObject({ dropped: q, query: '' });
      expect(res.broadened.categories, q).toEqual([{ key: 'k24', label: "Men's Shoes › Sneakers" }]);
    }
    expect(titles(await search({ q: 'tennis' }))).toEqual(['Graphite Tennis Racket - Black']);
  });

  it('reads "fitness tracker" as the watches (a fitness tracker is worn as a watch), "tights" as leggings, a workout top as a training top', async () => {
    const tracker = await search({ q: 'fitness tracker' });
    expect(titles(tracker)).toEqual(['Digital Sport Watch - Black']);
    expect(tracker.broadened).toMatchObject({ dropped: 'fitness tracker', query: '', categories: [{ key: 'f5' }] });
    expect(tracker.correctedQuery).toBeNull();
    // A synonym (core SEARCH_SYNONYMS): found as typed, nothing broadened.
    const tights = await search({ q: 'black tights' });
    expect(titles(tights)).toEqual(["Women's High-Waist Leggings - Black"]);
    expect(tights.broadened).toBeNull();
    // "workout", "gym", "fitness" and "training" say the same of sportswear.
    const workout = await search({ q: 'workout top' });
    expect(titles(workout)).toEqual(['Breathable Training Top - White']);
    expect(workout.broadened).toBeNull();
  });

  it('leaves a query that finds something as it is', async () => {
    const res = await search({ q: 'running shoes' });
    expect(titles(res)).toEqual(['Cushioned Road Running Shoe - White', 'Stability Running Shoe - Black']);
    expect(res.broadened).toBeNull();
    expect((await search({ q: 'sneakers' })).broadened).toBeNull();
  });
});
