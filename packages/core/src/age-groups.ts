/**
 * Whom an item is made for by age, and whether it suits a person of a given age (issue 18, point 1
 * of the follow-up: a child gets children's things). The groups are GMC `age_group`'s, with GMC's
 * definitions: `newborn` up to 3 months, `infant` 3–12 months, `toddler` 1–5 years, `kids` 5–13
 * years, `adult` teens and older.
 *
 * An item's groups ({@link itemAgeGroups}), first rule that applies:
 * 1. the GMC `age_group` its offers state (products.age_group);
 * 2. else, when every size it comes in is a child's size (`0-3M`, `2T`, `10C`, `1Y`), the groups
 *    of those sizes ({@link sizeAgeGroups});
 * 3. else the category tree: Baby Clothing, Nursery & Strollers and Baby & Kids' own products are
 *    newborn–toddler, Girls' and Boys' Clothing and Kids' Shoes toddler–kids, Toys infant–kids;
 *    everything else adult.
 *
 * An item suits a person ({@link itemFitsAge}) when one of its groups is one of the person's, or
 * when it is a child's item that comes in a size of the person's age (a `kids` dress offered in
 * 2T–4T fits a toddler). A teenager (13–17) is GMC `adult` and may have adult items, but a sized
 * one only when it comes in a small size ({@link isSmallAdultSize}: XS/S, a waist, dress or ring
 * number up to 30, a US shoe up to 8) or in one size — a judgement, not GMC's.
 */
import { childSizeOf, letterSizeRank } from './sizes.ts';

/** GMC `age_group` values, youngest first. */
export const GMC_AGE_GROUPS = ['newborn', 'infant', 'toddler', 'kids', 'adult'] as const;
export type GmcAgeGroup = (typeof GMC_AGE_GROUPS)[number];

/** Age (years) from which a person is GMC `adult`; from here to {@link ADULT_SIZES_FROM} a teenager. */
export const TEEN_FROM = 13;
/** Age (years) from which adult sizes carry no restriction. */
export const ADULT_SIZES_FROM = 18;

const isGroup = (g: string | null): g is GmcAgeGroup => g !== null && (GMC_AGE_GROUPS as readonly string[]).includes(g);

/**
 * GMC groups of a person aged `years` (whole years; GMC's ranges share their ends): 0 → newborn,
 * infant; 1 → infant, toddler; 2–4 → toddler; 5 → toddler, kids; 6–12 → kids; 13 and over → adult.
 */
export function ageGroupsOfAge(years: number): GmcAgeGroup[] {
  if (years < 1) return ['newborn', 'infant'];
  if (years < 2) return ['infant', 'toddler'];
  if (years < 5) return ['toddler'];
  if (years < 6) return ['toddler', 'kids'];
  if (years < TEEN_FROM) return ['kids'];
  return ['adult'];
}

/**
 * The child groups a size label is made for, or null for an adult, letter, one-size or unknown
 * label: baby months by their upper end (`0-3M` newborn and infant, `3-6M`/`6-12M` infant,
 * `12-18M`/`18-24M` toddler), toddler sizes (`2T`–`5T`) toddler, US children's shoes (`4C`–`13C`)
 * toddler up to 10C and kids above, youth sizes (`1Y`–`7Y`) kids.
 */
export function sizeAgeGroups(label: string): GmcAgeGroup[] | null {
  const child = childSizeOf(label);
  if (!child) return null;
  switch (child.kind) {
    case 'months':
      return child.to <= 3 ? ['newborn', 'infant'] : child.to <= 12 ? ['infant'] : ['toddler'];
    case 'toddler':
      return ['toddler'];
    case 'child':
      return child.from <= 10 ? ['toddler'] : ['kids'];
    case 'youth':
      return ['kids'];
  }
}

