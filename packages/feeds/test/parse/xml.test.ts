import { describe, expect, it } from 'vitest';
import { parseFeed } from '../../src/parse/index.ts';
import { FeedReadError } from '../../src/types.ts';
import { JAN_15, accepted, byId, fixture, parseFixture, testFx, warningCodes } from './helpers.ts';

const parseText = (xml: string, filename = 'feed.xml') => parseFeed(xml, { filename, fx: testFx, now: JAN_15 });

describe('GMC RSS 2.0', () => {
  const feed = parseFixture('gmc-rss.xml');

  it('reads channel title and link and every item', () => {
    expect(feed.format).toBe('rss');
    expect(feed.title).toBe('Harbor & Pine Outfitters');
    expect(feed.link).toBe('https://www.harborpine.example');
    expect(feed.items.map((i) => i.id)).toEqual(['HP-1001', 'HP-2040']);
  });

  it('normalises a complete item', () => {
    const item = accepted(feed, 'HP-1001');
    expect(item).toMatchObject({
      itemGroupId: 'HP-1001G',
      title: "Women's Linen Maxi Dress - Sage",
      link: 'https://www.harborpine.example/products/linen-maxi-dress-sage',
      imageLink: 'https://cdn.harborpine.example/img/HP-1001-front.jpg',
      brand: 'Harbor & Pine',
      gtin: '00012345678905',
      mpn: 'HP-LMD-SG',
      priceCents: 8900,
      salePriceCents: 5900,
      original: null,
      availability: 'in_stock',
      condition: 'new',
      color: 'Sage',
      sizes: ['M'],
      gender: 'female',
      ageGroup: 'adult',
      categoryCode: '823',
    });
    expect(byId(feed, 'HP-1001').warnings).toEqual([]);
  });

  it('keeps repeated additional_image_link values in order', () => {
    expect(accepted(feed, 'HP-1001').additionalImageLinks).toEqual([
      'https://cdn.harborpine.example/img/HP-1001-back.jpg',
      'https://cdn.harborpine.example/img/HP-1001-detail.jpg',
    ]);
  });

  it('takes the US shipping group from nested g:shipping, else the first', () => {
    expect(accepted(feed, 'HP-1001').shippingCents).toBe(495);
    expect(accepted(feed, 'HP-2040').shippingCents).toBe(900);
  });

  it('turns CDATA HTML descriptions into plain text', () => {
    expect(accepted(feed, 'HP-1001').description).toBe('Breezy linen maxi dress with side pockets. 100% linen Machine wash & tumble dry');
  });
});

