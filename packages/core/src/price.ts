/**
 * Price rules. Every price inside B-Deals is an integer number of cents in USD (spec §3,
 * DESIGN.md "Prices are integer cents"); formatting happens only at the edge.
 */

/** Money as read from input: an amount in minor units of `currency` (ISO 4217). */
export interface Money {
  /** Amount in minor units (cents for USD). Integer. */
  amount: number;
  /** ISO 4217 code, upper case. */
  currency: string;
}

/**
 * ISO 4217 currency codes with their minor-unit exponent (ISO 4217 list one, active currencies,
 * plus BGN and HRK, withdrawn on joining the euro but still written in feeds and convertible at
 * their irrevocable euro conversion rates). Fund codes (BOV, CLF, …) are included; precious
 * metals, SDR and testing codes (XAU, XDR, XTS, XXX) are not, since no shop prices in them.
 */
const CODES_BY_EXPONENT: Record<number, string> = {
  0: 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF',
  2:
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD ' +
    'CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS ' +
    'GIP GMD GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD ' +
    'LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN ' +
    'PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB ' +
    'TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG',
  3: 'BHD IQD JOD KWD LYD OMR TND',
  4: 'CLF UYW',
};

const EXPONENT: ReadonlyMap<string, number> = new Map(
  Object.entries(CODES_BY_EXPONENT).flatMap(([exp, codes]) => codes.split(' ').map((code) => [code, Number(exp)] as const)),
);

/** Every ISO 4217 code B-Deals knows (see the list above), upper case, sorted. */
export const ISO_4217_CURRENCIES: readonly string[] = [...EXPONENT.keys()].sort();

/** True when `code` (any case) is an ISO 4217 currency code from the list above. */
export function isIso4217Currency(code: string): boolean {
  return EXPONENT.has(code.toUpperCase());
}

/** ISO 4217 minor-unit exponent of a currency (2 for codes not in the list). */
export function currencyExponent(currency: string): number {
  return EXPONENT.get(currency.toUpperCase()) ?? 2;
}

/** Currency symbols, longest first so `US$` wins over `$`. */
const SYMBOLS: ReadonlyArray<[string, string]> = Object.entries({
  $: 'USD',
  US$: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  '৳': 'BDT',
  C$: 'CAD',
  A$: 'AUD',
}).sort((a, b) => b[0].length - a[0].length);

/**
 * Splits the digits of an amount (no sign, no currency) into integer and fraction digits.
 *
 * - Both `.` and `,` present: the later one is the decimal separator (`1,299.95`, `1.299,95`).
 * - One kind, written more than once: digit grouping (`1,234,567`, `1.234.567`).
 * - One kind, written once: a decimal separator, except a `,` followed by exactly three digits
 *   (`$2,030`), or either mark followed by three digits in a currency without minor units
 *   (`¥1.200`), which are digit grouping. `.` with three digits stays decimal (GMC writes
 *   `19.999 USD` with a decimal point), as does a leading `0,` / `0.`.
 *
 * @returns null when the text is not digits and separators.
 */
function splitAmount(s: string, exponent: number): { int: string; frac: string } | null {
  if (!/^[\d.,]*\d[\d.,]*$/.test(s)) return null;
  const sepIndex = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
  if (sepIndex < 0) return { int: s, frac: '' };
  const sep = s[sepIndex] as '.' | ',';
  const other = sep === '.' ? ',' : '.';
  const head = s.slice(0, sepIndex);
  const tail = s.slice(sepIndex + 1);
  let decimal: boolean;
  if (head.includes(other)) decimal = true;
  else if (head.includes(sep)) decimal = false;
  else if (tail.length === 3 && !/^0*$/.test(head)) decimal = sep === '.' && exponent > 0;
  else decimal = true;
  const int = (decimal ? head : s).replace(/[.,]/g, '');
  const frac = decimal ? tail : '';
  return /^\d*$/.test(int) && /^\d*$/.test(frac) ? { int, frac } : null;
}

