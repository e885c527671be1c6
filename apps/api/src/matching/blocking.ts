/**
 * Candidate blocking for offer matching (issue 11 point 1; decision 0010): an offer is compared
 * only with the catalogue products that share a model number or one of its rarest title words
 * with it, at most {@link MAX_CANDIDATES} of them, never with all products.
 *
 * One rule for the ingest and the eval: a catalogue product is indexed under its
 * {@link indexKeys}; {@link blockCandidates} asks a {@link BlockingIndex} for the candidates of
 * offers. The ingest's index is the `product_blocking_keys` table (resolve.ts), the eval's a
 * {@link MemoryBlockingIndex} over the split's catalogue side: the same keys, frequencies, choice
 * and bound.
 */
import type { MatchRecord } from './record.ts';

/** How many of an offer's rarest title words (held by at least one product) become query keys. */
export const RARE_WORDS = 3;

/**
 * A key held by more catalogue products than this is common: it never makes candidates (a word
 * such as "black" or "cable", a model number that names a line or a standard). It also bounds
 * the index rows one query key reads. Not tuned: the development split's catalogue is too small
 * to bind it (its blocking recall is the same from 25 up).
 */
export const MAX_KEY_PRODUCTS = 200;

/** Most candidates one offer is scored against (see {@link blockCandidates} for which); 16 keeps every development true pair with fields and 98.4 % from titles alone (`eval:matching`, Walmart-Amazon development split). */
export const MAX_CANDIDATES = 16;

/** The bounds of {@link blockCandidates}; defaults are the constants above. */
export interface BlockingOptions {
  rareWords?: number;
  maxKeyProducts?: number;
  maxCandidates?: number;
}

/**
 * Keys a catalogue product is indexed under: `m:<model key>` for each of its model numbers and
 * `w:<word>` for each informative title word of 2 or more characters (`MatchRecord.words`).
 */
export function indexKeys(r: MatchRecord): string[] {
  return [...r.models.map((m) => `m:${m}`), ...r.words.filter((w) => w.length >= 2).map((w) => `w:${w}`)];
}

/**
 * A catalogue's blocking keys: how many products hold a key, and which. Product ids are
 * returned in ascending order, so a bound cuts the same candidates whichever index answers.
 */
export interface BlockingIndex {
  /** Products holding each key, counted up to `cap` (a key held by more reads as `cap`); keys held by none may be absent. */
  frequencies(keys: readonly string[], cap: number): Promise<Map<string, number>>;
  /** Product ids holding each key, ascending; keys held by none may be absent. */
  postings(keys: readonly string[]): Promise<Map<string, number[]>>;
}

/**
 * The query keys of an offer, in the order its candidates are taken: its model-number keys,
 * then its {@link RARE_WORDS} rarest title-word keys (fewest products first, ties by key),
 * each only when 1 to `maxKeyProducts` products hold it (`frequency`).
 */
export function queryKeys(r: MatchRecord, frequency: (key: string) => number, opts: BlockingOptions = {}): string[] {
  const maxKey = opts.maxKeyProducts ?? MAX_KEY_PRODUCTS;
  const usable = (k: string) => {
    const n = frequency(k);
    return n >= 1 && n <= maxKey;
  };
  const keys = indexKeys(r);
  const models = keys.filter((k) => k.startsWith('m:') && usable(k));
  const words = keys
    .filter((k) => k.startsWith('w:') && usable(k))
    .sort((x, y) => frequency(x) - frequency(y) || (x < y ? -1 : x > y ? 1 : 0))
    .slice(0, opts.rareWords ?? RARE_WORDS);
  return [...models, ...words];
}

/**
 * The candidate products of each offer: the products holding one of its {@link queryKeys},
 * without those `exclude` names (the offer's own product, the operator's rejections), ranked by
 * the keys they share with it — a shared model number before any word, then the summed rarity
 * ln(1 + maxKeyProducts / products holding the key) of the shared keys, then product id — and
 * cut at `maxCandidates`. Two round trips to the index for all offers together.
 *
 * @returns per offer (same order as `records`), its candidate product ids, best first
 */
export async function blockCandidates(
  records: readonly MatchRecord[],
  index: BlockingIndex,
  opts: BlockingOptions = {},
  exclude?: (offer: number, productId: number) => boolean,
): Promise<number[][]> {
  const maxKey = opts.maxKeyProducts ?? MAX_KEY_PRODUCTS;
  const maxCandidates = opts.maxCandidates ?? MAX_CANDIDATES;
  const all = [...new Set(records.flatMap(indexKeys))];
  const freq = all.length ? await index.frequencies(all, maxKey + 1) : new Map<string, number>();
  const frequency = (k: string) => freq.get(k) ?? 0;
  const queries = records.map((r) => queryKeys(r, frequency, opts));
  const wanted = [...new Set(queries.flat())];
  const postings = wanted.length ? await index.postings(wanted) : new Map<string, number[]>();
  return queries.map((keys, i) => {
    const rank = new Map<number, number>();
    for (const k of keys) {
      const weight = (k.startsWith('m:') ? MODEL_RANK : 0) + Math.log(1 + maxKey / Math.max(1, frequency(k)));
      for (const id of postings.get(k) ?? []) if (!exclude?.(i, id)) rank.set(id, (rank.get(id) ?? 0) + weight);
    }
    return [...rank]
      .sort((x, y) => y[1] - x[1] || x[0] - y[0])
      .slice(0, maxCandidates)
      .map(([id]) => id);
  });
}

/** Rank a shared model number adds: above any sum of word rarities. */
const MODEL_RANK = 1000;

/** A {@link BlockingIndex} held in memory (the eval's catalogue; tests). */
export class MemoryBlockingIndex implements BlockingIndex {
  private readonly byKey = new Map<string, number[]>();

  /** Indexes a product under its {@link indexKeys}; add products in ascending id order. */
  add(productId: number, r: MatchRecord): void {
    for (const k of new Set(indexKeys(r))) {
      const list = this.byKey.get(k);
      if (list) list.push(productId);
      else this.byKey.set(k, [productId]);
    }
  }

  frequencies(keys: readonly string[], cap: number): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const k of keys) {
      const n = this.byKey.get(k)?.length ?? 0;
      if (n) out.set(k, Math.min(n, cap));
    }
    return Promise.resolve(out);
  }

  postings(keys: readonly string[]): Promise<Map<string, number[]>> {
    const out = new Map<string, number[]>();
    for (const k of keys) {
      const list = this.byKey.get(k);
      if (list) out.set(k, list);
    }
    return Promise.resolve(out);
  }
}
