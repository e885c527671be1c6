/**
 * Retrieval and choice of gifts (issue 18 §3) through the storefront's own search
 * (`searchProducts`, apps/api/src/search): one condition per target category with the budget as
 * `minPrice`/`maxPrice` on the best-offer total and the `in_stock` label, then:
 * - **budget**: a pick's total (item plus stated US shipping, core `bestOffer`, decision 0006) is
 *   at most the budget; a product whose best offer does not state shipping is left out, since its
 *   total cannot be shown to be within budget;
 * - **in stock** only;
 * - **deals first** by the price-history rules (core price-truth, decision 0015): "lowest in 90
 *   days" over "good deal" over a verified discount; an inflated was-price counts against;
 * - **diverse**: picks go round the target categories in turn, one brand once (relaxed only when
 *   too few remain);
 * - **fits the person**: by age, the product's GMC age group (stated by its offers, else its sizes,
 *   else the category tree; core age-groups.ts) must be the recipient's — a child gets children's
 *   things, a teenager adult ones in a small size or one size — and an adult or senior nothing
 *   named as made for children ("junior", "kids", "girls'", "boys'", "toddler", "baby"); a woman or
 *   a man nothing from the other's clothing, shoes or fragrance categories;
 * - each pick's one-line reason is built from its real attributes (category, price against the
 *   budget, price badge or verified discount; the card shows the merchant count). Nothing is invented: products and
 *   prices are the search's cards.
 */
import { categoryByCode, formatPrice, itemFitsAge } from '@b-deals/core';
import { GIFT_PICKS, SearchConditionSchema, type GiftPick, type GiftSlots, type ProductCard } from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';
import { searchProducts, type SearchDeps } from '../search/index.ts';
import { namesCategory, targetCode, targetFilter, type GiftTarget } from './interests.ts';
import { fitsRecipient, recipientPerson, type RecipientSlots } from './recipients.ts';

/** Candidates read per category. */
const PER_CATEGORY = 48;

/** What to pick from. */
export interface PickRequest {
  slots: GiftSlots;
  /** Where to search, strongest first (interests.ts `giftCategories`). */
  targets: GiftTarget[];
  /** Codes whose products are left out ("no perfume"). */
  avoidCodes?: string[];
  /** Product ids never to pick again ("something else"). */
  exclude?: readonly number[];
  /** Extra search words (a colour). */
  words?: string;
  /** A product to find more like (its category first and brand preferred). */
  like?: ProductCard | null;
  picks?: number;
}

/** Words in a product's name that say it is made for children. */
const CHILD_WORDS = /\b(junior|juniors|kids?|girls?'?|boys?'?|toddlers?|baby|babies|infant|youth)\b/i;

/** What a card does not carry but the age rule reads: the product's stated GMC age group and its sizes (products.age_group, products.sizes). */
export interface CardAge {
  ageGroup: string | null;
  sizes: readonly string[];
}

/**
 * Whether a card suits the recipient (module comment): its category fits their gender and age
 * (interests.ts `fitsRecipient`), the product itself their age (core `itemFitsAge` over `age`; a
 * product without stated age group or sizes is judged by its category), and an adult's or senior's
 * pick is not named as made for children (a "Junior Tennis Racket" sits in an adult category).
 */
export function cardFitsRecipient(card: ProductCard, slots: RecipientSlots, age: CardAge = { ageGroup: null, sizes: [] }): boolean {
  const code = card.categoryIds[0] ?? '';
  if (!fitsRecipient(code, slots)) return false;
  const person = recipientPerson(slots);
  if (person && !itemFitsAge({ ...age, categoryCode: code }, person)) return false;
  return !(person?.groups.includes('adult') && !person.teen && CHILD_WORDS.test(card.name));
}