describe('lenient XML', () => {
  it('reads plain element names when the g: namespace is missing', () => {
    const feed = parseFixture('missing-namespace.xml');
    expect(accepted(feed, 'CL-77')).toMatchObject({
      title: 'Canvas Tote Bag',
      priceCents: 4250,
      brand: 'Copperleaf',
      imageLink: 'https://copperleaf.example/media/cl-77.png',
    });
  });

  it('ignores a wrong xmlns:g URI and prefers g: values over plain ones', () => {
    const feed = parseFixture('wrong-namespace.xml');
    expect(accepted(feed, 'NWT-TENT-2P')).toMatchObject({
      title: 'Ridgeback 2-Person Dome Tent',
      priceCents: 24999,
      categoryCode: '724',
    });
  });

  it('reads a <channel> without <rss>', () => {
    const feed = parseFixture('channel-without-rss.xml');
    expect(feed.format).toBe('rss');
    expect(feed.title).toBe('Lumen Lane Beauty');
    expect(accepted(feed, 'LL-SER-30').availability).toBe('in_stock');
  });

  it('keeps unescaped & in text, attribute-like URLs and titles', () => {
    const feed = parseFixture('unescaped-ampersand.xml');
    expect(feed.title).toBe('Salt & Cedar Co.');
    expect(accepted(feed, 'SC-501')).toMatchObject({
      title: 'Salt & Cedar Leather Crossbody Bag',
      brand: 'Salt & Cedar',
      link: 'https://saltcedar.example/item?id=501&ref=feed',
      imageLink: 'https://saltcedar.example/images/sc-501.jpg?w=800&h=800',
      description: 'Hand-stitched & vegetable-tanned leather.',
    });
  });

  it('converts escaped and raw HTML descriptions to plain text and warns on empty ones', () => {
    const feed = parseFixture('descriptions.xml');
    expect(accepted(feed, 'FH-ESC-1').description).toBe('Soft merino wool. Café & lounge ready Made in Portugal');
    expect(accepted(feed, 'FH-RAW-2').description).toBe('Cable knit Chunky wool blend, with horn buttons.');
    for (const id of ['FH-EMPTY-3', 'FH-BLANK-4']) {
      expect(accepted(feed, id).description).toBe('');
      expect(warningCodes(byId(feed, id))).toContain('empty_description');
    }
    expect(warningCodes(byId(feed, 'FH-ESC-1'))).not.toContain('empty_description');
  });

  it('reads XML in windows-1252 when the declaration says so', () => {
    const xml =
      '<?xml version="1.0" encoding="windows-1252"?><rss><channel><item><g:id>W1</g:id><g:title>Caf\xe9 Table</g:title><g:link>https://w.example/1</g:link><g:price>10 USD</g:price></item></channel></rss>';
    const feed = parseFeed(Buffer.from(xml, 'latin1'), {
      filename: 'f.xml',
      fx: testFx,
      now: JAN_15,
    });
    expect(accepted(feed, 'W1').title).toBe('Café Table');
  });
});

describe('Atom', () => {
  const feed = parseFixture('atom.xml');

  it('reads entries, the alternate link and summary/content', () => {
    expect(feed.format).toBe('atom');
    expect(feed.title).toBe('Silverbirch Jewellers');
    expect(feed.link).toBe('https://silverbirch.example/');
    expect(accepted(feed, 'SB-11')).toMatchObject({
      link: 'https://silverbirch.example/earrings/sterling-hoops',
      description: 'Polished 925 sterling silver hoops, 25mm.',
      categoryCode: 'f2',
    });
  });

  it('prefers g:id over the Atom <id> and decodes HTML titles and content', () => {
    expect(feed.items.map((i) => i.id)).toEqual(['SB-11', 'SB-12']);
    expect(accepted(feed, 'SB-12')).toMatchObject({
      title: 'Gold Vermeil Signet Ring',
      description: '18k gold vermeil over silver.',
      availability: 'preorder',
      categoryCode: 'f3',
    });
  });
});

describe('unreadable feeds', () => {
  const code = (fn: () => unknown): string => {
    try {
      fn();
    } catch (e) {
      expect(e).toBeInstanceOf(FeedReadError);
      expect((e as Error).message).not.toContain('\n');
      return (e as FeedReadError).code;
    }
    throw new Error('did not throw');
  };

  it('rejects an HTML page saved as .xml', () => {
    expect(code(() => parseFeed(fixture('unreadable.xml'), { filename: 'unreadable.xml', fx: testFx }))).toBe('not_a_feed');
  });

  it('rejects empty input, JSON and binary data', () => {
    expect(code(() => parseText('  \n '))).toBe('empty_feed');
    expect(code(() => parseFeed(Buffer.alloc(0), { filename: 'feed.xml', fx: testFx }))).toBe('empty_feed');
    expect(code(() => parseText('{"products": []}', 'feed.json'))).toBe('not_a_feed');
    expect(
      code(() =>
        parseFeed(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), {
          filename: 'x.png',
          fx: testFx,
        }),
      ),
    ).toBe('not_a_feed');
  });

  it('says no_items for a feed without items', () => {
    expect(code(() => parseText('<rss><channel><title>Empty shop</title></channel></rss>'))).toBe('no_items');
    expect(code(() => parseText('<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>'))).toBe('no_items');
  });
});
