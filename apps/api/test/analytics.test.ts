/**
 * Issue 19 §1, the first-party collector: a consented browser's batch of GA4 and spec events is
 * stored whole; a bad or oversized batch is refused with nothing stored; a browser clock far off
 * is not believed; the per-address rate limit holds.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsBatch } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { buildApp } from '../src/app.ts';
import { signedInShopper, TEST_CLIENT } from './favorites/shopper.ts';
import { testAppOptions } from './test-app.ts';

const ANON = '0f8fad5b-d9cb-469f-a165-70867728950e';
const now = () => new Date().toISOString();
const item = { item_id: '104', item_name: 'Linen Dress', item_brand: 'Harbor & Pine', price: 59.5, index: 0 };
const good = (): AnalyticsBatch => ({
  anonymousId: ANON,
  events: [
    { name: 'search_action', time: now(), page: '/', params: { action: 'hot_words', search_term: 'dress' } },
    { name: 'view_item_list', time: now(), page: '/searchList/?q=dress', params: { item_list_id: 'search', item_list_name: 'Search results', items: [item] } },
    { name: 'view_item', time: now(), page: '/prod/linen-dress/?id=104', params: { currency: 'USD', value: 59.5, items: [item] } },
  ],
});

describe.each(testDrivers())('analytics collector on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;
  const stored = async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM analytics_events`)).rows[0]!.n;
  const post = (payload: unknown, contentType = 'application/json', authorization?: string) =>
    app.inject({
      method: 'POST',
      url: '/analytics/api/v1/events',
      headers: { 'content-type': contentType, ...(authorization ? { authorization } : {}) },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    app = await buildApp(
      testAppOptions(db, { analytics: { batchesPerMinute: 1000 }, accounts: { clients: [TEST_CLIENT], settings: { publicUrl: 'http://shop.test' } } }),
    );
  });
  beforeEach(async () => {
    await db.query('DELETE FROM analytics_events');
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('stores a batch whole, with each event’s name, page and parameters', async () => {
    expect((await post(good())).statusCode).toBe(204);
    const rows = await db.query<{ name: string; page: string; params: Record<string, unknown>; anonymous_id: string }>(
      `SELECT name, page, params, anonymous_id FROM analytics_events ORDER BY id`,
    );
    expect(rows.rows.map((r) => r.name)).toEqual(['search_action', 'view_item_list', 'view_item']);
    expect(rows.rows[0]).toMatchObject({ page: '/', anonymous_id: ANON, params: { action: 'hot_words', search_term: 'dress' } });
  });

  it('stores a signed-in shopper’s account id as user_id (GA4), null when signed out, and refuses an e-mail address in its place', async () => {
    const ada = await signedInShopper(app, db, 'ada.analytics@example.com');
    const batch = good();
    batch.events[1] = { ...batch.events[1]!, userId: String(ada.userId) };
    expect((await post(batch, 'application/json', ada.authorization)).statusCode).toBe(204);
    const rows = await db.query<{ name: string; user_id: string | null }>(`SELECT name, user_id FROM analytics_events ORDER BY id`);
    expect(rows.rows).toEqual([
      { name: 'search_action', user_id: null },
      { name: 'view_item_list', user_id: String(ada.userId) },
      { name: 'view_item', user_id: null },
    ]);
    // Without the shopper's token, or with another's, a user id is not believed: the events are stored without it.
    await db.query('DELETE FROM analytics_events');
    expect((await post(batch)).statusCode).toBe(204);
    const bob = await signedInShopper(app, db, 'bob.analytics@example.com', 'Bob');
    expect((await post(batch, 'application/json', bob.authorization)).statusCode).toBe(204);
    expect((await db.query(`SELECT 1 FROM analytics_events WHERE user_id IS NOT NULL`)).rows).toEqual([]);
    expect(await stored()).toBe(6);
    await db.query('DELETE FROM analytics_events');
    const email = good();
    email.events[0] = { ...email.events[0]!, userId: 'ada@example.com' };
    expect((await post(email)).statusCode).toBe(400);
    expect(await stored()).toBe(0);
  });

  it('takes the text/plain body navigator.sendBeacon sends', async () => {
    expect((await post(JSON.stringify(good()), 'text/plain;charset=UTF-8')).statusCode).toBe(204);
    expect(await stored()).toBe(3);
  });

  it('refuses a batch with one bad event, an unknown parameter, too many events or a bad id, and stores none of it', async () => {
    const withBad = good();
    withBad.events.push({ name: 'search_action', time: now(), page: '/', params: { action: 'typed', search_term: 'x' } } as never);
    const unknownParam = good();
    (unknownParam.events[0]!.params as Record<string, unknown>).email = 'ada@example.com';
    const tooMany = { anonymousId: ANON, events: Array.from({ length: 51 }, () => good().events[0]) };
    for (const payload of [
      withBad,
      unknownParam,
      tooMany,
      { ...good(), anonymousId: 'me' },
      { ...good(), events: [] },
      { anonymousId: ANON, events: [{ name: 'hack' }] },
    ]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect((await post('{not json', 'text/plain')).statusCode).toBe(400);
    expect(await stored()).toBe(0);
  });

  it('refuses a body over 64 KiB with 413', async () => {
    const big = good();
    big.events[0]!.page = `/${'a'.repeat(499)}`;
    const payload = JSON.stringify(big) + ' '.repeat(70 * 1024);
    expect((await post(payload)).statusCode).toBe(413);
    expect(await stored()).toBe(0);
  });

  it('does not believe a browser clock days off: the event is stored at its arrival', async () => {
    const batch = good();
    batch.events = [{ ...batch.events[0]!, time: '2020-01-01T00:00:00Z' }];
    const before = Date.now();
    expect((await post(batch)).statusCode).toBe(204);
    const at = (await db.query<{ t: Date }>(`SELECT occurred_at AS t FROM analytics_events`)).rows[0]!.t;
    expect(new Date(at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('holds the per-address rate limit (429 in the error shape)', async () => {
    const limited = await buildApp(testAppOptions(db, { analytics: { batchesPerMinute: 2 } }));
    try {
      const send = () =>
        limited.inject({ method: 'POST', url: '/analytics/api/v1/events', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(good()) });
      expect((await send()).statusCode).toBe(204);
      expect((await send()).statusCode).toBe(204);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 'rate_limited' });
    } finally {
      await limited.close();
    }
  });

  it('adds the events up for the operator: per day, searches, no-result searches, product views and the funnel (401 without the token)', async () => {
    const b2 = '1f8fad5b-d9cb-469f-a165-70867728950e';
    await post(good());
    await post({
      anonymousId: b2,
      events: [
        { name: 'search', time: now(), page: '/searchList/?q=dress', params: { search_term: 'Dress', results: 12 } },
        { name: 'search', time: now(), page: '/searchList/?q=zzq', params: { search_term: 'zzq', results: 0 } },
        { name: 'view_item_list', time: now(), page: '/searchList/?q=dress', params: { item_list_id: 'search', item_list_name: 'Search', items: [item] } },
        { name: 'select_item', time: now(), page: '/searchList/?q=dress', params: { items: [item] } },
      ],
    });
    await post({ anonymousId: ANON, events: [{ name: 'search', time: now(), page: '/', params: { search_term: 'dress', results: 3 } }] });
    expect((await app.inject('/admin/api/v1/analytics/summary')).statusCode).toBe(401);
    const res = await app.inject({ url: '/admin/api/v1/analytics/summary?days=7', headers: { authorization: 'Bearer test-operator-token-0123456789abcdef' } });
    expect(res.statusCode).toBe(200);
    const summary = res.json();
    expect(summary.perDay).toHaveLength(7);
    expect(summary.perDay.at(-1)).toMatchObject({ events: 8, browsers: 2 });
    expect(summary.topSearches).toEqual([
      { term: 'dress', searches: 2, noResults: 0 },
      { term: 'zzq', searches: 1, noResults: 1 },
    ]);
    expect(summary.noResultSearches).toEqual([{ term: 'zzq', searches: 1 }]);
    expect(summary.funnel).toEqual({ viewItemList: 2, selectItem: 1, viewItem: 1 });
    expect(summary.productViews).toEqual([]); // item 104 is not a product of this empty catalogue
  });
});
