/**
 * Who a gift is for, onto the category tree (issue 18 §2; decision 0022): the departments a gender
 * rules out and the gender twins of clothing (women's ↔ men's), the GMC age groups a recipient's age
 * allows (core age-groups.ts) and the children's twins of clothing and shoes, and the gift-friendly
 * targets by recipient when no interest maps (`DEFAULT_GIFTS`). Category codes are prefix filters
 * (DESIGN.md "Category codes").
 */
import { isApparelCode, isShoeCode, personOfAge, treeAgeGroups, type AgedPerson } from '@b-deals/core';
import type { GiftSlots } from '@b-deals/contracts';
import type { HobbyTarget } from './hobbies.ts';

/**
 * Gift-friendly targets by recipient when no interest maps, strongest first: things that need no size
 * (jewellery, bags, wallets, watches, beauty) for adults; no sunscreen, cleanser or toner (not gifts),
 * no yoga mats for everyone.
 */
export const DEFAULT_GIFTS: Record<string, HobbyTarget[]> = {
  'adult:female': [{ code: 'f' }, { code: 'e1' }, { code: 'b31' }, { code: 'b2!' }, { code: 'e3' }, { code: 'b25' }],
  'adult:male': [{ code: 'e3' }, { code: 'f5' }, { code: 'b32' }, { code: 'e2' }, { code: 'e5' }],
  'adult:': [
    { code: 'e3' },
    { code: 'b!', words: ['hand cream', 'bath soak', 'body scrub'] },
    { code: 'b3!' },
    { code: 'b2!' },
    { code: 'e!', words: ['toiletry kit', 'cosmetic pouch'] },
    { code: 'f5' },
  ],
  'senior:female': [{ code: 'f' }, { code: 'b25' }, { code: 'e1' }, { code: 'e3' }, { code: 'b2!' }],
  'senior:male': [{ code: 'e3' }, { code: 'f5' }, { code: '93' }, { code: 'b32' }],
  'senior:': [{ code: 'e3' }, { code: 'b!', words: ['hand cream', 'bath soak'] }, { code: 'f5' }, { code: 'b25' }],
  'teen:female': [{ code: 'f2' }, { code: 'k15' }, { code: 'e2' }, { code: 'b1' }, { code: '712' }],
  'teen:male': [{ code: 'k24' }, { code: 'e2' }, { code: '712' }, { code: '725' }, { code: 'f5' }],
  'teen:': [{ code: 'e2' }, { code: '712' }, { code: '725' }, { code: 'k15' }, { code: 'k24' }],
  'kid:female': [{ code: 'g5' }, { code: 'g2' }, { code: 'g4' }],
  'kid:male': [{ code: 'g5' }, { code: 'g3' }, { code: 'g4' }],
  'kid:': [{ code: 'g5' }, { code: 'g4' }, { code: 'g2' }, { code: 'g3' }],
  'baby:female': [{ code: 'g1' }, { code: 'g5' }, { code: 'g!' }, { code: 'g6' }],
  'baby:male': [{ code: 'g1' }, { code: 'g5' }, { code: 'g!' }, { code: 'g6' }],
  'baby:': [{ code: 'g1' }, { code: 'g5' }, { code: 'g!' }, { code: 'g6' }],
};

/**
 * Small gifts, for a budget the recipient's usual gifts do not fit ("a stocking stuffer under $15"):
 * things that need no size and cost little in any catalogue (lip colour, sheet masks, hand cream,
 * socks, swim caps and goggles, stud earrings, card holders), strongest first; `fitsRecipient`
 * filters them like every other target. Searched only after the usual targets give under 3 picks.
 */
export const SMALL_GIFTS: readonly HobbyTarget[] = [
  { code: 'b12' },
  { code: 'b23' },
  { code: 'b!', words: ['hand cream', 'lip balm', 'bath soak'] },
  { code: '96', words: ['socks'] },
  { code: 'f2' },
  { code: 'e3' },
  { code: '715' },
];

/** Departments a gender rules out (prefixes). */
const NOT_FOR: Record<'female' | 'male', string[]> = {
  female: ['9', 'k2', 'b32', 'g3'],
  male: ['8', 'k1', 'b31', 'e1', 'g2', 'b1'],
};

