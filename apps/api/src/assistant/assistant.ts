/**
 * ShopGeni's turn (issue 18 §2–§5): understand a message, merge it into the conversation's slots,
 * ask for what is missing (the budget is asked, never guessed), else pick gifts and say why.
 * Follow-ups refine the last answer: "cheaper" lowers the ceiling to 80 % of the last picks'
 * median total; "something else" leaves out every product shown; "more like the second one"
 * searches that product's category near its price; "for a teenager instead" replaces the
 * recipient and forgets the last one's interests, colour and style; "in blue" adds a colour
 * (searched as a word of the title or description).
 * The conversation state travels with the browser (`GiftContext`), so any API instance can answer.
 */
import { formatPrice } from '@b-deals/core';
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
import { avoidedCodes, defaultTargets, fitsRecipient, giftCategories, targetCode } from './interests.ts';
import { pickGifts } from './recommend.ts';
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
  const newRecipient = said.recipient !== null || said.ageGroup !== null || said.age !== null;
  if (newRecipient) {
    // A new recipient replaces the whole person (age, gender), keeping budget and occasion.
    next.recipient = said.recipient;
    next.relation = said.relation;
    next.age = said.age;
    next.ageGroup = said.ageGroup;
    next.gender = said.gender;
    // What the last person liked (interests, colour, style) was theirs: "for a teenager
    // instead" after "in blue" looks for the teenager, not for blue things only.
    if (intent === 'refine.recipient') {
      next.interests = [];
      next.colours = [];
      next.style = [];
    }
  } else if (said.gender) next.gender = said.gender;
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
  const { codes, targets, fromInterests } = giftCategories(slots, deps.vectors);
  const avoidCodes = avoidedCodes(slots, deps.vectors);
  const picks = await pickGifts(deps.db, deps.search, { slots, targets, avoidCodes, exclude, words: slots.colours[0], like });
  // Too few for the interests within the budget: first the interests' parent categories (watches → jewelry), but not
  // across sports (tennis → outdoor would bring yoga mats and tents), then the recipient's gift-friendly categories;
  // neither is claimed "for" the interests, and the reply says so.
  let widened = false;
  if (picks.length < 3 && fromInterests) {
    const parents = [
      ...new Set(
        targets
          .map((t) => targetCode(t))
          .filter((c) => c.length > 1 && !c.startsWith('7'))
          .map((c) => c.slice(0, -1)),
      ),
    ]
      .filter((c) => !targets.some((t) => t.code === c) && fitsRecipient(c, slots))
      .map((code) => ({ code }));
    for (const wider of [parents, defaultTargets(slots, deps.vectors)]) {
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
      widened ||= more.length > 0;
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
            : picks.length === 1
              ? 'Here is 1 idea'
              : `Here are ${picks.length} ideas`;
    const interestNote =
      slots.interests.length && !fromInterests ? ` I don't carry much for ${slots.interests.join(', ')}, so these are popular gifts instead.` : '';
    const range = cheapest === dearest ? `at ${formatPrice(cheapest)}` : `from ${formatPrice(cheapest)} to ${formatPrice(dearest)}`;
    const widenNote = widened ? ` Few picks for ${slots.interests.join(', ')} fit the budget, so I added related and popular gifts.` : '';
    text = `${lead}${describeWho(slots)}, ${range}, ${picks.length === 1 ? 'within' : 'all within'} ${formatPrice(slots.budget!.max)} with shipping.${interestNote}${widenNote}`;
  }
  return answer(intent, slots, [], picks, text, context, codes);
}

function describeWho(s: GiftSlots): string {
  const who = s.recipient ? ` for your ${s.recipient === 'self' ? 'self' : s.recipient}` : s.ageGroup ? ` for a ${s.ageGroup}` : '';
  const age = s.age !== null ? ` (${s.age})` : '';
  const occasion = s.occasion ? ` for ${s.occasion}` : '';
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
