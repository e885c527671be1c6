/** Whom an item is made for by age, and whether it suits a person (issue 18 follow-up, point 1; GMC `age_group`). */
import { describe, expect, it } from 'vitest';
import { ageGroupsOfAge, isSmallAdultSize, itemAgeGroups, itemFitsAge, personOfAge, sizeAgeGroups, type AgedItem } from '../src/age-groups.ts';

const item = (categoryCode: string, sizes: string[] = [], ageGroup: string | null = null): AgedItem => ({ categoryCode, sizes, ageGroup });

describe('ageGroupsOfAge', () => {
  it("follows GMC's ranges, sharing their ends", () => {
    expect(ageGroupsOfAge(0)).toEqual(['newborn', 'infant']);
    expect(ageGroupsOfAge(1)).toEqual(['infant', 'toddler']);
    expect(ageGroupsOfAge(3)).toEqual(['toddler']);
    expect(ageGroupsOfAge(5)).toEqual(['toddler', 'kids']);
    expect(ageGroupsOfAge(10)).toEqual(['kids']);
    expect(ageGroupsOfAge(13)).toEqual(['adult']);
  });
});

describe('sizeAgeGroups', () => {
  it('reads baby months, toddler, children’s and youth sizes, and nothing else', () => {
    expect(sizeAgeGroups('0-3M')).toEqual(['newborn', 'infant']);
    expect(sizeAgeGroups('6-12M')).toEqual(['infant']);
    expect(sizeAgeGroups('18-24M')).toEqual(['toddler']);
    expect(sizeAgeGroups('3T')).toEqual(['toddler']);
    expect(sizeAgeGroups('US 12C / EU 30')).toEqual(['kids']);
    expect(sizeAgeGroups('US 1Y | EU 32')).toEqual(['kids']);
    for (const adult of ['M', 'US 8 / EU 41', '32', 'One Size', '38R']) expect(sizeAgeGroups(adult)).toBeNull();
  });
});

describe('itemAgeGroups', () => {
  it('takes the stated GMC age_group first, even in an adult department (a kids’ team jersey)', () => {
    expect(itemAgeGroups(item('713', ['S', 'M'], 'kids'))).toEqual({ groups: ['kids'], source: 'gmc' });
    expect(itemAgeGroups(item('g5', [], 'adult'))).toEqual({ groups: ['adult'], source: 'gmc' });
  });

  it('else reads an item sized only in children’s sizes as a child’s, else the category tree', () => {
    expect(itemAgeGroups(item('713', ['US 10C', 'US 1Y']))).toEqual({ groups: ['toddler', 'kids'], source: 'sizes' });
    expect(itemAgeGroups(item('g3', ['5', '6', '8']))).toEqual({ groups: ['toddler', 'kids'], source: 'tree' });
    expect(itemAgeGroups(item('g1'))).toEqual({ groups: ['newborn', 'infant', 'toddler'], source: 'tree' });
    expect(itemAgeGroups(item('713', ['S', 'M', 'L']))).toEqual({ groups: ['adult'], source: 'tree' });
  });
});

describe('itemFitsAge', () => {
  const ten = personOfAge(10);
  it('gives a 10-year-old children’s things, never adult shoes, jerseys or apparel sizes', () => {
    expect(itemFitsAge(item('g3', ['5', '6', '8', '10', '12'], 'kids'), ten)).toBe(true);
    expect(itemFitsAge(item('g4', ['US 12C', 'US 1Y'], 'kids'), ten)).toBe(true);
    expect(itemFitsAge(item('713', ['XS', 'S', 'M', 'L', 'XL'], 'adult'), ten)).toBe(false);
    expect(itemFitsAge(item('711', ['US 6 | EU 38', 'US 7 | EU 39'], 'adult'), ten)).toBe(false);
    expect(itemFitsAge(item('713', ['YS', 'YM'], 'kids'), ten)).toBe(true);
    expect(itemFitsAge(item('g1', ['0-3M', '3-6M'], 'infant'), ten)).toBe(false);
  });

  it('fits a toddler with a kids’ item offered in toddler sizes, and a baby with infant things only', () => {
    expect(itemFitsAge(item('g2', ['2T', '3T', '4T', '5', '6'], 'kids'), personOfAge(3))).toBe(true);
    expect(itemFitsAge(item('g5', [], 'kids'), personOfAge(3))).toBe(false);
    expect(itemFitsAge(item('g', [], 'infant'), personOfAge(0))).toBe(true);
    expect(itemFitsAge(item('g5', [], 'kids'), personOfAge(0))).toBe(false);
  });

  it('keeps children’s things from adults and gives a teenager adult items in a small size or one size', () => {
    const fifteen = personOfAge(15);
    expect(itemFitsAge(item('g4', ['US 1Y'], 'kids'), personOfAge(40))).toBe(false);
    expect(itemFitsAge(item('g4', ['US 1Y'], 'kids'), fifteen)).toBe(false);
    expect(itemFitsAge(item('921', ['S', 'M', 'L', 'XL', 'XXL'], 'adult'), fifteen)).toBe(true);
    expect(itemFitsAge(item('95', ['40R', '42R', '44R'], 'adult'), fifteen)).toBe(false);
    expect(itemFitsAge(item('95', ['40R', '42R', '44R'], 'adult'), personOfAge(30))).toBe(true);
    expect(itemFitsAge(item('725', [], 'adult'), fifteen)).toBe(true);
    expect(itemFitsAge(item('721', ['One Size'], 'adult'), fifteen)).toBe(true);
  });
});

describe('isSmallAdultSize', () => {
  it('is XS/S, one size, a number up to 30 or a US shoe up to 8', () => {
    for (const s of ['XS', 'S', 'One Size', '28', '30x32', 'US 7 / EU 40', 'EU 38']) expect(isSmallAdultSize(s)).toBe(true);
    for (const s of ['M', 'XL', '34', 'US 10 | EU 43', '38R']) expect(isSmallAdultSize(s)).toBe(false);
  });
});
