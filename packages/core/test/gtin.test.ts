import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, isValidGtin, normalizeGtin } from '../src/gtin.ts';

// Check digits worked by hand (GS1 mod 10: weights 3,1,3,… from the digit left of the check digit):
// GTIN-8  1234567|0:  7·3+6+5·3+4+3·3+2+1·3 = 60            → 0
// GTIN-12 03600029145|2: 5·3+4+1·3+9+2·3+0+0+0+6·3+3+0 = 58  → 2
// GTIN-13 400638133393|1: 3·3+9+3·3+3+3·3+1+8·3+3+6·3+0+0+4 = 89 → 1
// GTIN-14 1001234567890|2: 0+9+8·3+7+6·3+5+4·3+3+2·3+1+0+0+1·3 = 88 → 2
const VALID = { gtin8: '12345670', gtin12: '036000291452', gtin13: '4006381333931', gtin14: '10012345678902' };

describe('isValidGtin (GMC gtin, GS1 check digit)', () => {
  it('accepts GTIN-8, -12, -13 and -14 with correct check digits', () => {
    for (const gtin of Object.values(VALID)) expect(isValidGtin(gtin), gtin).toBe(true);
  });

  it('rejects a wrong check digit', () => {
    expect(isValidGtin('12345678')).toBe(false);
    expect(isValidGtin('036000291453')).toBe(false);
    expect(isValidGtin('4006381333930')).toBe(false);
    expect(isValidGtin('10012345678901')).toBe(false);
  });

  it('rejects two swapped neighbouring digits', () => {
    expect(isValidGtin('4006381333391')).toBe(false);
  });

  it('rejects all zeros and lengths other than 8, 12, 13, 14', () => {
    expect(isValidGtin('00000000')).toBe(false);
    expect(isValidGtin('0000000000000')).toBe(false);
    expect(isValidGtin('1234565')).toBe(false); // 7 digits
    expect(isValidGtin('1234567895')).toBe(false); // 10 digits (an ISBN-10 length)
    expect(isValidGtin('400638133393100')).toBe(false); // 15 digits
    expect(isValidGtin('')).toBe(false);
  });

  it('ignores spaces and hyphens but no other characters', () => {
    expect(isValidGtin('4 006381 333931')).toBe(true);
    expect(isValidGtin('400-6381-333931')).toBe(true);
    expect(isValidGtin(' 036000291452 ')).toBe(true);
    expect(isValidGtin('4006381333931x')).toBe(false);
    expect(isValidGtin('40063813.33931')).toBe(false);
  });
});

describe('normalizeGtin', () => {
  it('left-pads every valid GTIN to 14 digits', () => {
    expect(normalizeGtin(VALID.gtin8)).toBe('00000012345670');
    expect(normalizeGtin(VALID.gtin12)).toBe('00036000291452');
    expect(normalizeGtin('4 006381 333931')).toBe('04006381333931');
    expect(normalizeGtin(VALID.gtin14)).toBe(VALID.gtin14);
  });

  it('gives the same key for a UPC-A and its EAN-13 form', () => {
    expect(normalizeGtin('036000291452')).toBe(normalizeGtin('0036000291452'));
  });

  it('returns null for invalid input', () => {
    expect(normalizeGtin('4006381333930')).toBeNull();
    expect(normalizeGtin('00000000')).toBeNull();
    expect(normalizeGtin('abc')).toBeNull();
  });
});

describe('gtinCheckDigit', () => {
  it('computes the check digit of a body', () => {
    expect(gtinCheckDigit('1234567')).toBe(0);
    expect(gtinCheckDigit('03600029145')).toBe(2);
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('1001234567890')).toBe(2);
  });

  it('makes any body into a valid GTIN', () => {
    for (const body of ['7654321', '01234567890', '590123412345', '9780306406157'.slice(0, 12), '2000000000001'])
      expect(isValidGtin(body + gtinCheckDigit(body)), body).toBe(true);
  });
});
