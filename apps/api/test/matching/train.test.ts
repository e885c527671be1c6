import { describe, expect, it } from 'vitest';
import { fitLogistic } from '../../eval/matching/logistic.ts';

describe('fitLogistic (npm run train:matching)', () => {
  // y = 1 mostly when x0 is high; x1 is noise.
  const x = Array.from({ length: 200 }, (_, i) => [(i % 20) / 20, ((i * 7) % 13) / 13]);
  const y = x.map(([a], i) => (a! > 0.5 !== (i % 17 === 0) ? 1 : 0));

  it('learns a positive weight for the informative feature and little for noise', () => {
    const [bias, w0, w1] = fitLogistic(x, y, 0.1);
    expect(w0).toBeGreaterThan(5);
    expect(Math.abs(w1!)).toBeLessThan(Math.abs(w0!) / 5);
    expect(bias).toBeLessThan(0);
  });

  it('is deterministic and shrinks the weights as the penalty grows', () => {
    expect(fitLogistic(x, y, 1)).toEqual(fitLogistic(x, y, 1));
    expect(Math.abs(fitLogistic(x, y, 100)[1]!)).toBeLessThan(Math.abs(fitLogistic(x, y, 1)[1]!));
  });
});
