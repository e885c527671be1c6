import { describe, expect, it } from 'vitest';
import { normalizeSizes } from '../../src/parse/sizes.ts';
import { normalizeAgeGroup, normalizeAvailability, normalizeCondition, normalizeGender } from '../../src/parse/vocabulary.ts';
import { htmlToText, perDistinctValue } from '../../src/parse/text.ts';
import { accepted, byId, parseFixture, warningCodes } from './helpers.ts';

describe('prices and currencies', () => {
  const feed = parseFixture('prices-currencies.xml');

  it('reads `15.00 USD` and `$2,030`', () => {
    expect(accepted(feed, 'GT-USD')).toMatchObject({ priceCents: 1500, original: null });
    expect(accepted(feed, 'GT-DOLLAR').priceCents).toBe(203000);
  });

  it('takes the currency from a currency element, else the default currency', () => {
    // 250.00 GBP / 0.8 × 1.25 = 390.625 → half up → 39063
    expect(accepted(feed, 'GT-GBP-FIELD')).toMatchObject({
      priceCents: 39063,
      original: { amount: 25000, currency: 'GBP' },
    });
    expect(accepted(feed, 'GT-DEFAULT')).toMatchObject({ priceCents: 25000, original: null });
    const inJpy = parseFixture('prices-currencies.xml', { defaultCurrency: 'JPY' });
    // 250 JPY (no minor unit) / 125 × 1.25 = 2.50
    expect(accepted(inJpy, 'GT-DEFAULT')).toMatchObject({
      priceCents: 250,
      original: { amount: 250, currency: 'JPY' },
    });
  });

  it('converts `1000 BDT`, `€1.299,95` and JPY, keeping the original', () => {
    expect(accepted(feed, 'GT-BDT')).toMatchObject({
      priceCents: 962,
      original: { amount: 100000, currency: 'BDT' },
    });
    // sale €999,00 × 1.25 = 1248.75
    expect(accepted(feed, 'GT-EUR')).toMatchObject({
      priceCents: 162494,
      salePriceCents: 124875,
      original: { amount: 129995, currency: 'EUR' },
    });
    expect(accepted(feed, 'GT-JPY')).toMatchObject({
      priceCents: 12800,
      original: { amount: 12800, currency: 'JPY' },
    });
  });

  it('does not count a conversion as a warning', () => {
    expect(warningCodes(byId(feed, 'GT-EUR'))).toEqual([]);
  });

  it('rejects a currency missing from the FX table', () => {
    expect(byId(feed, 'GT-XYZ').rejection?.code).toBe('unknown_currency');
  });

  it('uses the rates of the day: later cube after 2026-02-02', () => {
    const feb = parseFixture('prices-currencies.xml', { now: new Date('2026-02-20T00:00:00Z') });
    // 12800 JPY / 160 × 1.1 = 88.00
    expect(accepted(feb, 'GT-JPY').priceCents).toBe(8800);
  });
});

describe('rejections', () => {
  it('rejects zero, negative, unreadable and missing prices', () => {
    const feed = parseFixture('invalid-prices.xml');
    expect(feed.items.map((i) => [i.id, i.rejection?.code ?? null])).toEqual([
      ['BW-ZERO', 'invalid_price'],
      ['BW-NEG', 'invalid_price'],
      ['BW-TEXT', 'invalid_price'],
      ['BW-NONE', 'missing_price'],
      ['BW-OK', null],
    ]);
    expect(byId(feed, 'BW-ZERO').item).toBeNull();
    expect(byId(feed, 'BW-ZERO').rejection?.field).toBe('price');
  });

  it('rejects missing id, duplicate id, missing title, missing or relative link', () => {
    const feed = parseFixture('rejections.xml');
    expect(feed.items.map((i) => [i.index, i.id, i.rejection?.code ?? null])).toEqual([
      [0, null, 'missing_id'],
      [1, 'TW-100', null],
      [2, 'TW-100', 'duplicate_id'],
      [3, 'TW-101', 'missing_title'],
      [4, 'TW-102', 'missing_link'],
      [5, 'TW-103', 'invalid_link'],
    ]);
  });
});

describe('sale_price', () => {
  const feed = parseFixture('sale-prices.xml', { now: new Date('2026-03-15T12:00:00Z') });

  it('applies a sale inside its effective interval', () => {
    expect(accepted(feed, 'QF-WINDOW-NOW').salePriceCents).toBe(4500);
  });

  it('silently skips a sale outside its interval, and applies it inside', () => {
    expect(accepted(feed, 'QF-WINDOW-LATER').salePriceCents).toBeNull();
    expect(warningCodes(byId(feed, 'QF-WINDOW-LATER'))).not.toContain('sale_price_ignored');
    const blackFriday = parseFixture('sale-prices.xml', { now: new Date('2026-11-30T20:00:00Z') });
    expect(accepted(blackFriday, 'QF-WINDOW-LATER').salePriceCents).toBe(6400);
  });

  it('ignores with a warning a sale not lower than the price, a malformed interval, an unreadable sale', () => {
    for (const id of ['QF-HIGHER', 'QF-BAD-WINDOW', 'QF-UNREADABLE']) {
      expect(accepted(feed, id).salePriceCents, id).toBeNull();
      expect(warningCodes(byId(feed, id)), id).toContain('sale_price_ignored');
    }
  });
});

