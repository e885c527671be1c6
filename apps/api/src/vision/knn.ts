/**
 * Exact k-nearest-neighbour search over unit vectors held in one Float32Array (row-major, one row
 * per image): the score is the dot product, which for the combined vectors of `features.ts` is
 * the weighted similarity. A full scan of 50,000 × 604 floats takes a few tens of milliseconds on
 * one core (see `npm run bench:image-search`). pgvector is not used: no build exists for our PGlite
 * and Debian's PostgreSQL 15 has no package (decision 0021, addendum).
 */

/** One neighbour: the row's key and its score (dot product, −1…1; 1 = the same vector). */
export interface Neighbour {
  key: number;
  score: number;
}

/** A fixed-width matrix of vectors with a numeric key per row (a product id). */
export class VectorMatrix {
  readonly dims: number;
  private data: Float32Array;
  private keys: Float64Array;
  private rows = 0;

  constructor(dims: number, capacity = 1024) {
    this.dims = dims;
    this.data = new Float32Array(dims * Math.max(1, capacity));
    this.keys = new Float64Array(Math.max(1, capacity));
  }

  get size(): number {
    return this.rows;
  }

  /** Appends a row. Throws RangeError when `vector` has the wrong length. Keys are not deduplicated: build a new matrix to replace rows. */
  add(key: number, vector: Float32Array): void {
    if (vector.length !== this.dims) throw new RangeError(`vector of ${vector.length} floats, expected ${this.dims}`);
    if (this.rows === this.keys.length) {
      const grown = new Float32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
      const keys = new Float64Array(this.keys.length * 2);
      keys.set(this.keys);
      this.keys = keys;
    }
    this.data.set(vector, this.rows * this.dims);
    this.keys[this.rows++] = key;
  }

  /** The stored vector of the first row with `key`, or null. */
  vectorOf(key: number): Float32Array | null {
    for (let r = 0; r < this.rows; r++) if (this.keys[r] === key) return this.data.slice(r * this.dims, (r + 1) * this.dims);
    return null;
  }

  /**
   * The `k` rows with the highest dot product with `query`, best first (ties: lower row first).
   * `accept(key)` leaves rows out (filters, the query's own product). Throws RangeError on a query of the wrong length.
   */
  search(query: Float32Array, k: number, accept?: (key: number) => boolean): Neighbour[] {
    if (query.length !== this.dims) throw new RangeError(`query of ${query.length} floats, expected ${this.dims}`);
    if (k <= 0) return [];
    const d = this.dims;
    const d4 = d - (d % 4);
    const data = this.data;
    // A sorted (descending) buffer of the best k; rows rarely enter once it is full.
    const bestScore = new Float64Array(k);
    const bestRow = new Int32Array(k);
    let filled = 0;
    let floor = -Infinity;
    for (let r = 0; r < this.rows; r++) {
      // Four running sums: independent additions let the CPU overlap them (the scan of 50,000 × 604
      // floats takes about half the time of one running sum; `npm run bench:image-search`).
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      const o = r * d;
      let i = 0;
      for (; i < d4; i += 4) {
        const p = o + i;
        s0 += data[p]! * query[i]!;
        s1 += data[p + 1]! * query[i + 1]!;
        s2 += data[p + 2]! * query[i + 2]!;
        s3 += data[p + 3]! * query[i + 3]!;
      }
      for (; i < d; i++) s0 += data[o + i]! * query[i]!;
      const s = s0 + s1 + (s2 + s3);
      if (filled === k && s <= floor) continue;
      if (accept && !accept(this.keys[r]!)) continue;
      let j = filled < k ? filled++ : k - 1;
      while (j > 0 && bestScore[j - 1]! < s) {
        bestScore[j] = bestScore[j - 1]!;
        bestRow[j] = bestRow[j - 1]!;
        j--;
      }
      bestScore[j] = s;
      bestRow[j] = r;
      if (filled === k) floor = bestScore[k - 1]!;
    }
    const out: Neighbour[] = [];
    for (let i = 0; i < filled; i++) out.push({ key: this.keys[bestRow[i]!]!, score: bestScore[i]! });
    return out;
  }
}
