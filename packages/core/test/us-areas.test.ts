import { describe, expect, it } from 'vitest';
import { salesTaxEstimateCents, US_AREAS, usArea, zipProblem } from '../src/us-areas.ts';

describe('US areas for checkout addresses (issue 15 §2)', () => {
  it('has the 50 states, DC, five territories and three military codes, each with ZIP prefixes', () => {
    expect(US_AREAS.filter((a) => a.type === 'state')).toHaveLength(50);
    expect(US_AREAS.map((a) => a.code)).toEqual(expect.arrayContaining(['DC', 'PR', 'VI', 'GU', 'AS', 'MP', 'AA', 'AE', 'AP']));
    expect(new Set(US_AREAS.map((a) => a.code)).size).toBe(US_AREAS.length);
    expect(US_AREAS.every((a) => a.zipPrefixes.length > 0)).toBe(true);
  });

  it('accepts a ZIP only in the state USPS assigns its prefix to', () => {
    expect(zipProblem('94105', 'CA')).toBeNull();
    expect(zipProblem('94105-1234', 'ca')).toBeNull();
    expect(zipProblem('10118', 'NY')).toBeNull();
    expect(zipProblem('00501', 'NY')).toBeNull(); // Holtsville IRS, prefix 005
    expect(zipProblem('02108', 'MA')).toBeNull();
    expect(zipProblem('00901', 'PR')).toBeNull();
    // Texas outside 750–799: Austin's IRS ZIPs (prefix 733, amid Oklahoma's) and El Paso (885, after New Mexico's).
    expect(zipProblem('73301', 'TX')).toBeNull();
    expect(zipProblem('73344', 'TX')).toBeNull();
    expect(zipProblem('88501', 'TX')).toBeNull();
    expect(zipProblem('73301', 'OK')).toBe('73301 is not a ZIP code in Oklahoma.');
    expect(zipProblem('73102', 'OK')).toBeNull();
    expect(zipProblem('74101', 'OK')).toBeNull();
    expect(zipProblem('10118', 'CA')).toBe('10118 is not a ZIP code in California.');
    expect(zipProblem('9410', 'CA')).toBe('Enter a 5-digit ZIP code (or ZIP+4).');
    expect(zipProblem('94105', 'XX')).toBe('Choose a state or territory.');
    // Every state's own prefixes pass.
    for (const a of US_AREAS) expect(zipProblem(`${String(a.zipPrefixes[0]![0]).padStart(3, '0')}01`, a.code), a.code).toBeNull();
  });

  it('estimates sales tax from the state rate, rounded to the cent', () => {
    expect(usArea('CA')!.taxRateBp).toBe(725);
    expect(salesTaxEstimateCents(9000, 'CA')).toBe(653);
    expect(salesTaxEstimateCents(9000, 'OR')).toBe(0);
    expect(salesTaxEstimateCents(9000, 'ZZ')).toBe(0);
  });
});
