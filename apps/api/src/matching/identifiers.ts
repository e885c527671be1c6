/**
 * Identifier rules for offer matching (issue 11 point 1): GTINs in every GS1 length, and model
 * numbers (GMC `mpn`, or model-like tokens of the title and description) normalised so that
 * `PS-LX350H`, `ps lx350h`, `PSLX350H` and `PS/LX350H` are one key.
 */
import { normalizeGtin } from '@b-deals/core';

/**
 * GTIN-8, UPC-A (GTIN-12), EAN-13 and GTIN-14 as the one GTIN-14 key (left-padded with zeros, so a
 * UPC-A and the EAN-13 `0` + UPC-A are equal). Spaces and hyphens are ignored. GS1 General
 * Specifications §7.9 check digit (core `normalizeGtin`).
 *
 * @returns the 14-digit key, or null for a wrong length, a bad check digit or all zeros.
 */
export function gtinKey(raw: string | null | undefined): string | null {
  return raw ? normalizeGtin(raw) : null;
}

/**
 * Normalises a model number or MPN: Unicode-compatible form, upper case, every character that
 * is not a letter or digit removed (case, hyphens, spaces, slashes and dots do not distinguish
 * models). Returns "" when nothing is left.
 */
export function modelKey(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/**
 * A number followed by a unit or a count word: `16gb`, `1080p`, `2.7in`, `3000watts`, `2-way`,
 * `6pk`. These describe a product, they do not name its model.
 */
const MEASURE =
  /^\d{1,4}(?:[.,]\d+)?(?:x\d+(?:[.,]\d+)?)?(?:gb|tb|mb|kb|gbps|mbps|mp|mm|cm|m|km|in|inch|inches|ft|feet|yd|hz|khz|mhz|ghz|w|watts?|kw|v|volts?|mah|ah|wh|lbs?|oz|g|kg|mg|ml|l|p|i|k|x|pk|pks|pack|packs|ct|count|pc|pcs|piece|pieces|way|port|ports|ch|channel|speed|cup|cups|qt|gal|yr|year|years|day|days|th|st|nd|rd|s|d|bit|core|page|pages|sheet|sheets|dpi|ppm|rpm|db|ohm|ohms|lm|lumens?|cc|gen|pt|ply|pin|pins|outlet|outlets|in\d+)$/;

/** A count joined to a word of 3+ letters: `4-person` (a tent), `3-piece`, `2-slice`. */
const COUNT_WORD = /^\d{1,3}-[a-z]{3,}$/;

/** A range of numbers with an optional unit: `18-250mm`, `3.5-6.3`, `32-63in`. */
const RANGE = /^\d+(?:[.,]\d+)?-\d+(?:[.,]\d+)?[a-z]*$/;

/** Versions and standards that look like models but are shared by many products. */
const COMMON = new Set([
  'USB2',
  'USB20',
  'USB3',
  'USB30',
  'USB31',
  'DDR2',
  'DDR3',
  'DDR4',
  'DDR5',
  'MP3',
  'MP4',
  'H264',
  'H265',
  'HDMI2',
  'WIFI6',
  'IPV6',
  'PCIE',
  'LTO3',
  'LTO4',
  'LTO5',
  'LTO6',
  'MK2',
  'MKII',
  'CAT5',
  'CAT5E',
  'CAT6',
  'IPX4',
  'IPX7',
  'IP67',
  'IP68',
  'A4',
  'A5',
  'B5',
  'AA',
  'AAA',
  '3D',
  '4K',
  '8K',
  '5G',
  '4G',
  '3G',
  'G5',
  'PS3',
  'PS4',
  'PS5',
  'N64',
  'XBOX360',
  'IPHONE4',
  'IPHONE4S',
  'IPAD2',
  'IPAD3',
  'WIN7',
  'WIN8',
  'WIN10',
  'WIN11',
  'MAC',
  'OSX',
]);

/**
 * True when a raw token names a model: after {@link modelKey} it has 4 or more characters and
 * either mixes letters and digits (`LX350H`, `TN450`, `22LA45RQ`) or is 5 or more digits
 * (`880306`, a part number), and it is not a measurement (`16gb`, `1080p`, `2-way`, `18-250mm`), a
 * count and a word (`4-person`), a shared
 * standard (`USB3`, `DDR3`, `PS4`) or a year.
 */
export function isModelToken(raw: string): boolean {
  const lower = raw.toLowerCase().replace(/^[-/.]+|[-/.]+$/g, '');
  if (RANGE.test(lower) || MEASURE.test(lower.replace(/-/g, ''))) return false;
  // A count and a word (`4-person`, `3-piece`, `2-slice`) describes the product, whatever the word.
  if (COUNT_WORD.test(lower)) return false;
  const key = modelKey(lower);
  if (key.length < 4 || COMMON.has(key)) return false;
  // A run of 8 or more letters is a word, so the token is a description ("5590-digital-flatbed-scanner").
  if (/[A-Z]{8}/.test(key)) return false;
  const digits = /\d/.test(key);
  const letters = /[A-Z]/.test(key);
  if (digits && letters) return true;
  if (digits && !letters) return key.length >= 5 && !/^(?:19|20)\d\d$/.test(key);
  return false;
}

/**
 * Model numbers written in a text (title, description): tokens split on white space, commas,
 * brackets and similar marks (hyphens, slashes and dots stay inside a token) that
 * {@link isModelToken} accepts, as {@link modelKey}s, first-seen order, no duplicates. A letter
 * prefix written apart (`PS LX350H`, `TS W2502D2`) is also joined to the token that follows.
 */
export function extractModelNumbers(text: string): string[] {
  const raw = text
    .normalize('NFKC')
    .split(/[\s,;:()[\]{}<>"'!?|+*#&]+/)
    .filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i]!;
    if (isModelToken(t)) out.add(modelKey(t));
    const next = raw[i + 1];
    if (next && /^[A-Za-z]{1,3}$/.test(t) && t === t.toUpperCase() && isModelToken(next) && /^[A-Za-z]/.test(next)) out.add(modelKey(t + next));
  }
  return [...out];
}

/** Words that open the phrase naming the device an accessory is for. */
const FOR = /^(?:for|fits|fit)$/i;
const FOR_ANYWHERE = /(?:^|\s)(?:for|fits?)\s/i;
/** Tokens of a "for" phrase read for model numbers: the device is named right after the word. */
const FIT_WINDOW = 5;

/**
 * Model numbers of the device an accessory is made for, written in a "for …" phrase of the
 * title (`case for Samsung Galaxy Tab P1000`, `toner for Lexmark E352H11A`): keys of tokens
 * mixing letters and digits among the {@link FIT_WINDOW} tokens after `for` / `fits`, up to a
 * dash, comma or slash that ends the phrase. They name another product, not this one; a part
 * number written after the phrase (`lens for Nikon digital SLR cameras 880306`) is not taken.
 */
export function fittedModelNumbers(text: string): string[] {
  if (!FOR_ANYWHERE.test(text)) return [];
  const raw = text.normalize('NFKC').split(/\s+/).filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i < raw.length; i++) {
    if (!FOR.test(raw[i]!)) continue;
    for (let j = i + 1; j <= i + FIT_WINDOW && j < raw.length; j++) {
      const t = raw[j]!;
      if (/^[-–|/]+$/.test(t)) break;
      const tok = t.replace(/[,;:()[\]]+$/g, '');
      const key = modelKey(tok);
      if (isModelToken(tok) && /[A-Z]/.test(key) && /\d/.test(key)) out.add(key);
      if (/[,;]$/.test(t)) break;
    }
  }
  return [...out];
}

