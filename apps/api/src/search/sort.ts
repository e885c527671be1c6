/**
 * Ordering of search results (spec §9 sorts): the comparison of each sort key over a snapshot's
 * columns, and a top-k selection that avoids sorting every match.
 */
import type { SortKey } from '@b-deals/core';
import type { Snapshot } from './snapshot.ts';

type Compare = (a: number, b: number) => number;

/** A row order: the full comparison, and its first key (`sign` 1: higher first, -1: lower first) for a cheap early reject. */
interface Order {
  compare: Compare;
  primary: ArrayLike<number>;
  sign: 1 | -1;
}

/** Row order of a sort key (spec §9). Ties: lower product id first. */
export function rowOrder(s: Snapshot, sort: SortKey, text: boolean): Order {
  const compare = comparator(s, sort, text);
  const primary: Record<SortKey, [ArrayLike<number>, 1 | -1]> = {
    none: [text ? s.scratch.score : s.popularity, 1],
    sales: [s.clicks, 1],
    recency: [s.createdMs, 1],
    priceDescTag: [s.price, 1],
    priceAscTag: [s.price, -1],
    discountAsc: [s.discount, -1],
    discount: [s.discount, 1],
  };
  const [values, sign] = primary[sort];
  return { compare, primary: values, sign };
}

/** Row comparison of a sort key (spec §9); negative when row a comes first. Ties: lower product id first. */
function comparator(s: Snapshot, sort: SortKey, text: boolean): Compare {
  const { popularity: pop, ids } = s;
  const score = s.scratch.score;
  const byId: Compare = (a, b) => ids[a]! - ids[b]!;
  const then =
    (primary: Compare): Compare =>
    (a, b) =>
      primary(a, b) || byId(a, b);
  switch (sort) {
    case 'none':
      return text ? then((a, b) => score[b]! - score[a]!) : then((a, b) => pop[b]! - pop[a]!);
    case 'sales':
      return then((a, b) => s.clicks[b]! - s.clicks[a]! || pop[b]! - pop[a]!);
    case 'recency':
      return then((a, b) => s.createdMs[b]! - s.createdMs[a]!);
    case 'priceDescTag':
      return then((a, b) => s.price[b]! - s.price[a]!);
    case 'priceAscTag':
      return then((a, b) => s.price[a]! - s.price[b]!);
    case 'discountAsc':
      return then((a, b) => s.discount[a]! - s.discount[b]! || pop[b]! - pop[a]!);
    case 'discount':
      return then((a, b) => s.discount[b]! - s.discount[a]! || pop[b]! - pop[a]!);
  }
}

/**
 * The first `k` rows of `rows` in `order`, sorted: a bounded max-heap keeps the k best seen
 * (O(n log k)), so a page of 24 out of 50,000 matches does not sort all of them.
 */
export function topK(rows: ArrayLike<number>, k: number, { compare: order, primary, sign }: Order): number[] {
  if (rows.length <= k) return Array.from(rows).sort(order);
  const heap: number[] = []; // heap[0] is the worst of the best k
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < heap.length && order(heap[l]!, heap[worst]!) > 0) worst = l;
      if (r < heap.length && order(heap[r]!, heap[worst]!) > 0) worst = r;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst]!, heap[i]!];
      i = worst;
    }
  };
  for (let j = 0; j < rows.length; j++) {
    const row = rows[j]!;
    if (heap.length < k) {
      heap.push(row);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (order(heap[i]!, heap[parent]!) <= 0) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (sign * (primary[row]! - primary[heap[0]!]!) >= 0 && order(row, heap[0]!) < 0) {
      heap[0] = row;
      down(0);
    }
  }
  return heap.sort(order);
}
