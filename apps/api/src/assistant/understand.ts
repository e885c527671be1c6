// The web typecheck reaches this module through apps/web/test; the NLP.js typings must come along.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./nlpjs.d.ts" />
/**
 * Understanding a gift request without a hosted model (issue 18 §2), with NLP.js (v4, MIT):
 * - the intent (find a gift, or refine the last answer: cheaper, something else, more like one
 *   of them, another recipient, an attribute such as a colour) by NLP.js's neural NLU trained at
 *   start-up on `intent-utterances.ts` (about 0.1 s);
 * - recipients, occasions, colours, styles and named interests by NLP.js's enumerated named
 *   entities (`@nlpjs/ner`, fuzzy to 0.8 similarity for words of 5+ letters: "fathers");
 * - amounts and ages by NLP.js's builtin recognisers (`@nlpjs/builtin-microsoft`: Currency,
 *   Number, Age), the amounts read as a budget by the words around them (`budget.ts`);
 * - free-text interests after "likes / loves / enjoys / into / fan of / obsessed with / who …s"
 *   and things to avoid after "no / not / avoid / nothing / doesn't like / hates".
 * Amounts come out in integer cents. `understand` never throws on text; it returns empty slots.
 */
import { containerBootstrap, type Container } from '@nlpjs/core';
import { Nlp } from '@nlpjs/nlp';
import { LangEn } from '@nlpjs/lang-en-min';
import { BuiltinMicrosoft, type BuiltinEdge } from '@nlpjs/builtin-microsoft';
import { Ner } from '@nlpjs/ner';
import type { GiftSlots } from '@b-deals/contracts';
import { GIFT_INTENTS } from '@b-deals/contracts';
import { ADULT_SIZES_FROM, ALL_CATEGORIES, TEEN_FROM } from '@b-deals/core';
import { readBudget } from './budget.ts';
import { HOBBY_PEOPLE } from './hobbies.ts';
import { UTTERANCES } from './intent-utterances.ts';
import { COLOURS, GENDER_WORDS, GENERIC_RECIPIENTS, INTERESTS, NOT_INTERESTS, OCCASION_PERSON, OCCASIONS, RECIPIENTS, STYLES } from './lexicon.ts';

export type GiftIntent = (typeof GIFT_INTENTS)[number];

/** What one message says: the intent, the slots it states (others null/empty), and refinement details. */
export interface Understood {
  intent: GiftIntent;
  slots: GiftSlots;
  /** 1-based position named by "more like the second one" (null when none). */
  position: number | null;
}

/** Slots with nothing stated. */
export function emptySlots(): GiftSlots {
  return {
    recipient: null,
    relation: null,
    age: null,
    ageGroup: null,
    gender: null,
    occasion: null,
    budget: null,
    interests: [],
    style: [],
    colours: [],
    avoid: [],
  };
}

/** Product words of the category tree's keywords (4+ letters, not a gender or a vague word). */
const PRODUCT_WORDS = [
  ...new Set(
    ALL_CATEGORIES.flatMap((c) => c.keywords)
      .map((k) => k.toLowerCase())
      .filter(
        (k) =>
          k.length >= 4 &&
          !/^(women|womens|ladies|mens|baby|kids|children|toddler|girls|boys|sport|sports|athletic|outdoor|training|beauty|hair|shoes|footwear|bags|bag|jewelry|jewellery|swim|runner|trainer|pumps|rings|cuff|studs|hoops|lip|top|brief|slide|suit|heel)$/.test(
            k,
          ),
      ),
  ),
];

let ready: Promise<{ nlp: NlpLike; ner: NerLike; builtin: BuiltinMicrosoft }> | null = null;

interface NlpLike {
  addLanguage(l: string): void;
  addDocument(l: string, text: string, intent: string): void;
  train(): Promise<void>;
  process(l: string, text: string): Promise<{ intent: string; score: number }>;
  settings: Record<string, unknown>;
}
interface NerEntity {
  entity: string;
  option: string;
  sourceText: string;
  start: number;
  end: number;
  accuracy: number;
}
interface NerLike {
  addRuleOptionTexts(l: string, name: string, option: string, texts: string[]): void;
  process(input: { locale: string; text: string }): Promise<{ entities: NerEntity[] }>;
}

