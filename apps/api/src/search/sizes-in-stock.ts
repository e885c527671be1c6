/**
 * Sizes in stock per product for the search snapshot's size filter and facet (issue 11 §3;
 * `GET /inventory/api/v1/sizes` counts the same labels). Used by `buildSnapshot` (snapshot.ts).
 */
import { shoeAudience, sizeFilterValue, sortSizes } from '@b-deals/core';
import type { Queryable } from '@b-deals/db';
import type { Snapshot } from './snapshot.ts';

/**
 * Every product's sizes in stock now, as CSR lists over the rows of `rowById`: the filter values
 * (core `sizeFilterValue`: `US 8 / EU 41` → `US 8`; in the women's and men's shoe departments
 * `EU 41` → `US 8` too) of the GMC `size` labels some active offer has in stock (`offers.size_stock`
 * keys; issue 11 §3), the labels `GET /inventory/api/v1/sizes` counts. `codeOfRow` gives a row's
 * category code. Values are indexed in natural size order.
 */
export async function readSizesInStock(
  db: Queryable,
  rowById: Map<number, number>,
  codeOfRow: (row: number) => string,
): Promise<Pick<Snapshot, 'sizes' | 'sizeBy' | 'sizeStart' | 'sizeList'>> {
  const res = await db.query<{ product_id: string | number; sizes: string[] }>(
    `SELECT o.product_id, array_agg(DISTINCT s.size) AS sizes
       FROM offers o, jsonb_object_keys(o.size_stock) AS s(size)
      WHERE o.active AND o.availability = 'in_stock'
      GROUP BY o.product_id`,
  );
  const values = res.rows.map((r) => {
    const row = rowById.get(Number(r.product_id));
    const audience = row === undefined ? null : shoeAudience(codeOfRow(row), null);
    return [...new Set(r.sizes.map((label) => sizeFilterValue(label, audience)))];
  });
  const sizes = sortSizes([...new Set(values.flat())]);
  const sizeBy = new Map(sizes.map((value, i) => [value, i]));
  const n = rowById.size;
  const perRow: Array<number[] | undefined> = new Array<number[] | undefined>(n);
  res.rows.forEach((r, i) => {
    const row = rowById.get(Number(r.product_id));
    if (row !== undefined) perRow[row] = values[i]!.map((value) => sizeBy.get(value)!);
  });
  const sizeStart = new Uint32Array(n + 1);
  const items: number[] = [];
  for (let row = 0; row < n; row++) {
    sizeStart[row] = items.length;
    for (const i of perRow[row] ?? []) items.push(i);
  }
  sizeStart[n] = items.length;
  return { sizes, sizeBy, sizeStart, sizeList: Int32Array.from(items) };
}