/**
 * Parses a price string as written in feeds and forms into minor units of its currency:
 * `15.00 USD`, `USD 15`, `$2,030`, `250.00` (currency from `defaultCurrency`), `1000 BDT`,
 * `€1.299,95`, `12,5 EUR`, `¥1,200起`, `$ 49.99`, `-5.00`. Strips currency symbols, spaces and
 * the Chinese 'from' marker (起) per spec §3. The currency is a word of three capitals (ISO 4217
 * style, returned as written even when unknown, so the caller can reject it: `45.00 XYZ` → XYZ)
 * or one of a few symbols; the code wins over a symbol (`$15 CAD` is CAD). Without either it is
 * `defaultCurrency`.
 * Digits beyond the currency's exponent are rounded half away from zero (`1.005` → 101 cents).
 *
 * @returns `{ amount, currency }` with `amount` an integer in minor units (cents for USD, yen
 *   for JPY, fils for KWD), or `null` when the text holds anything but one readable amount
 *   (e.g. `Was 20`, `abc`, `""`, `1-2`). Never throws.
 */
export function parseMoney(text: string, defaultCurrency = 'USD'): Money | null {
  let s = text
    .replace(/起/g, '')
    .replace(/\u00a0/g, ' ')
    .trim();
  let currency: string | undefined;
  // ISO 4217 codes are written in capitals ("15.00 USD"); "Was 20" holds no currency code.
  const code = s.match(/(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])/);
  if (code?.[1]) {
    currency = code[1];
    s = s.replace(code[0], '');
  }
  for (const [sym, cur] of SYMBOLS) {
    if (s.includes(sym)) {
      currency ??= cur;
      s = s.split(sym).join('');
    }
  }
  s = s.replace(/\s+/g, '');
  const negative = s.startsWith('-');
  if (negative) s = s.slice(1);
  const cur = currency ?? defaultCurrency.toUpperCase();
  const exp = currencyExponent(cur);
  const parts = splitAmount(s, exp);
  if (!parts) return null;
  const digits = parts.frac.padEnd(exp + 1, '0');
  let amount = Number(parts.int || '0') * 10 ** exp + Number(digits.slice(0, exp) || '0');
  if (Number(digits[exp]) >= 5) amount += 1;
  return { amount: negative && amount !== 0 ? -amount : amount, currency: cur };
}

/** Groups thousands with commas (en-US): 1030 → "1,030". Integers only; no ICU formatter per call. */
export function formatCount(n: number): string {
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Formats cents for display: `$25`, `$25.50`, `$25.05`, `$1,030.99`. Spec §3 says "display trims
 * trailing zeros"; decision 0007 reads that as whole-dollar amounts dropping ".00" (`$239`) while
 * every other amount keeps both decimals (`$92.10`, never `$92.1`), as US shoppers read prices.
 * Fractional cents are rounded; negative values get a leading minus (never on zero).
 */
export function formatPrice(cents: number): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  const dollars = Math.floor(abs / 100);
  const rest = abs % 100;
  // formatCount, not toLocaleString: that builds an ICU formatter on every call, which is
  // measurable when a listing formats a hundred prices while hydrating.
  const whole = formatCount(dollars);
  if (rest === 0) return `${sign}$${whole}`;
  return `${sign}$${whole}.${String(rest).padStart(2, '0')}`;
}

/** Discount of `price` against `wasPrice` as a whole percentage (0 when no discount). */
export function discountPercent(price: number, wasPrice: number | null | undefined): number {
  if (!wasPrice || wasPrice <= price) return 0;
  return Math.round(((wasPrice - price) / wasPrice) * 100);
}

/**
 * A model's probability (0..1) as a shopper reads it (issue 16 §3, the buy-or-wait confidence): a
 * whole percent, but never 0 % or 100 %, which no fitted model can be: "under 1%", "over 99%".
 */
export function formatProbability(p: number): string {
  if (p >= 0.995) return 'over 99%';
  if (p < 0.005) return 'under 1%';
  return `${Math.round(p * 100)}%`;
}

/**
 * A share (0..1) as whole cases of 100, rounded down, so a figure shown as "right in 87 of 100
 * similar cases" never claims more than was observed (0.879 → 87, 0.999 → 99, 1 → 100; below 0 is
 * 0, above 1 is 100). The tiny allowance keeps 0.87 (86.99999… in binary) at 87. Issue 16 §3: the
 * buy-or-wait advice's track record (apps/api pricing/advice-record.ts).
 */
export function casesOf100(share: number): number {
  return Math.max(0, Math.min(100, Math.floor(share * 100 + 1e-9)));
}
