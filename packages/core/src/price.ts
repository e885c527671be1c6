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

/** Currencies whose minor unit is not 1/100 (ISO 4217 exponent). Others use 2. */
const EXPONENT: Record<string, number> = { JPY: 0, KRW: 0, VND: 0, CLP: 0, ISK: 0, HUF: 2, BHD: 3, KWD: 3, OMR: 3, JOD: 3, TND: 3 };

/** ISO 4217 minor-unit exponent of a currency (2 unless listed otherwise). */
export function currencyExponent(currency: string): number {
  return EXPONENT[currency.toUpperCase()] ?? 2;
}

/** Currency symbols, longest first so `US$` wins over `$`. */
const SYMBOLS: ReadonlyArray<[string, string]> = Object.entries({ $: 'USD', US$: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '৳': 'BDT', C$: 'CAD', A$: 'AUD' }).sort(
  (a, b) => b[0].length - a[0].length,
);

/**
 * Parses a price string as written in feeds and forms: `15.00 USD`, `USD 15`, `$2,030`,
 * `250.00` (currency from `defaultCurrency`), `1000 BDT`, `€1.299,95`, `¥1,200起`.
 * Strips '$', spaces and the Chinese 'from' marker (起) per spec §3.
 *
 * @returns the money in minor units, or `null` when the text holds no readable amount.
 */
export function parseMoney(text: string, defaultCurrency = 'USD'): Money | null {
  let s = text.replace(/起/g, '').replace(/\u00a0/g, ' ').trim();
  if (!s) return null;
  let currency: string | undefined;
  // ISO 4217 codes are written in capitals ("15.00 USD"); "Was 20" has no currency code.
  const code = s.match(/(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])/);
  if (code?.[1]) {
    currency = code[1].toUpperCase();
    s = s.replace(code[0], '');
  }
  for (const [sym, cur] of SYMBOLS) {
    if (s.includes(sym)) {
      currency ??= cur;
      s = s.split(sym).join('');
    }
  }
  s = s.replace(/\s+/g, '');
  if (!/^-?[\d.,]+$/.test(s)) return null;
  const negative = s.startsWith('-');
  s = s.replace('-', '');
  // Decide the decimal separator: the last of '.'/',' when followed by 1–2 digits (or 3 for
  // 3-decimal currencies and not a thousands group).
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  const sepIndex = Math.max(lastDot, lastComma);
  let intPart = s;
  let fracPart = '';
  if (sepIndex >= 0) {
    const tail = s.slice(sepIndex + 1);
    const sep = s[sepIndex];
    const other = sep === '.' ? ',' : '.';
    const isThousands = tail.length === 3 && !s.slice(0, sepIndex).includes(other) && s.split(sep as string).length > 2;
    const onlyGrouping = tail.length === 3 && sep === ',' && lastDot < 0;
    if (tail.length > 0 && tail.length <= 3 && !isThousands && !onlyGrouping) {
      intPart = s.slice(0, sepIndex);
      fracPart = tail;
    }
  }
  intPart = intPart.replace(/[.,]/g, '');
  if (!/^\d*$/.test(intPart) || !/^\d*$/.test(fracPart) || (intPart === '' && fracPart === '')) return null;
  const cur = currency ?? defaultCurrency.toUpperCase();
  const exp = currencyExponent(cur);
  const frac = (fracPart + '000').slice(0, exp);
  const roundDigit = Number((fracPart + '000')[exp] ?? '0');
  let amount = Number(intPart || '0') * 10 ** exp + Number(frac || '0');
  if (roundDigit >= 5) amount += 1;
  return { amount: negative ? -amount : amount, currency: cur };
}

/**
 * Formats cents for display: `$25`, `$25.5`, `$1,030.99` (spec §3: "display trims trailing
 * zeros"). Negative values get a leading minus.
 */
export function formatPrice(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100);
  const rest = abs % 100;
  const whole = dollars.toLocaleString('en-US');
  if (rest === 0) return `${sign}$${whole}`;
  const frac = String(rest).padStart(2, '0').replace(/0+$/, '');
  return `${sign}$${whole}.${frac}`;
}

/** Discount of `price` against `wasPrice` as a whole percentage (0 when no discount). */
export function discountPercent(price: number, wasPrice: number | null | undefined): number {
  if (!wasPrice || wasPrice <= price) return 0;
  return Math.round(((wasPrice - price) / wasPrice) * 100);
}
