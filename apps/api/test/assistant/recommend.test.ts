/** Gift picks fit the person and say only what is true of them (issue 18 §3). */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GiftSlots, ProductCard } from '@b-deals/contracts';
import { emptySlots, WordVectors } from '../../src/assistant/index.ts';
import { cardFitsRecipient, whyThis } from '../../src/assistant/recommend.ts';
import { giftCategories, interestTargets, matchInterest } from '../../src/assistant/interests.ts';

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

describe('cardFitsRecipient by age (issue 18 follow-up, point 1: GMC age_group, else sizes, else the tree)', () => {
  const nephew: GiftSlots = { ...emptySlots(), recipient: 'nephew', gender: 'male', age: 10, ageGroup: 'kid' };
  it('gives a 10-year-old children’s things, never adult jerseys, shoes or apparel sizes', () => {
    expect(cardFitsRecipient(card('Team Jersey', ['713', '71', '7']), nephew, { ageGroup: 'adult', sizes: ['XS', 'S', 'M', 'L'] })).toBe(false);
    expect(cardFitsRecipient(card('Racing Running Shoe', ['711', '71', '7']), nephew, { ageGroup: 'adult', sizes: ['US 6 | EU 38'] })).toBe(false);
    expect(cardFitsRecipient(card('Kids Team Jersey', ['713', '71', '7']), nephew, { ageGroup: 'kids', sizes: ['YS', 'YM'] })).toBe(true);
    expect(cardFitsRecipient(card("Boys' Graphic Tee", ['g3', 'g']), nephew, { ageGroup: 'kids', sizes: ['8', '10', '12'] })).toBe(true);
    expect(cardFitsRecipient(card('Baby Romper', ['g1', 'g']), nephew, { ageGroup: 'infant', sizes: ['0-3M'] })).toBe(false);
    // No stated age group: children's sizes say it, else the tree (Sports Tops are adult).
    expect(cardFitsRecipient(card('Team Jersey', ['713', '71', '7']), nephew, { ageGroup: null, sizes: ['US 12C', 'US 1Y'] })).toBe(true);
    expect(cardFitsRecipient(card('Team Jersey', ['713', '71', '7']), nephew)).toBe(false);
  });

  it('gives a teenager adult things in a small size or one size, and nothing from Baby & Kids', () => {
    const teen: GiftSlots = { ...emptySlots(), recipient: 'son', gender: 'male', age: 15, ageGroup: 'teen' };
    expect(cardFitsRecipient(card('Pocket T-Shirt', ['921', '92', '9']), teen, { ageGroup: 'adult', sizes: ['S', 'M', 'L', 'XL'] })).toBe(true);
    expect(cardFitsRecipient(card('Wool Suit', ['95', '9']), teen, { ageGroup: 'adult', sizes: ['40R', '42R', '44R'] })).toBe(false);
    expect(cardFitsRecipient(card('Kids Sneakers', ['g4', 'g']), teen, { ageGroup: 'kids', sizes: ['US 1Y'] })).toBe(false);
    expect(cardFitsRecipient(card('Cruiser Skateboard', ['725', '72', '7']), teen, { ageGroup: 'adult', sizes: [] })).toBe(true);
  });

  it('gives a baby infant things, not kids’ toys', () => {
    const baby: GiftSlots = { ...emptySlots(), recipient: 'baby', ageGroup: 'baby', occasion: 'baby shower' };
    expect(cardFitsRecipient(card('Baby Sleepsuit', ['g1', 'g']), baby, { ageGroup: 'infant', sizes: ['0-3M', '3-6M'] })).toBe(true);
    expect(cardFitsRecipient(card('Bib Set', ['g']), baby, { ageGroup: 'infant', sizes: [] })).toBe(true);
    expect(cardFitsRecipient(card('Plush Bear', ['g5', 'g']), baby, { ageGroup: 'kids', sizes: [] })).toBe(false);
  });
});

describe('gift plans for a child', () => {
  it("searches a 10-year-old soccer fan's gifts in their children's twins (Boys' Clothing, Kids' Shoes), never adult shoe departments", () => {
    const plan = giftCategories({ ...emptySlots(), recipient: 'nephew', gender: 'male', age: 10, ageGroup: 'kid', interests: ['soccer'] }, null);
    const codes = plan.targets.map((t) => t.code);
    expect(codes).toEqual(expect.arrayContaining(['g3', 'g4']));
    expect(codes).not.toContain('k24');
    expect(codes).not.toContain('g2');
    expect(plan.targets.find((t) => t.code === 'g3')).toMatchObject({ child: 'soccer' });
    expect(plan.targets.find((t) => t.code === 'g3')?.interest).toBeUndefined();
  });

  it('searches a baby shower in Baby Clothing, Nursery and Baby & Kids, not in Girls’ or Boys’ Clothing', () => {
    const plan = giftCategories({ ...emptySlots(), recipient: 'baby', ageGroup: 'baby', occasion: 'baby shower' }, null);
    expect(plan.codes).toEqual(expect.arrayContaining(['g1', 'g6']));
    expect(plan.codes.filter((c) => ['g2', 'g3', 'g4'].includes(c))).toEqual([]);
  });
});

describe('interests the lexicon does not know (issue 18 follow-up, point 2)', () => {
  let vectors: WordVectors;
  beforeAll(async () => {
    vectors = await WordVectors.load();
  }, 120_000);

  it('maps an interest near a hobby to its gifts without claiming them, and says so', () => {
    const m = matchInterest('birdwatching', vectors);
    expect(m).toMatchObject({ how: 'near', near: 'hiking' });
    expect(m.targets.map((t) => t.code)).toContain('721');
    for (const t of m.targets) {
      expect(t.near).toBe('birdwatching');
      expect(t.interest).toBeUndefined();
    }
    const why = whyThis(
      card('Daypack 20L', ['721', '72', '7']),
      { ...emptySlots(), interests: ['birdwatching'], budget: { kind: 'max', min: null, max: 8000 } },
      undefined,
      undefined,
      'birdwatching',
    );
    expect(why).toMatch(/^Backpacks · in Outdoor, the nearest I carry to birdwatching · /);
    expect(why).not.toMatch(/for birdwatching/);
  });

  it('answers pastimes the catalogue does not serve, or nothing close, with no targets (the reply asks)', () => {
    for (const i of ['pottery', 'knitting', 'astronomy', 'music', 'dogs']) expect(matchInterest(i, vectors)).toMatchObject({ how: 'unserved', targets: [] });
    expect(matchInterest('vinyl records', vectors).targets).toEqual([]);
    // Without vectors, a pastime named outright is still known as unserved.
    expect(matchInterest('music', null)).toMatchObject({ how: 'unserved', near: 'music' });
  });

  it('keeps the curated lexicon first', () => {
    expect(matchInterest('surfing', vectors).how).toBe('hobby');
    expect(matchInterest('skateboarding', vectors).how).toBe('hobby');
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
