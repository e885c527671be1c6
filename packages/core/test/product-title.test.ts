import { describe, expect, it } from 'vitest';
import { displayTitle, titleFaults, titleFaultScore } from '../src/index.ts';

describe('titleFaults (GMC title guidance)', () => {
  it('finds no fault in a plain brand-first title', () => {
    expect(titleFaults('Kitestone Leather Western Boot - Rust', 'Kitestone')).toEqual([]);
  });

  it('names each fault', () => {
    expect(titleFaults('KITESTONE Leather Western Boot in Rust', 'Kitestone')).toEqual(['shouting']);
    expect(titleFaults('Leather Western Boot by Kitestone (Rust)', 'Kitestone')).toEqual(['brand_not_first']);
    expect(titleFaults('Kitestone | Leather Western Boot | Rust', 'Kitestone')).toEqual(['separators']);
    expect(titleFaults("Eldersey Men Men's Drawstring Shorts, Teal", 'Eldersey Men')).toEqual(['repeated_word']);
    expect(titleFaults('Kitestone Western Boot - 20% OFF Free Shipping!', 'Kitestone')).toEqual(['promotional']);
    expect(titleFaults('Northvale Wool Wrap Coat - Size M', 'Northvale')).toEqual(['size_named']);
    expect(titleFaults('Kitestone Trail Runner US 8 / EU 41', 'Kitestone')).toEqual(['size_named']);
    expect(titleFaults('Kitestone One-Size Beanie', 'Kitestone')).toEqual([]);
    expect(titleFaults(`Kitestone ${'Boot '.repeat(40)}`.trim(), 'Kitestone')).toContain('too_long');
  });

  it('does not count model numbers, short acronyms or a brand that writes itself in capitals as shouting', () => {
    expect(titleFaults('Sony PS-LX350H Belt-Drive Turntable', 'Sony')).toEqual([]);
    expect(titleFaults('Halden SPF 50 UV Face Fluid', 'Halden')).toEqual([]);
    expect(titleFaults('ASICS Gel-Kayano Running Shoe', 'ASICS')).toEqual([]);
  });

  it('judges the brand position only when the brand is known, ignoring case and accents', () => {
    expect(titleFaults('Leather Western Boot', null)).toEqual([]);
    expect(titleFaults('Café Noir Silk Scarf', 'Cafe Noir')).toEqual([]);
  });

  it('weighs promotional text above capitals above separators', () => {
    expect(titleFaultScore('Kitestone Boot on sale', 'Kitestone')).toBeGreaterThan(titleFaultScore('KITESTONE Boot', 'Kitestone'));
    expect(titleFaultScore('KITESTONE Boot', 'Kitestone')).toBeGreaterThan(titleFaultScore('Kitestone | Boot', 'Kitestone'));
  });
});

describe('displayTitle', () => {
  const merchants = [
    'KITESTONE Leather Western Boot in Rust',
    'Leather Western Boot by Kitestone (Rust)',
    'Kitestone | Leather Western Boot | Rust',
    "Kitestone Women's Leather Western Boot, Rust",
    'Kitestone Leather Western Boot - Rust',
  ];

  it('picks the title without faults that agrees most with the others', () => {
    expect(displayTitle(merchants, 'Kitestone')).toBe('Kitestone Leather Western Boot - Rust');
  });

  it('does not depend on the order the offers arrived in', () => {
    const reversed = [...merchants].reverse();
    const rotated = [...merchants.slice(2), ...merchants.slice(0, 2)];
    expect(displayTitle(reversed, 'Kitestone')).toBe(displayTitle(merchants, 'Kitestone'));
    expect(displayTitle(rotated, 'Kitestone')).toBe(displayTitle(merchants, 'Kitestone'));
  });

  it('prefers a title two merchants share over a lone variant of the same fault score', () => {
    expect(displayTitle(['Halden Linen Shirt Blue', 'Halden Linen Shirt Blue', 'Halden Linen Summer Shirt Blue'], 'Halden')).toBe('Halden Linen Shirt Blue');
  });

  it('keeps the current name on a tie and changes it only for a better one', () => {
    const two = ["Halden Women's Linen Shirt, Blue", 'Halden Linen Shirt - Blue'];
    // Two titles agree with each other equally, and neither has a fault: the current name stays, whichever it is.
    expect(displayTitle(two, 'Halden', two[0])).toBe(two[0]);
    expect(displayTitle(two, 'Halden', two[1])).toBe(two[1]);
    expect(displayTitle(two, 'Halden')).toBe(two[1]); // a new product: the shorter
    // A title with fewer faults wins over the current name; the current name is compared as written (brand not shouted).
    expect(displayTitle(['HALDEN Linen Shirt', 'Halden Linen Shirt'], 'Halden', 'Halden Linen Shirt | Blue')).toBe('Halden Linen Shirt');
    expect(displayTitle(['KITESTONE Boot Rust', 'KITESTONE Rust Boot'], 'Kitestone', 'Kitestone Rust Boot')).toBe('Kitestone Rust Boot');
    expect(displayTitle(['KITESTONE Boot Rust', 'KITESTONE Rust Boot'], 'Kitestone')).toBe('Kitestone Boot Rust');
  });

  it('writes a shouted brand as its display name when every title shouts it', () => {
    expect(displayTitle(['KITESTONE Leather Boot'], 'Kitestone')).toBe('Kitestone Leather Boot');
    expect(displayTitle(['KITESTONES Leather Boot'], 'Kitestone')).toBe('KITESTONES Leather Boot');
  });

  it('tidies white space and answers null for titles without a letter or digit', () => {
    expect(displayTitle(['  Halden   Linen Shirt  '], 'Halden')).toBe('Halden Linen Shirt');
    expect(displayTitle(['', ' - ', '|'], null)).toBeNull();
    expect(displayTitle([], null)).toBeNull();
  });
});
