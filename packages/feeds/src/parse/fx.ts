/**
 * Dated exchange-rate table for converting feed prices to USD cents at ingest (DESIGN.md
 * "Prices are integer cents ... converted at ingest with a dated exchange-rate table (ECB
 * reference-rate XML format); the original amount and currency are kept").
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Parser } from 'htmlparser2';
import { currencyExponent, type Money } from '@b-deals/core';

/** One dated cube: `rates` are units of each currency per 1 EUR (EUR itself is implicitly 1). */
export interface FxDay {
  /** `YYYY-MM-DD`. */
  date: string;
  rates: ReadonlyMap<string, number>;
}

/** Rate cubes sorted by ascending date. */
export interface FxTable {
  days: readonly FxDay[];
}

/** Path of the bundled table, `packages/feeds/data/fx-rates.xml`. */
export const DEFAULT_FX_RATES_FILE = fileURLToPath(
  new URL('../../data/fx-rates.xml', import.meta.url),
);

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
        if (current && currency && /^[A-Z]{3}$/.test(currency) && Number.isFinite(rate) && rate > 0)
          current.set(currency, rate);
      },
    },
    { xmlMode: true },
  );
  parser.end(xml);
  const days = [...byDate.entries()]
    .filter(([, rates]) => rates.size > 0)
    .map(([date, rates]) => ({ date, rates }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  if (days.length === 0)
    throw new Error(
      'Exchange-rate file has no <Cube time="YYYY-MM-DD"> with rates (ECB format expected)',
    );
  return { days };
}

/**
 * Reads the table from `file` (callers pass the `FX_RATES_FILE` setting here), defaulting to the
 * bundled `packages/feeds/data/fx-rates.xml`.
 *
 * @throws the fs error when the file cannot be read, or Error from {@link loadFxTable}.
 */
export function loadDefaultFxTable(file: string = DEFAULT_FX_RATES_FILE): FxTable {
  return loadFxTable(readFileSync(file, 'utf8'));
}

/** Rate per EUR of `currency` from the latest cube on or before `day` that has it, else the earliest cube that has it. */
function rateAt(fx: FxTable, currency: string, day: string): number | null {
  if (currency === 'EUR') return 1;
  let earliest: number | null = null;
  let onOrBefore: number | null = null;
  for (const d of fx.days) {
    const rate = d.rates.get(currency);
    if (rate === undefined) continue;
    earliest ??= rate;
    if (d.date <= day) onOrBefore = rate;
    else break;
  }
  return onOrBefore ?? earliest;
}

/**
 * Converts money (minor units, ISO 4217 exponent from core `currencyExponent`) to USD cents
 * through EUR cross rates: usd = amount / rate(currency) × rate(USD). Uses the latest cube dated
 * on or before `at` (UTC day), or the earliest when `at` precedes the table. Rounds half up
 * (half away from zero for negative amounts). USD passes through unchanged.
 *
 * @returns integer USD cents, or null when the currency (or USD) is not in the table.
 */
export function toUsdCents(money: Money, at: Date, fx: FxTable): number | null {
  const currency = money.currency.toUpperCase();
  if (currency === 'USD') return money.amount;
  const day = at.toISOString().slice(0, 10);
  const from = rateAt(fx, currency, day);
  const usd = rateAt(fx, 'USD', day);
  if (from === null || usd === null) return null;
  const cents = (money.amount * usd * 100) / (from * 10 ** currencyExponent(currency));
  // Remove float noise (e.g. 12.4999999997) before rounding half up.
  const clean = Math.round(Math.abs(cents) * 1e6) / 1e6;
  return Math.sign(cents) * Math.floor(clean + 0.5);
}
