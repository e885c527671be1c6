/**
 * The listings' colour filter through POST /inventory/api/v1/search/condition: products filtered
 * by the basic colours of their offers' GMC `color` (core `basicColours`: Navy is blue, "Black and
 * White" is black and white, "Green/Pink" is its main colour, green), disjunctive facet counts, and a 400 for a colour that is none of them.
 */
import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '@b-deals/contracts';
import { testDrivers } from '@b-deals/db/testing';
import type { TestItem } from '@b-deals/feeds/testing';
import { shopCatalogueApp } from './test-app.ts';

const TOTES = 'Apparel & Accessories > Handbags, Wallets & Cases > Handbags';
const bag = (id: string, title: string, color: string | undefined, brand = 'Ashvale'): TestItem => ({
  id,
  title,
  price: '60.00 USD',
  brand,
  ...(color ? { color } : {}),
  category: TOTES,
  gender: 'female',
});

describe.each(testDrivers())('colour filter on %s', (driver) => {
  const shop = shopCatalogueApp(driver, [
    bag('navy', 'Ashvale Leather Tote', 'Navy'),
    bag('cobalt', 'Ashvale Canvas Tote', 'Cobalt Blue'),
    bag('stripe', 'Ashvale Striped Tote', 'Black and White'),
    // GMC: up to three colours joined by "/", the main one first; the feed keeps the main one.
    bag('slash', 'Ashvale Quilted Tote', 'Green/Pink'),
    bag('red', 'Ashvale Crossbody Bag', 'Burgundy', 'Corvell'),
    bag('shown', 'Ashvale Woven Tote', 'As shown'),
    bag('none', 'Ashvale Mini Tote', undefined),
  ]);
  const post = (body: object) => shop.app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: body });
  const search = async (body: object): Promise<SearchResponse> => (await post(body)).json();
  const names = (r: SearchResponse) => r.items.map((i) => i.name).sort();

  it('lists the basic colours of the stated colours, in filter order, with their product counts', async () => {
    const all = await search({});
    expect(all.total).toBe(7);
    expect(all.facets.colors).toEqual([
      { key: 'black', label: 'Black', count: 1 },
      { key: 'white', label: 'White', count: 1 },
      { key: 'red', label: 'Red', count: 1 },
      { key: 'green', label: 'Green', count: 1 },
      { key: 'blue', label: 'Blue', count: 2 },
    ]);
  });

  it('keeps the products stating a shade of the chosen colour, and counts the other colours disjunctively', async () => {
    const blue = await search({ color: 'blue' });
    expect(names(blue)).toEqual(['Ashvale Canvas Tote', 'Ashvale Leather Tote']);
    expect(blue.total).toBe(2);
    // The colour facet counts as if no colour were chosen; the brand facet under the colour filter.
    expect(blue.facets.colors.find((f) => f.key === 'red')?.count).toBe(1);
    expect(blue.facets.brands).toEqual([{ key: 'ashvale', label: 'Ashvale', count: 2 }]);
    expect(names(await search({ color: ['white', 'red'] }))).toEqual(['Ashvale Crossbody Bag', 'Ashvale Striped Tote']);
    // With another filter: Corvell's bag is red, so no Corvell product is blue.
    expect((await search({ color: 'blue', b: 'corvell' })).total).toBe(0);
  });

  it('combines with the words of a search', async () => {
    expect(names(await search({ q: 'tote', color: 'black' }))).toEqual(['Ashvale Striped Tote']);
  });

  it('keeps a chosen colour nobody states in the facet at 0', async () => {
    const pink = await search({ color: 'pink' });
    expect(pink.total).toBe(0);
    expect(pink.facets.colors).toContainEqual({ key: 'pink', label: 'Pink', count: 0 });
  });

  it('answers 400 with the field for a colour that is not a basic colour', async () => {
    const res = await post({ color: 'navy' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(JSON.stringify(body.details)).toContain('color');
  });
});
