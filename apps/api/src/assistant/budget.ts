/**
 * The gift budget a message states (issue 18 §2: "a single amount, under $50, ranges, around 100"),
 * read from the amounts NLP.js's builtin recogniser found (`BuiltinEdge`, dollars) and the words
 * around them; cents out.
 * - a range: "between 30 and 60", "$30-$60", "30 to 60 dollars" → `{kind: 'range'}`;
 * - a ceiling: "under", "below", "up to", "or less", "max", or an amount that is money ("$50",
 *   "50 dollars", "budget of 50") → `{kind: 'max'}`;
 * - "around", "about", "or so", "-ish" → `{kind: 'around'}`, ±20 %;
 * - a bare number alone (a reply to "what is your budget?") → a ceiling, except in "more like #2".
 * Null when no amount is a budget. Amounts above $1,000,000 or not positive are ignored.
 */
import type { BuiltinEdge } from '@nlpjs/builtin-microsoft';
import type { GiftBudget } from '@b-deals/contracts';

const DOLLARS = (v: number) => Math.round(v * 100);

/**
 * The budget of `lower` (the message in lower case) from `amounts` (the recogniser's number and
 * currency edges), by the rules of the module comment; `intent` the classified one ("more like
 * #2" has a number that is no budget). Cents.
 */
export function readBudget(lower: string, amounts: BuiltinEdge[], intent: string): GiftBudget | null {
  // One amount may be found twice (number and currency); keep the currency reading.
  const byStart = new Map<number, BuiltinEdge>();
  for (const e of amounts) {
    const prev = byStart.get(e.start);
    if (!prev || e.entity === 'currency') byStart.set(e.start, e);
  }
  const list = [...byStart.values()].filter((e) => e.resolution.value! > 0 && e.resolution.value! <= 1_000_000).sort((a, b) => a.start - b.start);
  if (!list.length) return null;
  const before = (e: BuiltinEdge) => lower.slice(Math.max(0, e.start - 24), e.start);
  const after = (e: BuiltinEdge) => lower.slice(e.end + 1, e.end + 14);
  const isMoney = (e: BuiltinEdge) => e.entity === 'currency' || /^\s*(dollars?|bucks|usd)\b/.test(after(e)) || /\$\s*$/.test(before(e));
  // A range: "between 30 and 60", "$30-$60", "30 to 60 dollars".
  for (let i = 0; i + 1 < list.length; i++) {
    const a = list[i]!;
    const b = list[i + 1]!;
    const gap = lower.slice(a.end + 1, b.start);
    if (/^\s*(?:-|–|to|and)\s*\$?\s*$/.test(gap) && (isMoney(a) || isMoney(b) || /\b(between|from|budget|spend)\b/.test(before(a)))) {
      const lo = Math.min(a.resolution.value!, b.resolution.value!);
      const hi = Math.max(a.resolution.value!, b.resolution.value!);
      return { kind: 'range', min: DOLLARS(lo), max: DOLLARS(hi) };
    }
  }
  for (const e of list) {
    const pre = before(e);
    const v = e.resolution.value!;
    if (
      /\b(under|below|less than|no more than|not more than|up to|upto|max(?:imum)?|at most|cap(?:ped)? at|within|<)\s*\$?\s*$/.test(pre) ||
      /^\s*(?:dollars?|bucks|usd)?\s*(or less|max|tops|or under)\b/.test(after(e))
    )
      return { kind: 'max', min: null, max: DOLLARS(v) };
    if (
      /\b(around|about|roughly|approximately|approx\.?|close to|near|~)\s*\$?\s*$/.test(pre) ||
      /^\s*(?:dollars?|bucks|usd)?\s*(or so|ish)\b/.test(after(e)) ||
      /-ish\b/.test(after(e))
    )
      return { kind: 'around', min: DOLLARS(v * 0.8), max: DOLLARS(v * 1.2) };
    if (isMoney(e) || /\b(budget(?: is| of)?|spend(?:ing)?|price|cost)\s*:?\s*\$?\s*$/.test(pre)) return { kind: 'max', min: null, max: DOLLARS(v) };
  }
  // A bare number alone (a reply to "what is your budget?").
  if (list.length === 1 && /^\s*\$?\s*\d+(?:\.\d+)?\s*$/.test(lower) && intent !== 'refine.more_like')
    return { kind: 'max', min: null, max: DOLLARS(list[0]!.resolution.value!) };
  return null;
}