/** Most characters a merchant or distributor prepends to a maker's model number (`VER` + `97185`, `NEW` + `51644C`). */
export const MODEL_PREFIX_MAX = 4;

/**
 * True when one offer's model key is another's specific key (5+ characters) with 1–{@link
 * MODEL_PREFIX_MAX} characters prepended: a reseller's code before the maker's number
 * (`VER97185` / `97185`, `LAC130980` / `130980`, `NEW108R00602` / `108R00602`, `DGS1008P` /
 * `1008P`). Characters appended instead (`PSDHC4G4EF` / `PSDHC4G4EFGRAY`) more often name a
 * variant, so they do not count. `generic(key)` as in {@link compareModels}.
 */
export function prefixedModel(a: readonly string[], b: readonly string[], generic: (key: string) => boolean = () => false): boolean {
  const prefixed = (long: string, short: string) =>
    short.length >= 5 && long.length > short.length && long.length - short.length <= MODEL_PREFIX_MAX && long.endsWith(short) && !generic(short);
  return a.some((x) => b.some((y) => prefixed(x, y) || prefixed(y, x)));
}

/**
 * How two model-number sets relate: `same` (a specific key in common), `close` (a specific key
 * of 5+ characters inside the other's), `different` (each side has a specific key the other
 * lacks, e.g. `3N1MGC` and `3N1NWA` beside a shared `3IN1`), or `unknown` (a side has none).
 */
