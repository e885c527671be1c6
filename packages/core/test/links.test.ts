import { describe, expect, it } from 'vitest';
import { brandMerchantHref, categoryHref, productHref } from '../src/links.ts';

describe('brandMerchantHref (spec §5 brand/merchant link rule)', () => {
  it('links one brand to its brand page and one merchant to its store page', () => {
    expect(brandMerchantHref({ b: ['gucci'], m: [] })).toBe('/brand/gucci/');
    expect(brandMerchantHref({ b: [], m: ['ssense'] })).toBe('/store/ssense/');
  });

  it('keeps a search link when both b and m are present', () => {
    expect(brandMerchantHref({ b: ['gucci'], m: ['ssense'] })).toBe('/searchList/?b=gucci&m=ssense');
  });

  it('keeps a search link when more than one brand or merchant is present', () => {
    expect(brandMerchantHref({ b: ['gucci', 'prada'], m: [] })).toBe('/searchList/?b=gucci&b=prada');
    expect(brandMerchantHref({ b: [], m: ['ssense', 'farfetch'] })).toBe('/searchList/?m=ssense&m=farfetch');
  });

  it('keeps extra query parameters on every kind of link', () => {
    const extra = () => new URLSearchParams({ q: 'red bag', sort: 'latest' });
    expect(brandMerchantHref({ b: ['gucci'], m: [] }, extra())).toBe('/brand/gucci/?q=red+bag&sort=latest');
    expect(brandMerchantHref({ b: [], m: ['ssense'] }, extra())).toBe('/store/ssense/?q=red+bag&sort=latest');
    const search = new URL(brandMerchantHref({ b: ['gucci'], m: ['ssense'] }, extra()), 'https://x.test');
    expect(search.pathname).toBe('/searchList/');
    expect(search.searchParams.get('q')).toBe('red bag');
    expect(search.searchParams.get('sort')).toBe('latest');
    expect(search.searchParams.getAll('b')).toEqual(['gucci']);
    expect(search.searchParams.getAll('m')).toEqual(['ssense']);
  });

  it('does not change the extra parameters it is given', () => {
    const extra = new URLSearchParams({ q: 'tote' });
    brandMerchantHref({ b: ['a', 'b'], m: [] }, extra);
    expect(extra.toString()).toBe('q=tote');
  });

  it('encodes slugs in a path segment', () => {
    expect(brandMerchantHref({ b: ['a/b c'], m: [] })).toBe('/brand/a%2Fb%20c/');
  });

  it('falls back to a plain search link with neither b nor m', () => {
    expect(brandMerchantHref({ b: [], m: [] })).toBe('/searchList/');
  });
});

describe('productHref (spec §2.1 /prod/{slug}?id={id})', () => {
  it('puts the id in the query and adds colour and size when given', () => {
    expect(productHref('wool-coat', 42)).toBe('/prod/wool-coat/?id=42');
    expect(productHref('wool-coat', '42', { color: 'Navy Blue', size: 'M' })).toBe('/prod/wool-coat/?id=42&color=Navy+Blue&size=M');
    expect(productHref('wool-coat', 42, { size: '8' })).toBe('/prod/wool-coat/?id=42&size=8');
  });
});

describe('categoryHref (spec §2.1 /category/{category-path}/)', () => {
  it('wraps the slug path', () => {
    expect(categoryHref('womens-clothing/coats/blazers')).toBe('/category/womens-clothing/coats/blazers/');
  });
});