/** The stated age group and sizes of products by id (one query). */
async function cardAges(db: Queryable, ids: readonly number[]): Promise<Map<number, CardAge>> {
  if (!ids.length) return new Map();
  const res = await db.query<{ id: number | string; age_group: string | null; sizes: string[] }>(
    'SELECT id, age_group, sizes FROM products WHERE id = ANY($1::bigint[])',
    [ids],
  );
  return new Map(res.rows.map((r) => [Number(r.id), { ageGroup: r.age_group, sizes: r.sizes }]));
}

/** Whether a card may be recommended under a budget (the guarantees of the module comment). */
export function withinBudget(card: ProductCard, budget: GiftSlots['budget']): boolean {
  if (!card.inStock) return false;
  if (!budget) return true;
  if (card.shipping === null) return false;
  return card.priceTag <= budget.max && (budget.min === null || card.priceTag >= budget.min);
}

/** Deal score of a card from its price-history facts (higher is better). */
export function dealScore(c: ProductCard): number {
  let s = 0;
  if (c.priceBadge === 'lowest_90') s += 2;
  else if (c.priceBadge === 'good_deal') s += 1.5;
  if (c.wasPrice !== null && c.wasCheck === 'verified') s += Math.min(c.discount, 60) / 50;
  if (c.wasCheck === 'inflated') s -= 0.5;
  if (c.merchantCount > 1) s += 0.2;
  return s;
}

/** Where to look for more like `card`: its own category (its group's own products when it sits in an 'Other' leaf), claiming the interest it was found for. */
function likeTarget(card: ProductCard, targets: readonly GiftTarget[]): GiftTarget {
  const own = card.categoryIds[0] ?? '';
  const group = categoryByCode(own)?.children.some((c) => c.code && !c.other) ?? false;
  const interest = targets.find((t) => own.startsWith(targetCode(t)))?.interest;
  return { code: group ? `${own}!` : own, ...(interest !== undefined ? { interest } : {}) };
}

/** A pick with the target it was found through (for the reply's notes; not sent to the browser). */
export type SourcedPick = GiftPick & { via?: GiftTarget };

/** Picks gifts (rules in the module comment). Returns at most `picks` (default GIFT_PICKS). */
export async function pickGifts(db: Queryable, search: SearchDeps, req: PickRequest): Promise<SourcedPick[]> {
  const { slots } = req;
  const budget = slots.budget;
  const exclude = new Set(req.exclude ?? []);
  const avoid = req.avoidCodes ?? [];
  const avoidWords = slots.avoid.filter((w) => w.length > 2);
  const n = req.picks ?? GIFT_PICKS;
  const targets: GiftTarget[] = req.like ? [likeTarget(req.like, req.targets), ...req.targets] : req.targets;
  const pools: Array<{ target: GiftTarget; cards: ProductCard[] }> = [];
  const found: Array<{ target: GiftTarget; cards: ProductCard[] }> = [];
  for (const target of targets.slice(0, 8)) {
    const condition = SearchConditionSchema.parse({
      q: req.words ?? '',
      cids: [targetFilter(target)],
      l: ['in_stock'],
      ...(budget ? { maxPrice: budget.max, ...(budget.min !== null ? { minPrice: budget.min } : {}) } : {}),
      to: PER_CATEGORY,
      facets: false,
    });
    found.push({ target, cards: (await searchProducts(db, condition, search)).items });
  }
  const ages = await cardAges(db, [...new Set(found.flatMap((f) => f.cards.map((c) => c.id)))]);
  for (const { target, cards: all } of found) {
    const cards = all.filter(
      (c) =>
        withinBudget(c, budget) &&
        cardFitsRecipient(c, slots, ages.get(c.id)) &&
        !exclude.has(c.id) &&
        !avoid.some((a) => c.categoryIds.some((id) => id.startsWith(a))) &&
        !avoidWords.some((w) => c.name.toLowerCase().includes(w)) &&
        (!target.words || target.words.some((w) => c.name.toLowerCase().includes(w))),
    );
    // Search order (popularity) lifted by the deal score; for "around" budgets, nearness to the target; for "more like", nearness to that product's price.
    const aim = req.like ? req.like.priceTag : budget && budget.kind === 'around' ? (budget.max + (budget.min ?? 0)) / 2 : null;
    const ranked = cards
      .map((c, i) => ({
        c,
        s: dealScore(c) - i * 0.02 - (aim ? Math.abs(c.priceTag - aim) / aim : 0) + (req.like && c.brand?.slug === req.like.brand?.slug ? 0.3 : 0),
      }))
      .sort((a, b) => b.s - a.s || a.c.id - b.c.id)
      .map((x) => x.c);
    if (ranked.length) pools.push({ target, cards: ranked });
  }
  const chosen: ProductCard[] = [];
  const claim = new Map<number, { target: GiftTarget; label: string | undefined }>();
  const brands = new Set<string>();
  for (const strict of [true, false]) {
    let progress = true;
    while (chosen.length < n && progress) {
      progress = false;
      for (const pool of pools) {
        if (chosen.length >= n) break;
        const i = pool.cards.findIndex((c) => !chosen.includes(c) && !chosen.some((x) => x.id === c.id) && (!strict || !c.brand || !brands.has(c.brand.slug)));
        if (i < 0) continue;
        const c = pool.cards.splice(i, 1)[0]!;
        chosen.push(c);
        claim.set(c.id, { target: pool.target, label: pool.target.words?.find((w) => c.name.toLowerCase().includes(w)) });
        if (c.brand) brands.add(c.brand.slug);
        progress = true;
      }
    }
  }
  return chosen.map((product) => {
    const c = claim.get(product.id)!;
    return { product, why: whyThis(product, slots, c.target.interest, c.label, c.target.near), via: c.target };
  });
}

