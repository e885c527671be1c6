import { describe, expect, it } from 'vitest';
import { gmcAttributeName } from '../../src/parse/attributes.ts';
import { detectDelimiter } from '../../src/parse/csv.ts';
import { parseFeed } from '../../src/parse/index.ts';
import { FeedReadError } from '../../src/types.ts';
import { JAN_15, accepted, byId, parseFixture, testFx, warningCodes } from './helpers.ts';

describe('header mapping', () => {
  it('accepts GMC names in any case, with spaces or a g: prefix', () => {
    expect(gmcAttributeName('G:Price')).toBe('price');
    expect(gmcAttributeName('image link')).toBe('image_link');
    expect(gmcAttributeName('Google Product Category')).toBe('google_product_category');
    expect(gmcAttributeName(' ITEM_GROUP_ID ')).toBe('item_group_id');
  });

  it('maps plain shop headers and ignores unknown ones', () => {
    const cases: Record<string, string | null> = {
      Title: 'title',
      Price: 'price',
      'Sale Price': 'sale_price',
      Image: 'image_link',
      'Image URL': 'image_link',
      URL: 'link',
      Link: 'link',
      'Product URL': 'link',
      Brand: 'brand',
      Category: 'product_type',
      Description: 'description',
      ID: 'id',
      SKU: 'id',
      GTIN: 'gtin',
      EAN: 'gtin',
      UPC: 'gtin',
      MPN: 'mpn',
      Availability: 'availability',
      Stock: 'availability',
      Color: 'color',
      Colour: 'color',
      Size: 'size',
      Currency: 'currency',
      Shipping: 'shipping',
      'Internal Notes': null,
      Weight: null,
    };
    for (const [header, expected] of Object.entries(cases)) expect(gmcAttributeName(header), header).toBe(expected);
  });
});

describe('detectDelimiter', () => {
  it('picks the delimiter of the header row, ignoring quoted ones', () => {
    expect(detectDelimiter('id\ttitle\tprice, with comma\n')).toBe('\t');
    expect(detectDelimiter('id,title,"price; eur"\n')).toBe(',');
    expect(detectDelimiter('id;title;price\n1,2;3\n')).toBe(';');
    expect(detectDelimiter('id|title|price\n')).toBe('|');
    expect(detectDelimiter('just one column\n')).toBeNull();
  });
});

describe('CSV with plain headers', () => {
  const feed = parseFixture('plain-headers.csv');

  it('skips the BOM and reads quoted fields with newlines', () => {
    expect(feed.format).toBe('csv');
    expect(feed.items.map((i) => i.id)).toEqual(['OK-201', 'OK-202', 'OK-203']);
    expect(accepted(feed, 'OK-201').description).toBe('Heavyweight organic cotton tee. Pre-shrunk, boxy fit.');
    expect(accepted(feed, 'OK-203').title).toBe('Quilted Gilet, "Field" Edition');
  });

  it('maps every plain column', () => {
    expect(accepted(feed, 'OK-201')).toMatchObject({
      link: 'https://oakandkettle.example/products/crew-tee',
      imageLink: 'https://cdn.oakandkettle.example/OK-201.jpg',
      brand: 'Oak & Kettle',
      productType: 'Men > Shirts > T-Shirts',
      gtin: '05012345678900',
      mpn: 'OK201',
      availability: 'in_stock',
      color: 'Navy',
      sizes: ['S', 'M', 'L', 'XL'],
      gender: 'male',
      shippingCents: 500,
      priceCents: 2900,
      categoryCode: '921',
    });
  });

  it('uses the Currency column for prices without a currency', () => {
    // 1299.95 EUR × 1.25 = 1624.9375 → 162494 cents
    expect(accepted(feed, 'OK-202')).toMatchObject({
      priceCents: 162494,
      original: { amount: 129995, currency: 'EUR' },
      availability: 'in_stock',
      sizes: ['EU 48', 'EU 50'],
    });
    // 85.00 GBP / 0.8 × 1.25 = 132.8125 → 13281; sale 70 → 109.375 → 10938; shipping 4.50 GBP → 7.03125 → 703
    expect(accepted(feed, 'OK-203')).toMatchObject({
      priceCents: 13281,
      salePriceCents: 10938,
      shippingCents: 703,
      availability: 'out_of_stock',
    });
  });
});

describe('TSV with GMC headers', () => {
  const feed = parseFixture('gmc-headers.tsv');

  it('reads a tab-separated feed with mixed-style GMC headers', () => {
    expect(feed.format).toBe('tsv');
    // BDT is only in the later cube (130/EUR); USD on Jan 15 is 1.25: 1000 / 130 × 1.25 = 9.615… → 962
    expect(accepted(feed, 'DH-5501')).toMatchObject({
      priceCents: 962,
      original: { amount: 100000, currency: 'BDT' },
      brand: 'Deshi Haat',
    });
  });

  it('splits comma-joined additional image links and picks US shipping from text groups', () => {
    const item = accepted(feed, 'DH-5502-S');
    expect(item.additionalImageLinks).toEqual(['https://deshihaat.example/media/DH-5502-b.jpg', 'https://deshihaat.example/media/DH-5502-c.jpg']);
    // 850 BDT / 130 × 1.25 = 8.173… → 817
    expect(item.shippingCents).toBe(817);
    expect(item).toMatchObject({
      itemGroupId: 'DH-5502',
      gtin: '00123456701236',
      availability: 'preorder',
      gender: 'female',
      ageGroup: 'kids',
      categoryCode: 'g2',
    });
    expect(warningCodes(byId(feed, 'DH-5502-S'))).toEqual([]);
  });
});

describe('other delimiters', () => {
  it('reads semicolon-separated European exports', () => {
    const feed = parseFixture('semicolon.csv');
    expect(feed.format).toBe('csv');
    expect(accepted(feed, 'MB-01')).toMatchObject({
      priceCents: 162494,
      availability: 'in_stock',
      gender: 'female',
    });
    // 89,90 EUR × 1.25 = 112.375 → 11238
    expect(accepted(feed, 'MB-02')).toMatchObject({ priceCents: 11238, availability: 'in_stock' });
  });

  it('reads pipe-separated text files', () => {
    const feed = parseFixture('pipe-delimited.txt');
    expect(accepted(feed, 'PV-9')).toMatchObject({
      priceCents: 4500,
      availability: 'out_of_stock',
    });
  });

  it('rejects a text file without a recognisable header and a header without rows', () => {
    const read = (text: string) => () => parseFeed(text, { filename: 'f.csv', fx: testFx, now: JAN_15 });
    expect(read('hello world\nthis is not a feed\n')).toThrow(FeedReadError);
    expect(read('colour,weight,notes\nred,2,x\n')).toThrow(expect.objectContaining({ code: 'not_a_feed' }));
    expect(read('id,title,price,link\n\n')).toThrow(expect.objectContaining({ code: 'no_items' }));
  });
});
