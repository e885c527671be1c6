/**
 * Interned per-row lists (search `list-sets.ts`): the merchant and size facets count each row once
 * under its list's id and spread the counts over the members at the end; the counts must equal
 * counting every member of every row.
 */
import { describe, expect, it } from 'vitest';
import { groupRows, internLists, rowsOfKeys, spreadListCounts } from '../src/search/list-sets.ts';

/** CSR form of per-row lists. */
function csr(rows: number[][]): { start: Uint32Array; list: Int32Array } {
  const start = new Uint32Array(rows.length + 1);
  const list: number[] = [];
  rows.forEach((r, i) => {
    start[i] = list.length;
    list.push(...r);
  });
  start[rows.length] = list.length;
  return { start, list: Int32Array.from(list) };
}

describe('internLists + spreadListCounts', () => {
  it('gives rows with equal lists one id, and keeps each list whole', () => {
    const rows = [[0, 2], [1], [0, 2], [], [1], [2, 0]];
    const { start, list } = csr(rows);
    const sets = internLists(start, list, rows.length);
    expect(sets.of[0]).toBe(sets.of[2]);
    expect(sets.of[1]).toBe(sets.of[4]);
    // Order counts: [2, 0] is another list than [0, 2] (the snapshot writes members in a stable order).
    expect(new Set(sets.of).size).toBe(4);
    rows.forEach((r, i) => expect([...sets.list.subarray(sets.start[sets.of[i]!]!, sets.start[sets.of[i]! + 1]!)]).toEqual(r));
  });

  it('counts as counting every member of every counted row', () => {
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const rows = Array.from({ length: 500 }, () => [...new Set(Array.from({ length: rand(5) }, () => rand(12)))].sort((a, b) => a - b));
    const { start, list } = csr(rows);
    const sets = internLists(start, list, rows.length);
    const counted = rows.map((_, i) => i).filter((i) => i % 3 !== 0);
    const direct = new Int32Array(12);
    for (const r of counted) for (const m of rows[r]!) direct[m]!++;
    const perList = new Int32Array(sets.start.length - 1);
    for (const r of counted) perList[sets.of[r]!]!++;
    const spread = new Int32Array(12);
    spreadListCounts(sets, perList, spread);
    expect([...spread]).toEqual([...direct]);
    expect(direct.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });
});

describe('groupRows + rowsOfKeys', () => {
  it("lists the rows of the allowed keys, each key's rows ascending, and no other", () => {
    const keyOf = Uint16Array.from([2, 0, 2, 1, 0, 2, 3]);
    const groups = groupRows(keyOf, 4);
    const out = new Int32Array(keyOf.length);
    const n = rowsOfKeys(groups, Uint8Array.from([1, 0, 1, 0]), out);
    expect([...out.subarray(0, n)]).toEqual([1, 4, 0, 2, 5]);
    expect(rowsOfKeys(groups, new Uint8Array(4), out)).toBe(0);
    expect(rowsOfKeys(groups, Uint8Array.from([1, 1, 1, 1]), out)).toBe(keyOf.length);
  });
});
