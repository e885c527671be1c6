import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISO_4217_CURRENCIES, currencyExponent } from '@b-deals/core';
import { FIXED_RATES, convertToUsd, loadDefaultFxTable, loadFxTable, readOperatorRates, toUsdCents, withOperatorRates } from '../../src/parse/fx.ts';
import { JAN_15, testFx } from './helpers.ts';

describe('loadFxTable', () => {
  it('reads dated cubes in ascending date order with rates per EUR', () => {
    expect(testFx.days.map((d) => d.date)).toEqual(['2026-01-02', '2026-02-02']);
    expect(testFx.days[0]?.rates.get('JPY')).toBe(125);
    expect(testFx.days[1]?.rates.get('BDT')).toBe(130);
  });

  it('reads the one-cube daily file shape', () => {
    const fx = loadFxTable('<gesmes:Envelope><Cube><Cube time="2026-03-02"><Cube currency="USD" rate="1.08"/></Cube></Cube></gesmes:Envelope>');
    expect(fx.days).toHaveLength(1);
    expect(toUsdCents({ amount: 10000, currency: 'EUR' }, new Date('2026-03-02'), fx)).toBe(10800);
  });

  it('throws on a file without dated cubes', () => {
    expect(() => loadFxTable('<rss><channel/></rss>')).toThrow(/Cube/);
  });
});

describe('toUsdCents', () => {
  it('converts EUR with the USD rate', () => {
    expect(toUsdCents({ amount: 10000, currency: 'EUR' }, JAN_15, testFx)).toBe(12500);
  });

  it('uses the latest cube on or before the date (between cubes → the earlier)', () => {
    // 1000 JPY / 125 × 1.25 = 10.00
    expect(toUsdCents({ amount: 1000, currency: 'JPY' }, JAN_15, testFx)).toBe(1000);
    // after 2026-02-02: 1000 JPY / 160 × 1.1 = 6.875 → half up → 6.88
    expect(toUsdCents({ amount: 1000, currency: 'JPY' }, new Date('2026-02-10T00:00:00Z'), testFx)).toBe(688);
    // exactly on the cube date
    expect(toUsdCents({ amount: 1000, currency: 'JPY' }, new Date('2026-02-02T00:00:00Z'), testFx)).toBe(688);
  });

  it('uses the earliest cube when the date precedes the table', () => {
    expect(toUsdCents({ amount: 1000, currency: 'JPY' }, new Date('2024-06-01T00:00:00Z'), testFx)).toBe(1000);
  });

  it('uses the earliest cube holding a currency absent on the date', () => {
    // BDT only in 2026-02-02 (130); USD on Jan 15 is 1.25: 1300 BDT / 130 × 1.25 = 12.50
    expect(toUsdCents({ amount: 130000, currency: 'BDT' }, JAN_15, testFx)).toBe(1250);
  });

  it('honours ISO 4217 exponents (KWD has 3 decimals) and rounds half up', () => {
    // 1.000 KWD / 0.4 × 1.25 = 3.125 → 3.13
    expect(toUsdCents({ amount: 1000, currency: 'KWD' }, JAN_15, testFx)).toBe(313);
    // 250.00 GBP / 0.8 × 1.25 = 390.625 → 390.63
    expect(toUsdCents({ amount: 25000, currency: 'GBP' }, JAN_15, testFx)).toBe(39063);
  });

  it('passes USD through and returns null for an unknown currency', () => {
    expect(toUsdCents({ amount: 1234, currency: 'USD' }, JAN_15, testFx)).toBe(1234);
    expect(toUsdCents({ amount: 1234, currency: 'XYZ' }, JAN_15, testFx)).toBeNull();
  });
});

describe('loadDefaultFxTable', () => {
  it('loads the bundled table with every demo currency, BDT included', () => {
    const fx = loadDefaultFxTable();
    expect(fx.days.length).toBeGreaterThanOrEqual(12);
    const latest = fx.days[fx.days.length - 1];
    for (const c of ['USD', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'CNY', 'SEK', 'DKK', 'NOK', 'PLN', 'INR', 'KRW', 'HKD', 'SGD', 'MXN', 'BRL', 'BDT']) {
      expect(latest?.rates.has(c), c).toBe(true);
    }
    // plausibility: a euro is worth between 0.9 and 1.4 dollars in every cube
    for (const d of fx.days) expect(d.rates.get('USD')).toSatisfy((r: number) => r > 0.9 && r < 1.4);
  });

  it('reads the file it is given (the FX_RATES_FILE setting)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fx-'));
    const file = join(dir, 'rates.xml');
    writeFileSync(file, '<Cube><Cube time="2026-05-01"><Cube currency="USD" rate="2"/></Cube></Cube>');
    expect(toUsdCents({ amount: 100, currency: 'EUR' }, new Date('2026-06-01'), loadDefaultFxTable(file))).toBe(200);
  });
});

