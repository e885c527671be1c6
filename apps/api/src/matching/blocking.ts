/**
 * Candidate blocking for offer matching (issue 11 point 1): an offer is compared only with
 * catalogue records that share a blocking key, never with all of them.
 */
import type { MatchRecord } from './record.ts';
import type { WordStats } from './score.ts';

/** How many of a record's rarest title words become blocking keys. */
export const RARE_WORDS = 3;

/**
 * Blocking keys of a record: `g:<GTIN-14>`, `m:<model key>` for each model number, and
 * `w:<word>` for its {@link RARE_WORDS} rarest title words (words of 2 or more characters, rarest
 * by `stats` document frequency, ties by the word).
 */
export function blockingKeys(r: MatchRecord, stats: WordStats): string[] {
  const keys: string[] = [];
  if (r.gtin) keys.push(`g:${r.gtin}`);
  for (const m of r.models) keys.push(`m:${m}`);
  const rare = r.words
    .filter((w) => w.length >= 2)
    .sort((x, y) => stats.frequency(x) - stats.frequency(y) || (x < y ? -1 : x > y ? 1 : 0))
    .slice(0, RARE_WORDS);
  for (const w of rare) keys.push(`w:${w}`);
  return keys;
}
