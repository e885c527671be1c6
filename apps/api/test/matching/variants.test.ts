/**
 * Issue 11 §3: variants without `item_group_id` — items of one feed whose titles agree apart from
 * size and colour become one listing (one offer with its sizes), as GMC groups variants; items
 * that cannot be told apart, or are different products, stay apart.
 */
import { describe, expect, it } from 'vitest';
import { loadDefaultFxTable, parseFeed } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { groupListings } from '../../src/matching/index.ts';

const listingsOf = (items: TestItem[]) => {
  const parsed = parseFeed(rssFeed('shoes', items), { filename: 'shoes.xml', fx: loadDefaultFxTable() });
  return groupListings(parsed.items.flatMap((p) => (p.item ? [p.item] : [])));
};
const shoe = (id: string, title: string, size?: string, over: Partial<TestItem> = {}): TestItem => ({
  id,
  title,
  price: '89.00 USD',
  brand: 'Groundwell',
  size,
  category: 'Apparel & Accessories > Shoes',
  ...over,
});

describe('variants without item_group_id', () => {
  it('groups a shoe listed once per size into one offer with its sizes and in-stock sizes', () => {
    const listings = listingsOf([
      shoe('g-40', 'Groundwell Trail Sneaker', '40'),
      shoe('g-41', 'Groundwell Trail Sneaker', '41', { availability: 'out of stock' }),
      shoe('g-42', 'Groundwell Trail Sneaker', '42', { price: '79.00 USD' }),
      shoe('g-tee', 'Groundwell Logo Tee'),
    ]);
    expect(listings).toHaveLength(2);
    const sneaker = listings.find((l) => l.title.includes('Sneaker'))!;
    expect(sneaker.items.map((i) => i.id)).toEqual(['g-40', 'g-41', 'g-42']);
    expect(sneaker.sizes).toEqual(['40', '41', '42']);
    expect(sneaker.sizeStock).toEqual({ '40': 8900, '42': 7900 });
    expect(sneaker.offerKey.startsWith('~groundwell:')).toBe(true);
    expect(listings.find((l) => l.title.includes('Tee'))!.offerKey).toBe('g-tee');
  });

  it('groups sizes and colours written into the title', () => {
    const listings = listingsOf([
      shoe('a', 'Groundwell Court Shoe 40', '40', { color: 'White' }),
      shoe('b', 'Groundwell Court Shoe 41', '41', { color: 'White' }),
      shoe('c', 'Groundwell Cotton Tee - Size M', undefined, { category: 'Apparel & Accessories > Clothing > Shirts & Tops' }),
      shoe('d', 'Groundwell Cotton Tee - Size L', undefined, { category: 'Apparel & Accessories > Clothing > Shirts & Tops' }),
    ]);
    expect(listings.map((l) => l.items.map((i) => i.id))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('keeps apart items it cannot tell apart, colours, different models, and item groups the feed names', () => {
    const listings = listingsOf([
      shoe('red', 'Groundwell Canvas Shoe', '40', { color: 'Red' }),
      shoe('blue', 'Groundwell Canvas Shoe', '40', { color: 'Blue' }),
      shoe('x1', 'Groundwell Gift Box'),
      shoe('x2', 'Groundwell Gift Box'),
      shoe('m90', 'Groundwell Air Runner 90', '9'),
      shoe('m95', 'Groundwell Air Runner 95', '9'),
      shoe('v1', 'Groundwell Slide', '40', { itemGroupId: 'slide' }),
      shoe('v2', 'Groundwell Slide', '41', { itemGroupId: 'slide' }),
    ]);
    expect(listings.map((l) => l.offerKey)).toEqual(['red', 'blue', 'x1', 'x2', 'm90', 'm95', 'slide']);
  });

  it('keeps apart items whose titles differ by a word written twice, though their words agree as a set', () => {
    const item = (id: string, title: string, price: string): TestItem => ({ id, title, price, brand: 'Eclat', category: 'Health & Beauty' });
    const listings = listingsOf([item('E144', 'Eclat Exfoliant Visage N°4', '8.90 USD'), item('E505', 'Eclat Exfoliant Visage Exfoliant N°4', '7.90 USD')]);
    expect(listings.map((l) => l.offerKey)).toEqual(['E144', 'E505']);
    // Sizes written into the title still group.
    expect(listingsOf([shoe('s9', 'Groundwell Runner Size 9'), shoe('s10', 'Groundwell Runner Size 10')])).toHaveLength(1);
  });
});

describe('one listing per colour (issue 11 §3: one card per product and colour)', () => {
  it('splits an item group in several colours into one listing per colour, tied by the group', () => {
    const hoodie = (id: string, color: string, size: string, price = '54.00 USD') =>
      shoe(id, `Groundwell Hoodie ${color}`, size, { itemGroupId: 'HD-1', color, price, category: 'Apparel & Accessories > Clothing' });
    const listings = listingsOf([
      hoodie('hd-bk-s', 'Black', 'S'),
      hoodie('hd-gy-s', 'Gray', 'S', '49.00 USD'),
      hoodie('hd-bk-m', 'Black', 'M'),
      hoodie('hd-gy-m', 'Gray', 'M', '49.00 USD'),
      shoe('sl-40', 'Groundwell Slide', '40', { itemGroupId: 'SL', color: 'Tan' }),
      shoe('sl-41', 'Groundwell Slide', '41', { itemGroupId: 'SL', color: 'Tan' }),
    ]);
    expect(listings.map((l) => [l.offerKey, l.variantGroup, l.colors, l.sizes, l.priceCents])).toEqual([
      ['HD-1~black', 'HD-1', ['Black'], ['S', 'M'], 5400],
      ['HD-1~gray', 'HD-1', ['Gray'], ['S', 'M'], 4900],
      // A group of one colour keeps the group's id as its key, so its offer and price history stay as they were; with
      // no other colour to link it has no variant group (the offers' variant-group index holds only linked offers).
      ['SL', null, ['Tan'], ['40', '41'], 8900],
    ]);
    // Each colour matches by its own title key, colour included.
    expect(listings[0]!.keys.map((k) => k.key)).toContain('title:groundwell:hoodie:black');
  });

  it('ties colours of items without item_group_id whose titles agree apart from colour and size', () => {
    const listings = listingsOf([
      shoe('red-40', 'Groundwell Canvas Shoe Red', '40', { color: 'Red' }),
      shoe('red-41', 'Groundwell Canvas Shoe Red', '41', { color: 'Red' }),
      shoe('blue-40', 'Groundwell Canvas Shoe Blue', '40', { color: 'Blue' }),
      shoe('tee', 'Groundwell Logo Tee', undefined, { color: 'Red' }),
    ]);
    expect(listings.map((l) => l.items.map((i) => i.id))).toEqual([['red-40', 'red-41'], ['blue-40'], ['tee']]);
    expect(listings[0]!.variantGroup).toBe('~groundwell:canvas-shoe');
    expect(listings[1]!.variantGroup).toBe(listings[0]!.variantGroup);
    expect(listings[2]!.variantGroup).toBeNull(); // the tee is in one colour: nothing to tie it to
  });

  it('writes a group no other listing shares as none, and ties a colour to a sibling that arrives in a later feed', () => {
    const shoeIn = (id: string, color: string) => shoe(id, `Groundwell Canvas Shoe ${color}`, '40', { color });
    const alone = listingsOf([shoeIn('red-40', 'Red')]);
    expect(alone[0]!.variantGroup).toBeNull();
    const later = listingsOf([shoeIn('red-40', 'Red'), shoeIn('blue-40', 'Blue')]);
    expect(later.map((l) => l.variantGroup)).toEqual(['~groundwell:canvas-shoe', '~groundwell:canvas-shoe']);
    // The red shoe's offer is written again when its sibling arrives: its content hash reads the group.
    expect(later[0]!.contentHash).not.toBe(alone[0]!.contentHash);
  });
});
