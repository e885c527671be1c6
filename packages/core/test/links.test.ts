import { describe, expect, it } from 'vitest';
import { brandMerchantHref, categoryHref, internalHref, isProductLink, listingHref, pagePath, productHref } from '../src/links.ts';

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

describe('internalHref (spec §2.2 trailing slash; issue 20 §5: links in their final form)', () => {
  it('adds the trailing slash before the query and the fragment', () => {
    expect(internalHref('/outlet?b=hazelhaven')).toBe('/outlet/?b=hazelhaven');
    expect(internalHref('/category/womens-clothing?b=x&sort=latest')).toBe('/category/womens-clothing/?b=x&sort=latest');
    expect(internalHref('/nestor')).toBe('/nestor/');
    expect(internalHref('/login?redirect=%2Fdeals%2F#form')).toBe('/login/?redirect=%2Fdeals%2F#form');
  });
  it('leaves final paths, files and other sites alone', () => {
    expect(internalHref('/outlet/?b=x')).toBe('/outlet/?b=x');
    expect(internalHref('/')).toBe('/');
    expect(internalHref('/sitemap.xml')).toBe('/sitemap.xml');
    expect(internalHref('/sweepstake/game/index.html')).toBe('/sweepstake/game/index.html');
    expect(internalHref('https://shop.example/a')).toBe('https://shop.example/a');
    expect(internalHref('//evil.example/a')).toBe('//evil.example/a');
  });
  it('takes the query separately, dropping an empty one', () => {
    expect(internalHref('/outlet', new URLSearchParams({ b: 'x' }))).toBe('/outlet/?b=x');
    expect(internalHref('/outlet?old=1', '?sort=latest')).toBe('/outlet/?sort=latest');
    expect(internalHref('/outlet', '')).toBe('/outlet/');
    expect(pagePath('')).toBe('/');
  });
});

describe('listingHref (issue 20 §6: "See all" opens exactly the rail\'s list)', () => {
  it('keeps the query, price band and labels of a rail', () => {
    const url = new URL(listingHref({ q: 'sneaker', price: '5000-10000', l: ['in_stock'] }), 'https://x.test');
    expect(url.pathname).toBe('/searchList/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'sneaker', price: '5000-10000', l: 'in_stock' });
  });
  it('sends a marketplace to its landing page and tab', () => {
    expect(listingHref({ marketplace: 'EUROPEAN' })).toBe('/euro/?tab=european');
    expect(listingHref({ marketplace: 'LUXURY' })).toBe('/euro/');
    expect(listingHref({ marketplace: 'OUTLET', sort: 'discount' })).toBe('/outlet/?sort=discount');
    expect(listingHref({ marketplace: 'ALL', l: ['on_sale'], sort: 'discount' })).toBe('/searchList/?l=on_sale&sort=discount');
  });
  it('writes min and max in dollars', () => {
    expect(listingHref({ minPrice: 2550, maxPrice: 10000, b: ['x', 'y'] })).toBe('/searchList/?b=x&b=y&min=25.5&max=100');
  });
});

describe('isProductLink (issue 16 §6; a link pasted into the search)', () => {
  it('takes one http(s) URL with a dotted host, however its path, query and fragment are written', () => {
    for (const text of [
      'https://shop.example/p/dress-1',
      ' http://WWW.Shop.example/p/1/?utm_source=x#top ',
      'https://shop.example',
      'https://shop.example?id=3',
    ])
      expect(isProductLink(text), text).toBe(true);
  });
  it('leaves words, other schemes, hosts without a dot and text around a link to the keyword search', () => {
    for (const text of [
      'linen dress',
      'https www',
      'https://localhost/p/1',
      'javascript:alert(1)',
      'ftp://shop.example/p',
      'see https://shop.example/p/1',
      'https://shop.example/p/1 red',
    ])
      expect(isProductLink(text), text).toBe(false);
  });
});
