import { describe, expect, it } from 'vitest';
import { SORT_KEYS, SORT_OPTIONS, SORT_URL_ALIASES, resolveSort } from '../src/sort.ts';

describe('SORT_OPTIONS (spec §9)', () => {
  it('lists the keys and labels of spec §9 in order', () => {
    expect(SORT_OPTIONS.map((o) => [o.key, o.label])).toEqual([
      ['none', 'Our Recommendation'],
      ['sales', 'Best Sellers'],
      ['recency', 'Newest'],
      ['priceDescTag', 'Price High-Low'],
      ['priceAscTag', 'Price Low-High'],
      ['discountAsc', 'Discount Low-High'],
      ['discount', 'Discount High-Low'],
    ]);
    expect([...SORT_KEYS]).toEqual(SORT_OPTIONS.map((o) => o.key));
  });
});

describe('resolveSort', () => {
  it('maps the URL values latest, sale and lowest-price', () => {
    expect(resolveSort('latest')).toBe('recency');
    expect(resolveSort('sale')).toBe('sales');
    expect(resolveSort('lowest-price')).toBe('priceAscTag');
    const label = (v: string) => SORT_OPTIONS.find((o) => o.key === resolveSort(v))?.label;
    expect(label('latest')).toBe('Newest');
    expect(label('sale')).toBe('Best Sellers');
    expect(label('lowest-price')).toBe('Price Low-High');
    expect(Object.keys(SORT_URL_ALIASES).sort()).toEqual(['latest', 'lowest-price', 'sale']);
  });

  it('passes every sort key through', () => {
    for (const key of SORT_KEYS) expect(resolveSort(key)).toBe(key);
  });

  it("gives 'none' for unknown, empty or missing values, including Object prototype names", () => {
    for (const value of ['price', 'LATEST', 'Latest', 'newest', 'toString', 'constructor', '__proto__', 'hasOwnProperty', '', null, undefined])
      expect(resolveSort(value), String(value)).toBe('none');
  });
});
