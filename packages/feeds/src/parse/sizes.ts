/**
 * GMC `size` normalisation. Decided label format:
 * - One size may be written in several sizing systems joined by `|` (`US 6 | EU 36`); it stays
 *   ONE size whose label joins the systems with ` / ` in the order given: `US 6 / EU 36`.
 * - Several sizes in one value are separated by `;` or by `,` except the half-size decimal
 *   comma `digit,5` (`S, M, L`; `38,39,40`; `38;39`; but `EU 36,5` is one size).
 * - Inside a label white space is collapsed, sizing-system prefixes (US, UK, EU, IT, FR, JP, AU,
 *   CN, KR, MX, BR) and letter sizes (XS … 5XL, OS) are upper-cased; other text is kept.
 * - Empty parts are dropped and duplicates removed, first occurrence wins.
 */

import { perDistinctValue } from './text.ts';

const SYSTEM = /^(us|uk|eu|it|fr|jp|au|cn|kr|mx|br)\b/i;
const LETTER_SIZE = /^(x{0,3}s|m|x{0,4}l|[2-5]xl|os|one size)$/i;

/** One size's label (the module doc's format), computed once per distinct value. */
const label = perDistinctValue(spell);

function spell(one: string): string {
  return one
    .split('|')
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((part) =>
      LETTER_SIZE.test(part)
        ? part.toUpperCase()
        : part.replace(SYSTEM, (s) => s.toUpperCase()).replace(/\S+/g, (w) => (LETTER_SIZE.test(w) ? w.toUpperCase() : w)),
    )
    .join(' / ');
}

/** Splits and labels the GMC `size` values of one item (see the module doc for the format). */
export function normalizeSizes(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    for (const one of value.split(/;|(?<!\d),|,(?!5(?!\d))/)) {
      const l = label(one);
      if (l && !out.includes(l)) out.push(l);
    }
  }
  return out;
}
