import { describe, expect, it } from 'vitest';
import { compareSizes, shoeAudience, sizeFilterValue, sortSizes, withUsShoeSize } from '../src/sizes.ts';

/** Shuffles deterministically, so a test never passes because the input was already in order. */
const shuffled = (xs: readonly string[]) => [...xs].reverse().sort((a, b) => ((a.length * 7 + a.charCodeAt(0)) % 5) - ((b.length * 7 + b.charCodeAt(0)) % 5));

describe('sortSizes (issue 20 §4: sizes sort naturally)', () => {
  it.each([
    ['shoe sizes by value, not as text', ['US 5 / EU 35', 'US 6 / EU 36', 'US 6.5', 'US 9 / EU 39', 'US 10 / EU 40', 'US 11 / EU 44']],
    ['letter sizes XXS … XXXL', ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL']],
    ['waist then length by number', ['28x30', '28x32', '30x30', '32x30', '32x32', '34x30']],
    ['waist sizes', ['24', '26', '28', '30', '32', '34', '36', '38']],
    ['suit sizes', ['38R', '40S', '40R', '42R', '46R']],
    ['kids sizes: toddler, then numbers', ['2T', '3T', '4T', '5', '6', '8', '10', '12']],
    ['baby months', ['0-3M', '3-6M', '6-12M', '12-18M', '18-24M']],
    ["children's then youth shoe sizes", ['US 10C / EU 27', 'US 11C / EU 28', 'US 13C / EU 31', 'US 1Y / EU 32', 'US 2Y / EU 33']],
    ['European half sizes', ['EU 36', 'EU 36,5', 'EU 37']],
    ['free text after sizes', ['S', 'M', 'One Size']],
  ])('%s', (_, ordered) => {
    expect(sortSizes(shuffled(ordered))).toEqual(ordered);
  });

  it('puts US 6 before US 10 and L after M (the reported cases)', () => {
    expect(compareSizes('US 6', 'US 10')).toBeLessThan(0);
    expect(sortSizes(['L', 'M', 'S', 'XL'])).toEqual(['S', 'M', 'L', 'XL']);
    expect(compareSizes('M', 'M')).toBe(0);
  });
});

describe('withUsShoeSize (issue 11 §3: shoe sizes with their US equivalent)', () => {
  it.each([
    ['EU 41', 'men', 'US 8 / EU 41'],
    ['EU 42,5', 'men', 'US 9.5 / EU 42,5'],
    ['EU 38.5', 'women', 'US 8 / EU 38.5'],
    ['EU 40', 'women', 'US 9 / EU 40'],
    ['UK 7', 'men', 'US 8 / UK 7'],
    ['UK 5', 'women', 'US 7 / UK 5'],
    ['41', 'men', 'US 8 / EU 41'],
    ['8', 'women', 'US 8'],
    ['9.5', 'men', 'US 9.5'],
  ] as const)('%s (%s) → %s', (label, audience, expected) => {
    expect(withUsShoeSize(label, audience)).toBe(expected);
  });

  it.each(['US 8 / EU 41', 'US 8', 'M', 'US 10C / EU 27', 'EU 20', 'EU 60', '24', 'W32 L30'])('leaves %s as it is', (label) => {
    expect(withUsShoeSize(label, 'men')).toBe(label);
  });

  it('makes two merchants writing one size differently share its filter value', () => {
    expect(sizeFilterValue('EU 41', 'men')).toBe(sizeFilterValue('US 8 / EU 41'));
    expect(sizeFilterValue('8', 'men')).toBe('US 8');
    expect(sizeFilterValue('40', 'women')).toBe('US 9');
    expect(sizeFilterValue('40')).toBe('40');
    expect(sizeFilterValue('UK 8 / EU 42 / US 9')).toBe('US 9');
    expect(sizeFilterValue('EU 36,5 / IT 36')).toBe('EU 36,5');
    expect(sizeFilterValue('M')).toBe('M');
  });
});

describe('shoeAudience', () => {
  it('reads the shoe departments, then GMC gender for other footwear', () => {
    expect(shoeAudience('k13', null)).toBe('women');
    expect(shoeAudience('k24', 'female')).toBe('men');
    expect(shoeAudience('711', 'female')).toBe('women');
    expect(shoeAudience('728', 'male')).toBe('men');
    expect(shoeAudience('711', 'unisex')).toBeNull();
    expect(shoeAudience('g4', 'male')).toBeNull();
    expect(shoeAudience('811', 'male')).toBeNull();
    expect(shoeAudience(null, 'male')).toBeNull();
  });
});
