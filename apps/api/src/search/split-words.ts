/**
 * How a query's words are read before matching (issue 11 §6): words typed apart that the
 * catalogue writes as one word become that word. Search domain; used by `search.ts`.
 */
import type { Queryable } from '@b-deals/db';
import { hasLexeme } from './match.ts';
import type { SearchIndex } from './search-index.ts';
import type { Snapshot } from './snapshot.ts';

/**
 * Words typed apart that the catalogue writes as one (issue 11 §6), read as that one word: a
 * single letter and the next word as their hyphenated compound when the catalogue holds it ("t
 * shirt" is `t-shirt`: otherwise the analyser drops "t" as a stop word and "shirt", a part of a
 * hyphenated word, finds every shirt but no T-shirt), and two words of two letters or more as
 * their concatenation when that is a word of the catalogue and the query finds at least as many
 * products with it as with the words apart (`count`: "ear rings" is `earrings`, "back pack"
 * `backpack`, "sweat shirt" `sweatshirt`; "tank top" stays apart though one description says
 * "tanktop"). "Of the catalogue": the snapshot's lexicon holds its lexeme, and that lexeme keeps
 * the whole first word and some of the second ("olive ring" is no "olivering", stemmed `oliv`). Other words stay as
 * typed ("size m shirt", "tee shirt"). Returns the words to search.
 */
export async function joinSplitWords(
  db: Queryable,
  words: string[],
  index: SearchIndex,
  snap: Snapshot,
  count: (words: string[]) => Promise<number>,
): Promise<string[]> {
  // The joined word's lexeme must be the catalogue's and keep all of the first word and some of
  // the second: "olive ring" is no "olivering", whose stem `oliv` is the stem of "olive".
  const known = async (joined: string, first: string) => {
    const [term] = await index.terms(db, [joined]);
    return !!term?.lexemes.some((l) => (first.length > 1 || l.includes('-')) && l.startsWith(first) && l.length > first.length && hasLexeme(snap, l));
  };
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = words[i + 1];
    if (next !== undefined && !word.includes('-') && !next.includes('-') && /^\p{L}+$/u.test(word)) {
      const joined = word.length === 1 ? `${word}-${next}` : next.length >= 2 ? `${word}${next}` : null;
      if (joined && (await known(joined, word))) {
        const rest = words.slice(i + 2);
        if (word.length === 1 || (await count([...out, joined, ...rest])) >= (await count([...out, word, next, ...rest]))) {
          out.push(joined);
          i++;
          continue;
        }
      }
    }
    out.push(word);
  }
  return out;
}
