import { describe, expect, it } from 'vitest';
import { MAX_PAGE, listingQuery, parseListingParams, toSearchCondition } from '../app/lib/listing-params.ts';

const parse = (qs: string) => parseListingParams(new URLSearchParams(qs));

describe('parseListingParams', () => {
  it('reads repeatable filters and drops blanks and duplicates', () => {
    const p = parse('q=%20red+dress%20&b=acme&b=acme&b=&m=shopco&cids=81&cids=81,-811,-812,-813&l=on_sale&l=bogus');
    expect(p.q).toBe('red dress');
    expect(p.b).toEqual(['acme']);
    expect(p.m).toEqual(['shopco']);
    expect(p.cids).toEqual(['81', '81,-811,-812,-813']);
    expect(p.l).toEqual(['on_sale']);
  });

  it('reads basic colours in filter order, drops unknown ones, and passes them to the search condition', () => {
    const p = parse('color=blue&color=Navy&color=black&color=blue&color=');
    expect(p.color).toEqual(['black', 'blue']);
    expect(toSearchCondition(p).color).toEqual(['black', 'blue']);
    expect(parse('').color).toEqual([]);
  });

  it('reads sizes as labels and passes them to the search condition', () => {
    const p = parse('size=US+8+%2F+EU+41&size=M&size=M&size=');
    expect(p.size).toEqual(['US 8 / EU 41', 'M']);
    expect(toSearchCondition(p).size).toEqual(['US 8 / EU 41', 'M']);
    expect(parse(`size=${'x'.repeat(61)}`).size).toEqual([]);
  });

  it('accepts the URL sort aliases of spec §9 and ignores unknown sorts', () => {
    expect(parse('sort=latest').sort).toBe('recency');
    expect(parse('sort=sale').sort).toBe('sales');
    expect(parse('sort=lowest-price').sort).toBe('priceAscTag');
    expect(parse('sort=discountAsc').sort).toBe('discountAsc');
    expect(parse('sort=cheapest').sort).toBe('none');
  });

  it('keeps only known price bands and clamps the page', () => {
    expect(parse('price=5000-10000').price).toBe('5000-10000');
    expect(parse('price=1-2').price).toBeUndefined();
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=999999').page).toBe(MAX_PAGE);
  });
});

describe('price range (min/max in dollars)', () => {
  it('turns dollars into cents for the search condition', () => {
    const c = toSearchCondition(parse('min=20&max=150.5'));
    expect([c.minPrice, c.maxPrice]).toEqual([2000, 15050]);
  });

  it('clamps to [0, 100000] dollars, drops non-numbers and swaps a min above max (issue 20 §9)', () => {
    expect(parse('min=-5&max=250000')).toMatchObject({ minPrice: 0, maxPrice: 10_000_000 });
    expect(parse('min=abc&max=')).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    expect(parse('min=300&max=100')).toMatchObject({ minPrice: 10_000, maxPrice: 30_000, priceSwapped: true });
    expect(parse('min=80&max=40')).toMatchObject({ minPrice: 4_000, maxPrice: 8_000, priceSwapped: true });
    expect(parse('min=40&max=80')).toMatchObject({ minPrice: 4_000, maxPrice: 8_000, priceSwapped: false });
    const c = toSearchCondition(parse('q=tv'));
    expect('minPrice' in c || 'maxPrice' in c).toBe(false);
  });
});

describe('toSearchCondition', () => {
  it('adds the page’s fixed filters and pages by 24', () => {
    const c = toSearchCondition(parse('b=other&page=3&price=0-5000&sort=latest'), {
      b: ['acme'],
      cids: ['81'],
    });
    expect(c.b).toEqual(['acme', 'other']);
    expect(c.cids).toEqual(['81']);
    expect(c.price).toBe('0-5000');
    expect(c.sort).toBe('recency');
    expect([c.from, c.to]).toEqual([48, 72]);
  });

  it('stays within the API paging limit (from ≤ 10000, to − from ≤ 100)', () => {
    const c = toSearchCondition(parse(`page=${MAX_PAGE}`));
    expect(c.from).toBeLessThanOrEqual(10_000);
    expect(c.to! - c.from!).toBeLessThanOrEqual(100);
  });
});

describe('listingQuery', () => {
  const current = new URLSearchParams('q=shoes&b=acme&page=4');

  it('toggles one value of a repeatable key and returns to page 1', () => {
    expect(listingQuery(current, { toggle: ['b', 'zeta'] })).toBe('?q=shoes&b=acme&b=zeta');
    expect(listingQuery(current, { toggle: ['b', 'acme'] })).toBe('?q=shoes');
  });

  it('sets or removes a single-valued key', () => {
    expect(listingQuery(current, { set: ['price', '40000-'] })).toBe('?q=shoes&b=acme&price=40000-');
    expect(listingQuery(new URLSearchParams('price=0-5000'), { set: ['price', null] })).toBe('');
  });

  it('changing the page keeps the filters', () => {
    expect(listingQuery(current, { set: ['page', '5'] })).toBe('?q=shoes&b=acme&page=5');
  });
});
