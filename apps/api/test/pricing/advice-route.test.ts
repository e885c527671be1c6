/**
 * Issue 16 §3: GET /inventory/api/v1/standard-product/product/{id}/price-advice on PGlite and
 * PostgreSQL — advice per offer from observed history under a fitted model, "insufficient
 * history" under 30 observed days, and "not available" without a model.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceAdvice } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { buildApp } from '../../src/app.ts';
import { ingestFeed } from '../../src/index.ts';
import { FEATURE_NAMES, type AdviceModel } from '../../src/pricing/advice.ts';
import { testAppOptions } from '../test-app.ts';

const DAY = 86_400_000;
const TODAY = Math.floor(Date.now() / DAY) * DAY;
const day = (n: number) => new Date(TODAY + n * DAY + 12 * 3600 * 1000);
const dress = (price: string): TestItem => ({ id: 'd1', title: 'Linen Dress', price, brand: 'Harbor & Pine', gtin: '4006381333931', shipping: '0.00 USD' });
/** A model that waits exactly when today's price is above its 90-day median (feature 2), with a mean drop of 20 %. */
const model: AdviceModel = {
  horizon: 14,
  means: FEATURE_NAMES.map(() => 0),
  scales: FEATURE_NAMES.map(() => 1),
  weights: FEATURE_NAMES.map((_, i) => (i === 2 ? 100 : 0)),
  bias: -1,
  threshold: 0.5,
  meanDrop: 0.2,
};
const models = { source: 'test', generatedAt: '2026-11-24T00:00:00Z', horizons: { 14: { model, heldOut: { noWorse: 0.98, capture: 0.6, decisions: 1000 } } } };

describe.each(testDrivers())('price advice on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;
  let bare: FastifyInstance;
  let productId: number;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    const ingest = (items: TestItem[], at: Date, merchant: string) =>
      ingestFeed(db, {
        bytes: rssFeed(merchant, items),
        feed: `${merchant}.xml`,
        merchant: { slug: merchant, name: merchant },
        fx: loadDefaultFxTable(),
        observedAt: at,
        skipMaintenance: true,
      });
    // Harbor: $100 every day for 44 days, then $130 today (above its median: wait). Cove: first seen 5 days ago.
    for (let n = -44; n < 0; n++) await ingest([dress('100.00 USD')], day(n), 'harbor');
    await ingest([dress('130.00 USD')], day(0), 'harbor');
    for (let n = -5; n <= 0; n++) await ingest([dress('120.00 USD')], day(n), 'cove');
    productId = Number((await db.query<{ id: number }>(`SELECT id FROM products`)).rows[0]!.id);
    app = await buildApp(testAppOptions(db, { adviceModels: models }));
    bare = await buildApp(testAppOptions(db, { adviceModels: null }));
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await bare?.close();
    await db?.close();
  });

  it('advises WAIT on an offer above its usual price, and says when history is too short', async () => {
    const res = await app.inject(`/inventory/api/v1/standard-product/product/${productId}/price-advice?horizon=14`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as PriceAdvice;
    expect(body.model).toEqual({ source: 'test', generatedAt: '2026-11-24T00:00:00Z', noWorse: 0.98, capture: 0.6, decisions: 1000 });
    const harbor = body.offers.find((o) => o.merchant.slug === 'harbor')!;
    expect(harbor.price).toBe(13000);
    expect(harbor.advice).toMatchObject({ kind: 'WAIT', horizon: 14 });
    if (harbor.advice.kind === 'WAIT') expect(harbor.advice.expectedSavingCents).toBeGreaterThan(2000);
    const cove = body.offers.find((o) => o.merchant.slug === 'cove')!;
    expect(cove.advice).toEqual({ kind: 'insufficient_history', observedDays: 6, neededDays: 30 });
  });

  it('invents no advice without a fitted model, and refuses other horizons', async () => {
    expect((await bare.inject(`/inventory/api/v1/standard-product/product/${productId}/price-advice`)).json()).toEqual({
      available: false,
      model: null,
      offers: [],
    });
    expect((await app.inject(`/inventory/api/v1/standard-product/product/${productId}/price-advice?horizon=30`)).json().available).toBe(false);
    expect((await app.inject(`/inventory/api/v1/standard-product/product/${productId}/price-advice?horizon=7`)).statusCode).toBe(400);
  });
});