/** Who the recipient is by age, as core's age rules read a person (null: age unknown, "my son"). */
export type RecipientSlots = Pick<GiftSlots, 'gender' | 'ageGroup' | 'age' | 'recipient'>;

/**
 * The recipient's GMC age groups (core `personOfAge`): from the age when stated, else from the age
 * group: a baby is newborn–infant, a kid kids (a "toddler" toddler), a teenager adult with small
 * sizes, an adult or senior adult; null when neither is known.
 */
export function recipientPerson(slots: RecipientSlots): AgedPerson | null {
  if (slots.age !== null) return personOfAge(slots.age);
  switch (slots.ageGroup) {
    case 'baby':
      return { groups: ['newborn', 'infant'], teen: false };
    case 'kid':
      return { groups: slots.recipient === 'toddler' ? ['toddler'] : ['kids'], teen: false };
    case 'teen':
      return { groups: ['adult'], teen: true };
    case 'adult':
    case 'senior':
      return { groups: ['adult'], teen: false };
    default:
      return null;
  }
}

/**
 * Departments outside Baby & Kids where feeds file children's things by their GMC `age_group`
 * (a kids' team jersey stays in Sports Tops, a kids' backpack in Backpacks): searched for a child
 * aged 5 or more, whose items then pass only with a child's age group (core `itemFitsAge`).
 */
const CHILD_GEAR = ['7', 'e2'];

/**
 * Whether a category may hold gifts for the recipient: not the other gender's departments; for a
 * child, Baby & Kids' categories whose tree age groups include the child's (core `treeAgeGroups`)
 * and, from 5, `CHILD_GEAR`; for a teenager or an adult nothing from Baby & Kids (and for a
 * teenager no lingerie); with the age unknown ("my son") anything but baby clothing and nursery gear.
 */
export function fitsRecipient(code: string, slots: RecipientSlots): boolean {
  if (slots.gender && NOT_FOR[slots.gender].some((p) => code.startsWith(p))) return false;
  const person = recipientPerson(slots);
  if (!person) return !code.startsWith('g1') && !code.startsWith('g6');
  if (person.groups.includes('adult')) return !code.startsWith('g') && !(person.teen && code.startsWith('87'));
  if (code.startsWith('g')) return treeAgeGroups(code).some((g) => person.groups.includes(g));
  return person.groups.includes('kids') && CHILD_GEAR.some((p) => code.startsWith(p));
}

/**
 * Where a child finds what an adult's target holds: clothing in Baby Clothing (a baby) or Girls' /
 * Boys' Clothing (by gender, both when unknown), shoes in Kids' Shoes (core `isApparelCode`,
 * `isShoeCode`: the feed mapper's own rule); nothing for an adult or for other targets.
 */
export function childTwins(code: string, person: AgedPerson | null, gender: GiftSlots['gender']): string[] {
  if (!person || person.groups.includes('adult') || code.startsWith('g')) return [];
  const baby = !person.groups.includes('kids') && !person.groups.includes('toddler');
  if (isShoeCode(code)) return baby ? [] : ['g4'];
  if (isApparelCode(code)) return baby ? ['g1'] : gender === 'female' ? ['g2'] : gender === 'male' ? ['g3'] : ['g2', 'g3'];
  return [];
}

/** Gender-specific twins: a men's interest in women's clothing goes to the men's department and back. */
const TWINS: Array<[string, string]> = [
  ['81', '91'],
  ['83', '92'],
  ['84', '94'],
  ['k1', 'k2'],
  ['k11', 'k21'],
  ['k12', 'k23'],
  ['k13', 'k22'],
  ['k14', 'k25'],
  ['k15', 'k24'],
  ['b31', 'b32'],
  ['g2', 'g3'],
];

export function genderTwin(code: string, gender: GiftSlots['gender']): string {
  for (const [f, m] of TWINS) {
    if (gender === 'male' && code === f) return m;
    if (gender === 'female' && code === m) return f;
  }
  return code;
}