/** Trains the intent model and loads the entity rules once per process (about 0.1 s). */
export function understandingEngine(): Promise<{ nlp: NlpLike; ner: NerLike; builtin: BuiltinMicrosoft }> {
  ready ??= (async () => {
    const container: Container = await containerBootstrap({}, false);
    container.use(Nlp);
    container.use(LangEn);
    const nlp = container.get('nlp') as NlpLike;
    nlp.settings.autoSave = false;
    nlp.settings.log = false;
    nlp.addLanguage('en');
    for (const [intent, texts] of Object.entries(UTTERANCES)) for (const t of texts) nlp.addDocument('en', t, intent);
    // NLP.js logs each training epoch through console.log unless told otherwise.
    const log = console.log;
    console.log = () => {};
    try {
      await nlp.train();
    } finally {
      console.log = log;
    }
    const ner = new (Ner as unknown as new (s: object, c: Container) => NerLike)({ threshold: 0.8 }, container);
    for (const [option, r] of Object.entries(RECIPIENTS)) ner.addRuleOptionTexts('en', 'recipient', option, r.words);
    for (const [option, words] of Object.entries(OCCASIONS)) ner.addRuleOptionTexts('en', 'occasion', option, words);
    for (const [option, words] of Object.entries(COLOURS)) ner.addRuleOptionTexts('en', 'colour', option, words);
    for (const [option, words] of Object.entries(STYLES)) ner.addRuleOptionTexts('en', 'style', option, words);
    for (const [option, sense] of Object.entries(GENDER_WORDS)) ner.addRuleOptionTexts('en', 'gender', sense, [option]);
    for (const i of INTERESTS) ner.addRuleOptionTexts('en', 'interest', i, [i]);
    // People named by their hobby ("my brother is a runner"): the hobby is the interest.
    for (const [person, interest] of Object.entries(HOBBY_PEOPLE)) ner.addRuleOptionTexts('en', 'interest', interest, [person, `${person}s`]);
    // Things the category tree names ("a watch", "earrings"): the shopper wants that kind of product.
    for (const k of PRODUCT_WORDS) ner.addRuleOptionTexts('en', 'interest', k, [k, `${k}s`]);
    const builtin = new BuiltinMicrosoft({ builtins: ['Number', 'Currency', 'Age'] });
    return { nlp, ner, builtin };
  })();
  return ready;
}

const ORDINALS: Record<string, number> = {
  first: 1,
  '1st': 1,
  one: 1,
  second: 2,
  '2nd': 2,
  two: 2,
  third: 3,
  '3rd': 3,
  three: 3,
  fourth: 4,
  '4th': 4,
  four: 4,
  fifth: 5,
  '5th': 5,
  five: 5,
  sixth: 6,
  '6th': 6,
  six: 6,
  last: 6,
};

/** Age group of an age in years: under 2 a baby, under 13 a kid, 13–17 a teenager (core age-groups.ts), under 65 an adult. */
export function ageGroupOf(age: number): NonNullable<GiftSlots['ageGroup']> {
  if (age < 2) return 'baby';
  if (age < TEEN_FROM) return 'kid';
  if (age < ADULT_SIZES_FROM) return 'teen';
  if (age < 65) return 'adult';
  return 'senior';
}

