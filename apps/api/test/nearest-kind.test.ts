/**
 * The search's nearest-kind fallback (issue 11 §6): a colour and a kind that find nothing
 * ("olive jacket" when no jacket is olive) show that colour within the groups the kind is filed
 * under (olive parkas and coats, not olive chinos), and the answer says which word was left out
 * and where it looked. Through the API, on each test driver.
 */
import { describe, expect, it } from 'vitest';
import { testDrivers } from '@b-deals/db/testing';
import type { TestItem } from '@b-deals/feeds/testing';
import { shopCatalogueApp } from './test-app.ts';

const OUTERWEAR = 'Apparel & Accessories > Clothing > Outerwear > Coats & Jackets';
const item = (id: string, title: string, color: string, category = OUTERWEAR, over: Partial<TestItem> = {}): TestItem => ({
  id,
  title,
  color,
  price: '90.00 USD',
  brand: 'Northvale',
  category,
  ...over,
});

const CATALOGUE: TestItem[] = [
  item('p1', "Women's Olive Quilted Parka", 'Olive'),
  item('p2', "Men's Olive Hooded Parka", 'Olive', OUTERWEAR, { gender: 'male' }),
  item('j1', "Women's Black Bomber Jacket", 'Black'),
  item('p3', "Men's Navy Down Parka", 'Navy', OUTERWEAR, { gender: 'male' }),
  item('c1', "Men's Olive Slim Chinos", 'Olive', 'Apparel & Accessories > Clothing > Pants', { gender: 'male' }),
  item('t1', "Women's White Linen Shirt", 'White', 'Apparel & Accessories > Clothing > Shirts & Tops', { description: 'Breathable linen.' }),
  item('k1', "Girls' Ruffle Dress", 'Pink', 'Apparel & Accessories > Clothing > Dresses', { ageGroup: 'kids' }),
];

