import { describe, expect, it } from 'vitest';
import { isNewLow, priceBadge, wasCheck, type PriceFacts } from '../src/index.ts';

const facts = (over: Partial<PriceFacts>): PriceFacts => ({
  priceCents: 10_000,
  low90PriorCents: 10_000,
  observedDays90: 90,
  low365Cents: 9_000,
  observedDays365: 200,
  ...over,
});

describe('priceBadge (issue 16 §2)', () => {
  it('says "lowest in 90 days" at or below the prior 90-day low, only with all 90 days observed', () => {
    expect(priceBadge(facts({}))).toBe('lowest_90');
    expect(priceBadge(facts({ priceCents: 10_001 }))).not.toBe('lowest_90');
    expect(priceBadge(facts({ observedDays90: 89 }))).not.toBe('lowest_90');
    expect(priceBadge(facts({ low90PriorCents: null }))).not.toBe('lowest_90');
  });

  it('says "good deal" within 5 % of the lowest observed price, after 35 observed days', () => {
    const deal = { priceCents: 9_450, low90PriorCents: 9_000, low365Cents: 9_000 };
    expect(priceBadge(facts({ ...deal, observedDays365: 35 }))).toBe('good_deal');
    expect(priceBadge(facts({ ...deal, priceCents: 9_451, observedDays365: 35 }))).toBeNull();
    expect(priceBadge(facts({ ...deal, observedDays365: 34 }))).toBeNull();
  });

  it('gives nothing without a price', () => {
    expect(priceBadge(facts({ priceCents: null }))).toBeNull();
  });
});

describe('wasCheck (EU Omnibus Art. 6a reference)', () => {
  it('verifies a was-price no higher than the 30-day reference, flags a higher one, and calls an unobserved one claimed', () => {
    expect(wasCheck(10_000, 10_000)).toBe('verified');
    expect(wasCheck(9_000, 10_000)).toBe('verified');
    expect(wasCheck(10_001, 10_000)).toBe('inflated');
    expect(wasCheck(10_000, null)).toBe('claimed');
  });
});

describe('isNewLow', () => {
  it('needs a strictly lower price and the whole window observed', () => {
    expect(isNewLow(99, 100, 30, 30)).toBe(true);
    expect(isNewLow(100, 100, 30, 30)).toBe(false);
    expect(isNewLow(99, 100, 29, 30)).toBe(false);
    expect(isNewLow(null, 100, 30, 30)).toBe(false);
  });
});
