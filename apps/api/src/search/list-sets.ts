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