describe('GTIN, MPN, brand', () => {
  const feed = parseFixture('gtins.xml');

  it('keeps valid GTINs as GTIN-14', () => {
    expect(accepted(feed, 'KK-EAN13').gtin).toBe('04006381333931');
    expect(accepted(feed, 'KK-UPC').gtin).toBe('00084123456784');
  });

  it('drops a GTIN with a wrong check digit or in scientific notation, keeping the item', () => {
    for (const id of ['KK-BADCHECK', 'KK-EXCEL']) {
      expect(accepted(feed, id).gtin).toBeNull();
      expect(warningCodes(byId(feed, id))).toContain('invalid_gtin');
    }
  });

  it('trims and upper-cases the MPN and cleans the brand (spec §5)', () => {
    expect(accepted(feed, 'KK-EAN13')).toMatchObject({ mpn: 'KK-CI-26', brand: 'Kestrel' });
  });
});

describe('image links', () => {
  const feed = parseFixture('image-links.xml');

  it('warns on a missing image', () => {
    expect(accepted(feed, 'ML-NOIMG').imageLink).toBeNull();
    expect(warningCodes(byId(feed, 'ML-NOIMG'))).toContain('image_link_missing');
  });

  it('drops links to pages: .html files and the product page itself', () => {
    for (const id of ['ML-HTML', 'ML-PAGE']) {
      expect(accepted(feed, id).imageLink).toBeNull();
      expect(warningCodes(byId(feed, id))).toContain('image_link_not_image');
    }
  });

  it('trims and percent-encodes white space, keeping the image', () => {
    expect(accepted(feed, 'ML-SPACES').imageLink).toBe('https://marigoldlamp.example/images/ceramic%20sconce%20white.jpg');
    expect(warningCodes(byId(feed, 'ML-SPACES'))).toContain('image_link_whitespace');
  });

  it('keeps only usable additional images', () => {
    expect(accepted(feed, 'ML-SPACES').additionalImageLinks).toEqual(['https://marigoldlamp.example/images/ceramic-sconce-lit.jpg']);
  });

  it('drops a relative image link', () => {
    expect(accepted(feed, 'ML-RELATIVE').imageLink).toBeNull();
    expect(warningCodes(byId(feed, 'ML-RELATIVE'))).toContain('image_link_invalid');
  });
});

describe('availability', () => {
  const expected: Array<[string, string | null]> = [
    ['in stock', 'in_stock'],
    ['in_stock', 'in_stock'],
    ['InStock', 'in_stock'],
    ['https://schema.org/InStock', 'in_stock'],
    ['out of stock', 'out_of_stock'],
    ['http://schema.org/OutOfStock', 'out_of_stock'],
    ['preorder', 'preorder'],
    ['Pre-Order', 'preorder'],
    ['backorder', 'backorder'],
    ['disponible', 'in_stock'],
    ['en stock', 'in_stock'],
    ['auf Lager', 'in_stock'],
    ['lieferbar', 'in_stock'],
    ['nicht lieferbar', 'out_of_stock'],
    ['agotado', 'out_of_stock'],
    ['esaurito', 'out_of_stock'],
    ['non disponibile', 'out_of_stock'],
    ['op voorraad', 'in_stock'],
    ['niet op voorraad', 'out_of_stock'],
    ['épuisé', 'out_of_stock'],
    ['em estoque', 'in_stock'],
    ['esgotado', 'out_of_stock'],
    ['有货', 'in_stock'],
    ['缺货', 'out_of_stock'],
    ['预售', 'preorder'],
    ['12', 'in_stock'],
    ['0', 'out_of_stock'],
    ['ask in store', null],
    ['', null],
  ];

  it('normalises every spelling in the fixture feed; unknown → in_stock with a warning', () => {
    const feed = parseFixture('availability.csv');
    expect(feed.items).toHaveLength(expected.length);
    feed.items.forEach((p, i) => {
      const [spelling, value] = expected[i] as [string, string | null];
      expect(p.item?.availability, spelling).toBe(value ?? 'in_stock');
      expect(warningCodes(p).includes('unknown_availability'), spelling).toBe(value === null);
    });
  });

  it('recognises the same words directly', () => {
    expect(normalizeAvailability('Sofort lieferbar')).toBe('in_stock');
    expect(normalizeAvailability('rupture de stock')).toBe('out_of_stock');
    expect(normalizeAvailability('maybe')).toBeNull();
  });
});

