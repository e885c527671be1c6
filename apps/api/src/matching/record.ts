/**
 * An offer prepared for matching (issue 11 point 1): identifiers, model numbers, brand,
 * informative title words and the attributes whose disagreement vetoes a match (capacity,
 * colour, pack size, condition). Pure: no I/O.
 */
import { COLOUR_WORDS } from '@b-deals/core';
import type { BrandLexicon } from './brands.ts';
import { brandKey, inferBrand } from './brands.ts';
import { extractModelNumbers, fittedModelNumbers, gtinKey, modelKey, isModelToken } from './identifiers.ts';

/** What matching reads of an offer; GMC attribute names. Every field but `title` is optional. */
export interface MatchInput {
  /** GMC `title`. */
  title: string;
  /** GMC `description` (plain text). */
  description?: string | null;
  /** GMC `brand`. */
  brand?: string | null;
  /** Manufacturer's name when the feed gives one apart from the brand. */
  manufacturer?: string | null;
  /** GMC `mpn` (or a merchant's model-number field). */
  mpn?: string | null;
  /** GMC `gtin`, any GS1 length. */
  gtin?: string | null;
  /** Price in USD cents; null or 0 when unknown. */
  priceCents?: number | null;
  /** GMC `color`. */
  color?: string | null;
  /** GMC `condition` (`new`, `refurbished`, `used`). */
  condition?: string | null;
}

/** A prepared offer. */
export interface MatchRecord {
  title: string;
  /** GTIN-14 key, or null. */
  gtin: string | null;
  /** Model keys from `mpn` (first) and the title; description ones only when the title has none. */
  models: string[];
  /** Model keys of the device the offer is an accessory for (`case for … P1000`), not in `models`. */
  fits: string[];
  /** Model key of the `mpn` field alone, or null. */
  mpn: string | null;
  /** Canonical brand key (`brand`, else `manufacturer`, else inferred from the title), or null. */
  brand: string | null;
  /** Informative title words: lower case, accents removed, simple plural folded, stop words and model tokens removed, no duplicates. */
  words: string[];
  /** Storage capacities written in the title, in GB (`64GB` → 64, `1TB` → 1000). */
  capacities: number[];
  /**
   * {@link modelKey}s of every run of 1–3 consecutive title tokens that holds a digit and has 4+
   * characters (`scanjet 5590` → `SCANJET5590`, `5590`; `282d` → `282D`): where the other offer's
   * `mpn` is looked for when no model number of the title was recognised.
   */
  titleKeys: string[];
  /** Stand-alone numbers of the title (`22`, `2.7`, `135`): sizes and versions that set products apart. */
  numbers: string[];
  /**
   * Counts joined to a word in the title (`25-pin`, `8-port`, `4-person`, `16-inch`), as
   * `word:count` (word folded: lower case, plural dropped): two offers counting the same word
   * differently are different products.
   */
  counts: string[];
  /** Pack size (`6pk`, `pack of 12`, `3-pack`), or null (taken as 1 when comparing). */
  packSize: number | null;
  /** Colour words of the `color` field and the title. */
  colors: string[];
  /** `new`, `refurbished` or `used`. */
  condition: 'new' | 'refurbished' | 'used';
  /** The title says the item is a third-party part for another maker's product ("compatible", "replacement for"). */
  compatible: boolean;
  priceCents: number | null;
}

const STOP = new Set(
  'a an and the of for with without to in on by from at or new w x all one only set item items inch includes including compatible use fits fit series model version edition genuine original oem brand retail packaging pack'.split(
    ' ',
  ),
);

/** Colour words (English; core `COLOUR_WORDS`, which search reads too) that distinguish variants of one model. */
const COLOURS = new Set(COLOUR_WORDS);

/** Folds a word: accents removed, lower case, a plural `s` dropped from words of 4+ letters. */
function fold(word: string): string {
  const w = word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return w.length >= 4 && w.endsWith('s') && !w.endsWith('ss') && !/\d/.test(w) ? w.slice(0, -1) : w;
}

/** A count of 1–3 digits joined to a word of 3+ letters, with or without a hyphen: `25-pin`, `8port`, `16-inch`. */
const COUNT = /^(\d{1,3})-?([a-z]{3,})$/i;
const CAPACITY = /(\d+(?:\.\d+)?)\s?(tb|gb|mb)\b/gi;
const PACK = /\b(?:pack|pk|case|box|set)\s+of\s+(\d{1,3})\b|\b(\d{1,3})\s?-?\s?(?:pack|pk|pks|ct|count|pcs|pieces)\b/i;
const REFURB = /\b(?:refurbished|refurb|renewed|reconditioned|remanufactured)\b/i;
const COMPATIBLE = /\b(?:compatible|replacement\s+for|remanufactured|generic)\b/i;
const USED = /\b(?:used|pre-?owned|second[\s-]?hand|open[\s-]?box)\b/i;

