import { describe, expect, it } from 'vitest';
import { merchantFromFeed, regionOfFeed, storeOfLink } from '../src/merchant.ts';
import type { ParsedItem } from '../src/types.ts';

/** Parsed items priced in these currencies (`null`: rejected for an unknown currency `XXX`). */
const priced = (...currencies: Array<string | null>) =>
  currencies.map(
    (c) =>
      (c === null
        ? { item: null, rejection: { code: 'unknown_currency', currency: 'KWD' } }
        : {
            item: { original: c === 'USD' ? null : { amount: 1, currency: c, rateDate: '2026-11-02', rateSource: 'ecb' } },
            rejection: null,
          }) as unknown as ParsedItem,
  );

describe('the merchant of a feed without --merchant', () => {
  it("names the store by its registrable domain, not its host's first label", () => {
    expect(storeOfLink('https://catalogo.abellajoias.com.br/')).toEqual({ slug: 'abellajoias', homepage: 'https://catalogo.abellajoias.com.br' });
    expect(storeOfLink('https://shop.brand.co.uk/collections/all')?.slug).toBe('brand');
    expect(storeOfLink('https://www.hardlife.com')).toEqual({ slug: 'hardlife', homepage: 'https://hardlife.com' });
    expect(storeOfLink('not a url')).toBeNull();
    expect(storeOfLink('mailto:shop@brand.com')).toBeNull();
  });

  it("tells apart two stores of one user on a host of users' sites (github.io), by the path", () => {
    const uae = storeOfLink('https://sherow1982.github.io/matjar-makhzoon-alemarat/');
    const kuwait = storeOfLink('https://sherow1982.github.io/sooq-alkuwait');
    expect(uae).toEqual({ slug: 'sherow1982-matjar-makhzoon-alemarat', homepage: 'https://sherow1982.github.io/matjar-makhzoon-alemarat' });
    expect(kuwait?.slug).toBe('sherow1982-sooq-alkuwait');
    // The user's own site, and a file at its root, are the user's store.
    expect(storeOfLink('https://sherow1982.github.io/')?.slug).toBe('sherow1982');
    expect(storeOfLink('https://sherow1982.github.io/feed.xml')?.slug).toBe('sherow1982');
  });

  it('takes the region from the currency most items are priced in', () => {
    expect(regionOfFeed({ items: priced('USD', 'USD', 'EUR') })).toBe('US');
    expect(regionOfFeed({ items: priced('EUR', 'EUR', 'USD') })).toBe('EUROPEAN');
    expect(regionOfFeed({ items: priced('AED', 'AED') })).toBe('OTHERS');
    expect(regionOfFeed({ items: priced(null, null, 'USD') })).toBe('OTHERS');
    expect(regionOfFeed({ items: [] })).toBe('US');
  });

  it('falls back to the channel title, then the file name', () => {
    expect(merchantFromFeed({ title: 'Canvas Co', link: null, items: [] }, '/feeds/x.xml')).toMatchObject({
      slug: 'canvas-co',
      name: 'Canvas Co',
      homepage: null,
    });
    expect(merchantFromFeed({ title: null, link: null, items: priced('EUR') }, '/feeds/eclat-beaute.xml')).toMatchObject({
      slug: 'eclat-beaute',
      region: 'EUROPEAN',
    });
    expect(merchantFromFeed({ title: null, link: 'https://shop.brand.com', items: [] }, 'f.xml')).toMatchObject({ slug: 'brand', name: 'shop.brand.com' });
  });
});
