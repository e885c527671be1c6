/**
 * The description fallback of a search (issue 11 §6, decision 0032; `search/match.ts` `Descriptions`): when no
 * product's title, brand or category words hold every word, a word may match in a description, but a kind word
 * ("jeans", "mat", "bag": core `PRODUCT_KIND_WORDS`) still only where it names the product. A hoodie whose
 * description says it pairs with jeans is no pair of jeans, so its total counts it nowhere; an attribute a
 * description states ("stretch") still finds the jeans. Through the API, on each test driver.
 */
import { describe, expect, it } from 'vitest';
import { testDrivers } from '@b-deals/db/testing';
import type { TestItem } from '@b-deals/feeds/testing';
import { shopCatalogueApp } from './test-app.ts';

const item = (id: string, title: string, productType: string, description: string): TestItem => ({
  id,
  title,
  price: '60.00 USD',
  brand: 'Fieldmark',
  productType,
  description,
});

const CATALOGUE: TestItem[] = [
  item('hoodie', 'Fieldmark Zip Hoodie', "Women's Clothing > Tops > Hoodies & Sweatshirts", 'Padded elbows; pairs with your favourite jeans.'),
  item('jeans', 'Fieldmark Slim Jeans', "Women's Clothing > Bottoms > Jeans", 'Stretch cotton with a soft wash.'),
  item('tote', 'Fieldmark Canvas Tote', 'Bags > Handbags > Tote Bags', 'Roomy enough for a rolled yoga mat.'),
];

describe.each(testDrivers())('the description fallback of a search on %s', (driver) => {
  const shop = shopCatalogueApp(driver, CATALOGUE);

  type Answer = { total: number; items: Array<{ name: string }>; broadened: { dropped: string } | null };
  const search = async (q: string): Promise<Answer> =>
    (await shop.app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: { q } })).json();

  it('lets an attribute match in a description beside a kind word the title holds ("stretch jeans")', async () => {
    const res = await search('stretch jeans');
    expect(res.broadened).toBeNull();
    expect(res.items.map((i) => i.name)).toEqual(['Fieldmark Slim Jeans']);
    expect(res.total).toBe(1);
  });

  it('never counts a product of another kind whose description names the kind ("padded jeans" is no hoodie)', async () => {
    const res = await search('padded jeans');
    // Nothing matches as typed: the page says so and shows the jeans instead; the hoodie is neither counted nor shown.
    expect(res.broadened).not.toBeNull();
    expect(res.items.map((i) => i.name)).not.toContain('Fieldmark Zip Hoodie');
  });

  it('keeps a kind word of a phrase to the products it names ("yoga mat" finds no tote that carries one)', async () => {
    const res = await search('yoga mat');
    expect(res.items.map((i) => i.name)).not.toContain('Fieldmark Canvas Tote');
    expect(res.broadened === null ? res.total : 0).toBe(0);
  });
});
