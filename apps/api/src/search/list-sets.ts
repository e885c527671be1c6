/**
 * Distinct lists of a snapshot's per-row lists (decision 0003; issue 11 §3). A row's merchants
 * and its sizes in stock are lists in CSR form (`list[start[r] .. start[r + 1])`); most rows share
 * their list with many others (the same five letter sizes, the same two merchants). A facet pass
 * counts each row once under its list's id and spreads those counts over the lists' members at
 * the end, instead of touching every member of every matched row.
 */

/** One id per distinct list: row r's list is `list[start[of[r]] .. start[of[r] + 1])`. */
export interface ListSets {
  /** The list id of each row. */
  of: Int32Array;
  /** CSR bounds of each distinct list (length: lists + 1). */
  start: Uint32Array;
  /** Members of the distinct lists, each in the order of its first row. */
  list: Int32Array;
}

/**
 * Interns the `n` rows' lists of `start`/`list` (CSR; members in a stable order per row, as the
 * snapshot writes them): rows with equal lists share one id. O(total members).
 */
export function internLists(start: Uint32Array, list: Int32Array, n: number): ListSets {
  const ids = new Map<string, number>();
  const of = new Int32Array(n);
  const bounds: number[] = [0];
  const members: number[] = [];
  for (let r = 0; r < n; r++) {
    const items = list.subarray(start[r]!, start[r + 1]!);
    const key = items.join(',');
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
      for (const m of items) members.push(m);
      bounds.push(members.length);
    }
    of[r] = id;
  }
  return { of, start: Uint32Array.from(bounds), list: Int32Array.from(members) };
}

/** Adds `perList[id]` to each member's count in `counts`, for every list id counted (the end of a facet pass). */
export function spreadListCounts(sets: ListSets, perList: Int32Array, counts: Int32Array): void {
  for (let id = 0; id < perList.length; id++) {
    const c = perList[id]!;
    if (c === 0) continue;
    for (let k = sets.start[id]!; k < sets.start[id + 1]!; k++) counts[sets.list[k]!]! += c;
  }
}

/** Rows grouped by a small key (a category code index): the rows of key k are `list[start[k] .. start[k + 1])`, ascending. */
export interface RowGroups {
  start: Uint32Array;
  list: Int32Array;
}

/** Groups the rows `0 .. keyOf.length` by `keyOf[row]` (keys `0 .. keys - 1`); counting sort, O(rows + keys). */
export function groupRows(keyOf: ArrayLike<number>, keys: number): RowGroups {
  const start = new Uint32Array(keys + 1);
  for (let r = 0; r < keyOf.length; r++) start[keyOf[r]! + 1]!++;
  for (let k = 0; k < keys; k++) start[k + 1]! += start[k]!;
  const next = start.slice(0, keys);
  const list = new Int32Array(keyOf.length);
  for (let r = 0; r < keyOf.length; r++) list[next[keyOf[r]!]!++] = r;
  return { start, list };
}

/** Writes into `out` the rows of every key `k` with `allowed[k] === 1`; returns how many. */
export function rowsOfKeys(groups: RowGroups, allowed: Uint8Array, out: Int32Array): number {
  let n = 0;
  for (let k = 0; k < allowed.length; k++) {
    if (allowed[k] !== 1) continue;
    for (let i = groups.start[k]!; i < groups.start[k + 1]!; i++) out[n++] = groups.list[i]!;
  }
  return n;
}
