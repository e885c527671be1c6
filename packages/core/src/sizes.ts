/**
 * Natural order of size labels (issue 20 §4), for every list of sizes a shopper sees. Labels are
 * GMC `size` values as the feeds normalise them (`US 6 / EU 36`, `XL`, `32x30`, `10C`, `0-3M`).
 * Order, by kind first, then within the kind:
 *
 * 1. Baby sizes in months (`0-3M`, `3-6M` … by their first number).
 * 2. Toddler sizes (`2T`, `3T`), then child (`10C`), then youth (`1Y`) sizes, each by number
 *    (US children's shoe sizing runs 10C … 13C, then 1Y …).
 * 3. Numeric sizes, with or without a sizing-system prefix (`US 6`, `EU 36,5`, `38R`, `32x30`,
 *    `W32 L30`): by every number in turn (so waist then length), then by the text after it
 *    (suit lengths short, regular, long).
 * 4. Letter sizes XXS (2XS) … XXXL (3XL), 4XL, 5XL by their place in that scale.
 * 5. Anything else (`One Size`, `OS`, free text) last, alphabetically.
 *
 * A label written in several systems (`US 6 / EU 36`) sorts by its first system.
 */

const LETTERS = ['XXXS', 'XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', 'XXXXL', 'XXXXXL'];

/** Rank of a letter size (`2XL` is `XXL`), or -1. */
function letterRank(s: string): number {
  const u = s.toUpperCase().replace(/^([2-5])X/, (_, n: string) => 'X'.repeat(Number(n)));
  return LETTERS.indexOf(u);
}

/** Suit lengths after the chest size (`40S`, `40R`, `40L`): short, regular, long. */
const SUIT_LENGTH: Record<string, string> = { s: '0', r: '1', l: '2' };

const KID_CLASS: Record<string, number> = { T: 1, C: 2, Y: 3 };

/** Sort key of a size label: [kind, ...numbers] and a text tie-break. */
function sizeKey(label: string): { kind: number; nums: number[]; text: string } {
  const first = label.split(' / ')[0]!.trim();
  const text = first.toLowerCase();
  const months = first.match(/^(\d+)\s*-\s*(\d+)\s*M$/i);
  if (months) return { kind: 0, nums: [Number(months[1]), Number(months[2])], text };
  const bare = first.replace(/^(US|UK|EU|IT|FR|JP|AU|CN|KR|MX|BR)\s*/i, '');
  const kid = bare.match(/^(\d+(?:[.,]5)?)\s*([TCY])$/i);
  if (kid) return { kind: KID_CLASS[kid[2]!.toUpperCase()]!, nums: [Number(kid[1]!.replace(',', '.'))], text };
  const rank = letterRank(bare);
  if (rank >= 0) return { kind: 5, nums: [rank], text };
  const nums = [...bare.matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => Number(m[0].replace(',', '.')));
  if (nums.length > 0 && /^\D{0,2}\d/.test(bare)) {
    const rest = bare
      .replace(/[\d.,\s]+/g, ' ')
      .trim()
      .toLowerCase();
    return { kind: 4, nums, text: SUIT_LENGTH[rest] ?? rest };
  }
  return { kind: 6, nums: [], text };
}

/** Compares two size labels by the natural order above; a comparator for `Array.prototype.sort`. */
export function compareSizes(a: string, b: string): number {
  const ka = sizeKey(a);
  const kb = sizeKey(b);
  if (ka.kind !== kb.kind) return ka.kind - kb.kind;
  for (let i = 0; i < Math.max(ka.nums.length, kb.nums.length); i++) {
    const d = (ka.nums[i] ?? -1) - (kb.nums[i] ?? -1);
    if (d !== 0) return d;
  }
  return ka.text < kb.text ? -1 : ka.text > kb.text ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/** Size labels in natural order (a new array). */
export function sortSizes(sizes: readonly string[]): string[] {
  return [...sizes].sort(compareSizes);
}
