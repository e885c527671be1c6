/**
 * ShopGeni's turn (issue 18 §2–§5): understand a message, merge it into the conversation's slots,
 * ask for what is missing (the budget is asked, never guessed), else pick gifts and say why.
 * Follow-ups refine the last answer: "cheaper" lowers the ceiling to 80 % of the last picks'
 * median total; "something else" leaves out every product shown; "more like the second one"
 * searches that product's category near its price; "for a teenager instead" replaces the
 * recipient and forgets the last one's interests, colour and style; "he is 8" gives the same
 * person an age; "in blue" adds a colour (searched as a word of the title or description).
 * Interests the catalogue does not serve (interests.ts `matchInterest`: unserved or nothing close)
 * are said so and asked about, never guessed; "anything popular" then drops them for the
 * recipient's popular gifts. An interest matched only by the word vectors is answered with where
 * its picks are ("you said she likes X; these are in Y"), never with a claim that they are for X.
 * The conversation state travels with the browser (`GiftContext`), so any API instance can answer.
 */
import { categoryByCode, formatPrice } from '@b-deals/core';
import {
  GIFT_PICKS,
  GIFT_SHOWN_MAX,
  type DiscoverResponse,
  type GiftChip,
  type GiftContext,
  type GiftPick,
  type GiftSlots,
  type ProductCard,
} from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';
import { CARD_COLUMNS, toCard, type CardRow } from '../catalog/index.ts';
import type { SearchDeps } from '../search/index.ts';
import { avoidedCodes, defaultTargets, giftCategories, targetCode, type GiftPlan } from './interests.ts';
import type { HobbyTarget } from './hobbies.ts';
import { fitsRecipient, SMALL_GIFTS } from './recipients.ts';
import { OCCASION_PERSON } from './lexicon.ts';
import { pickGifts, type SourcedPick } from './recommend.ts';
import { emptySlots, understand, type GiftIntent, type Understood } from './understand.ts';
import type { WordVectors } from './word-vectors.ts';

/** What a turn needs: the database, the search index, and the word vectors (null: keyword mapping only). */
export interface AssistantDeps {
  db: Queryable;
  search: SearchDeps;
  vectors: WordVectors | null;
}

/** A turn's answer and the context to send back with the next message. */
export interface TurnResult extends Omit<DiscoverResponse, 'mode'> {
  context: GiftContext;
}

/** Share of the last picks' median total that "cheaper" allows. */
export const CHEAPER_FACTOR = 0.8;

/** Merges what a message says into the conversation's slots (rules in the module comment). */
export function mergeSlots(prev: GiftSlots, said: GiftSlots, intent: GiftIntent): GiftSlots {
  const next: GiftSlots = { ...prev, interests: [...prev.interests], style: [...prev.style], colours: [...prev.colours], avoid: [...prev.avoid] };
  // An age alone ("he is 8") is the same person's, unless the shopper changes the recipient ("for a 5 year old instead").
  const ageOnly = said.recipient === null && said.age !== null && intent !== 'refine.recipient';
  const newRecipient = !ageOnly && (said.recipient !== null || said.ageGroup !== null || said.age !== null);
  if (ageOnly) {
    next.age = said.age;
    next.ageGroup = said.ageGroup;
    if (said.gender) next.gender = said.gender;
  } else if (newRecipient) {
    // A new recipient replaces the whole person (age, gender), keeping budget and occasion.
    next.recipient = said.recipient;
    next.relation = said.relation;
    next.age = said.age;
    next.ageGroup = said.ageGroup;
    next.gender = said.gender;
    // What the last person liked (interests, colour, style) was theirs: "for a teenager
    // instead" after "in blue" looks for the teenager, not for blue things only; and a new request for
    // another person ("something for a 3 year old girl" after "my dad who likes hiking") starts afresh.
    // Interests said before any person was named ("something for hiking", then "for my dad") stay.
    const hadPerson = prev.recipient !== null || prev.ageGroup !== null || prev.age !== null;
    const otherPerson = said.recipient !== prev.recipient || said.ageGroup !== prev.ageGroup || (said.age !== null && said.age !== prev.age);
    if (intent === 'refine.recipient' || (hadPerson && otherPerson)) {
      next.interests = [];
      next.colours = [];
      next.style = [];
    }
  } else if (said.gender) next.gender = said.gender;
  // An occasion that named the last recipient (a baby shower's baby) was theirs: a new person drops it.
  if (newRecipient && !said.occasion && next.occasion && OCCASION_PERSON[next.occasion]) next.occasion = null;
  if (said.occasion) next.occasion = said.occasion;
  if (said.budget) next.budget = said.budget;
  if (said.interests.length)
    next.interests =
      intent === 'gift.find' || intent === 'none' || newRecipient
        ? [...new Set([...said.interests, ...(newRecipient ? [] : next.interests)])].slice(0, 8)
        : said.interests;
  for (const s of said.style) if (!next.style.includes(s)) next.style.push(s);
  if (said.colours.length) next.colours = said.colours.slice(0, 8);
  for (const a of said.avoid) if (!next.avoid.includes(a) && next.avoid.length < 8) next.avoid.push(a);
  next.interests = next.interests.filter((i) => !next.avoid.includes(i));
  next.style = next.style.slice(0, 8);
  return next;
}