/**
 * Model numbers of an offer: the `mpn` key (null when absent, shorter than 3 characters, or a
 * description written in the wrong field: a run of 8+ letters), then the title's model numbers,
 * then, only when there is none yet, the first three of the description's. The title's keys of
 * a "for …" phrase (`fittedModelNumbers`: the device an accessory fits) are returned apart as
 * `fits`, not as model numbers, unless the `mpn` is that key.
 */
export function modelNumbers(input: Pick<MatchInput, 'title' | 'description' | 'mpn'>): {
  mpn: string | null;
  models: string[];
  fits: string[];
} {
  const key = input.mpn?.trim() ? modelKey(input.mpn) : '';
  const mpn = key.length >= 3 && !/[A-Z]{8}/.test(key) ? key : null;
  const models = new Set<string>();
  if (mpn) models.add(mpn);
  const fits = fittedModelNumbers(input.title).filter((k) => k !== mpn);
  for (const m of extractModelNumbers(input.title.normalize('NFKC'))) if (!fits.includes(m)) models.add(m);
  if (models.size === 0 && input.description) for (const m of extractModelNumbers(input.description).slice(0, 3)) models.add(m);
  return { mpn, models: [...models], fits };
}

/**
 * Prepares an offer for {@link matchScore}. `lexicon` holds the brands the catalogue knows, for
 * inferring a missing brand from the title.
 */
export function prepareRecord(input: MatchInput, lexicon: BrandLexicon): MatchRecord {
  const title = input.title.normalize('NFKC');
  const { mpn, models, fits } = modelNumbers(input);

  const given = input.brand?.trim() || input.manufacturer?.trim() || '';
  const brand = given ? brandKey(given) || null : inferBrand(title, lexicon);

  let rawWords = title.split(/[^\p{L}\p{N}.\-/]+/u).filter(Boolean);
  // The brand written at the start of the title is not a title word (nor its colour words: "US Brown Bear").
  if (brand)
    for (let n = Math.min(3, rawWords.length); n >= 1; n--)
      if (brandKey(rawWords.slice(0, n).join(' ')) === brand) {
        rawWords = rawWords.slice(n);
        break;
      }
  const words = new Set<string>();
  const counts = new Set<string>();
  const numbers = new Set<string>();
  const colors = new Set<string>();
  for (const raw of rawWords) {
    if (isModelToken(raw)) continue;
    if (/^\d+(?:\.\d+)?$/.test(raw)) numbers.add(String(Number(raw)));
    const count = COUNT.exec(raw);
    if (count) counts.add(`${fold(count[2]!)}:${Number(count[1])}`);
    for (const part of raw.split(/[-/.]+/)) {
      const w = fold(part);
      if (!w || STOP.has(w)) continue;
      if (COLOURS.has(w)) colors.add(w === 'grey' ? 'gray' : w);
      if (brand && brandKey(w) === brand) continue;
      words.add(w);
    }
  }
  if (input.color) for (const c of input.color.toLowerCase().split(/[^a-z]+/)) if (COLOURS.has(c)) colors.add(c === 'grey' ? 'gray' : c);

  const titleKeys = new Set<string>();
  const tokens = title.split(/[\s,;:()[\]{}<>"'!?|+*#&]+/).filter(Boolean);
  const digit = tokens.map((t) => /\d/.test(t));
  for (let i = 0; i < tokens.length; i++)
    for (let n = 1; n <= 3 && i + n <= tokens.length; n++) {
      if (!digit.slice(i, i + n).includes(true)) continue;
      const k = modelKey(tokens.slice(i, i + n).join(''));
      if (k.length >= 4) titleKeys.add(k);
    }

  const capacities = new Set<number>();
  for (const m of title.matchAll(CAPACITY)) {
    const n = Number(m[1]);
    const unit = m[2]!.toLowerCase();
    capacities.add(unit === 'tb' ? n * 1000 : unit === 'mb' ? n / 1000 : n);
  }
  const pack = PACK.exec(title);
  const packSize = pack ? Number(pack[1] ?? pack[2]) : null;

  const cond = (input.condition ?? '').toLowerCase();
  const condition = cond === 'used' || USED.test(title) ? 'used' : cond === 'refurbished' || REFURB.test(title) ? 'refurbished' : 'new';

  return {
    title,
    gtin: gtinKey(input.gtin),
    models,
    fits,
    mpn,
    brand,
    words: [...words],
    titleKeys: [...titleKeys],
    capacities: [...capacities],
    counts: [...counts],
    numbers: [...numbers],
    packSize: packSize && packSize > 1 ? packSize : null,
    colors: [...colors],
    condition,
    compatible: COMPATIBLE.test(title),
    priceCents: input.priceCents && input.priceCents > 0 ? input.priceCents : null,
  };
}