/** Understands one message (see the module comment). */
export async function understand(message: string): Promise<Understood> {
  const text = message.slice(0, 300);
  const lower = text.toLowerCase();
  const { nlp, ner, builtin } = await understandingEngine();
  const [classified, named, numbers] = await Promise.all([
    nlp.process('en', lower),
    ner.process({ locale: 'en', text: lower.replace(/['’]s\b/g, 's ') }),
    builtin.extract({ text: lower, locale: 'en' }),
  ]);
  const slots = emptySlots();

  // Named entities (read with "mother's" as "mothers ", same offsets): longer spans win where two overlap ("mother's day" over "mother").
  const entities = named.entities
    // A fuzzy match ("fathers" for "father") must start like its option, as written in the text: "other" is not "mother", "wants" not "pants".
    .filter((e) => e.accuracy >= 1 || (e.accuracy >= 0.8 && e.end - e.start >= 4 && lower.slice(e.start, e.start + 3) === e.option.slice(0, 3)))
    .sort((a, b) => b.end - b.start - (a.end - a.start));
  const taken: Array<[number, number]> = [];
  const kept: NerEntity[] = [];
  for (const e of entities) {
    if (taken.some(([s, t]) => e.start <= t && e.end >= s)) continue;
    // Whole words only: "son" inside "season", "her" inside "other".
    if (/[a-z]/.test(lower[e.start - 1] ?? '') || /[a-z]/.test(lower[e.end + 1] ?? '')) continue;
    taken.push([e.start, e.end]);
    kept.push(e);
  }
  kept.sort((a, b) => a.start - b.start);
  const avoidStarts = avoidSpans(lower);
  for (const e of kept) {
    const avoided = avoidStarts.some(([s, t]) => e.start >= s && e.start <= t);
    switch (e.entity) {
      case 'recipient': {
        // "a friend's baby": the possessor is not the recipient.
        if (avoided || /^['’]s\b/.test(lower.slice(e.end + 1))) break;
        if (slots.recipient && !GENERIC_RECIPIENTS.has(slots.recipient)) {
          // "my teen brother": the generic word adds its age group and gender only.
          if (GENERIC_RECIPIENTS.has(e.option)) {
            slots.ageGroup = RECIPIENTS[e.option]!.ageGroup ?? slots.ageGroup;
            slots.gender ??= RECIPIENTS[e.option]!.gender ?? null;
          }
          break;
        }
        if (slots.recipient && GENERIC_RECIPIENTS.has(e.option)) {
          // "a baby girl": the second word adds its gender.
          slots.gender ??= RECIPIENTS[e.option]!.gender ?? null;
          break;
        }
        if (slots.recipient) {
          // A generic word came first ("a teen, my brother"): keep its age group under the relation.
          const keepAge = slots.ageGroup;
          const keepGender = slots.gender;
          const sense = RECIPIENTS[e.option]!;
          slots.recipient = e.option;
          slots.relation = sense.relation;
          slots.gender = sense.gender ?? keepGender;
          slots.ageGroup = keepAge ?? sense.ageGroup ?? null;
          break;
        }
        // "her"/"him" only set a gender; "me" only counts as "for me".
        const sense = RECIPIENTS[e.option]!;
        if (e.option === 'woman' || e.option === 'man') {
          if (['her', 'him'].includes(e.sourceText)) {
            slots.gender ??= sense.gender ?? null;
            break;
          }
        }
        if (e.option === 'self' && !/\bfor (me|myself)\b|\btreat myself\b/.test(lower)) break;
        slots.recipient = e.option;
        slots.relation = sense.relation;
        slots.gender = sense.gender ?? slots.gender;
        slots.ageGroup = sense.ageGroup ?? slots.ageGroup;
        break;
      }
      case 'occasion':
        if (!avoided) slots.occasion ??= e.option;
        break;
      case 'colour':
        if (avoided) pushUnique(slots.avoid, e.option);
        else pushUnique(slots.colours, e.option);
        break;
      case 'style':
        if (!avoided) pushUnique(slots.style, e.option);
        break;
      case 'gender':
        slots.gender ??= e.option as GiftSlots['gender'];
        break;
      case 'interest':
        if (avoided) pushUnique(slots.avoid, e.option);
        else pushUnique(slots.interests, e.option);
        break;
    }
  }
  // Free-text interests and avoidances the lists did not name.
  // A colour or a style said as a liking ("she loves blue") is that slot, not a pastime to ask about.
  for (const phrase of [...triggered(lower, INTEREST_TRIGGERS), ...triggered(lower, DEVOTEE)])
    if (!slots.interests.includes(phrase) && !slots.avoid.includes(phrase) && !COLOUR_OR_STYLE.has(phrase)) pushUnique(slots.interests, phrase);
  for (const phrase of triggered(lower, AVOID_TRIGGERS)) {
    pushUnique(slots.avoid, phrase);
    slots.interests = slots.interests.filter((i) => i !== phrase);
  }

  // Ages and budgets from the builtin recognisers.
  const ageEdge = numbers.edges.find((e) => e.entity === 'age');
  const ageSpan: [number, number] | null = ageEdge ? [ageEdge.start, ageEdge.end] : ageByPattern(lower);
  if (ageEdge?.resolution.value !== undefined) slots.age = Math.round(ageEdge.resolution.value);
  else if (ageSpan) slots.age = Number(lower.slice(ageSpan[0], ageSpan[1] + 1).match(/\d+/)![0]);
  if (slots.age !== null && (slots.age < 0 || slots.age > 120)) slots.age = null;
  if (slots.age !== null) slots.ageGroup = ageGroupOf(slots.age);
  const isAge = (e: BuiltinEdge) => ageSpan !== null && e.start >= ageSpan[0] && e.end <= ageSpan[1];
  const amounts = numbers.edges.filter((e) => (e.entity === 'currency' || e.entity === 'number') && !isAge(e) && e.resolution.value !== undefined);
  fillFromOccasion(slots, lower);
  slots.budget = readBudget(lower, amounts, classified.intent);

  // Ordinal for "more like the second one".
  const ord = lower.match(/\b(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|sixth|6th|last)\b|\b(?:number|no\.?|#)\s*([1-6])\b/);
  const position = ord ? (ord[1] ? ORDINALS[ord[1]]! : Number(ord[2])) : null;

  let intent = (GIFT_INTENTS as readonly string[]).includes(classified.intent) && classified.score >= 0.5 ? (classified.intent as GiftIntent) : 'none';
  // Words that settle the intent whatever the classifier says.
  if (/\b(cheaper|less expensive|more affordable|lower price|too (expensive|pricey|much))\b/.test(lower)) intent = 'refine.cheaper';
  else if (/\bmore like\b|\bsimilar to\b/.test(lower)) intent = 'refine.more_like';
  else if (/\b(something|anything) else\b|\bother (options|ideas|suggestions)\b|\bnone of (these|those|them)\b|\bdifferent (ones|ideas|options)\b/.test(lower))
    intent = 'refine.other';
  else if (/\binstead\b|\bactually (it'?s|its|it is) for\b/.test(lower) && (slots.recipient || slots.ageGroup)) intent = 'refine.recipient';
  else if (intent === 'greeting' && (slots.recipient || slots.budget || slots.interests.length)) intent = 'gift.find';
  // The classifier's "cheaper" with no word about price, or "more like" one of them with no
  // pointer to one, is a guess ("he is 8" is an age, not a lower budget; "my teenage daughter
  // likes makeup" a person): what the message says fills the slots of the search instead.
  else if ((intent === 'refine.cheaper' && !PRICE_WORDS.test(lower)) || (intent === 'refine.more_like' && position === null && !POINTER_WORDS.test(lower))) {
    const says = slots.age !== null || slots.recipient || slots.budget || slots.interests.length || slots.colours.length || slots.style.length;
    intent = says ? 'gift.find' : 'none';
  }
  return { intent, slots, position };
}

/** Words about price or money: without one, a "cheaper" guess of the classifier is not taken. */
const PRICE_WORDS = /\$|\b(cheap\w*|expensive|pricey|afford\w*|price[sd]?|budget|cost\w*|less|lower|over|much|dollars?|bucks?|money|spend\w*)\b/;

/** Words that point at a shown product ("like this", "that one", "similar"): without one or an ordinal, no "more like". */
const POINTER_WORDS = /\b(this|that|these|those|it|one|ones|similar|same)\b/;

/** Every colour and style word (lexicon.ts): never a free-text interest. */
const COLOUR_OR_STYLE = new Set([...Object.values(COLOURS), ...Object.values(STYLES)].flat());

const INTEREST_TRIGGERS =
  /\b(?:likes?|loves?|enjoys?|is into|are into|into|(?:a |big |huge )?fans? of|obsessed with|passionate about|interested in|crazy about|hobby is|hobbies are|plays|does|practices|practises|collects|who (?:is|are) (?:a |an )?)\s+([a-z][a-z' -]{1,40})/g;
/** "a huge tea lover", "a big rugby fan": the words before the noun for a devotee. */
const DEVOTEE =
  /\b(?:a|an)\s+(?:(?:huge|big|real|total|massive|keen|avid|true)\s+)?(?!(?:huge|big|real|total|massive|keen|avid|true)\b)([a-z][a-z-]+(?:\s+[a-z][a-z-]+)?)\s+(?:lover|fan|enthusiast|nut|buff|junkie|addict|fanatic|geek)s?\b/g;
const AVOID_TRIGGERS =
  /\b(?:no|not|avoid|without|nothing|except|(?:does ?n[o']?t|doesnt|don'?t|dont) (?:like|want|need)|hates?|dislikes?|allergic to)\s+(?:any\s+|too\s+)?([a-z][a-z' -]{1,30})/g;
const STOP =
  /\b(and|but|or|with|under|below|less|around|about|between|for|who|that|on|in|at|to|from|budget|max|maximum|up|is|are|she|he|they|his|her|their|so|please|the|a|an|my)\b/;

/** Spans (start, end) of "no …"/"avoid …" clauses, to keep entities in them out of the wishes. */
function avoidSpans(lower: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const m of lower.matchAll(AVOID_TRIGGERS)) out.push([m.index + m[0].length - m[1]!.length, m.index + m[0].length]);
  return out;
}

/** The phrases after a trigger, cut at the next function word or punctuation, at most 3 words. */
function triggered(lower: string, re: RegExp): string[] {
  const out: string[] = [];
  for (const m of lower.matchAll(re)) {
    // "loves her dogs", "obsessed with his car": the possessive is not the interest.
    let phrase = m[1]!.split(/[,.;!?]/)[0]!.replace(/^(?:(?:his|her|their|my|your|the|some|all|any|playing|doing)\s+)+/, '');
    const stop = phrase.match(STOP);
    if (stop?.index !== undefined) phrase = phrase.slice(0, stop.index);
    for (const part of phrase.split(/\s+and\s+|\s*&\s*/)) {
      const p = part.trim().split(/\s+/).slice(0, 3).join(' ').replace(/'s$/, '');
      if (p.length >= 2 && !NOT_INTERESTS.has(p) && !/^\d/.test(p) && !/^(expensive|cheap|much|sure|really|very)$/.test(p)) out.push(p);
    }
  }
  return out;
}

/**
 * A gift exchange (Secret Santa, white elephant, an office swap) is among adults whose tastes the giver
 * may not know: with nobody named, the recipient is an adult of unknown gender, so the answer is
 * unisex gift-friendly picks instead of the question "who is it for?".
 */
const GIFT_EXCHANGE = /\b(?:secret santa|white elephant|yankee swap|gift exchange|gift swap)\b/;

/**
 * Occasions that say whom the gift is for (lexicon.ts `OCCASION_PERSON`; issue 18 follow-up point 3):
 * a baby shower, a new baby or a christening is for a baby — a child named in the message ("my
 * grandson", "my niece") is that baby, anyone else ("my sister", "a coworker") its parent, so the
 * recipient becomes the baby with the gender a "baby girl/boy" gives; a first birthday makes the
 * named child one year old. A stated age is kept. A gift exchange with nobody named is for an adult
 * (`GIFT_EXCHANGE`).
 */
function fillFromOccasion(slots: GiftSlots, lower: string): void {
  if (GIFT_EXCHANGE.test(lower) && !slots.recipient && !slots.ageGroup && !slots.gender) slots.ageGroup = 'adult';
  const implied = slots.occasion ? OCCASION_PERSON[slots.occasion] : undefined;
  if (!implied) return;
  const named = slots.recipient ? RECIPIENTS[slots.recipient] : undefined;
  if (!named?.young) {
    slots.recipient = 'baby';
    slots.relation = 'child';
    slots.gender = /\bbaby girl\b|\bdaughter\b|\bgirl\b/.test(lower) ? 'female' : /\bbaby boy\b|\bson\b|\bboy\b/.test(lower) ? 'male' : null;
  }
  if (slots.age === null) {
    slots.age = implied.age;
    slots.ageGroup = 'baby';
  }
}

/** "8yo", "aged 12", "turning 30", "in her 40s" when the recogniser found no age. */
function ageByPattern(lower: string): [number, number] | null {
  const m = lower.match(
    /\b(\d{1,3})\s*(?:yo|y\/o|yrs?|years?)(?:[ -]old)?\b|\b(?:aged?|turning|turns)\s+(\d{1,3})\b|\b(\d{1,3})(?:-year-old|th birthday)\b|\b(?:he|she|they|son|daughter|brother|sister|nephew|niece|kid|child|grandson|granddaughter)(?: is|'s|’s| are|'re|’re| just turned) (\d{1,2})\b(?!\s*(?:dollars|bucks|usd|\$))/,
  );
  if (!m) return null;
  return [m.index!, m.index! + m[0].length - 1];
}

function pushUnique(list: string[], v: string): void {
  if (list.length < 8 && !list.includes(v)) list.push(v);
}
