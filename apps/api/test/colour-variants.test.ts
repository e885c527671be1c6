/**
 * Issue 11 §3, one card per product and colour: a merchant's colours of one item (GMC
 * `item_group_id` in several colours, or titles that agree apart from colour and size) are products
 * of their own, each listed once, and the product API links each to the others (`otherColors`).
 */
import { describe, expect, it } from 'vitest';
import type { ProductWithRecommend, SearchResponse } from '@b-deals/contracts';
import { testDrivers } from '@b-deals/db/testing';
import type { TestItem } from '@b-deals/feeds/testing';
import { shopCatalogueApp } from './test-app.ts';

const HOODIES = 'Apparel & Accessories > Clothing > Activewear > Sweatshirts & Hoodies';
const SHOES = 'Apparel & Accessories > Shoes';
const hoodie = (color: string, size: string, price: string): TestItem => ({
  id: `hd-${color}-${size}`.toLowerCase(),
  itemGroupId: 'HD-1',
  title: `Groundwell Fleece Hoodie ${color}`,
  price,
  brand: 'Groundwell',
  color,
  size,
  gender: 'male',
  category: HOODIES,
});
const shoe = (id: string, color: string, size: string): TestItem => ({
  id,
  title: `Groundwell Canvas Shoe ${color}`,
  price: '70.00 USD',
  brand: 'Groundwell',
  color,
  size,
  gender: 'male',
  category: SHOES,
});

describe.each(testDrivers())('colour variants on %s', (driver) => {
  const shop = shopCatalogueApp(driver, [
    hoodie('Black', 'S', '54.00 USD'),
    hoodie('Black', 'M', '54.00 USD'),
    hoodie('Gray', 'S', '49.00 USD'),
    hoodie('Gray', 'M', '49.00 USD'),
    shoe('cs-red-9', 'Red', '9'),
    shoe('cs-red-10', 'Red', '10'),
    shoe('cs-blue-9', 'Blue', '9'),
    {
      id: 'tote',
      title: 'Groundwell Canvas Tote',
      price: '30.00 USD',
      brand: 'Groundwell',
      color: 'Red',
      category: 'Apparel & Accessories > Handbags, Wallets & Cases > Handbags',
    },
  ]);
  const search = async (q: string): Promise<SearchResponse> =>
    (await shop.app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: { q } })).json();
  const product = async (id: number): Promise<ProductWithRecommend> =>
    (await shop.app.inject({ method: 'GET', url: `/inventory/api/v1/standard-product/product/${id}/with-recommend` })).json();

  it('lists each colour of an item group as its own card, with its own price', async () => {
    const res = await search('fleece hoodie');
    expect(res.total).toBe(2);
    expect(res.items.map((i) => i.priceTag).sort()).toEqual([4900, 5400]);
  });

  it("links each colour's product to the others, and a product without colour variants to none", async () => {
    const hoodies = (await search('fleece hoodie')).items;
    const black = await product(hoodies.find((i) => i.priceTag === 5400)!.id);
    const gray = hoodies.find((i) => i.priceTag === 4900)!;
    expect(black.product.colors).toEqual(['Black']);
    expect(black.product.sizes).toEqual(['S', 'M']);
    expect(black.product.otherColors).toEqual([{ color: 'Gray', id: gray.id, slug: gray.slug }]);
    expect((await product(gray.id)).product.otherColors.map((o) => o.color)).toEqual(['Black']);

    const shoes = (await search('canvas shoe')).items;
    expect(shoes).toHaveLength(2);
    for (const s of shoes) {
      const p = await product(s.id);
      expect(p.product.otherColors).toHaveLength(1);
      expect(p.product.otherColors[0]!.color).not.toBe(p.product.colors[0]);
    }
    const tote = (await search('canvas tote')).items[0]!;
    expect((await product(tote.id)).product.otherColors).toEqual([]);
  });
});
