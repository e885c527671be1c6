import { describe, expect, it } from 'vitest';
import { likeLiteral } from '@b-deals/db';
import { testDrivers } from '@b-deals/db/testing';
import type { TestItem } from '@b-deals/feeds/testing';
import { shopCatalogueApp } from './test-app.ts';

/**
 * API robustness report M4: `%`, `_` and `\` in a brand search, and in brand names from feeds, are
 * literal characters in LIKE patterns, never wildcards.
 */
const item = (id: string, brand: string, title: string): TestItem => ({
  id,
  title,
  brand,
  price: '20.00 USD',
  category: 'Apparel & Accessories > Clothing > Shirts & Tops',
});

describe.each(testDrivers())('brand names in LIKE patterns on %s', (driver) => {
  const shop = shopCatalogueApp(driver, [
    item('1', 'Axb', 'Axb Cotton Tee'),
    item('2', 'Axb Kids Wear', 'Axb Kids Wear Cotton Tee'),
    item('7', 'Axb_Kids', 'Axb_Kids Cotton Tee'),
    item('3', 'A_b', 'A_b Linen Shirt'),
    item('4', '100% Linen', '100% Linen Shirt'),
    item('5', '100% Linen Kids', '100% Linen Kids Shirt'),
    item('6', 'Back\\Slash', 'Back Slash Tee'),
  ]);
  const brands = async (q: string) =>
    (await shop.app.inject({ url: '/inventory/api/v1/brands', query: { q, from: '0', to: '100' } })).json() as {
      brands: Array<{ name: string }>;
      total: number;
    };

  it('escapes \\, % and _ for LIKE', () => {
    expect(likeLiteral('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });

  it('takes %, _ and \\ in the brand search literally', async () => {
    for (const q of ['zzzqqq', '%%', 'A%b', 'x_k', 'a\\b']) expect((await brands(q)).total, q).toBe(0);
    expect((await brands('%')).brands.map((b) => b.name).sort()).toEqual(['100% Linen', '100% Linen Kids']);
    expect((await brands('_')).brands.map((b) => b.name).sort()).toEqual(['A_b', 'Axb_Kids']);
    expect((await brands('\\')).brands.map((b) => b.name)).toEqual(['Back\\Slash']);
    expect((await brands('a_b')).brands.map((b) => b.name)).toEqual(['A_b']);
    expect((await brands('0% l')).brands.map((b) => b.name).sort()).toEqual(['100% Linen', '100% Linen Kids']);
    expect((await brands('k\\s')).brands.map((b) => b.name)).toEqual(['Back\\Slash']);
    expect((await brands('axb')).total).toBe(3);
  });

  it('links a sub-brand to a parent whose name it starts with literally, not by wildcard', async () => {
    const parents = await shop.db.query<{ name: string; parent: string | null }>(
      `SELECT c.name, p.name AS parent FROM brands c LEFT JOIN brands p ON p.id = c.parent_id ORDER BY c.name`,
    );
    const parentOf = Object.fromEntries(parents.rows.map((r) => [r.name, r.parent]));
    expect(parentOf['Axb Kids Wear']).toBe('Axb'); // not the longer "Axb_Kids", whose "_" would match the space
    expect(parentOf['100% Linen Kids']).toBe('100% Linen');
    expect(parentOf['Axb']).toBeNull();
  });
});
