/**
 * PostgreSQL's text form of a tsvector, read for the in-memory index (decision 0003): lexemes,
 * their weight classes (A title, B brand, C category words, D description) and positions.
 */

/** Weight of one occurrence by tsvector weight class (PostgreSQL's default {D, C, B, A} = {0.1, 0.2, 0.4, 1.0}). */
export const LEXEME_WEIGHTS: Readonly<Record<'A' | 'B' | 'C' | 'D', number>> = { A: 1, B: 0.4, C: 0.2, D: 0.1 };

/** Weight classes of a tsvector occurrence, as `tsvectorOccurrences` encodes them (position × 4 + class). */
export const CLASS_INDEX = { A: 0, B: 1, C: 2, D: 3 } as const;

/**
 * Parses PostgreSQL's text form of a tsvector (`'dress':1A,5C 'o''neil':3`) into lexemes, the sum
 * of their occurrence weights, and whether one occurrence is in a strong field (weight class A, B
 * or C: title, brand, category words; a position without a class is D, the description).
 */
export function parseTsvector(text: string): Array<[lexeme: string, weight: number, strong: boolean]> {
  return tsvectorOccurrences(text).map(([lexeme, weight, strong]) => [lexeme, weight, strong]);
}

/**
 * {@link parseTsvector} with each lexeme's occurrences: position × 4 + class index (A 0, B 1,
 * C 2, D 3); a stripped lexeme has none.
 */
export function tsvectorOccurrences(text: string): Array<[lexeme: string, weight: number, strong: boolean, occurrences: number[]]> {
  const out: Array<[string, number, boolean, number[]]> = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && text[i] === ' ') i++;
    if (i >= n) break;
    if (text[i] !== "'") throw new SyntaxError(`tsvector: expected a quote at ${i}`);
    i++;
    let lexeme = '';
    for (;;) {
      if (i >= n) throw new SyntaxError('tsvector: unterminated lexeme');
      const ch = text[i]!;
      if (ch === '\\') {
        lexeme += text[i + 1] ?? '';
        i += 2;
      } else if (ch === "'") {
        if (text[i + 1] === "'") {
          lexeme += "'";
          i += 2;
        } else {
          i++;
          break;
        }
      } else {
        lexeme += ch;
        i++;
      }
    }
    let weight = 0;
    let strong = false;
    const occurrences: number[] = [];
    if (text[i] === ':') {
      i++;
      while (i < n && text[i] !== ' ') {
        let pos = 0;
        while (i < n && text[i]! >= '0' && text[i]! <= '9') pos = pos * 10 + (text.charCodeAt(i++) - 48);
        const cls = text[i];
        if (cls === 'A' || cls === 'B' || cls === 'C' || cls === 'D') {
          weight += LEXEME_WEIGHTS[cls];
          if (cls !== 'D') strong = true;
          occurrences.push(pos * 4 + CLASS_INDEX[cls]);
          i++;
        } else {
          weight += LEXEME_WEIGHTS.D;
          occurrences.push(pos * 4 + CLASS_INDEX.D);
        }
        if (text[i] === ',') i++;
      }
    } else weight = LEXEME_WEIGHTS.D; // a stripped vector: one occurrence of unknown class
    out.push([lexeme, weight, strong, occurrences]);
  }
  return out;
}
