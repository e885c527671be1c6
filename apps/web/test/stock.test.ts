import { describe, expect, it } from 'vitest';
import type { ProductCard } from '@b-deals/contracts';
import { toCardView } from '../app/lib/card-view';
import { expressUnavailableReason, outOfStock, storeLinkText } from '../app/lib/stock';

const merchant = { slug: 'corner-thread', name: 'Corner Thread', logo: null, marketplace: null, region: 'US' as const };

describe('out of stock on cards and the product page (QA finding 15)', () => {
  const card: ProductCard = {
    id: 5144,
    slug: 'northfield-brushed-trench-coat-red',
    name: 'Northfield Brushed Trench Coat – Red',
    brand: { slug: 'northfield', name: 'Northfield' },
    image: null,
    priceTag: 61500,
    itemPrice: 61500,
    shipping: 0,
    wasPrice: null,
    discount: 0,
    merchantCount: 1,
    categoryIds: ['3141', '314', '3'],
    inStock: false,
    priceBadge: null,
    wasCheck: null,
    referencePrice: null,
  };

  it('a card view keeps the stock flag of a product no store has in stock, and leaves it out otherwise', () => {
    expect(toCardView(card).inStock).toBe(false);
    expect('inStock' in toCardView({ ...card, inStock: true })).toBe(false);
  });

  it('the store link offers to buy only what is in stock', () => {
    expect(storeLinkText({ merchant, total: 61500, availability: 'in_stock' })).toBe('Buy at Corner Thread for $615');
    expect(storeLinkText({ merchant, total: 61500, availability: 'out_of_stock' })).toBe('See at Corner Thread (out of stock)');
    expect(outOfStock({ availability: 'backorder' })).toBe(false);
  });

  it('express checkout says why it cannot take the product: out of stock everywhere, or shipping not stated', () => {
    expect(expressUnavailableReason([{ availability: 'out_of_stock', shipping: 0 }])).toMatch(/no store has it in stock/);
    expect(expressUnavailableReason([{ availability: 'out_of_stock', shipping: 0 }])).not.toMatch(/shipping/);
    expect(
      expressUnavailableReason([
        { availability: 'in_stock', shipping: null },
        { availability: 'out_of_stock', shipping: 500 },
      ]),
    ).toMatch(/no store that lists it in stock states its US shipping cost/);
    expect(expressUnavailableReason([])).toBeNull();
  });
});
