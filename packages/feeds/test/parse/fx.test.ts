import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefaultFxTable, loadFxTable, toUsdCents } from '../../src/parse/fx.ts';
import { JAN_15, testFx } from './helpers.ts';

describe('loadFxTable', () => {
  it('reads dated cubes in ascending date order with rates per EUR', () => {
    expect(testFx.days.map((d) => d.date)).toEqual(['2026-01-02', '2026-02-02']);
    expect(testFx.days[0]?.rates.get('JPY')).toBe(125);
    expect(testFx.days[1]?.rates.get('BDT')).toBe(130);
  });

  it('reads the one-cube daily file shape', () => {
    const fx = loadFxTable(
      '<gesmes:Envelope><Cube><Cube time="2026-03-02"><Cube currency="USD" rate="1.08"/></Cube></Cube></gesmes:Envelope>',
    );
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
    expect(
      toUsdCents({ amount: 1000, currency: 'JPY' }, new Date('2026-02-10T00:00:00Z'), testFx),
    ).toBe(688);
    // exactly on the cube date
    expect(
      toUsdCents({ amount: 1000, currency: 'JPY' }, new Date('2026-02-02T00:00:00Z'), testFx),
    ).toBe(688);
  });

  it('uses the earliest cube when the date precedes the table', () => {
    expect(
      toUsdCents({ amount: 1000, currency: 'JPY' }, new Date('2024-06-01T00:00:00Z'), testFx),
    ).toBe(1000);
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
    for (const c of [
      'USD',
      'GBP',
      'JPY',
      'CAD',
      'AUD',
      'CHF',
      'CNY',
      'SEK',
      'DKK',
      'NOK',
      'PLN',
      'INR',
      'KRW',
      'HKD',
      'SGD',
      'MXN',
      'BRL',
      'BDT',
    ]) {
      expect(latest?.rates.has(c), c).toBe(true);
    }
    // plausibility: a euro is worth between 0.9 and 1.4 dollars in every cube
    for (const d of fx.days)
      expect(d.rates.get('USD')).toSatisfy((r: number) => r > 0.9 && r < 1.4);
  });

  it('reads the file it is given (the FX_RATES_FILE setting)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fx-'));
    const file = join(dir, 'rates.xml');
    writeFileSync(
      file,
      '<Cube><Cube time="2026-05-01"><Cube currency="USD" rate="2"/></Cube></Cube>',
    );
    expect(
      toUsdCents(
        { amount: 100, currency: 'EUR' },
        new Date('2026-06-01'),
        loadDefaultFxTable(file),
      ),
    ).toBe(200);
  });
});
