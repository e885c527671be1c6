import { describe, expect, it } from 'vitest';
import { casesOf100, currencyExponent, discountPercent, formatCount, formatPrice, formatProbability, parseMoney } from '../src/price.ts';

describe('parseMoney (spec §3 "Price")', () => {
  it.each([
    ['15.00 USD', 1500, 'USD'],
    ['USD 15', 1500, 'USD'],
    ['USD15', 1500, 'USD'],
    ['$2,030', 203000, 'USD'],
    ['$ 49.99', 4999, 'USD'],
    ['US$15', 1500, 'USD'],
    ['1000 BDT', 100000, 'BDT'],
    ['৳ 1 000', 100000, 'BDT'],
    ['€1.299,95', 129995, 'EUR'],
    ['1.299,95 €', 129995, 'EUR'],
    ['12,5 EUR', 1250, 'EUR'],
    ['£7.5', 750, 'GBP'],
    ['C$20', 2000, 'CAD'],
    ['1,234,567.89 USD', 123456789, 'USD'],
    ['1.234.567 EUR', 123456700, 'EUR'],
    ['12,345', 1234500, 'USD'],
    ['15.', 1500, 'USD'],
    ['.5', 50, 'USD'],
    ['0.125', 13, 'USD'],
    ['\u00a015.00\u00a0USD', 1500, 'USD'],
  ])('%s → %i %s', (text, amount, currency) => {
    expect(parseMoney(text)).toEqual({ amount, currency });
  });

  it('takes the currency from the default when the text names none', () => {
    expect(parseMoney('250.00')).toEqual({ amount: 25000, currency: 'USD' });
    expect(parseMoney('250.00', 'EUR')).toEqual({ amount: 25000, currency: 'EUR' });
    expect(parseMoney('250', 'jpy')).toEqual({ amount: 250, currency: 'JPY' });
    // a code or symbol in the text beats the default
    expect(parseMoney('250 GBP', 'EUR')).toEqual({ amount: 25000, currency: 'GBP' });
    expect(parseMoney('€250', 'USD')).toEqual({ amount: 25000, currency: 'EUR' });
  });

  it('lets a written code win over a symbol', () => {
    expect(parseMoney('$15 CAD')).toEqual({ amount: 1500, currency: 'CAD' });
  });

  it("strips the Chinese 'from' marker 起", () => {
    expect(parseMoney('¥1,200起')).toEqual({ amount: 1200, currency: 'JPY' });
    expect(parseMoney('$99起')).toEqual({ amount: 9900, currency: 'USD' });
  });

  it('does not read a capitalised word as a currency code', () => {
    expect(parseMoney('Was 20')).toBeNull();
    expect(parseMoney('Now $20')).toBeNull();
    expect(parseMoney('Was 20')?.currency).not.toBe('WAS');
  });

  it('returns an unknown three-letter code as written, so the caller can reject it', () => {
    expect(parseMoney('45.00 XYZ')).toEqual({ amount: 4500, currency: 'XYZ' });
  });

  it('uses the ISO 4217 exponent of the currency: JPY 0, KWD 3', () => {
    expect(parseMoney('1200 JPY')).toEqual({ amount: 1200, currency: 'JPY' });
    expect(parseMoney('¥1.200')).toEqual({ amount: 1200, currency: 'JPY' });
    expect(parseMoney('1.5 JPY')).toEqual({ amount: 2, currency: 'JPY' });
    expect(parseMoney('1.5 KWD')).toEqual({ amount: 1500, currency: 'KWD' });
    expect(parseMoney('2.125 KWD')).toEqual({ amount: 2125, currency: 'KWD' });
    expect(parseMoney('1.2345 KWD')).toEqual({ amount: 1235, currency: 'KWD' });
    expect(parseMoney('1,234 KWD')).toEqual({ amount: 1234000, currency: 'KWD' });
    expect(currencyExponent('usd')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
  });

  it('rounds digits beyond the minor unit half away from zero', () => {
    expect(parseMoney('1.005')?.amount).toBe(101);
    expect(parseMoney('1.004')?.amount).toBe(100);
    expect(parseMoney('0.999')?.amount).toBe(100);
    expect(parseMoney('19.9999')?.amount).toBe(2000);
    expect(parseMoney('-1.005')?.amount).toBe(-101);
  });

  it('reads negative amounts', () => {
    expect(parseMoney('-5.00')).toEqual({ amount: -500, currency: 'USD' });
    expect(parseMoney('-$5')).toEqual({ amount: -500, currency: 'USD' });
    expect(parseMoney('$-5')).toEqual({ amount: -500, currency: 'USD' });
    expect(parseMoney('-0.00')).toEqual({ amount: 0, currency: 'USD' });
  });

  it('returns null for text that holds no single readable amount', () => {
    for (const text of ['', '   ', 'abc', 'free', '$', '-', '.', ',', '--5', '5-', '1-2', '12 34 abc', 'USD', '起', '1.2.3,4,5x'])
      expect(parseMoney(text), text).toBeNull();
  });

  it('always returns integer minor units', () => {
    for (const text of ['0.1', '0.2', '19.99', '1,299.995', '33.333 KWD', '7.77 JPY']) {
      const money = parseMoney(text);
      expect(money, text).not.toBeNull();
      expect(Number.isInteger(money?.amount), text).toBe(true);
    }
  });
});

describe('formatPrice (spec §3 "display trims trailing zeros", read by decision 0007)', () => {
  it.each([
    [2500, '$25'],
    [2550, '$25.50'],
    [9210, '$92.10'],
    [4220, '$42.20'],
    [2505, '$25.05'],
    [103099, '$1,030.99'],
    [5, '$0.05'],
    [50, '$0.50'],
    [0, '$0'],
    [100000000, '$1,000,000'],
    [-5, '-$0.05'],
    [-2550, '-$25.50'],
    [-103000, '-$1,030'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatPrice(cents)).toBe(text);
  });

  it('rounds fractional cents and never shows a minus on zero', () => {
    expect(formatPrice(1999.6)).toBe('$20');
    expect(formatPrice(-0.4)).toBe('$0');
    expect(formatPrice(-0)).toBe('$0');
  });

  it('round-trips with parseMoney for USD', () => {
    for (const cents of [1, 10, 99, 100, 2550, 103099, 123456789]) expect(parseMoney(formatPrice(cents))?.amount).toBe(cents);
  });
});

describe('discountPercent', () => {
  it('gives the whole-percent discount against the was price', () => {
    expect(discountPercent(7500, 10000)).toBe(25);
    expect(discountPercent(6700, 10000)).toBe(33);
    expect(discountPercent(6650, 10000)).toBe(34);
    expect(discountPercent(0, 10000)).toBe(100);
  });

  it('gives 0 when there is no was price or no reduction', () => {
    expect(discountPercent(5000, null)).toBe(0);
    expect(discountPercent(5000, undefined)).toBe(0);
    expect(discountPercent(5000, 0)).toBe(0);
    expect(discountPercent(5000, 5000)).toBe(0);
    expect(discountPercent(6000, 5000)).toBe(0);
  });
});

describe('formatCount', () => {
  it('groups thousands with commas like en-US', () => {
    for (const n of [0, 7, 999, 1000, 1030, 99999, 100000, 1234567, 1000000000, -1030]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});

describe('formatProbability', () => {
  it('prints whole percents but never claims certainty either way', () => {
    expect(formatProbability(0.36)).toBe('36%');
    expect(formatProbability(0.994)).toBe('99%');
    expect(formatProbability(0.995)).toBe('over 99%');
    expect(formatProbability(1)).toBe('over 99%');
    expect(formatProbability(0.005)).toBe('1%');
    expect(formatProbability(0.001)).toBe('under 1%');
    expect(formatProbability(0)).toBe('under 1%');
  });
});

describe('casesOf100', () => {
  it('rounds a share down to whole cases of 100, so it never shows more than was observed', () => {
    expect(casesOf100(0.879)).toBe(87);
    expect(casesOf100(0.87)).toBe(87);
    expect(casesOf100(0.999)).toBe(99);
    expect(casesOf100(1)).toBe(100);
    expect(casesOf100(0.004)).toBe(0);
    expect(casesOf100(-0.1)).toBe(0);
    expect(casesOf100(1.2)).toBe(100);
  });
});
