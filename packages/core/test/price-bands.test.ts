import { describe, expect, it } from 'vitest';
import { PRICE_BANDS, bandByKey, bandOf } from '../src/price-bands.ts';

describe('PRICE_BANDS (spec §9, DESIGN.md: half-open, 30000–50000 reading dropped)', () => {
  it('are the six bands of spec §9 in cents, in order', () => {
    expect(PRICE_BANDS.map((b) => [b.low, b.high])).toEqual([
      [0, 5000],
      [5000, 10000],
      [10000, 20000],
      [20000, 30000],
      [30000, 40000],
      [40000, null],
    ]);
    expect(PRICE_BANDS[0]?.label).toBe('Under $50');
    expect(PRICE_BANDS.at(-1)?.label).toBe('$400 & above');
  });

  it('tile the price line without gaps or overlaps', () => {
    for (let i = 1; i < PRICE_BANDS.length; i++) expect(PRICE_BANDS[i]?.low).toBe(PRICE_BANDS[i - 1]?.high);
  });

  it('have unique keys that look the band up again', () => {
    expect(new Set(PRICE_BANDS.map((b) => b.key)).size).toBe(PRICE_BANDS.length);
    for (const band of PRICE_BANDS) expect(bandByKey(band.key)).toBe(band);
    expect(bandByKey('5000-10000')?.low).toBe(5000);
    expect(bandByKey('30000-50000')).toBeUndefined();
    expect(bandByKey('')).toBeUndefined();
  });
});

describe('bandOf (half-open [low, high))', () => {
  it.each([
    [0, 0],
    [4999, 0],
    [5000, 5000],
    [9999, 5000],
    [10000, 10000],
    [29999, 20000],
    [30000, 30000],
    [39999, 30000],
    [40000, 40000],
    [49999, 40000],
    [10_000_000, 40000],
  ])('%i cents lies in the band starting at %i', (cents, low) => {
    expect(bandOf(cents).low).toBe(low);
  });

  it('puts $399.99 under $400 and $400.00 in "$400 & above"', () => {
    expect(bandOf(39999).label).not.toBe('$400 & above');
    expect(bandOf(40000).label).toBe('$400 & above');
  });
});
