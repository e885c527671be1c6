/**
 * The last steps of the feed mapper (category-map.ts, module doc steps 5 and 6): an item already
 * scored against our tree is re-filed by whom it is for and by what its title says besides kind
 * words — a kids' garment or shoe into Baby & Kids, a bag of no named kind by its volume in litres
 * or its audience, a men's shoe of no named kind called formal into Dress Shoes.
 */
import { isApparelCode, isShoeCode } from '@b-deals/core';
import type { Audience } from './category-keywords.ts';
import type { CategoryFiling } from './category-map.ts';

/** Below this confidence a mapping is not trusted: `mapped: false` (the feed warns `unmapped_category`). */
export const CATEGORY_CONFIDENCE_MIN = 0.6;

/** GMC `age_group` values of babies and toddlers (Baby Clothing, g1). */
export const BABY_AGES: ReadonlySet<string> = new Set(['newborn', 'infant', 'toddler']);

/**
 * Step 5 or 6 for a scored item: `kids` (a kids' item without a Google path) → {@link kidsCode};
 * else a Bags 'Other' result → {@link bagCode}, a Men's Shoes 'Other' result → {@link shoeCode};
 * any other result as it is.
 */
export function refineCategory(match: CategoryFiling, item: { kids: boolean; title: string; audience: Audience }): CategoryFiling {
  if (item.kids) return kidsCode(match, item.audience);
  if (match.code === 'e') return bagCode(match, item.title, item.audience);
  if (match.code === 'k2') return shoeCode(match, item.title);
  return match;
}

/**
 * A kids' item without a Google path (its title or GMC `age_group` says kids): garments go to
 * Baby Clothing (g1) for newborn/infant/toddler, else Girls' (g2) / Boys' Clothing (g3) by gender,
 * else Baby & Kids' Other leaf (g); shoes go to Kids' Shoes (g4); anything else (a backpack, a
 * watch, a toy) keeps its code.
 */
function kidsCode(match: CategoryFiling, audience: Audience): CategoryFiling {
  const { code } = match;
  if (code === '') return match;
  if (isShoeCode(code)) return { code: 'g4', mapped: true, confidence: Math.max(match.confidence, CATEGORY_CONFIDENCE_MIN) };
  if (!isApparelCode(code)) return match;
  const leaf = audience.ageGroup && BABY_AGES.has(audience.ageGroup) ? 'g1' : audience.gender === 'female' ? 'g2' : audience.gender === 'male' ? 'g3' : null;
  return leaf ? { code: leaf, mapped: true, confidence: Math.max(match.confidence, CATEGORY_CONFIDENCE_MIN) } : { code: 'g', mapped: false, confidence: 0.4 };
}

/** A men's shoe the words did not name a kind of (k2), called formal, is a dress shoe (k21). */
function shoeCode(match: CategoryFiling, title: string): CategoryFiling {
  return /\bformal\b/i.test(title) ? { code: 'k21', mapped: true, confidence: CATEGORY_CONFIDENCE_MIN } : match;
}

/** A volume in litres as outdoor bags are sold (`10L`, `22 L`, `20-litre`, `35 liters`); group 1 is the number. */
const LITRES = /(?:^|[^\p{L}\p{N}.])(\d{1,3}(?:[.,]\d)?)\s?-?\s?(?:l|ltr|litres?|liters?)(?![\p{L}\p{N}])/iu;
/** Volumes of a backpack, in litres (a daypack from about 10, an expedition pack to about 100; a smaller bag is a waist or hydration pack). */
const BACKPACK_LITRES = { min: 5, max: 120 };

/**
 * A bag the words did not name a kind of (the Bags 'Other' leaf, e): 5–120 litres → Backpacks
 * (e2, mapped); else for women → the Handbags group's 'Other' leaf (e1, 0.5, warned).
 */
function bagCode(match: CategoryFiling, title: string, audience: Audience): CategoryFiling {
  const litres = Number(LITRES.exec(title)?.[1]?.replace(',', '.') ?? NaN);
  if (litres >= BACKPACK_LITRES.min && litres <= BACKPACK_LITRES.max) return { code: 'e2', mapped: true, confidence: CATEGORY_CONFIDENCE_MIN };
  if (audience.gender === 'female') return { code: 'e1', mapped: false, confidence: 0.5 };
  return match;
}