describe('condition, gender, age group, shipping', () => {
  it('normalises condition spellings and warns on unknown ones', () => {
    const feed = parseFixture('condition-shipping.xml');
    expect(accepted(feed, 'SS-USED').condition).toBe('used');
    expect(accepted(feed, 'SS-NEUF').condition).toBe('new');
    expect(accepted(feed, 'SS-OPENBOX').condition).toBe('new');
    expect(warningCodes(byId(feed, 'SS-OPENBOX'))).toContain('unknown_condition');
    expect(normalizeCondition('Refurbished')).toBe('refurbished');
  });

  it('reads text-form and nested shipping, free shipping as 0, and warns on unreadable shipping', () => {
    const feed = parseFixture('condition-shipping.xml');
    expect(accepted(feed, 'SS-USED').shippingCents).toBe(750);
    expect(accepted(feed, 'SS-NEUF').shippingCents).toBe(0);
    expect(accepted(feed, 'SS-OPENBOX').shippingCents).toBeNull();
    expect(warningCodes(byId(feed, 'SS-OPENBOX'))).toContain('invalid_shipping');
  });

  it('maps gender and age_group onto GMC values', () => {
    expect(normalizeGender("Women's")).toBe('female');
    expect(normalizeGender('Herren')).toBe('male');
    expect(normalizeGender('Unisex')).toBe('unisex');
    expect(normalizeGender('n/a')).toBeNull();
    expect(normalizeAgeGroup('Kids')).toBe('kids');
    expect(normalizeAgeGroup('baby')).toBe('infant');
    expect(normalizeAgeGroup('adult')).toBe('adult');
  });
});

describe('sizes and variants', () => {
  it('keeps `US 6 | EU 36` as one size label and groups variants by item_group_id', () => {
    const feed = parseFixture('variants-sizes.xml');
    expect(accepted(feed, 'WF-BALLET-36')).toMatchObject({
      sizes: ['US 6 / EU 36'],
      itemGroupId: 'WF-BALLET',
      categoryCode: 'k12',
    });
    expect(accepted(feed, 'WF-BALLET-37')).toMatchObject({
      sizes: ['US 6.5 / EU 37'],
      itemGroupId: 'WF-BALLET',
      availability: 'out_of_stock',
    });
    expect(accepted(feed, 'WF-CHELSEA-42')).toMatchObject({
      sizes: ['UK 8 / EU 42 / US 9'],
      color: 'Tobacco',
      condition: 'refurbished',
      availability: 'backorder',
      categoryCode: 'k22',
    });
  });

  it('splits lists on , and ; but not a half-size decimal comma', () => {
    expect(normalizeSizes(['S, M, l, xl'])).toEqual(['S', 'M', 'L', 'XL']);
    expect(normalizeSizes(['38,39,40'])).toEqual(['38', '39', '40']);
    expect(normalizeSizes(['EU 36,5; EU 37'])).toEqual(['EU 36,5', 'EU 37']);
    expect(normalizeSizes(['One Size', 'one size'])).toEqual(['ONE SIZE']);
    expect(normalizeSizes(['  '])).toEqual([]);
  });
});

describe('htmlToText', () => {
  it('removes tags, decodes entities, drops scripts and collapses white space', () => {
    expect(htmlToText('<p>Tom&nbsp;&amp;&#160;Jerry&#x27;s</p><p>2&gt;1</p>')).toBe("Tom & Jerry's 2>1");
    expect(htmlToText('<style>p{}</style>Plain <i>italic</i>ised')).toBe('Plain italicised');
    expect(htmlToText('  just\ttext \n ')).toBe('just text');
  });
});

describe('perDistinctValue', () => {
  it('computes a short value once and a long one every time, with the same answers', () => {
    const calls: string[] = [];
    const upper = perDistinctValue((v) => {
      calls.push(v);
      return v.toUpperCase();
    });
    const long = 'x'.repeat(65);
    expect([upper('in stock'), upper('in stock'), upper(long), upper(long)]).toEqual(['IN STOCK', 'IN STOCK', long.toUpperCase(), long.toUpperCase()]);
    expect(calls).toEqual(['in stock', long, long]);
  });

  it('stops remembering after 10,000 distinct values but still answers', () => {
    let calls = 0;
    const id = perDistinctValue((v) => (calls++, v));
    for (let i = 0; i < 10_001; i++) id(`v${i}`);
    calls = 0;
    expect([id('v0'), id('v9999'), id('v10000')]).toEqual(['v0', 'v9999', 'v10000']);
    expect(calls).toBe(1);
  });
});
