/**
 * Issue 16 §3–§5: the buy-or-wait model the repository ships (content/price-advice-model.json,
 * fitted by `npm run backtest` on the real history of apps/api/eval/price-history/README.md) loads
 * under the current features and publishes its held-out figures with the history's name; and
 * PRICE_ADVICE_MODEL=none turns the advice off even though that file exists.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/env.ts';
import { ADVICE_HORIZONS, advise, dayNumber, type PricePoint } from '../../src/pricing/advice.ts';
import { ADVICE_MODEL_FILE, adviceModelInfo, loadAdviceModels } from '../../src/pricing/advice-service.ts';

describe('the shipped buy-or-wait model', () => {
  it('loads, covers every advice horizon with held-out figures, and names the history it was fitted on', () => {
    const info = adviceModelInfo(loadAdviceModels(ADVICE_MODEL_FILE));
    expect(info.available).toBe(true);
    expect(info.horizons.map((h) => h.horizon)).toEqual([...ADVICE_HORIZONS]);
    for (const h of info.horizons) {
      expect(h.heldOut.decisions).toBeGreaterThan(0);
      expect(h.heldOut.noWorse).toBeGreaterThan(0);
      expect(h.heldOut.noWorse).toBeLessThanOrEqual(1);
    }
    // The page prints "Backtest run on <date> over <source>": a description, with the data's required acknowledgement.
    expect(info.source).toMatch(/Online Price Watch/);
    expect(info.splitDay! > info.observed![0] && info.splitDay! < info.observed![1]).toBe(true);
  });

  it('carries, per horizon, its track record on exactly the held-out decisions, measured from the split day (npm run backtest -- --record-only)', () => {
    const models = loadAdviceModels(ADVICE_MODEL_FILE)!;
    for (const h of ADVICE_HORIZONS) {
      const fitted = models.horizons[h]!;
      expect(fitted.record!.measured[0]).toBe(models.splitDay);
      expect(fitted.record!.bands.reduce((n, b) => n + b.decisions, 0)).toBe(fitted.heldOut.decisions);
      for (const b of fitted.record!.bands) expect(b.advice).toBe(b.from >= fitted.model.threshold ? 'WAIT' : 'BUY');
    }
  });

  it('says BUY for a steady price or on a sale day, and WAIT at the regular price of a store that cuts it every two weeks', () => {
    const model = loadAdviceModels(ADVICE_MODEL_FILE)!.horizons[14]!.model;
    expect(model.trees?.length).toBeGreaterThan(0);
    // Fitted on the promotion cycle too (refit of 2026-11-29, decision 0034).
    expect(model.features).toEqual(expect.arrayContaining(['sinceDrop', 'dropHazard14', 'promoDepth', 'onPromo']));
    const start = dayNumber(new Date(Date.UTC(2025, 2, 1)));
    const days = (n: number, price: (d: number) => number): PricePoint[] =>
      Array.from({ length: n }, (_, d) => ({ day: start + d, price: price(d), inStock: true }));
    expect(
      advise(
        model,
        days(120, () => 10_000),
      ).kind,
    ).toBe('BUY');
    const cycle = (d: number) => (d % 14 >= 11 ? 8_000 : 10_000); // $80 on days 11–13 of every 14
    for (const n of [115, 120, 123]) expect(advise(model, days(n, cycle)).kind, `day ${n - 1}: regular price`).toBe('WAIT');
    expect(advise(model, days(124, cycle)).kind, 'day 123: the sale').toBe('BUY');
  });

  it('is off with PRICE_ADVICE_MODEL=none, and a path is taken as the model file', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/bdeals-env-test', PRICE_ADVICE_MODEL: 'none' }).priceAdviceModelFile).toBe('none');
    expect(loadConfig({ DATA_DIR: '/tmp/bdeals-env-test', PRICE_ADVICE_MODEL: 'models/m.json' }).priceAdviceModelFile).toMatch(/\/models\/m\.json$/);
    expect(loadConfig({ DATA_DIR: '/tmp/bdeals-env-test' }).priceAdviceModelFile).toBeNull();
  });
});
