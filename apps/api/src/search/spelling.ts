/**
 * How far a typed word is from a catalogue word, for the search's typo correction (issue 20 §3).
 * pg_trgm finds the candidates (typo-correction.ts); this module judges them the way shoppers misspell:
 *
 * - Transposed neighbours (`jeasn`, `shrit`) cost 1, as one slip, not two substitutions
 *   (optimal string alignment distance, Damerau's rule).
 * - A doubled or undoubled letter (`sandalls`, `sweter`) costs 0.5.
 * - A vowel typed for another vowel (`jeens`) and a letter typed for one that sounds alike
 *   (s/z, c/k/q, i/y, f/v) cost 0.5.
 * - Other insertions, deletions and substitutions cost 1.
 * - Words that sound alike (same Double Metaphone primary code of three sounds or more, e.g.
 *   `sandles` and `sandals`, `jeenz` and `jeans`) are at most 0.5 apart: a phonetic slip is as
 *   near as a typo gets. Shorter codes (`quokka` and `quick` are both KK) say too little.
 */
import { doubleMetaphone } from 'double-metaphone';

const VOWELS = new Set('aeiou');
/** Letters shoppers type for each other because they sound alike. */
const SOUND_ALIKE = ['sz', 'ck', 'kq', 'cq', 'iy', 'fv', 'cs'];

function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  if (VOWELS.has(a) && VOWELS.has(b)) return 0.5;
  return SOUND_ALIKE.includes(a + b) || SOUND_ALIKE.includes(b + a) ? 0.5 : 1;
}

/**
 * Weighted optimal-string-alignment distance between two lower-case words with the costs in the
 * module doc. Symmetric; 0 only for equal words.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, () => new Array<number>(cols).fill(0));
  // Inserting or deleting a letter next to the same letter (a doubling) costs half.
  const indel = (s: string, i: number) => ((i > 0 && s[i] === s[i - 1]) || (i + 1 < s.length && s[i] === s[i + 1]) ? 0.5 : 1);
  for (let i = 1; i < rows; i++) d[i]![0] = d[i - 1]![0]! + indel(a, i - 1);
  for (let j = 1; j < cols; j++) d[0]![j] = d[0]![j - 1]! + indel(b, j - 1);
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      let best = Math.min(d[i - 1]![j]! + indel(a, i - 1), d[i]![j - 1]! + indel(b, j - 1), d[i - 1]![j - 1]! + substitutionCost(a[i - 1]!, b[j - 1]!));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] && a[i - 1] !== a[i - 2]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** Distance of the module doc: edit distance, capped at 0.5 for words that sound alike. */
export function spellingDistance(typed: string, word: string): number {
  const d = editDistance(typed, word);
  if (d <= 0.5) return d;
  const code = doubleMetaphone(typed)[0];
  return code.length >= 3 && code === doubleMetaphone(word)[0] ? 0.5 : d;
}

/**
 * Largest distance accepted as a typo of a word of `length` letters: 1 up to 4 letters, else 1.5
 * (one slip plus one half-cost slip; two full edits turn `quokka` into `quick`).
 */
export function maxDistance(length: number): number {
  return length <= 4 ? 1 : 1.5;
}