describe.each(testDrivers())('nearest-kind search on %s', (driver) => {
  const shop = shopCatalogueApp(driver, CATALOGUE);

  const search = async (payload: object) => (await shop.app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload })).json();
  const titles = (res: { items: Array<{ name: string }> }) => res.items.map((i) => i.name).sort();

  it('shows the colour within the groups of the kind when colour and kind find nothing, and says so', async () => {
    const res = await search({ q: 'olive jacket' });
    expect(titles(res)).toEqual(["Men's Olive Hooded Parka", "Women's Olive Quilted Parka"]);
    expect(res.total).toBe(2);
    expect(res.broadened).toEqual({
      dropped: 'jacket',
      query: 'olive',
      categories: [
        { key: '81', label: "Women's Coats" },
        { key: '91', label: "Men's Clothing › Coats & Jackets" },
      ],
    });
    // The counts are of what is shown: the olive chinos are outside the groups.
    expect(res.facets.departments).toEqual([
      { key: '8', label: expect.any(String), count: 1 },
      { key: '9', label: expect.any(String), count: 1 },
    ]);
  });

  it('broadens the corrected words when a misspelt query finds nothing corrected either', async () => {
    const res = await search({ q: 'olvie jacket' });
    expect(titles(res)).toEqual(["Men's Olive Hooded Parka", "Women's Olive Quilted Parka"]);
    expect(res.broadened).toMatchObject({ dropped: 'jacket', query: 'olive' });
    // A corrected word left out is named as the shopper typed it.
    expect((await search({ q: 'olive jackett' })).broadened).toMatchObject({ dropped: 'jackett', query: 'olive' });
  });

  it('names only the groups where the other words found something', async () => {
    const res = await search({ q: 'navy blazer' });
    expect(titles(res)).toEqual(["Men's Navy Down Parka"]);
    expect(res.broadened).toEqual({ dropped: 'blazer', query: 'navy', categories: [{ key: '91', label: "Men's Clothing › Coats & Jackets" }] });
  });

  it('leaves a query that finds something as it is', async () => {
    const res = await search({ q: 'black jacket' });
    expect(titles(res)).toEqual(["Women's Black Bomber Jacket"]);
    expect(res.broadened).toBeNull();
    expect((await search({ q: 'olive' })).broadened).toBeNull();
  });

  it("keeps the shopper's own filters within the groups, and stays empty where nothing is near", async () => {
    // The department facet of the broadened page (Men's Clothing) links to the same query with cids=9.
    const men = await search({ q: 'olive jacket', cids: ['9'] });
    expect(titles(men)).toEqual(["Men's Olive Hooded Parka"]);
    expect(men.broadened).toMatchObject({ dropped: 'jacket', query: 'olive' });
    expect(await search({ q: 'olive jacket', cids: ['a'] })).toMatchObject({ total: 0, broadened: null });
    expect(await search({ q: 'jacket', cids: ['a'] })).toMatchObject({ total: 0, broadened: null });
  });

  it('answers no nearby products when only the filters exclude what the words find, and its facets say where they are', async () => {
    // The bomber jacket costs $90: above $500 nothing matches, though "black jacket" does (the QA's "running shoes" at $400+).
    const res = await search({ q: 'black jacket', minPrice: 50_000 });
    expect(res).toMatchObject({ total: 0, items: [], broadened: null, correctedQuery: null });
    expect(res.facets.priceBands.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(1);
    // Words that find nothing even without the filters still get the nearby answer.
    expect((await search({ q: 'olive jacket', minPrice: 1000 })).broadened).toMatchObject({ dropped: 'jacket', query: 'olive' });
  });

  it("leaves out the words no product's title, brand or category holds, and says which", async () => {
    // "widget" is nowhere: the olive products are shown, unbounded by any category.
    const widget = await search({ q: 'olive widget' });
    expect(titles(widget)).toEqual(["Men's Olive Hooded Parka", "Men's Olive Slim Chinos", "Women's Olive Quilted Parka"]);
    expect(widget.broadened).toEqual({ dropped: 'widget', query: 'olive', categories: [] });
    // A word only a description holds ("breathable", of the white shirt's) is not what the store calls a product: left out too.
    expect((await search({ q: 'olive breathable' })).broadened).toEqual({ dropped: 'breathable', query: 'olive', categories: [] });
    // Held means held under the shopper's own filters: no product of the department with code a is olive.
    expect(await search({ q: 'olive widget', cids: ['a'] })).toMatchObject({ total: 0, broadened: null });
    // Neither word held, or a word alone: nothing, as before.
    expect(await search({ q: 'zzqx widget' })).toMatchObject({ total: 0, broadened: null });
    expect(await search({ q: 'widget' })).toMatchObject({ total: 0, broadened: null });
  });

  it('shows every product of the kind when nothing near has the other words, and keeps whom it is for', async () => {
    // "white parka": the white item is a shirt, outside the coat groups; the parkas are shown, saying "white" was left out.
    const white = await search({ q: 'white parka' });
    expect(titles(white)).toEqual(["Men's Navy Down Parka", "Men's Olive Hooded Parka", "Women's Olive Quilted Parka"]);
    expect(white.broadened).toEqual({
      dropped: 'white',
      query: '',
      categories: [
        { key: '813', label: "Women's Clothing › Parkas" },
        { key: '913', label: "Men's Clothing › Parkas" },
      ],
    });
    // Counted within the parkas' categories only (the search visits their rows alone).
    expect(white.total).toBe(3);
    expect(white.facets.departments).toEqual([
      { key: '9', label: expect.any(String), count: 2 },
      { key: '8', label: expect.any(String), count: 1 },
    ]);
    // "mens waterproof parka": only the men's parkas, "waterproof" left out.
    const men = await search({ q: 'mens waterproof parka' });
    expect(titles(men)).toEqual(["Men's Navy Down Parka", "Men's Olive Hooded Parka"]);
    expect(men.broadened).toMatchObject({ dropped: 'waterproof', query: 'mens' });
    // A kind no product is filed under: nothing.
    expect(await search({ q: 'waterproof boots' })).toMatchObject({ total: 0, broadened: null });
  });

  it("never leaves out a child's word for grown-ups' things: Baby & Kids is shown instead", async () => {
    // No children's jacket: what Baby & Kids has for girls, "jacket" left out (not the women's and men's jackets).
    const girls = await search({ q: 'girls jacket' });
    expect(titles(girls)).toEqual(["Girls' Ruffle Dress"]);
    expect(girls.broadened).toEqual({ dropped: 'jacket', query: 'girls', categories: [{ key: 'g', label: 'Baby & Kids' }] });
    // A child's word no product holds: everything in Baby & Kids, every word left out.
    const toddler = await search({ q: 'toddler parka' });
    expect(titles(toddler)).toEqual(["Girls' Ruffle Dress"]);
    expect(toddler.broadened).toEqual({ dropped: 'toddler parka', query: '', categories: [{ key: 'g', label: 'Baby & Kids' }] });
    // "baby blue" is a colour: the parkas, "baby blue" left out, never Baby & Kids.
    const blue = await search({ q: 'baby blue parka' });
    expect(titles(blue)).toEqual(["Men's Navy Down Parka", "Men's Olive Hooded Parka", "Women's Olive Quilted Parka"]);
    expect(blue.broadened).toMatchObject({ dropped: 'baby blue', query: '' });
  });
});
