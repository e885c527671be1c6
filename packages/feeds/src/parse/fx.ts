/**
 * Dated exchange-rate table for converting feed prices to USD cents at ingest (DESIGN.md
 * "Prices are integer cents ... converted at ingest with a dated exchange-rate table (ECB
 * reference-rate XML format); the original amount and currency are kept").
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Parser } from 'htmlparser2';
import { parse } from 'csv-parse/sync';
import { currencyExponent, isIso4217Currency, type Money } from '@b-deals/core';

/** One dated cube: `rates` are units of each currency per 1 EUR (EUR itself is implicitly 1). */
export interface FxDay {
  /** `YYYY-MM-DD`. */
  date: string;
  rates: ReadonlyMap<string, number>;
}

/** Where a conversion's rate came from. */
export type FxRateSource = 'ecb' | 'peg' | 'operator';

/**
 * A fixed rate: `rate` units of `currency` per 1 unit of `anchor`. Either a currency board or
 * central-bank peg to the US dollar, or an irrevocable euro conversion rate (Council of the EU)
 * or a peg to the euro.
 */
export interface FixedRate {
  currency: string;
  anchor: 'USD' | 'EUR';
  rate: number;
  /** Who fixes it (shown to operators; the rule's source). */
  basis: string;
}

/** One row of the operator's rate table: `rate` units of `currency` per 1 `anchor`, valid from `date`. */
export interface OperatorRate {
  currency: string;
  anchor: 'USD' | 'EUR';
  rate: number;
  /** `YYYY-MM-DD`. */
  date: string;
}

/**
 * Everything the converter knows: ECB-format rate cubes sorted by ascending date, the fixed
 * pegs, and the operator's table (sorted by currency, then ascending date).
 */
export interface FxTable {
  days: readonly FxDay[];
  pegs: ReadonlyMap<string, FixedRate>;
  operator: readonly OperatorRate[];
}

/**
 * Published fixed rates. USD pegs (units per USD): the Gulf currency boards and central banks
 * (AED 3.6725, SAR 3.75, QAR 3.64, OMR 0.3845, BHD 0.376, JOD 0.709), the Hong Kong Linked
 * Exchange Rate System (convertibility band 7.75–7.85; its midpoint 7.80 is used, at most 0.65 %
 * off), and the Caribbean and other dollar boards. EUR rates (units per EUR): the irrevocable
 * euro conversion rates of currencies that joined the euro (BGN 1.95583 from 2026-01-01, HRK
 * 7.53450 from 2023-01-01), and the euro pegs of the CFA francs, the Comorian franc, the Cape
 * Verdean escudo, the convertible mark, the CFP franc and the dobra.
 */
export const FIXED_RATES: readonly FixedRate[] = [
  ...(
    [
      ['AED', 3.6725, 'Central Bank of the UAE'],
      ['SAR', 3.75, 'Saudi Central Bank'],
      ['QAR', 3.64, 'Qatar Central Bank'],
      ['OMR', 0.3845, 'Central Bank of Oman'],
      ['BHD', 0.376, 'Central Bank of Bahrain'],
      ['JOD', 0.709, 'Central Bank of Jordan'],
      ['HKD', 7.8, 'Hong Kong Monetary Authority (band 7.75–7.85, midpoint)'],
      ['PAB', 1, 'Panama (par with USD)'],
      ['BSD', 1, 'Central Bank of The Bahamas'],
      ['BMD', 1, 'Bermuda Monetary Authority'],
      ['BZD', 2, 'Central Bank of Belize'],
      ['BBD', 2, 'Central Bank of Barbados'],
      ['XCD', 2.7, 'Eastern Caribbean Central Bank'],
      ['ANG', 1.79, 'Central Bank of Curaçao and Sint Maarten'],
      ['XCG', 1.79, 'Central Bank of Curaçao and Sint Maarten'],
      ['AWG', 1.79, 'Centrale Bank van Aruba'],
      ['KYD', 1 / 1.2, 'Cayman Islands Monetary Authority (1 KYD = 1.20 USD)'],
      ['DJF', 177.721, 'Banque Centrale de Djibouti'],
      ['ERN', 15, 'Bank of Eritrea'],
    ] as const
  ).map(([currency, rate, basis]) => ({ currency, anchor: 'USD' as const, rate, basis })),
  ...(
    [
      ['BGN', 1.95583, 'Euro conversion rate (Council Regulation, Bulgaria, 2026)'],
      ['HRK', 7.5345, 'Euro conversion rate (Council Regulation, Croatia, 2023)'],
      ['BAM', 1.95583, 'Central Bank of Bosnia and Herzegovina'],
      ['XOF', 655.957, 'BCEAO (CFA franc)'],
      ['XAF', 655.957, 'BEAC (CFA franc)'],
      ['KMF', 491.96775, 'Banque Centrale des Comores'],
      ['CVE', 110.265, 'Banco de Cabo Verde'],
      ['XPF', 1000 / 8.38, 'IEOM (1,000 XPF = 8.38 EUR)'],
      ['STN', 24.5, 'Banco Central de São Tomé e Príncipe'],
    ] as const
  ).map(([currency, rate, basis]) => ({ currency, anchor: 'EUR' as const, rate, basis })),
];

