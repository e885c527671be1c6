import { describe, expect, it } from 'vitest';
import { parseFeed } from '../../src/parse/index.ts';
import { parseFeedInParallel, splitXmlFeed } from '../../src/parse/parallel.ts';
import { rssFeed, type TestItem } from '../ingest/feed-builder.ts';
import { JAN_15, fixture, testFx } from './helpers.ts';

const opts = { filename: 'feed.xml', fx: testFx, now: JAN_15 };

const item = (i: number, extra: Partial<TestItem> = {}): TestItem => ({ id: `P${i}`, title: `Canvas Tote No. ${i}`, price: `${20 + i}.00 USD`, ...extra });

describe('splitXmlFeed', () => {
  it('cuts between items, keeping the head (namespaces, channel) in both parts and the closing tags in the first', () => {
    const text = rssFeed('alpha', [item(1), item(2), item(3), item(4)]).toString('utf8');
    const [a, b] = splitXmlFeed(text)!;
    const head = text.slice(0, text.indexOf('<item>'));
    expect(a.startsWith(head) && b.startsWith(head)).toBe(true);
    expect(a.endsWith('</channel></rss>') && b.endsWith('</channel></rss>')).toBe(true);
    const ids = (s: string) => [...s.matchAll(/<g:id>(P\d+)<\/g:id>/g)].map((m) => m[1]);
    expect([...ids(a), ...ids(b)]).toEqual(['P1', 'P2', 'P3', 'P4']);
    expect(ids(a).length).toBeGreaterThan(0);
    expect(ids(b).length).toBeGreaterThan(0);
  });

  it('never cuts inside CDATA or a comment that spells a closing tag', () => {
    const items = Array.from({ length: 6 }, (_, i) => `<item><g:id>P${i}</g:id><description><![CDATA[one </item> two]]></description><!-- </item> --></item>`);
    const text = `<rss xmlns:g="http://base.google.com/ns/1.0"><channel>${items.join('')}</channel></rss>`;
    for (const share of [0.2, 0.5, 0.8]) {
      const [a, b] = splitXmlFeed(text, share)!;
      expect(a.split('<item>').length - 1 + (b.split('<item>').length - 1)).toBe(6);
      expect(a.endsWith('</item></channel></rss>')).toBe(true);
      expect(b.slice(b.indexOf('<item>')).startsWith('<item><g:id>P')).toBe(true);
    }
  });

  it('cuts Atom entries, and gives up on a feed of one item or none', () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><entry><id>1</id></entry><entry><id>2</id></entry></feed>`;
    expect(splitXmlFeed(atom)).toEqual([
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><entry><id>1</id></entry></feed>`,
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><entry><id>2</id></entry></feed>`,
    ]);
    expect(splitXmlFeed(rssFeed('alpha', [item(1)]).toString('utf8'))).toBeNull();
    expect(splitXmlFeed('<rss><channel><title>empty</title></channel></rss>')).toBeNull();
  });
});

describe('parseFeedInParallel', () => {
  it('gives exactly what one pass gives: positions, rejections, and duplicate ids across the cut', async () => {
    const items = Array.from({ length: 400 }, (_, i) => item(i));
    // Duplicates whose first holder is in the first part, one on each side of a rejected item, and bad items in both parts.
    items[350] = item(3, { title: 'Duplicate of an early id' });
    items[390] = item(398);
    items[10] = item(10, { price: '0.00 USD' });
    items[300] = item(300, { price: 'free' });
    const bytes = rssFeed('alpha', items);
    const parallel = await parseFeedInParallel(bytes, { ...opts, minBytes: 0, requireWorker: true });
    const single = parseFeed(bytes, opts);
    expect(parallel).toEqual(single);
    expect(parallel.items[350]!.rejection?.code).toBe('duplicate_id');
    expect(parallel.items[398]!.rejection?.code).toBe('duplicate_id');
    expect(parallel.items.map((p) => p.index)).toEqual(items.map((_, i) => i));
  });

  it('parses a feed it cannot cut (CSV) on one thread, with the same result', async () => {
    const csv = fixture('plain-headers.csv');
    expect(await parseFeedInParallel(csv, { ...opts, filename: 'plain-headers.csv', minBytes: 0 })).toEqual(
      parseFeed(csv, { ...opts, filename: 'plain-headers.csv' }),
    );
    await expect(parseFeedInParallel(csv, { ...opts, filename: 'plain-headers.csv', minBytes: 0, requireWorker: true })).rejects.toThrow(/no item boundary/);
  });
});
