/**
 * "More in …" (issue 11 §6, more-of-kind.ts `moreOfKind`): a query whose words match only a few
 * products ("running jacket") gets, on its first page, more products of the kind it names: first
 * those whose descriptions hold its other words, then the rest of the kind (of whom the query asks
 * for, when it says), never counted in its total or facets. Through the API, on each test driver.
 */
import { describe, expect, it } from 'vitest';
import { testDrivers } from '@b-deals/db/testing';
import type { TestItem } from '@b-deals/feeds/testing';
import { shopCatalogueApp } from './test-app.ts';

const JACKETS = 'Apparel & Accessories > Clothing > Outerwear > Coats & Jackets';
const item = (id: string, title: string, description: string, gender = 'female', category = JACKETS): TestItem => ({
  id,
  title,
  description,
  price: '90.00 USD',
  brand: 'Northvale',
  category,
  gender,
});

const CATALOGUE: TestItem[] = [
  item('r1', "Women's Running Jacket", 'A light jacket with reflective trims.'),
  item('d1', "Women's Denim Jacket", 'Light enough for running errands on a spring day.'),
  item('b1', "Women's Bomber Jacket", 'A classic satin bomber.'),
  item('m1', "Men's Field Jacket", 'Four pockets, waxed cotton.', 'male'),
  item('s1', "Women's Linen Shirt", 'Breezy, for running around town.', 'female', 'Apparel & Accessories > Clothing > Shirts & Tops'),
  item('w1', "Women's Gold Watch", 'A slim gold-tone watch.', 'female', 'Apparel & Accessories > Jewelry > Watches'),
  // A store filing its leggings under Pants (product_type), as Magento's Luma sample store does.
  { ...item('l1', 'Emma Leggings', 'Stretch leggings for the studio.', 'female', ''), productType: 'Women > Bottoms > Pants' },
  { ...item('p1', 'Karmen Yoga Pant', 'A wide waistband.', 'female', ''), productType: 'Women > Bottoms > Pants' },
  { ...item('p2', 'Cora Parachute Pant', 'Light and loose.', 'female', ''), productType: 'Women > Bottoms > Pants' },
  // Fitness gear filed under no named leaf of Sports (its 'Other' leaf), as Luma's "Gear > Fitness Equipment" is; no kind word names it.
  { ...item('g1', 'Sprite Foam Yoga Brick', 'An essential yoga accessory for balance.', 'unisex', ''), productType: 'Gear > Fitness Equipment' },
  { ...item('g2', 'Zing Jump Rope', 'Counts every skip.', 'unisex', ''), productType: 'Gear > Fitness Equipment' },
  { ...item('g3', 'Sprite Foam Roller', 'Eases sore muscles after yoga.', 'unisex', ''), productType: 'Gear > Fitness Equipment' },
  { ...item('g4', 'Sprite Yoga Strap', 'Organic cotton with a buckle.', 'unisex', ''), productType: 'Gear > Fitness Equipment' },
  // One store category ("Gear > Bags") that our tree files under several leaves of Bags.
  { ...item('k1', 'Crown Summit Backpack', 'Room for books and a laptop.', 'unisex', ''), productType: 'Gear > Bags' },
  { ...item('k2', 'Fusion Backpack', 'Two zippered compartments.', 'unisex', ''), productType: 'Gear > Bags' },
  { ...item('k3', 'Wayfarer Messenger Bag', 'A padded sleeve.', 'unisex', ''), productType: 'Gear > Bags' },
  { ...item('k4', 'Compete Track Tote', 'Carries a change of clothes.', 'unisex', ''), productType: 'Gear > Bags' },
  // A store's "Men > Bottoms > Pants": our tree files the track pant under Sports › Sweatshirts (a jogger), the others apart.
  { ...item('t1', 'Thorpe Track Pant', 'Weather-resistant track bottoms.', 'male', ''), productType: 'Men > Bottoms > Pants' },
  { ...item('t2', 'Caesar Warm-Up Pant', 'A drawstring waist.', 'male', ''), productType: 'Men > Bottoms > Pants' },
  // Kids' shoes (Baby & Kids › Kids' Shoes) and a grown-up's sneaker.
  { ...item('c1', 'Kids Light-Up Sneaker', 'Blinks with every step.', 'unisex', 'Apparel & Accessories > Shoes'), ageGroup: 'kids' },
  { ...item('c2', 'Kids Rain Boot', 'Rubber, with pull-on handles.', 'unisex', 'Apparel & Accessories > Shoes'), ageGroup: 'kids' },
  { ...item('c3', 'Court Classic Sneaker', 'A leather low-top.', 'female', 'Apparel & Accessories > Shoes'), productType: "Women's Shoes > Sneakers" },
  // A named leaf of the same group (Sports › Yoga Wear): another kind, not beside the gear.
  { ...item('g5', 'Orestes Yoga Pant', 'For the studio.', 'male', ''), productType: 'Men > Bottoms > Yoga Pants' },
];

