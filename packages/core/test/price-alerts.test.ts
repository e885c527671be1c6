import { describe, expect, it } from 'vitest';
import { decideAlert, dropThresholdCents, medianCents, rearmLevelCents, type AlertState } from '../src/price-alerts.ts';

const noTarget: AlertState = { targetCents: null, baselineCents: 10000, targetArmed: true };

describe('price alert rules (issue 14 §6)', () => {
  it('fires the drop rule at 10 % below the baseline and at or below the 90-day median, then measures from the alerted price', () => {
    expect(decideAlert(noTarget, { priceCents: 9001, median90Cents: 10000 }).fire).toBeNull();
    const d = decideAlert(noTarget, { priceCents: 9000, median90Cents: 10000 });
    expect(d).toEqual({ fire: { rule: 'drop', thresholdCents: 10000 }, next: { ...noTarget, baselineCents: 9000 } });
    // The same price again, or hovering just under: no second alert.
    expect(decideAlert(d.next, { priceCents: 9000, median90Cents: 10000 }).fire).toBeNull();
    expect(decideAlert(d.next, { priceCents: 8500, median90Cents: 10000 }).fire).toBeNull();
    expect(decideAlert(d.next, { priceCents: 8100, median90Cents: 10000 }).fire).toEqual({ rule: 'drop', thresholdCents: 9000 });
  });

  it('never fires above the median, without an observed median, or without an observed price', () => {
    expect(decideAlert(noTarget, { priceCents: 8000, median90Cents: 7900 }).fire).toBeNull();
    expect(decideAlert(noTarget, { priceCents: 8000, median90Cents: null }).fire).toBeNull();
    expect(decideAlert(noTarget, { priceCents: null, median90Cents: 10000 })).toEqual({ fire: null, next: noTarget });
  });

  it('takes the first observed price as the baseline when none was known', () => {
    const fresh = { ...noTarget, baselineCents: null };
    expect(decideAlert(fresh, { priceCents: 5000, median90Cents: 9000 })).toEqual({ fire: null, next: { ...fresh, baselineCents: 5000 } });
  });

  it('fires the target rule once while the price hovers around the target, and re-arms above it by 5 %', () => {
    let state: AlertState = { targetCents: 8000, baselineCents: 9000, targetArmed: true };
    const seen: Array<string | null> = [];
    for (const price of [8100, 7900, 8100, 7900, 8400, 7900, 8401, 7900]) {
      const d = decideAlert(state, { priceCents: price, median90Cents: null });
      seen.push(d.fire?.rule ?? null);
      state = d.next;
    }
    expect(seen).toEqual([null, 'target', null, null, null, null, null, 'target']);
    expect(rearmLevelCents(8000)).toBe(8400);
    expect(dropThresholdCents(10000)).toBe(9000);
  });

  it('takes the median of an odd and an even count', () => {
    expect(medianCents([])).toBeNull();
    expect(medianCents([300, 100, 200])).toBe(200);
    expect(medianCents([100, 200, 300, 401])).toBe(250);
  });
});
