/**
 * Issue 16 §1–§2: honest price claims from observed history. A merchant's feed is ingested every
 * three days for 96 days (runs extend across those gaps), then today's feed changes four products:
 * - Linen Dress: $100 throughout, today on sale at $60 "was $100" → the was-price is verified, and
 *   $60 is a new low of 90 days (all observed) but not of 365 (not observed): 'lowest_90' and a
 *   90-day lowest-price event;
 * - Wool Coat: $80 throughout, today on sale at $60 "was $100" → inflated (reference $80);
 * - Silk Scarf: first seen today, on sale at $50 "was $70" → claimed (we never saw it before);
 * - Canvas Tote: $50 throughout, today $52 → within 5 % of its low after 5+ weeks: 'good_deal'.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@b-deals/core';
import type { LowestPriceEventsResponse, ProductCard } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { buildApp } from '../../src/app.ts';
import { ingestFeed, refreshPriceStats } from '../../src/index.ts';
import { testAppOptions } from '../test-app.ts';

const fx = loadDefaultFxTable();
const DAY = 24 * 3600 * 1000;
const TODAY = Math.floor(Date.now() / DAY) * DAY;
/** Noon UTC of day `n`, counted so that day 96 is today. */
const day = (n: number) => new Date(TODAY - (96 - n) * DAY + 12 * 3600 * 1000);
const gtin = (body: string) => body + gtinCheckDigit(body);
const item = (id: string, title: string, price: string, over: Partial<TestItem> = {}): TestItem => ({
  id,
  title,
  price,
  brand: 'Harbor & Pine',
  gtin: gtin(`40063813${id.padStart(4, '0')}`),
  ...over,
});

const before = [item('1', 'Linen Dress', '100.00 USD'), item('2', 'Wool Coat', '80.00 USD'), item('4', 'Canvas Tote', '50.00 USD')];
const today = [
  item('1', 'Linen Dress', '100.00 USD', { salePrice: '60.00 USD' }),
  item('2', 'Wool Coat', '100.00 USD', { salePrice: '60.00 USD' }),
  item('3', 'Silk Scarf', '70.00 USD', { salePrice: '50.00 USD' }),
  item('4', 'Canvas Tote', '52.00 USD'),
];

describe.each(testDrivers())('price truth on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;
  const cards = new Map<string, ProductCard>();

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    const ingest = (items: TestItem[], at: Date) =>
      ingestFeed(db, {
        bytes: rssFeed('harbor', items),
        feed: 'harbor.xml',
        merchant: { slug: 'harbor', name: 'Harbor' },
        fx,
        observedAt: at,
        skipMaintenance: true,
      });
    for (let n = 0; n <= 95; n += 3) await ingest(before, day(n));
    await ingest(before, day(95));
    await ingest(today, day(96));
    await refreshPriceStats(db);
    app = await buildApp(testAppOptions(db));
    const res = await app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: { q: 'harbor pine', to: 10 } });
    for (const c of res.json().items as ProductCard[]) cards.set(c.name, c);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('verifies a was-price the offer really had in the 30 days before its sale', () => {
    expect(cards.get('Linen Dress')).toMatchObject({ priceTag: 6000, wasPrice: 10000, wasCheck: 'verified', referencePrice: 10000 });
  });

  it('labels a was-price above the 30-day reference as inflated, and gives the reference', () => {
    expect(cards.get('Wool Coat')).toMatchObject({ wasPrice: 10000, wasCheck: 'inflated', referencePrice: 8000 });
  });

  it('lists only the discounts our history confirms under the verified_discount label (the home page rail of biggest drops)', async () => {
    const names = async (l: string[]) =>
      (
        (await app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: { l, sort: 'discount', to: 10 } })).json()
          .items as ProductCard[]
      )
        .map((c) => c.name)
        .sort();
    expect(await names(['on_sale'])).toEqual(['Linen Dress', 'Silk Scarf', 'Wool Coat']);
    expect(await names(['verified_discount'])).toEqual(['Linen Dress']);
  });

  it("calls a discount we could not observe the merchant's claim", () => {
    expect(cards.get('Silk Scarf')).toMatchObject({ wasPrice: 7000, wasCheck: 'claimed', referencePrice: null, priceBadge: null });
  });

  it('gives "lowest in 90 days" only for 90 observed days, and "good deal" within 5 % of the low after 5 weeks', () => {
    expect(cards.get('Linen Dress')!.priceBadge).toBe('lowest_90');
    expect(cards.get('Wool Coat')!.priceBadge).toBe('lowest_90');
    expect(cards.get('Canvas Tote')).toMatchObject({ priceTag: 5200, priceBadge: 'good_deal', wasCheck: null });
  });

  it('shows the same truth on the product page card', async () => {
    const id = cards.get('Wool Coat')!.id;
    const body = (await app.inject(`/inventory/api/v1/standard-product/product/${id}/with-recommend?days=30`)).json();
    expect(body.product).toMatchObject({ wasCheck: 'inflated', referencePrice: 8000, priceBadge: 'lowest_90' });
  });

  it('lists 90-day lowest-price events with the previous low and its day, biggest drop first; none for 365 unobserved days', async () => {
    const events = (await app.inject('/inventory/api/v1/product-history-event/lowest-price?window=90')).json() as LowestPriceEventsResponse;
    const yesterday = new Date(TODAY - DAY).toISOString().slice(0, 10);
    expect(events.items.map((e) => [e.name, e.previousLow, e.previousLowDate])).toEqual([
      ['Linen Dress', 10000, yesterday],
      ['Wool Coat', 8000, yesterday],
    ]);
    expect(events.total).toBe(2);
    const year = (await app.inject('/inventory/api/v1/product-history-event/lowest-price?window=365')).json() as LowestPriceEventsResponse;
    expect(year.items).toEqual([]);
  });

  it('answers 400 in the error shape for an unknown window or department', async () => {
    const badWindow = await app.inject('/inventory/api/v1/product-history-event/lowest-price?window=7');
    expect(badWindow.statusCode).toBe(400);
    expect(badWindow.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const badDept = await app.inject('/inventory/api/v1/product-history-event/lowest-price?dept=zz');
    expect(badDept.statusCode).toBe(400);
    expect(badDept.json()).toMatchObject({ code: 'bad_request', details: { field: 'dept' } });
  });
});
