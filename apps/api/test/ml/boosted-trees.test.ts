import { describe, expect, it } from 'vitest';
import { fitBoosted, treeValue } from '../../src/ml/index.ts';

describe('fitBoosted (npm run backtest)', () => {
  // An interaction: a match only when both x0 and x1 are high (x2 is noise).
  const x = Array.from({ length: 400 }, (_, i) => [i % 2, Math.floor(i / 2) % 2, ((i * 7) % 11) / 11]);
  const y = x.map(([a, b]) => (a === 1 && b === 1 ? 1 : 0));
  const options = { trees: 30, depth: 2, learningRate: 0.3, lambda: 1, minLeafWeight: 3 };
  const margin = (trees: ReturnType<typeof fitBoosted>, row: number[]) => trees.reduce((s, t) => s + treeValue(t, row), 0);

  it('learns an interaction from a zero starting margin', () => {
    const trees = fitBoosted(x, y, new Array(x.length).fill(0), options);
    expect(trees).toHaveLength(30);
    expect(margin(trees, [1, 1, 0.5])).toBeGreaterThan(1);
    expect(margin(trees, [1, 0, 0.5])).toBeLessThan(-1);
    expect(margin(trees, [0, 1, 0.5])).toBeLessThan(-1);
    expect(margin(trees, [0, 0, 0.5])).toBeLessThan(-1);
  });

  it('is deterministic and keeps every leaf within the least leaf weight', () => {
    expect(fitBoosted(x, y, new Array(x.length).fill(0), options)).toEqual(fitBoosted(x, y, new Array(x.length).fill(0), options));
    const strict = fitBoosted(x, y, new Array(x.length).fill(0), { ...options, trees: 1, minLeafWeight: 1000 });
    expect(strict[0]!.feature).toEqual([-1]); // no split can keep 1000 of hessian weight on both sides
  });

  it('weighs rows: a row of weight 0 changes nothing, a heavier row pulls its leaf', () => {
    const zero = new Array(x.length).fill(0);
    // Doubling the data with weight-0 copies whose labels are flipped gives the trees of the data alone.
    const doubled = fitBoosted([...x, ...x], [...y, ...y.map((v) => 1 - v)], [...zero, ...zero], options, [...x.map(() => 1), ...x.map(() => 0)]);
    expect(doubled).toEqual(fitBoosted(x, y, zero, options));
    // The positive rows weighted 5 times: their cell's margin rises, the others' stay negative.
    const heavy = fitBoosted(
      x,
      y,
      zero,
      { ...options, trees: 1 },
      y.map((v) => (v ? 5 : 1)),
    );
    const plain = fitBoosted(x, y, zero, { ...options, trees: 1 });
    expect(margin(heavy, [1, 1, 0.5])).toBeGreaterThan(margin(plain, [1, 1, 0.5]));
    expect(margin(heavy, [0, 0, 0.5])).toBeLessThan(0);
  });
});
