/**
 * L2-regularised logistic regression for `npm run train:matching` (the offer matcher's learned
 * scorer, decision 0010): small, dense, deterministic. No dependencies.
 */

/** Newton–Raphson iterations at most (it stops earlier once a step changes no weight by 1e-9). */
const ITERATIONS = 50;

/** Solves `A x = b` by Gaussian elimination with partial pivoting (A is small and positive definite). */
function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
    [M[c], M[p]] = [M[p]!, M[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r]![c]! / M[c]![c]!;
      for (let k = c; k <= n; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  return M.map((row, i) => row[n]! / row[i]!);
}

/**
 * Fits a logistic regression: returns `[bias, ...weights]` for rows `x` (features, without the
 * constant) and labels `y` (0 or 1), minimising the log loss plus `lambda`/2 × the squared
 * weights (the bias is not penalised), by Newton–Raphson from zero weights, so the same data
 * always gives the same weights.
 */
export function fitLogistic(x: number[][], y: number[], lambda: number, iterations = ITERATIONS): number[] {
  const d = (x[0]?.length ?? 0) + 1;
  let w = new Array<number>(d).fill(0);
  for (let it = 0; it < iterations; it++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    x.forEach((row, i) => {
      const xi = [1, ...row];
      const z = xi.reduce((s, v, j) => s + v * w[j]!, 0);
      const p = 1 / (1 + Math.exp(-z));
      const r = p * (1 - p);
      for (let j = 0; j < d; j++) {
        grad[j]! += (p - y[i]!) * xi[j]!;
        for (let k = 0; k < d; k++) hess[j]![k]! += r * xi[j]! * xi[k]!;
      }
    });
    for (let j = 1; j < d; j++) {
      grad[j]! += lambda * w[j]!;
      hess[j]![j]! += lambda;
    }
    const step = solve(hess, grad);
    w = w.map((v, j) => v - step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  return w;
}