export type ModelAgreement = 'same' | 'close' | 'different' | 'unknown';

/**
 * Compares two sets of {@link modelKey}s. `generic(key)` tells keys that many products share
 * (a chipset, a standard, a product line, the device an accessory fits: `PC3200`, `TF101`): one
 * in common does not make a match (`unknown` unless a specific key agrees), but keys that
 * disagree still break one (`CLI226` / `CLI221` is `different` however common each is). Two keys agree when equal, or when one of 5+ characters is inside the other and the
 * rest is all letters or all digits (`51644C` in `NEW51644C`, not `GBU421` in `GBU421W6`).
 */
export function compareModels(a: readonly string[], b: readonly string[], generic: (key: string) => boolean = () => false): ModelAgreement {
  const agree = (x: string, y: string): 'same' | 'close' | null => {
    if (x === y) return 'same';
    const [short, long] = x.length <= y.length ? [x, y] : [y, x];
    if (short.length < 5 || !long.includes(short)) return null;
    // What the longer key adds must be letters only (NEW51644C) or digits only (C6658AN424);
    // a letters-and-digits suffix is a variant code (GBU421 / GBU421W6).
    const rest = long.replace(short, '');
    return /[A-Z]/.test(rest) && /\d/.test(rest) ? null : 'close';
  };
  if (a.length === 0 || b.length === 0) return 'unknown';
  let best: 'same' | 'close' | null = null;
  const matchedA = new Set<string>();
  const matchedB = new Set<string>();
  for (const x of a)
    for (const y of b) {
      const r = agree(x, y);
      if (!r) continue;
      matchedA.add(x);
      matchedB.add(y);
      // A generic key in common is not evidence of one product, but it is not a conflict either.
      if (generic(x) || generic(y)) continue;
      if (r === 'same' || best === null) best = r;
    }
  // Once something agrees, a key containing an agreed one (M552PINKBNDL beside M552) is that
  // model's variant spelling, and an all-digit key is a merchant's own item number: neither conflicts.
  const agreed = [...matchedA, ...matchedB];
  const anyAgreed = agreed.length > 0;
  const left = (keys: readonly string[], matched: Set<string>) =>
    keys.some((k) => !matched.has(k) && (!anyAgreed || (!/^\d+$/.test(k) && !agreed.some((m) => m.length >= 4 && k.includes(m)))));
  const leftA = left(a, matchedA);
  const leftB = left(b, matchedB);
  // Nothing agrees: a conflict needs two keys of one kind. An all-digit key (a merchant's or
  // maker's catalogue number, `212537`) and a letters-and-digits model (`TF101`) are numbered
  // in different systems and say nothing about each other.
  const digitsOnly = (k: string) => /^\d+$/.test(k);
  if (!anyAgreed) return a.some((x) => b.some((y) => digitsOnly(x) === digitsOnly(y))) ? 'different' : 'unknown';
  // Generic keys still break a match: `CLI226` / `CLI221`, a case for `TF101` / one for `TF201`.
  if (leftA && leftB) return 'different';
  if (best === null) return 'unknown';
  return best;
}
