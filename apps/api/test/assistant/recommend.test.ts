/** Gift picks fit the person and say only what is true of them (issue 18 §3). */
import { describe, expect, it } from 'vitest';
import type { ProductCard } from '@b-deals/contracts';
import { emptySlots } from '../../src/assistant/index.ts';
import { cardFitsRecipient, whyThis } from '../../src/assistant/recommend.ts';

const card = (name: string, categoryIds: string[]): ProductCard => ({
  id: 1,
  slug: 'x',
  name,
  brand: null,
  image: null,
  priceTag: 3099,
  itemPrice: 3099,
  shipping: 0,
  wasPrice: null,
  discount: 0,
  merchantCount: 2,
  categoryIds,
  inStock: true,
  priceBadge: null,
  wasCheck: null,
  referencePrice: null,
});

describe('cardFitsRecipient', () => {
  const dad = { ...emptySlots(), ageGroup: 'adult' as const, gender: 'male' as const };
  it('keeps children’s things and the other gender’s clothing away from an adult man', () => {
    expect(cardFitsRecipient(card('Packable Junior Tennis Racket', ['726', '72', '7']), dad)).toBe(false);
    expect(cardFitsRecipient(card('Kids Hook-and-Loop Shoes', ['g4', 'g']), dad)).toBe(false);
    expect(cardFitsRecipient(card('Pointed Heel Pump', ['k11', 'k1', 'k']), dad)).toBe(false);
    expect(cardFitsRecipient(card('Trail Daypack 20 L', ['725', '72', '7']), dad)).toBe(true);
    expect(cardFitsRecipient(card('Chelsea Boot', ['k22', 'k2', 'k']), dad)).toBe(true);
  });

  it('lets a child have children’s things, and asks nothing when age and gender are unknown', () => {
    expect(cardFitsRecipient(card('Plush Bear', ['g5', 'g']), { ...emptySlots(), ageGroup: 'kid', gender: null })).toBe(true);
    expect(cardFitsRecipient(card('Packable Junior Tennis Racket', ['726', '72', '7']), emptySlots())).toBe(true);
  });
});

describe('whyThis', () => {
  const budget = { kind: 'max' as const, min: null, max: 8000 };
  it('says "for camping" only of products in the category camping mapped to, not of its neighbours', () => {
    const slots = { ...emptySlots(), interests: ['camping'], budget };
    expect(whyThis(card('Trail Hiking Boot', ['728', '72', '7']), slots, '728')).toBe(
      'Hiking Boots for camping · $30.99 total with free shipping, 39% of your $80 budget',
    );
    expect(whyThis(card('Cork Yoga Mat', ['727', '72', '7']), slots, '728')).not.toMatch(/for camping/);
  });

  it('never repeats the category as the interest ("Watches for watch")', () => {
    expect(whyThis(card('Quartz Watch', ['f5', 'f']), { ...emptySlots(), interests: ['watch'], budget }, 'f5')).toMatch(/^Watches · /);
    expect(whyThis(card('Trail Hiking Boot', ['728', '72', '7']), { ...emptySlots(), interests: ['hiking'], budget }, '728')).toMatch(/^Hiking Boots · /);
  });
});