describe('convertToUsd: fixed pegs', () => {
  it('converts USD-pegged currencies at their peg with the conversion day as the rate date', () => {
    // 367.25 AED / 3.6725 = 100.00 USD; 375.00 SAR / 3.75 = 100.00 USD
    expect(convertToUsd({ amount: 36725, currency: 'AED' }, JAN_15, testFx)).toEqual({
      cents: 10000,
      rateDate: '2026-01-15',
      rateSource: 'peg',
    });
    expect(toUsdCents({ amount: 37500, currency: 'SAR' }, JAN_15, testFx)).toBe(10000);
    // 1.000 OMR (3 decimals) / 0.3845 = 2.6008 USD
    expect(toUsdCents({ amount: 1000, currency: 'OMR' }, JAN_15, testFx)).toBe(260);
    // HKD has no ECB rate in the test table: the band midpoint 7.80 is used
    expect(toUsdCents({ amount: 78000, currency: 'HKD' }, JAN_15, testFx)).toBe(10000);
  });

  it('prefers the ECB market rate of a USD-pegged currency when the table has one', () => {
    const fx = loadFxTable('<Cube><Cube time="2026-01-02"><Cube currency="USD" rate="1.25"/><Cube currency="HKD" rate="9.75"/></Cube></Cube>');
    // 97.50 HKD / 9.75 × 1.25 = 12.50 USD (the peg midpoint 7.80 would give 15.62)
    expect(convertToUsd({ amount: 9750, currency: 'HKD' }, JAN_15, fx)).toEqual({
      cents: 1250,
      rateDate: '2026-01-02',
      rateSource: 'ecb',
    });
  });

  it("converts BGN at its euro conversion rate 1.95583 through the day's USD rate, dated by that cube", () => {
    // 195.583 BGN = 100 EUR; 100 EUR × 1.25 = 125.00 USD (cube of 2026-01-02)
    expect(convertToUsd({ amount: 19558, currency: 'BGN' }, JAN_15, testFx)).toEqual({
      cents: Math.round((19558 / 1.95583) * 1.25),
      rateDate: '2026-01-02',
      rateSource: 'peg',
    });
    // the euro rate wins over a rounded market quote of it
    const fx = loadFxTable('<Cube><Cube time="2026-01-02"><Cube currency="USD" rate="1"/><Cube currency="BGN" rate="2"/></Cube></Cube>');
    expect(toUsdCents({ amount: 195583, currency: 'BGN' }, JAN_15, fx)).toBe(100000);
    // CFA franc (0 decimals): 655,957 XOF = 1,000 EUR = 1,250 USD
    expect(toUsdCents({ amount: 655957, currency: 'XOF' }, JAN_15, testFx)).toBe(125000);
  });

  it('has a plausible rate for every peg and only ISO 4217 codes', () => {
    for (const r of FIXED_RATES) {
      expect(ISO_4217_CURRENCIES, r.currency).toContain(r.currency);
      expect(r.rate, r.currency).toBeGreaterThan(0);
    }
  });
});

describe('ISO 4217 completeness', () => {
  it('knows the active codes with their minor units', () => {
    expect(ISO_4217_CURRENCIES.length).toBeGreaterThanOrEqual(160);
    for (const c of ['USD', 'EUR', 'AED', 'SAR', 'BGN', 'NGN', 'ARS', 'VND', 'UYW', 'ZWG']) expect(ISO_4217_CURRENCIES).toContain(c);
    expect(ISO_4217_CURRENCIES).not.toContain('XYZ');
    expect(currencyExponent('CLF')).toBe(4);
    expect(currencyExponent('IQD')).toBe(3);
    expect(currencyExponent('XOF')).toBe(0);
    expect(currencyExponent('UGX')).toBe(0);
  });
});

describe('operator rate table', () => {
  const csv = [
    'currency,rate,per,date',
    "# Naira, from the operator's bank",
    'NGN,1500,USD,2026-01-01',
    'NGN,1600,USD,2026-02-01',
    'ARS,1000,EUR,2026-01-01',
    '',
  ].join('\n');

  it('fills currencies with no ECB rate and no peg, dated by the row in force', () => {
    const fx = withOperatorRates(testFx, readOperatorRates(csv));
    expect(convertToUsd({ amount: 150000, currency: 'NGN' }, JAN_15, fx)).toEqual({
      cents: 100,
      rateDate: '2026-01-01',
      rateSource: 'operator',
    });
    expect(convertToUsd({ amount: 160000, currency: 'NGN' }, new Date('2026-03-01'), fx)?.rateDate).toBe('2026-02-01');
    // per EUR: 1000 ARS = 1 EUR = 1.25 USD; dated by the older of the row (01-01) and the USD cube (01-02)
    expect(convertToUsd({ amount: 100000, currency: 'ARS' }, JAN_15, fx)).toEqual({
      cents: 125,
      rateDate: '2026-01-01',
      rateSource: 'operator',
    });
    expect(toUsdCents({ amount: 100000, currency: 'ARS' }, JAN_15, testFx)).toBeNull();
  });

  it('is loaded beside the ECB file (the FX_OPERATOR_RATES_FILE setting)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fx-'));
    const file = join(dir, 'operator.csv');
    writeFileSync(file, csv);
    expect(toUsdCents({ amount: 150000, currency: 'NGN' }, new Date('2026-01-15'), loadDefaultFxTable(undefined, file))).toBe(100);
  });

  it('rejects a bad row with a message naming it', () => {
    expect(() => readOperatorRates('currency,rate,per,date\nXYZ,2,USD,2026-01-01')).toThrow(/row 1.*ISO 4217/);
    expect(() => readOperatorRates('currency,rate,per,date\nNGN,-2,USD,2026-01-01')).toThrow(/positive/);
    expect(() => readOperatorRates('currency,rate,per,date\nNGN,2,GBP,2026-01-01')).toThrow(/USD or EUR/);
    expect(() => readOperatorRates('currency,rate,per,date\nNGN,2,USD,Jan 1')).toThrow(/YYYY-MM-DD/);
  });
});
