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

/** Rank of a letter size on the scale XXXS … XXXXXL (`2XL` is `XXL`), or -1 for any other label. */
export function letterSizeRank(s: string): number {
  return letterRank(s);
}

/**
 * A child's size label read (its first sizing system, `US 10C / EU 27` → 10C): baby months
 * (`0-3M` → from 0 to 3), toddler (`2T`), US children's shoes (`10C`), youth (`1Y`); null for any
 * other label (adult, letter, one size).
 */
export function childSizeOf(label: string): { kind: 'months' | 'toddler' | 'child' | 'youth'; from: number; to: number } | null {
  const first = label.split(/\s*[/|]\s*/)[0]!.trim();
  const months = first.match(/^(\d+)\s*-\s*(\d+)\s*M$/i);
  if (months) return { kind: 'months', from: Number(months[1]), to: Number(months[2]) };
  const kid = first.replace(/^(US|UK|EU)\s*/i, '').match(/^(\d+(?:[.,]5)?)\s*([TCY])$/i);
  if (!kid) return null;
  const n = Number(kid[1]!.replace(',', '.'));
  const kind = ({ T: 'toddler', C: 'child', Y: 'youth' } as const)[kid[2]!.toUpperCase() as 'T' | 'C' | 'Y'];
  return { kind, from: n, to: n };
}

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

/**
 * The kind of a size label in the natural order above, as a number (0 baby months, 1 toddler,
 * 2 child, 3 youth, 4 numeric, 5 letter, 6 anything else): a listing's size filter shows the
 * kinds most of its products come in first (search.ts `sizeFacets`).
 */
export function sizeKind(label: string): number {
  return sizeKey(label).kind;
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

/** Whose shoe sizing a size follows: adult women's and men's US sizes differ by about 1.5. */
export type ShoeAudience = 'women' | 'men';

/**
 * Adult US shoe sizes with their usual EU equivalents, per audience (the common retail
 * conversion charts: women's US 8 ≈ EU 38.5–39, men's US 8 ≈ EU 41). UK sizes are US − 2 for
 * women and US − 1 for men. Half sizes interpolate linearly between the whole sizes listed.
 */
const US_TO_EU: Readonly<Record<ShoeAudience, ReadonlyArray<readonly [us: number, eu: number]>>> = {
  women: [
    [4, 34.5],
    [5, 35.5],
    [6, 36.5],
    [7, 37.5],
    [8, 38.5],
    [9, 40],
    [10, 41],
    [11, 42],
    [12, 43],
  ],
  men: [
    [6, 39],
    [7, 40],
    [8, 41],
    [9, 42],
    [10, 43],
    [11, 44],
    [12, 45],
    [13, 46],
    [14, 47],
    [15, 48],
  ],
};
const UK_OFFSET: Readonly<Record<ShoeAudience, number>> = { women: 2, men: 1 };

/** The sizing systems of a label (`US 8 / EU 41` → {US: 8, EU: 41}); half sizes with `.5` or `,5`. */
function systemsOf(label: string): Partial<Record<'US' | 'EU' | 'UK', number>> {
  const out: Partial<Record<'US' | 'EU' | 'UK', number>> = {};
  for (const part of label.split(' / ')) {
    const m = part.trim().match(/^(US|EU|UK)\s*(\d{1,2}(?:[.,]5)?)$/i);
    if (m) out[m[1]!.toUpperCase() as 'US' | 'EU' | 'UK'] = Number(m[2]!.replace(',', '.'));
  }
  return out;
}

/** US size for an EU size on the audience's chart, to the nearest half size; null off the chart. */
function usFromEu(eu: number, audience: ShoeAudience): number | null {
  const chart = US_TO_EU[audience];
  for (let i = 0; i + 1 < chart.length; i++) {
    const [us0, eu0] = chart[i]!;
    const [us1, eu1] = chart[i + 1]!;
    if (eu >= eu0 && eu <= eu1) return Math.round((us0 + ((eu - eu0) / (eu1 - eu0)) * (us1 - us0)) * 2) / 2;
  }
  return null;
}

/**
 * An adult shoe size label completed with its US size when the feed wrote it only in EU or UK
 * sizing (issue 11 §3): `EU 41` (men) → `US 8 / EU 41`, `UK 5` (women) → `US 7 / UK 5`. A bare
 * number is read by its range: 34 and above as EU (adult EU sizes start there), 3 to 15.5 as
 * the US size of a US storefront (`8` → `US 8`). Labels that already carry a US size, kids'
 * sizes, letter sizes and sizes off the chart come back unchanged, so the US size (the first
 * system of the label) is the one every merchant's label shares.
 */
export function withUsShoeSize(label: string, audience: ShoeAudience): string {
  const bare = label.trim().match(/^(\d{1,2}(?:[.,]5)?)$/);
  const n = bare ? Number(bare[1]!.replace(',', '.')) : NaN;
  if (n >= 3 && n <= 15.5) return `US ${n}`;
  const source = n >= 34 ? `EU ${bare![1]}` : label;
  const systems = systemsOf(source);
  if (systems.US !== undefined) return label;
  const us = systems.EU !== undefined ? usFromEu(systems.EU, audience) : systems.UK !== undefined ? systems.UK + UK_OFFSET[audience] : null;
  return us === null ? label : `US ${us} / ${source}`;
}

/**
 * The value a shopper filters by for a size label (the listings' size facet, issue 11 §3). Adult
 * shoe sizes (an `audience` given) are first completed with their US size ({@link withUsShoeSize}:
 * `EU 41` of a men's shoe filters as "US 8"); then a label written in several systems filters by
 * its US size (`US 8 / EU 41`, `US 8 / EU 42` and `UK 7 / EU 41 / US 8` are all "US 8"), else by its
 * first system; any other label is its own value. Stored labels stay as the feed wrote them.
 */
export function sizeFilterValue(label: string, audience: ShoeAudience | null = null): string {
  const parts = (audience ? withUsShoeSize(label, audience) : label).split(' / ').map((p) => p.trim());
  return parts.find((p) => /^US\s/.test(p)) ?? parts[0]!;
}

/** Category codes of adult footwear outside the Shoes department (Running Shoes, Hiking Boots). */
const SPORT_FOOTWEAR = ['711', '728'];

/**
 * Whose shoe sizing an item's sizes follow, or null when it is not adult footwear or the
 * audience is unknown: Women's Shoes (`k1…`) and Men's Shoes (`k2…`) by department, other
 * footwear (the Shoes department itself, Running Shoes, Hiking Boots) by GMC `gender`
 * (`female`, `male`; `unisex` and none give null). Kids' shoes (`g4`) are never converted.
 */
export function shoeAudience(categoryCode: string | null, gender: 'male' | 'female' | 'unisex' | null): ShoeAudience | null {
  if (!categoryCode) return null;
  if (categoryCode.startsWith('k1')) return 'women';
  if (categoryCode.startsWith('k2')) return 'men';
  if (categoryCode === 'k' || SPORT_FOOTWEAR.some((c) => categoryCode.startsWith(c))) return gender === 'female' ? 'women' : gender === 'male' ? 'men' : null;
  return null;
}
