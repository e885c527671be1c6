/** Gift picks fit the person and say only what is true of them (issue 18 §3). */
import { describe, expect, it } from 'vitest';
import type { ProductCard } from '@b-deals/contracts';
import { emptySlots } from '../../src/assistant/index.ts';
import { cardFitsRecipient, whyThis } from '../../src/assistant/recommend.ts';
import { giftCategories, interestTargets } from '../../src/assistant/interests.ts';

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
  it('says "for camping" only of a product found where camping gifts are, never of its neighbours', () => {
    const slots = { ...emptySlots(), interests: ['camping'], budget };
    expect(whyThis(card('Trail Hiking Boot', ['728', '72', '7']), slots, 'camping')).toBe(
      'Hiking Boots for camping · $30.99 total with free shipping, 39% of your $80 budget',
    );
    // Found among the recipient's popular gifts (no interest claimed): no "for camping".
    expect(whyThis(card('Cork Yoga Mat', ['727', '72', '7']), slots)).toBe('Yoga Mats · $30.99 total with free shipping, 39% of your $80 budget');
    expect(whyThis(card('Zip Wallet', ['e3', 'e']), { ...emptySlots(), interests: ['cooking'], budget })).not.toMatch(/cooking/);
  });

  it('never repeats the category as the interest ("Watches for watch")', () => {
    expect(whyThis(card('Quartz Watch', ['f5', 'f']), { ...emptySlots(), interests: ['watch'], budget }, 'watch')).toMatch(/^Watches · /);
    expect(whyThis(card('Trail Hiking Boot', ['728', '72', '7']), { ...emptySlots(), interests: ['hiking'], budget }, 'hiking')).toMatch(/^Hiking Boots · /);
  });

  it('names a pick from a broad group by the phrase of its own name that was searched ("Water bottle for hiking")', () => {
    const slots = { ...emptySlots(), interests: ['hiking'], budget };
    expect(whyThis(card('Breathable Sports Water Bottle', ['7']), slots, 'hiking', 'water bottle')).toMatch(/^Water bottle for hiking · /);
    expect(whyThis(card('Breathable Sports Water Bottle', ['7']), slots)).toMatch(/^Sneakers & Sportswear · /);
  });
});

describe('interest targets (the curated hobby lexicon before the word vectors)', () => {
  it('maps a hobby to the categories its gifts are in, strongest first, without vectors', () => {
    expect(interestTargets('hiking', null).map((t) => t.code)).toEqual(['721', '728', '72!', '7!', '93!', '912', '812']);
    expect(interestTargets('runner', null)[0]).toMatchObject({ code: '711', interest: 'runner' });
    expect(interestTargets('golf', null).map((t) => t.code)).not.toContain('722'); // the vectors' "golf ≈ tennis"
  });

  it('claims nothing "for" a kind of product ("Running Shoes for sneakers")', () => {
    for (const t of interestTargets('sneakers', null)) expect(t.interest).toBeUndefined();
    for (const t of interestTargets('camping', null)) expect(t.interest).toBe('camping');
  });

  it("keeps the recipient: a dad who hikes gets the men's field jacket, not the women's", () => {
    const dad = { ...emptySlots(), recipient: 'dad', gender: 'male' as const, ageGroup: 'adult' as const, interests: ['hiking'] };
    const { targets, fromInterests } = giftCategories(dad, null);
    expect(fromInterests).toBe(true);
    expect(targets.map((t) => t.code)).toContain('912');
    expect(targets.map((t) => t.code)).not.toContain('812');
  });
});
