/**
 * Gradient-boosted regression trees, used by the buy-or-wait advice (issue 16 §3): small trees
 * fitted to the residual log loss of a logistic model, so they add the feature interactions and
 * sharp thresholds a weighted sum cannot express (a price 10 % over its 90-day low waits where
 * 5 % does not). Deterministic: exact greedy splits, ties to the lower feature index and
 * threshold, no sampling. No dependencies. (Tried for the offer matcher and withdrawn:
 * apps/api/eval/matching/README.md.)
 */

/**
 * A regression tree over a feature vector (indices into it), as parallel arrays by node id, root
 * 0: an inner node sends a row `left` when `feature < threshold`, else `right`; a leaf
 * (`feature` −1) holds `value`, a margin (log-odds) added to a logistic model's sum.
 */
export interface Tree {
  feature: number[];
  threshold: number[];
  left: number[];
  right: number[];
  value: number[];
}

/** The margin `tree` gives the feature vector `x`. */
export function treeValue(tree: Tree, x: readonly number[]): number {
  let node = 0;
  while (tree.feature[node]! >= 0) node = x[tree.feature[node]!]! < tree.threshold[node]! ? tree.left[node]! : tree.right[node]!;
  return tree.value[node]!;
}

/** Settings of {@link fitBoosted}. */
export interface BoostOptions {
  /** Trees to grow. */
  trees: number;
  /** Depth of each tree (levels of splits). */
  depth: number;
  /** Shrinkage applied to every leaf value. */
  learningRate: number;
  /** L2 penalty on leaf values (XGBoost's λ): leaf = −ΣG / (ΣH + λ). */
  lambda: number;
  /** Least hessian weight (Σ p(1−p)) a leaf may hold, so no leaf rests on a handful of pairs. */
  minLeafWeight: number;
}

/**
 * Fits `options.trees` trees by Newton boosting of the log loss, starting from the margins
 * `base` (the logistic scorer's bias + weighted sum for each row). Rows `x` are feature vectors,
 * `y` labels 0/1, `weights` (optional, default 1) each row's weight in the loss. Returns the trees (their values are added to the margin before the sigmoid).
 */
export function fitBoosted(x: number[][], y: number[], base: number[], options: BoostOptions, weights?: readonly number[]): Tree[] {
  const n = x.length;
  const d = x[0]?.length ?? 0;
  const margin = [...base];
  const trees: Tree[] = [];
  // Each feature's row order by value, computed once.
  const order = Array.from({ length: d }, (_, f) => Array.from({ length: n }, (_, i) => i).sort((i, j) => x[i]![f]! - x[j]![f]! || i - j));
  for (let t = 0; t < options.trees; t++) {
    const g = new Float64Array(n);
    const h = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-margin[i]!));
      const w = weights?.[i] ?? 1;
      g[i] = w * (p - y[i]!);
      h[i] = w * Math.max(p * (1 - p), 1e-6);
    }
    const tree: Tree = { feature: [], threshold: [], left: [], right: [], value: [] };
    const leafOf = new Int32Array(n);
    const grow = (rows: Uint8Array, level: number): number => {
      const id = tree.feature.length;
      tree.feature.push(-1);
      tree.threshold.push(0);
      tree.left.push(-1);
      tree.right.push(-1);
      let G = 0;
      let H = 0;
      for (let i = 0; i < n; i++)
        if (rows[i]) {
          G += g[i]!;
          H += h[i]!;
        }
      tree.value.push((-G / (H + options.lambda)) * options.learningRate);
      if (level >= options.depth) {
        for (let i = 0; i < n; i++) if (rows[i]) leafOf[i] = id;
        return id;
      }
      const parent = (G * G) / (H + options.lambda);
      let best = { gain: 1e-9, feature: -1, threshold: 0 };
      for (let f = 0; f < d; f++) {
        let gl = 0;
        let hl = 0;
        const ord = order[f]!;
        for (let k = 0; k < n; k++) {
          const i = ord[k]!;
          if (!rows[i]) continue;
          gl += g[i]!;
          hl += h[i]!;
          // Next row of this node in value order: split only between different values.
          let next = k + 1;
          while (next < n && !rows[ord[next]!]) next++;
          if (next >= n) break;
          const v = x[i]![f]!;
          const w = x[ord[next]!]![f]!;
          if (w === v) continue;
          const hr = H - hl;
          if (hl < options.minLeafWeight || hr < options.minLeafWeight) continue;
          const gr = G - gl;
          const gain = (gl * gl) / (hl + options.lambda) + (gr * gr) / (hr + options.lambda) - parent;
          if (gain > best.gain) best = { gain, feature: f, threshold: (v + w) / 2 };
        }
      }
      if (best.feature < 0) {
        for (let i = 0; i < n; i++) if (rows[i]) leafOf[i] = id;
        return id;
      }
      const l = new Uint8Array(n);
      const r = new Uint8Array(n);
      for (let i = 0; i < n; i++) if (rows[i]) (x[i]![best.feature]! < best.threshold ? l : r)[i] = 1;
      tree.feature[id] = best.feature;
      tree.threshold[id] = Math.round(best.threshold * 1e6) / 1e6;
      tree.left[id] = grow(l, level + 1);
      tree.right[id] = grow(r, level + 1);
      return id;
    };
    grow(new Uint8Array(n).fill(1), 0);
    // Leaf values rounded (the committed file stays small and exact); margins follow the rounded tree.
    tree.value = tree.value.map((v, id) => (tree.feature[id] === -1 ? Math.round(v * 1e5) / 1e5 : 0));
    for (let i = 0; i < n; i++) margin[i]! += tree.value[leafOf[i]!]!;
    trees.push(tree);
  }
  return trees;
}
