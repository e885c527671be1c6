/**
 * The order of a listing's size filter values (search/facets.ts `sizeFacets`): the kind of size most of
 * the listing's products come in first, natural order within a kind, chosen sizes always listed.
 */
import { describe, expect, it } from 'vitest';
import { sortSizes } from '@b-deals/core';
import { sizeFacets } from '../src/search/facets.ts';

const sizes = sortSizes(['24', '25', '26', '32x30', 'XS', 'S', 'M', 'L', 'XL', '2T', 'One Size']);
const counts = (byLabel: Record<string, number>) => Int32Array.from(sizes, (s) => byLabel[s] ?? 0);
const keys = (c: Int32Array, selected: string[] = []) => sizeFacets(c, sizes, selected).map((f) => f.key);

describe('size facet order', () => {
  it('lists letter sizes before the waist sizes fewer products come in, each kind in size order', () => {
    const c = counts({ '24': 4, '25': 17, '26': 18, '32x30': 3, XS: 312, S: 340, M: 350, L: 330, XL: 200 });
    expect(keys(c)).toEqual(['XS', 'S', 'M', 'L', 'XL', '24', '25', '26', '32x30']);
  });

  it('lists numeric sizes first where most products come in them', () => {
    const c = counts({ '24': 40, '25': 30, M: 5, '2T': 1 });
    expect(keys(c)).toEqual(['24', '25', 'M', '2T']);
  });

  it('keeps a chosen size nobody has, at 0, after the others', () => {
    const c = counts({ S: 2, M: 1 });
    expect(sizeFacets(c, sizes, ['US 15'])).toEqual([
      { key: 'S', label: 'S', count: 2 },
      { key: 'M', label: 'M', count: 1 },
      { key: 'US 15', label: 'US 15', count: 0 },
    ]);
  });
});