/** Product cards by id, in the given order (missing ids are skipped). */
async function cardsById(db: Queryable, ids: readonly number[]): Promise<ProductCard[]> {
  if (!ids.length) return [];
  const res = await db.query<CardRow>(`SELECT ${CARD_COLUMNS} FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.id = ANY($1::bigint[])`, [ids]);
  const byId = new Map(res.rows.map((r) => [Number(r.id), toCard(r)]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** The median of totals; of an even count the lower middle one, so that "cheaper" is cheaper than most of what was shown. */
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

/** Runs one turn. `context` is absent for a first message (then refinements read as a new request). */
export async function takeTurn(deps: AssistantDeps, message: string, context?: GiftContext, understood?: Understood): Promise<TurnResult> {
  const u = understood ?? (await understand(message));
  let intent = u.intent;
  const first = !context || !context.lastPicks.length;
  if (first && intent.startsWith('refine.')) intent = 'gift.find';
  const prev = context?.slots ?? emptySlots();
  const slots = mergeSlots(prev, u.slots, intent);
  const shown = context?.shown ?? [];
  const lastPicks = first ? [] : await cardsById(deps.db, context!.lastPicks);

  if (intent === 'greeting' && !slots.recipient && !slots.budget) {
    return answer(
      intent,
      slots,
      ['recipient'],
      [],
      "Hi! I'm ShopGeni. Tell me who the gift is for, the occasion and your budget, and I'll pick deals from our catalogue.",
      context,
      [],
    );
  }
  let like: ProductCard | null = null;
  let exclude: number[] = [];
  if (intent === 'refine.cheaper' && lastPicks.length) {
    const ceiling = Math.floor(median(lastPicks.map((c) => c.priceTag)) * CHEAPER_FACTOR);
    slots.budget = { kind: 'max', min: null, max: Math.max(1, Math.min(slots.budget?.max ?? ceiling, ceiling)) };
  }
  if (intent === 'refine.other') exclude = shown;
  if (intent === 'refine.more_like' && lastPicks.length) {
    like = lastPicks[Math.min(u.position ?? 1, lastPicks.length) - 1] ?? null;
    exclude = shown;
  }
  const missing: DiscoverResponse['missing'] = [];
  if (!slots.recipient && !slots.ageGroup && !slots.gender && !slots.interests.length) missing.push('recipient');
  if (!slots.budget) missing.push('budget');
  if (missing.length) {
    const text = missing.includes('recipient')
      ? `Happy to help! Who is the gift for${slots.budget ? '' : ', and what is your budget'}?`
      : `Got it${describeWho(slots)}. What's your budget? I keep every pick within it, shipping included.`;
    return answer(intent, slots, missing, [], text, context, []);
  }
  let plan = giftCategories(slots, deps.vectors);
  // "Anything popular is fine" after a question about interests: the interests the catalogue does not serve are dropped.
  const anyGift = ANY_GIFT.test(message) && !/\b(?:anything|something) else\b/i.test(message);
  if (anyGift && plan.unserved.length) {
    slots.interests = slots.interests.filter((i) => !plan.unserved.includes(i));
    plan = giftCategories(slots, deps.vectors);
  }
  if (slots.interests.length && plan.unserved.length === slots.interests.length) {
    const pron = pronoun(slots);
    const domains = [...new Set(plan.matches.flatMap((m) => (m.how === 'unserved' && m.near && m.near !== m.interest ? [m.near] : [])))];
    const text =
      `I don't carry anything for ${listOf(plan.unserved)}${domains.length ? ` (no ${listOf(domains)} things)` : ''}, and I won't guess. ` +
      `What else ${pron === 'they' ? 'do they' : `does ${pron}`} like? Or I can show popular gifts${describeWho(slots)}.`;
    return answer(intent, slots, ['interests'], [], text, context, []);
  }
  const { codes, targets, fromInterests } = plan;
  const avoidCodes = avoidedCodes(slots, deps.vectors);
  const picks = await pickGifts(deps.db, deps.search, { slots, targets, avoidCodes, exclude, words: slots.colours[0], like });
  // Too few within the budget: for interests, first their parent categories (watches → jewelry), but not across
  // sports (tennis → outdoor would bring yoga mats and tents), then the recipient's gift-friendly categories; and
  // for anyone, last, small gifts (SMALL_GIFTS: "a stocking stuffer under $15"). None is claimed "for" the
  // interests, and the reply says so.
  let widened: 'related' | 'small' | null = null;
  if (picks.length < 3) {
    const parents = fromInterests
      ? [
          ...new Set(
            targets
              .map((t) => targetCode(t))
              .filter((c) => c.length > 1 && !c.startsWith('7'))
              .map((c) => c.slice(0, -1)),
          ),
        ]
          .filter((c) => !targets.some((t) => t.code === c) && fitsRecipient(c, slots))
          .map((code) => ({ code }))
      : [];
    const small = SMALL_GIFTS.filter((t) => fitsRecipient(targetCode(t), slots) && !targets.some((x) => x.code === t.code));
    const steps: Array<[HobbyTarget[], 'related' | 'small']> = [
      [parents, 'related'],
      [fromInterests ? defaultTargets(slots, deps.vectors) : [], 'related'],
      [small, 'small'],
    ];
    for (const [wider, kind] of steps) {
      if (picks.length >= 3 || !wider.length) continue;
      const more = await pickGifts(deps.db, deps.search, {
        slots,
        targets: wider,
        avoidCodes,
        exclude: [...exclude, ...picks.map((p) => p.product.id)],
        words: slots.colours[0],
        like: null,
        picks: GIFT_PICKS - picks.length,
      });
      if (more.length && widened !== 'related') widened = kind;
      picks.push(...more);
    }
  }
  let text: string;
  if (!picks.length) {
    text = `I couldn't find anything in stock within ${formatPrice(slots.budget!.max)}${slots.colours.length ? ` in ${slots.colours[0]}` : ''} with shipping stated. Try a higher budget or other interests.`;
  } else {
    const cheapest = Math.min(...picks.map((p) => p.product.priceTag));
    const dearest = Math.max(...picks.map((p) => p.product.priceTag));
    const lead =
      intent === 'refine.cheaper'
        ? 'Here are cheaper picks'
        : intent === 'refine.other'
          ? 'Here are some other ideas'
          : like
            ? `More like ${like.name}`
            : anyGift && !fromInterests
              ? 'Here are popular gifts'
              : picks.length === 1
                ? 'Here is 1 idea'
                : `Here are ${picks.length} ideas`;
    const range = cheapest === dearest ? `at ${formatPrice(cheapest)}` : `from ${formatPrice(cheapest)} to ${formatPrice(dearest)}`;
    const few = fromInterests ? `Few picks for ${slots.interests.join(', ')}` : 'Few of the usual gifts';
    const widenNote = widened ? ` ${few} fit the budget, so I added ${widened === 'small' ? 'small gifts' : 'related and popular gifts'}.` : '';
    text = `${lead}${describeWho(slots)}, ${range}, ${picks.length === 1 ? 'within' : 'all within'} ${formatPrice(slots.budget!.max)} with shipping.${sourceNotes(slots, plan, picks)}${widenNote}`;
  }
  return answer(
    intent,
    slots,
    [],
    picks.map(({ via: _via, ...p }) => p),
    text,
    context,
    codes,
  );
}

/** "Show me popular gifts", "anything is fine", "surprise me": the shopper lets go of the interests asked about. */
const ANY_GIFT = /\b(?:popular|best ?sell(?:ers?|ing)|anything|whatever|surprise me|no idea|not sure|(?:do ?n[o']?t|dont) know)\b/i;

const pronoun = (s: GiftSlots): 'she' | 'he' | 'they' => (s.gender === 'female' ? 'she' : s.gender === 'male' ? 'he' : 'they');

/** "a", "a or b", "a, b or c". */
function listOf(xs: readonly string[]): string {
  return xs.length < 2 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} or ${xs.at(-1)}`;
}

/** The terms of the categories picks came from (deepest node, in order, distinct, at most 3). */
function termsOf(picks: readonly SourcedPick[]): string {
  const terms = [...new Set(picks.map((p) => categoryTerm(p.product.categoryIds[0] ?? '')))].filter(Boolean).slice(0, 3);
  return terms.length < 2 ? (terms[0] ?? '') : `${terms.slice(0, -1).join(', ')} and ${terms.at(-1)}`;
}

/**
 * What the reply says about where the picks came from (issue 18 follow-up points 1–2), from the
 * targets each pick was found through: interests the word vectors placed ("you said he likes
 * birdwatching; I carry nothing made for it, so these are hiking gifts in Backpacks, Hiking Boots
 * and Outdoor, the nearest I have"), children's twins ("I keep to children's sizes"), and interests
 * with nothing to show.
 */
function sourceNotes(slots: GiftSlots, plan: GiftPlan, picks: readonly SourcedPick[]): string {
  const notes: string[] = [];
  const pron = pronoun(slots);
  const likes = pron === 'they' ? 'they like' : `${pron} likes`;
  for (const m of plan.matches) {
    if (m.how !== 'near') continue;
    const found = picks.filter((p) => p.via?.near === m.interest);
    if (found.length)
      notes.push(`You said ${likes} ${m.interest}; I carry nothing made for it, so these are ${m.near} gifts in ${termsOf(found)}, the nearest I have.`);
  }
  const twins = picks.filter((p) => p.via?.child !== undefined);
  if (twins.length) {
    const years = slots.age !== null ? `a ${slots.age}-year-old` : slots.ageGroup === 'baby' ? 'a baby' : 'a child';
    const interests = [...new Set(twins.map((p) => p.via!.child!))];
    const none = picks.every((p) => p.via?.interest === undefined) ? `; I have no ${listOf(interests)} gear in them, so` : ', so';
    notes.push(`For ${years} I keep to children's sizes${none} ${twins.length === picks.length ? 'these are' : 'some are'} from ${termsOf(twins)}.`);
  }
  if (plan.unserved.length) notes.push(`I don't carry anything for ${listOf(plan.unserved)}.`);
  return notes.length ? ` ${notes.join(' ')}` : '';
}

/** The display name of a category code. */
function categoryTerm(code: string): string {
  return categoryByCode(code)?.term ?? '';
}

/** Occasions said with an article ("for a baby shower"). */
const WITH_ARTICLE = new Set(['baby shower', 'new baby', 'christening', 'first birthday', 'wedding', 'graduation', 'housewarming', 'retirement']);

function describeWho(s: GiftSlots): string {
  const who =
    s.recipient === 'baby' && s.occasion && WITH_ARTICLE.has(s.occasion)
      ? ' for the baby'
      : s.recipient
        ? ` for your ${s.recipient === 'self' ? 'self' : s.recipient}`
        : s.ageGroup
          ? ` for a ${s.ageGroup}`
          : '';
  const age = s.age !== null ? ` (${s.age})` : '';
  const occasion = s.occasion ? ` for ${WITH_ARTICLE.has(s.occasion) ? 'a ' : ''}${s.occasion}` : '';
  return `${who}${age}${occasion}`;
}

function answer(
  intent: GiftIntent,
  slots: GiftSlots,
  missing: DiscoverResponse['missing'],
  items: GiftPick[],
  reply: string,
  ctx: GiftContext | undefined,
  codes: string[],
): TurnResult {
  const ids = items.map((p) => p.product.id);
  const shown = [...(ctx?.shown ?? []), ...ids].slice(-GIFT_SHOWN_MAX);
  return {
    intent,
    slots,
    missing,
    categoryIds: codes,
    items,
    reply,
    chips: chipsFor(slots, missing, items.length > 0),
    context: { slots, lastPicks: items.length ? ids.slice(0, GIFT_PICKS) : (ctx?.lastPicks ?? []), shown },
  };
}

/** Quick replies: the missing slot's common answers, else refinements. */
export function chipsFor(slots: GiftSlots, missing: DiscoverResponse['missing'], hasPicks: boolean): GiftChip[] {
  if (missing.includes('recipient'))
    return [
      { slot: 'recipient', label: 'Mom', message: 'For my mom' },
      { slot: 'recipient', label: 'Dad', message: 'For my dad' },
      { slot: 'recipient', label: 'Partner', message: 'For my partner' },
      { slot: 'recipient', label: 'Friend', message: 'For a friend' },
      { slot: 'recipient', label: 'Teen', message: 'For a teenager' },
      { slot: 'recipient', label: 'Kid', message: 'For a kid' },
    ];
  if (missing.includes('budget')) return [25, 50, 100, 200].map((d) => ({ slot: 'budget' as const, label: `Under $${d}`, message: `Under $${d}` }));
  if (missing.includes('interests')) {
    const child = slots.ageGroup === 'baby' || slots.ageGroup === 'kid';
    return [
      { slot: 'interests', label: 'Popular gifts', message: 'Show me popular gifts' },
      ...(child
        ? [
            { slot: 'interests' as const, label: 'Toys', message: 'They like toys' },
            { slot: 'interests' as const, label: 'Sports', message: 'They like sports' },
          ]
        : [
            { slot: 'interests' as const, label: 'Outdoors', message: 'They like hiking' },
            { slot: 'interests' as const, label: 'Fitness', message: 'They love yoga' },
            { slot: 'interests' as const, label: 'Beauty', message: 'They like skincare' },
            { slot: 'interests' as const, label: 'Travel', message: 'They like travel' },
          ]),
    ];
  }
  const chips: GiftChip[] = [];
  if (hasPicks) chips.push({ slot: 'refine', label: 'Cheaper', message: 'Cheaper' }, { slot: 'refine', label: 'Something else', message: 'Something else' });
  if (!slots.occasion)
    chips.push(
      { slot: 'occasion', label: 'Birthday', message: "It's for a birthday" },
      { slot: 'occasion', label: 'Christmas', message: "It's for Christmas" },
    );
  if (!slots.interests.length)
    chips.push(
      { slot: 'interests', label: 'Outdoors', message: 'They like hiking' },
      { slot: 'interests', label: 'Fitness', message: 'They love yoga' },
      { slot: 'interests', label: 'Beauty', message: 'They like skincare' },
    );
  return chips.slice(0, 6);
}