const PEGS: ReadonlyMap<string, FixedRate> = new Map(FIXED_RATES.map((r) => [r.currency, r]));

/** Path of the bundled table, `packages/feeds/data/fx-rates.xml`. */
export const DEFAULT_FX_RATES_FILE = fileURLToPath(new URL('../../data/fx-rates.xml', import.meta.url));

/**
 * Reads the ECB reference-rate XML format: a `gesmes:Envelope` holding `<Cube time="YYYY-MM-DD">`
 * elements, each with `<Cube currency="XXX" rate="N"/>` children (units per 1 EUR). Accepts the
 * daily file (one cube) and the historical files (many). Later duplicates of a date merge into it.
 *
 * @throws Error when the text holds no dated cube with at least one valid rate.
 */
export function loadFxTable(xml: string): FxTable {
  const byDate = new Map<string, Map<string, number>>();
  let current: Map<string, number> | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name.replace(/^.*:/, '') !== 'Cube') return;
        const time = attribs.time;
        if (time && /^\d{4}-\d{2}-\d{2}$/.test(time)) {
          current = byDate.get(time) ?? new Map();
          byDate.set(time, current);
          return;
        }
        const currency = attribs.currency?.trim().toUpperCase();
        const rate = Number(attribs.rate);
        if (current && currency && /^[A-Z]{3}$/.test(currency) && Number.isFinite(rate) && rate > 0) current.set(currency, rate);
      },
    },
    { xmlMode: true },
  );
  parser.end(xml);
  const days = [...byDate.entries()]
    .filter(([, rates]) => rates.size > 0)
    .map(([date, rates]) => ({ date, rates }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  if (days.length === 0) throw new Error('Exchange-rate file has no <Cube time="YYYY-MM-DD"> with rates (ECB format expected)');
  return { days, pegs: PEGS, operator: [] };
}

/**
 * Reads the table from `file` (callers pass the `FX_RATES_FILE` setting here), defaulting to the
 * bundled `packages/feeds/data/fx-rates.xml`.
 *
 * @throws the fs error when the file cannot be read, or Error from {@link loadFxTable}.
 */
export function loadDefaultFxTable(file: string = DEFAULT_FX_RATES_FILE, operatorFile?: string | null): FxTable {
  const table = loadFxTable(readFileSync(file, 'utf8'));
  return operatorFile ? withOperatorRates(table, readOperatorRates(readFileSync(operatorFile, 'utf8'))) : table;
}

/**
 * Reads the operator's rate table: CSV with the header `currency,rate,per,date`, one row per
 * currency and date; `rate` is units of `currency` per 1 `per` (`USD` or `EUR`), valid from
 * `date` (`YYYY-MM-DD`) until the currency's next row. Blank lines and lines starting with `#`
 * are skipped.
 *
 * @throws Error naming the line when a row has an unknown currency code (not ISO 4217), a
 *   rate that is not a positive number, a `per` other than USD/EUR, or a malformed date.
 */
export function readOperatorRates(csv: string): OperatorRate[] {
  const rows = parse(csv, {
    columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
    skip_empty_lines: true,
    comment: '#',
    trim: true,
  }) as Record<string, string | undefined>[];
  return rows.map((row, i) => {
    const line = `operator rate table row ${i + 1}`;
    const currency = (row.currency ?? '').toUpperCase();
    const anchor = (row.per ?? '').toUpperCase();
    const rate = Number(row.rate);
    const date = row.date ?? '';
    if (!isIso4217Currency(currency)) throw new Error(`${line}: "${row.currency ?? ''}" is not an ISO 4217 currency code`);
    if (anchor !== 'USD' && anchor !== 'EUR') throw new Error(`${line}: per must be USD or EUR, not "${row.per ?? ''}"`);
    if (!Number.isFinite(rate) || rate <= 0) throw new Error(`${line}: rate must be a positive number, not "${row.rate ?? ''}"`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) throw new Error(`${line}: date must be YYYY-MM-DD, not "${date}"`);
    return { currency, anchor, rate, date };
  });
}

/** The table with `rows` as its operator table (replacing any earlier one). */
export function withOperatorRates(table: FxTable, rows: readonly OperatorRate[]): FxTable {
  const operator = [...rows].sort((a, b) => (a.currency !== b.currency ? (a.currency < b.currency ? -1 : 1) : a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { ...table, operator };
}

/** A dated rate: `rate` units per 1 `anchor`, from the cube or row dated `date` (null: fixed, any day). */
interface DatedRate {
  rate: number;
  anchor: 'USD' | 'EUR';
  date: string | null;
  source: FxRateSource;
}

/** Latest entry dated on or before `day`, else the earliest (entries sorted by ascending date). */
function pickDated<T extends { date: string }>(entries: readonly T[], day: string): T | null {
  let chosen: T | null = null;
  for (const e of entries) {
    if (chosen !== null && e.date > day) break;
    chosen = e;
  }
  return chosen;
}

/** Rate per EUR of `currency` from the ECB cubes (latest on or before `day`, else the earliest cube that has it). */
function ecbRate(fx: FxTable, currency: string, day: string): DatedRate | null {
  const entries: { date: string; rate: number }[] = [];
  for (const d of fx.days) {
    const rate = d.rates.get(currency);
    if (rate !== undefined) entries.push({ date: d.date, rate });
  }
  const e = pickDated(entries, day);
  return e ? { rate: e.rate, anchor: 'EUR', date: e.date, source: 'ecb' } : null;
}

/**
 * The rate for `currency` on `day`, by precedence: an irrevocable euro conversion rate or euro
 * peg (exact by law, better than a market quote of it); the ECB reference rate; a USD peg; the
 * operator's table (it fills the currencies nobody else covers).
 */
function rateFor(fx: FxTable, currency: string, day: string): DatedRate | null {
  if (currency === 'EUR') return { rate: 1, anchor: 'EUR', date: null, source: 'ecb' };
  const peg = fx.pegs.get(currency);
  if (peg?.anchor === 'EUR') return { rate: peg.rate, anchor: 'EUR', date: null, source: 'peg' };
  const ecb = ecbRate(fx, currency, day);
  if (ecb) return ecb;
  if (peg) return { rate: peg.rate, anchor: 'USD', date: null, source: 'peg' };
  const row = pickDated(
    fx.operator.filter((r) => r.currency === currency),
    day,
  );
  return row ? { rate: row.rate, anchor: row.anchor, date: row.date, source: 'operator' } : null;
}

/** A price converted to USD with the rate used. */
export interface UsdConversion {
  /** Integer USD cents. */
  cents: number;
  /**
   * `YYYY-MM-DD` of the rate used: the ECB cube or operator row (the older one when a cross rate
   * takes two), or the conversion day itself for a fixed rate that needs no dated quote.
   */
  rateDate: string;
  /** Where the currency's own rate came from. */
  rateSource: FxRateSource;
}

/**
 * Converts money (minor units, ISO 4217 exponent from core `currencyExponent`) to USD cents.
 * The currency's rate comes from {@link rateFor} (units per USD or per EUR); a rate per EUR goes
 * through the USD rate per EUR of the same day (ECB, else the operator's table):
 * usd = amount / rate(currency) × rate(USD). Uses the latest cube or row dated on or before `at`
 * (UTC day), or the earliest when `at` precedes the table. Rounds half up (half away from zero
 * for negative amounts). USD passes through unchanged (rate date = the day of `at`).
 *
 * @returns the conversion, or null when no rate is known for the currency (or, for a rate per
 *   EUR, none for USD).
 */
export function convertToUsd(money: Money, at: Date, fx: FxTable): UsdConversion | null {
  const currency = money.currency.toUpperCase();
  const day = at.toISOString().slice(0, 10);
  if (currency === 'USD') return { cents: money.amount, rateDate: day, rateSource: 'ecb' };
  const from = rateFor(fx, currency, day);
  if (!from) return null;
  let usdPerAnchor = 1;
  let date = from.date;
  if (from.anchor === 'EUR') {
    const usd = rateFor(fx, 'USD', day);
    if (!usd || usd.anchor !== 'EUR') return null;
    usdPerAnchor = usd.rate;
    if (usd.date !== null && (date === null || usd.date < date)) date = usd.date;
  }
  const cents = (money.amount * usdPerAnchor * 100) / (from.rate * 10 ** currencyExponent(currency));
  // Remove float noise (e.g. 12.4999999997) before rounding half up.
  const clean = Math.round(Math.abs(cents) * 1e6) / 1e6;
  return { cents: Math.sign(cents) * Math.floor(clean + 0.5), rateDate: date ?? day, rateSource: from.source };
}

/**
 * USD cents of `money` at `at` ({@link convertToUsd} without the rate's date).
 *
 * @returns integer USD cents, or null when no rate is known for the currency.
 */
export function toUsdCents(money: Money, at: Date, fx: FxTable): number | null {
  return convertToUsd(money, at, fx)?.cents ?? null;
}