/** Groups by the category tree alone (rule 3 of the module comment); codes are prefixes (DESIGN.md "Category codes"). */
export function treeAgeGroups(categoryCode: string): GmcAgeGroup[] {
  if (['g1', 'g6'].some((c) => categoryCode.startsWith(c)) || categoryCode === 'g') return ['newborn', 'infant', 'toddler'];
  if (['g2', 'g3', 'g4'].some((c) => categoryCode.startsWith(c))) return ['toddler', 'kids'];
  if (categoryCode.startsWith('g5')) return ['infant', 'toddler', 'kids'];
  return ['adult'];
}

/** What {@link itemAgeGroups} reads of an item. */
export interface AgedItem {
  /** GMC `age_group` its offers state (products.age_group), or null. */
  ageGroup: string | null;
  /** GMC `size` labels it comes in (products.sizes). */
  sizes: readonly string[];
  /** Its category code (products.category_code). */
  categoryCode: string;
}

/** The groups an item is made for and which rule said so (module comment). */
export function itemAgeGroups(item: AgedItem): { groups: GmcAgeGroup[]; source: 'gmc' | 'sizes' | 'tree' } {
  if (isGroup(item.ageGroup)) return { groups: [item.ageGroup], source: 'gmc' };
  const bySize = item.sizes.map(sizeAgeGroups);
  if (bySize.length && bySize.every((g) => g !== null)) return { groups: [...new Set(bySize.flat() as GmcAgeGroup[])], source: 'sizes' };
  return { groups: treeAgeGroups(item.categoryCode), source: 'tree' };
}

/** Labels that mean "one size fits all" (GMC `size` values feeds use). */
const ONE_SIZE = /^(one size|onesize|os|o\/s|one-size|free size|uni|unica)$/i;

/**
 * Whether an adult size label is a small one a teenager can wear: a letter size up to S (XXS, XS,
 * S), one size, a bare number up to 30 (a waist in inches, a US dress or ring size), or a shoe
 * whose US size is at most 8 (EU 41 when only EU is given).
 */
export function isSmallAdultSize(label: string): boolean {
  const first = label.split(/\s*[/|]\s*/)[0]!.trim();
  if (ONE_SIZE.test(first)) return true;
  const rank = letterSizeRank(first);
  if (rank >= 0) return rank <= letterSizeRank('S');
  const us = first.match(/^US\s*(\d{1,2}(?:[.,]5)?)$/i);
  if (us) return Number(us[1]!.replace(',', '.')) <= 8;
  const eu = first.match(/^EU\s*(\d{2}(?:[.,]5)?)$/i);
  if (eu) return Number(eu[1]!.replace(',', '.')) <= 41;
  const bare = first.match(/^(\d{1,2})(?:\s*x\s*\d{1,2})?$/i);
  return bare ? Number(bare[1]) <= 30 : false;
}

/** The person an item is judged for: their GMC groups and whether they are a teenager (13–17). */
export interface AgedPerson {
  groups: readonly GmcAgeGroup[];
  teen: boolean;
}

/** The person of an age in years ({@link ageGroupsOfAge}; 13–17 is a teenager). */
export function personOfAge(years: number): AgedPerson {
  return { groups: ageGroupsOfAge(years), teen: years >= TEEN_FROM && years < ADULT_SIZES_FROM };
}

/** Whether an item suits the person (rules in the module comment). */
export function itemFitsAge(item: AgedItem, person: AgedPerson): boolean {
  const { groups } = itemAgeGroups(item);
  if (person.groups.includes('adult')) {
    if (!groups.includes('adult')) return false;
    if (!person.teen) return true;
    const sized = item.sizes.filter((s) => !ONE_SIZE.test(s.trim()));
    return sized.length === 0 || sized.some(isSmallAdultSize);
  }
  if (groups.some((g) => person.groups.includes(g))) return true;
  if (groups.includes('adult')) return false;
  // A child's item offered in a size of the person's age ("kids" clothes in 2T–4T for a toddler).
  return item.sizes.some((s) => (sizeAgeGroups(s) ?? []).some((g) => person.groups.includes(g)));
}
