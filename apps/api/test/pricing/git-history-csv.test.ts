/**
 * Issue 16 §4: the development history built from a scraped feed's git history — each commit's
 * snapshot becomes rows of the CSV form that `npm run backtest` reads back unchanged.
 */
import { describe, expect, it } from 'vitest';
import { seriesFromSnapshots, snapshotsFromCsv } from '../../eval/backtest-input.ts';
import { rowsOfSnapshot, toCsv } from '../../eval/git-history-csv.ts';

const meta = (commit: string, date: string) => ({ commit, date, currency: 'USD', base: 'https://shop.example' });

describe('git history → backtest CSV', () => {
  it('turns a Shopify products.json into one row per variant, leaving unpriced variants out', () => {
    const json = {
      products: [
        {
          id: 11,
          handle: 'linen-shirt',
          title: 'Linen Shirt, "Sand"',
          variants: [
            { title: 'S', price: '59.00', available: true },
            { title: 'M', price: '0', available: true },
            { title: 'L', price: '49.5', available: false },
          ],
        },
        { id: 12, handle: 'cap', title: 'Cap', variants: [{ title: 'Default Title', price: 20, available: true }] },
      ],
    };
    expect(rowsOfSnapshot(json, 'shopify', meta('c1', '2026-01-02T10:00:00+00:00'))).toEqual([
      {
        commit_date: '2026-01-02T10:00:00+00:00',
        commit: 'c1',
        id: '11',
        link: 'https://shop.example/products/linen-shirt',
        title: 'Linen Shirt, "Sand"',
        size: 'S',
        price: '59.00 USD',
        availability: 'in_stock',
      },
      {
        commit_date: '2026-01-02T10:00:00+00:00',
        commit: 'c1',
        id: '11',
        link: 'https://shop.example/products/linen-shirt',
        title: 'Linen Shirt, "Sand"',
        size: 'L',
        price: '49.50 USD',
        availability: 'out_of_stock',
      },
      {
        commit_date: '2026-01-02T10:00:00+00:00',
        commit: 'c1',
        id: '12',
        link: 'https://shop.example/products/cap',
        title: 'Cap',
        size: '',
        price: '20.00 USD',
        availability: 'in_stock',
      },
    ]);
    expect(rowsOfSnapshot({ nothing: true }, 'shopify', meta('c1', '2026-01-02T10:00:00Z'))).toEqual([]);
  });

  it("reads a tracker's list, and the CSV it writes reads back as the same daily series", () => {
    const day1 = { products: [{ id: 7, title: 'Tour Bus, retiring', url: 'https://shop.example/products/bus', price: 74.99, available: true }] };
    const day3 = { products: [{ id: 7, title: 'Tour Bus, retiring', url: 'https://shop.example/products/bus', price: 37.5, available: false }] };
    const rows = [
      ...rowsOfSnapshot(day1, 'tracker', meta('a', '2026-06-14T10:00:00-06:00')),
      ...rowsOfSnapshot(day3, 'tracker', meta('b', '2026-06-16T12:00:00Z')),
    ];
    const { snapshots, skipped } = snapshotsFromCsv(toCsv(rows));
    expect(skipped).toBe(0);
    const start = Date.UTC(2026, 5, 14) / 86_400_000;
    expect(seriesFromSnapshots(snapshots).get('7')).toEqual([
      { day: start, price: 7499, inStock: true },
      { day: start + 1, price: 7499, inStock: true },
      { day: start + 2, price: 3750, inStock: false },
    ]);
  });

  it('reads the Online Price Watch list, published or re-published: one offer per product and merchant, in HKD, kept by category', () => {
    const published = [
      {
        code: 'P000001',
        brand: { en: 'Cetaphil', 'zh-Hant': '舒特膚' },
        name: { en: 'Gentle Cleanser 500ml' },
        cat1Name: { en: 'Personal care' },
        prices: [
          { supermarketCode: 'WATSONS', price: '159.90' },
          { supermarketCode: 'MANNINGS', price: '149' },
          { supermarketCode: 'AEON', price: '-' },
        ],
        offers: [{ supermarketCode: 'WATSONS', en: 'Buy 2 get 10% off' }],
      },
      {
        code: 'P000002',
        brand: { en: 'Garden' },
        name: { en: 'Bread' },
        cat1Name: { en: 'Bakery / Cereals / Spreads' },
        prices: [{ supermarketCode: 'WELLCOME', price: '10.90' }],
      },
      { code: 'P000003', brand: [{ en: 'Garden' }] },
    ];
    const republished = {
      P000001: {
        code: 'P000001',
        brand: { en: 'Cetaphil' },
        name: { en: 'Gentle Cleanser 500ml' },
        cat1: { en: 'Personal care' },
        prices: { WATSONS: { supermarketCode: 'WATSONS', price: '139.90' } },
      },
    };
    const m = { ...meta('c9', '2024-03-01T05:00:00+08:00'), currency: 'HKD', category: /^personal care$/i };
    const row = (id: string, price: string) => ({
      commit_date: '2024-03-01T05:00:00+08:00',
      commit: 'c9',
      id,
      link: '',
      title: 'Cetaphil Gentle Cleanser 500ml',
      size: '',
      price,
      availability: 'in_stock',
    });
    expect(rowsOfSnapshot(published, 'pricewatch', m)).toEqual([row('P000001@WATSONS', '159.90 HKD'), row('P000001@MANNINGS', '149.00 HKD')]);
    expect(rowsOfSnapshot(republished, 'pricewatch', m)).toEqual([row('P000001@WATSONS', '139.90 HKD')]);
    expect(rowsOfSnapshot(published, 'pricewatch', { ...m, category: undefined }).map((r) => r.id)).toEqual([
      'P000001@WATSONS',
      'P000001@MANNINGS',
      'P000002@WELLCOME',
    ]);
    const { snapshots } = snapshotsFromCsv(toCsv(rowsOfSnapshot(published, 'pricewatch', m)));
    expect(seriesFromSnapshots(snapshots).get('P000001@MANNINGS')).toEqual([{ day: Date.UTC(2024, 1, 29) / 86_400_000, price: 14900, inStock: true }]);
  });

  it('keeps the Shopify products of a matching product_type only when a category is given', () => {
    const json = {
      products: [
        { id: 1, handle: 'tee', title: 'Tee', product_type: 'Tops', variants: [{ title: 'M', price: '20', available: true }] },
        { id: 2, handle: 'mug', title: 'Mug', product_type: 'Home', variants: [{ title: 'Default Title', price: '9', available: true }] },
      ],
    };
    expect(rowsOfSnapshot(json, 'shopify', { ...meta('c1', '2026-01-02T10:00:00Z'), category: /tops/i }).map((r) => r.id)).toEqual(['1']);
    expect(rowsOfSnapshot(json, 'shopify', meta('c1', '2026-01-02T10:00:00Z')).map((r) => r.id)).toEqual(['1', '2']);
  });
});