describe.each(testDrivers())('more of the kind in search on %s', (driver) => {
  const shop = shopCatalogueApp(driver, CATALOGUE);

  const search = async (payload: object) => (await shop.app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload })).json();
  const names = (items: Array<{ name: string }>) => items.map((i) => i.name);

  it('follows the few matches with more of the kind, those whose descriptions hold the other words first', async () => {
    const res = await search({ q: 'running jacket' });
    expect(names(res.items)).toEqual(["Women's Running Jacket"]);
    expect(res.total).toBe(1);
    expect(res.broadened).toBeNull();
    const more = names(res.more.items);
    expect(more[0]).toBe("Women's Denim Jacket");
    expect(more.slice(1).sort()).toEqual(["Men's Field Jacket", "Women's Bomber Jacket"]);
    // A kind's products only (the shirt's description says "running" too), never a match twice.
    expect(more).not.toContain("Women's Linen Shirt");
    expect(more).not.toContain("Women's Running Jacket");
    expect(res.more.categories.map((c: { key: string }) => c.key)).toContain('812');
    // Not in the total nor in the facets.
    expect(res.facets.departments.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(1);
  });

  it('keeps to whom the query asks for, and stays away from a query whose matches are the whole kind, a later page, or one that found nothing', async () => {
    const women = await search({ q: 'womens running jacket' });
    expect(names(women.more.items)).not.toContain("Men's Field Jacket");
    expect(names(women.more.items)).toContain("Women's Bomber Jacket");
    expect((await search({ q: 'jacket' })).more).toBeNull();
    expect((await search({ q: 'running jacket', from: 24, to: 48 })).more).toBeNull();
    const none = await search({ q: 'zzqx jacket' });
    expect(none.more).toBeNull();
  });

  it('follows a one-word query of a kind with more of where the store files what it found', async () => {
    // "leggings" names the Leggings leaf, which holds nothing here; the store filed its one pair under Pants.
    const res = await search({ q: 'leggings' });
    expect(names(res.items)).toEqual(['Emma Leggings']);
    expect(res.total).toBe(1);
    expect(names(res.more.items).sort()).toEqual(['Cora Parachute Pant', 'Karmen Yoga Pant']);
    expect(res.more.categories.map((c: { key: string }) => c.key)).toContain('842');
  });

  it('follows the few matches of a query that names no kind with more of where they are filed, those holding its words first', async () => {
    // "accessories" is no kind of the tree: the brick matches by its description, and is filed in Sports' 'Other' leaf.
    const res = await search({ q: 'yoga accessories' });
    expect(names(res.items)).toEqual(['Sprite Foam Yoga Brick']);
    expect(res.total).toBe(1);
    // The strap says "yoga" in its title, the roller in its description, the rope nowhere; never the yoga pant of Yoga Wear.
    expect(names(res.more.items)).toEqual(['Sprite Yoga Strap', 'Sprite Foam Roller', 'Zing Jump Rope']);
    expect(res.more.categories).toEqual([{ key: '71,-711,-712,-713,-714,-715', label: 'Sneakers & Sportswear › Other Sports' }]);
    // Not in the total nor in the facets.
    expect(res.facets.departments.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(1);
  });

  it("follows the kind's own products with the rest of the store's own category of the matches, where our tree files it apart", async () => {
    const res = await search({ q: 'laptop backpack' });
    expect(names(res.items)).toEqual(['Crown Summit Backpack']);
    const more = names(res.more.items);
    // The other backpack first (the kind), then the store's other "Gear > Bags", filed under Crossbody Bags and Tote Bags.
    expect(more[0]).toBe('Fusion Backpack');
    expect(more.slice(1).sort()).toEqual(['Compete Track Tote', 'Wayfarer Messenger Bag']);
    const keys = res.more.categories.map((c: { key: string }) => c.key);
    expect(keys.slice(0, 2)).toEqual(['e2', '721']); // the kind's categories first
    expect(keys).toEqual(expect.arrayContaining(['e11', 'e13']));
    expect(res.total).toBe(1);
  });

  it("follows a kind found alone, when it holds only a few, with the rest of the store's own category of them", async () => {
    // No title says "joggers": everything of the kind is shown instead (Sweatshirts, whose keyword it is), the one track pant.
    const res = await search({ q: 'joggers' });
    expect(res.broadened).toMatchObject({ dropped: 'joggers', categories: [{ key: '712' }] });
    expect(names(res.items)).toEqual(['Thorpe Track Pant']);
    // The store keeps it with its other pants, which our tree files apart.
    expect(names(res.more.items)).toContain('Caesar Warm-Up Pant');
    // Named by where they are (Trousers' 'Other' leaf), not by the kind the answer already shows whole.
    expect(res.more.categories.map((c: { key: string }) => c.key)).toEqual(['94,-941,-942,-943']);
    expect(res.total).toBe(1);
    // A child's word keeps to Baby & Kids: never the grown-ups' pants of a store category.
    expect((await search({ q: 'kids joggers' })).more ?? null).toBeNull();
  });

  it("keeps a query with a child's word to children's things: more kids' shoes, never a grown-up's sneaker", async () => {
    const res = await search({ q: 'kids sneakers' });
    expect(names(res.items)).toEqual(['Kids Light-Up Sneaker']);
    expect(names(res.more.items)).toEqual(['Kids Rain Boot']);
    expect(res.more.categories.map((c: { key: string }) => c.key)).toEqual(['g4']);
  });

  it("reads a men's or women's word as whom the query is for, never as the kind", async () => {
    // "womens watch": the one watch; the Watches leaf holds nothing more, and "womens" names no kind (not Women's Clothing).
    const res = await search({ q: 'womens watch' });
    expect(names(res.items)).toEqual(["Women's Gold Watch"]);
    expect(res.more).toBeNull();
  });
});