/**
 * One line on why a product was picked, from its real attributes only. It says the pick is "for"
 * an interest only when `forInterest` is given: the product was found where that interest's
 * gifts are (interests.ts `GiftTarget.interest`), never because it sits beside them (a yoga mat is
 * not "for hiking" because both are under Outdoor) nor when the interest only names the category.
 * `near` (an interest the word vectors placed near this product's hobby, interests.ts `near`) is
 * said as what it is: the department the pick is in, the nearest the catalogue has to that interest.
 * `label` (a phrase of the product's own name, such as "water bottle") names it instead of its
 * category when the category is a broad group ("Sneakers & Sportswear").
 */
export function whyThis(c: ProductCard, slots: GiftSlots, forInterest?: string, label?: string, near?: string): string {
  const node = categoryByCode(c.categoryIds[0] ?? '');
  const parts: string[] = [];
  const kind = label ? label[0]!.toUpperCase() + label.slice(1) : node?.term;
  // "for hiking", never "Watches for watch": an interest that names the category itself adds nothing.
  const claims = forInterest !== undefined && !namesCategory(forInterest, kind ?? '');
  parts.push(kind ? `${kind}${claims ? ` for ${forInterest}` : ''}` : 'Gift pick');
  if (near !== undefined) {
    // The group the pick is in: its own category when a phrase of its name names it, else the parent ("Backpacks" → Outdoor).
    const group = label ? node?.term : categoryByCode(c.categoryIds[1] ?? '')?.term;
    parts.push(`${group && group !== kind ? `in ${group}, ` : ''}the nearest I carry to ${near}`);
  }
  const total = `${formatPrice(c.priceTag)} total${c.shipping === 0 ? ' with free shipping' : ' incl. shipping'}`;
  if (slots.budget) {
    const share = Math.round((c.priceTag / slots.budget.max) * 100);
    parts.push(`${total}, ${share}% of your ${formatPrice(slots.budget.max)} budget`);
  } else parts.push(total);
  if (c.priceBadge === 'lowest_90') parts.push('lowest price in 90 days');
  else if (c.priceBadge === 'good_deal') parts.push('good deal: near its 1-year low');
  else if (c.wasPrice !== null && c.wasCheck === 'verified' && c.discount > 0) parts.push(`${c.discount}% off, checked against the last 30 days`);
  return parts.join(' · ');
}
