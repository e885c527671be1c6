/**
 * The facet values of a search's answer (issue 2 §10, issue 20 §9; decision 0003): what the one pass of
 * `facet-pass.ts` counted, turned into the lists `SearchResponse.facets` carries — departments, brands,
 * merchants, price bands, sizes and colours, each with its count, the values a condition selects always
 * named. Split from search.ts, which runs the pass.
 */
import { BASIC_COLOUR_LABELS, BASIC_COLOURS, DEPARTMENTS, PRICE_BANDS, sizeKind } from '@b-deals/core';
import type { FacetCount, SearchCondition, SearchResponse } from '@b-deals/contracts';
import type { ScanArgs } from './facet-pass.ts';
import { spreadListCounts } from './list-sets.ts';
import type { Snapshot } from './snapshot.ts';

/** Facet lengths: the most frequent brands, merchants and sizes are listed (count desc). */
const MAX_BRAND_FACETS = 40;
const MAX_MERCHANT_FACETS = 60;
const MAX_SIZE_FACETS = 80;

/**
 * Zeroed counters for the pass (`ScanArgs.counts`): per department, brand, price band and basic colour, and, when
 * `withFacets`, per interned merchant and size list of the snapshot (else those two are empty: nothing counts them).
 */
export function facetCounts(s: Snapshot, withFacets: boolean): ScanArgs['counts'] {
  return {
    departments: new Int32Array(DEPARTMENTS.length),
    brands: new Int32Array(s.brands.length),
    merchantSets: new Int32Array(withFacets ? s.merchantSets.start.length - 1 : 0),
    bands: new Int32Array(PRICE_BANDS.length),
    sizeSets: new Int32Array(withFacets ? s.sizeSets.start.length - 1 : 0),
    colours: new Int32Array(BASIC_COLOURS.length),
  };
}

/** The facets of an answer asked without them (`facets: false`): every list empty. */
export function emptyFacets(): SearchResponse['facets'] {
  return { departments: [], brands: [], merchants: [], priceBands: [], sizes: [], colors: [] };
}

/**
 * The facet lists of an answer from the pass's counts (`ScanArgs.counts`: per department index of core
 * `DEPARTMENTS`, per dense brand index, per interned merchant and size list of the snapshot, per price band
 * of core `PRICE_BANDS`, per basic colour of core `BASIC_COLOURS`), under condition `c` (whose selected
 * brands, merchants, sizes and colours are always listed). Departments, brands and merchants most products
 * first; price bands in band order; sizes by {@link sizeFacets}; colours by {@link colourFacets}.
 */
export function facetValues(s: Snapshot, c: SearchCondition, counts: ScanArgs['counts']): SearchResponse['facets'] {
  const merchCounts = new Int32Array(s.merchants.length);
  const sizeCounts = new Int32Array(s.sizes.length);
  spreadListCounts(s.merchantSets, counts.merchantSets, merchCounts);
  spreadListCounts(s.sizeSets, counts.sizeSets, sizeCounts);
  const dept = counts.departments;
  const bands = counts.bands;
  return {
    departments: DEPARTMENTS.flatMap((d, i) => (dept[i] && d.code ? [{ key: d.code, label: d.term, count: dept[i]! }] : [])).sort((a, b) => b.count - a.count),
    brands: topFacets(counts.brands, s.brands, MAX_BRAND_FACETS, c.b),
    merchants: topFacets(merchCounts, s.merchants, MAX_MERCHANT_FACETS, c.m),
    priceBands: PRICE_BANDS.flatMap((b, i) => (bands[i] ? [{ key: b.key, label: b.label, count: bands[i]! }] : [])),
    sizes: sizeFacets(sizeCounts, s.sizes, c.size),
    colors: colourFacets(counts.colours, c.color),
  };
}

/**
 * Colour facet values: every basic colour with products, in core `BASIC_COLOURS` order (black,
 * white, gray… multicolour), plus every selected colour even at 0 so the active filter keeps its name.
 */
function colourFacets(counts: Int32Array, selected: readonly string[]): FacetCount[] {
  return BASIC_COLOURS.flatMap((key, i) => (counts[i]! > 0 || selected.includes(key) ? [{ key, label: BASIC_COLOUR_LABELS[key], count: counts[i]! }] : []));
}

/**
 * Size facet values: the MAX_SIZE_FACETS sizes with the most products, plus every selected size
 * even at 0 so the active filter keeps its name. Listed by kind of size (core `sizeKind`: letter,
 * numeric, toddler…), the kind with the most products counted first, then in natural size order
 * within a kind (the snapshot's `sizes` are sorted so): women's clothing shows XS–XL before the
 * waist sizes fewer of its products come in, where a storefront shows only its first values.
 */
export function sizeFacets(counts: Int32Array, sizes: readonly string[], selected: readonly string[]): FacetCount[] {
  const present = [...counts.keys()].filter((i) => counts[i]! > 0);
  const kept = new Set(present.sort((a, b) => counts[b]! - counts[a]! || a - b).slice(0, MAX_SIZE_FACETS));
  for (const label of selected) {
    const i = sizes.indexOf(label);
    if (i >= 0) kept.add(i);
  }
  const kindTotals = new Map<number, number>();
  for (const i of kept) kindTotals.set(sizeKind(sizes[i]!), (kindTotals.get(sizeKind(sizes[i]!)) ?? 0) + counts[i]!);
  const kindOrder = (i: number) => -(kindTotals.get(sizeKind(sizes[i]!)) ?? 0);
  const out = [...kept]
    .sort((a, b) => kindOrder(a) - kindOrder(b) || sizeKind(sizes[a]!) - sizeKind(sizes[b]!) || a - b)
    .map((i) => ({ key: sizes[i]!, label: sizes[i]!, count: counts[i]! }));
  for (const label of selected) if (!sizes.includes(label)) out.push({ key: label, label, count: 0 });
  return out;
}

/**
 * The `max` values with the most products, most first; values the condition selects (`selected`
 * slugs) are always listed, also past `max` or with a count of 0, so the storefront can show
 * every active filter by its name (issue 20 §9).
 */
function topFacets(counts: Int32Array, refs: ReadonlyArray<{ slug: string; name: string }>, max: number, selected: readonly string[] = []): FacetCount[] {
  const out: FacetCount[] = [];
  counts.forEach((n, i) => {
    if (n > 0) out.push({ key: refs[i]!.slug, label: refs[i]!.name, count: n });
  });
  const top = out.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)).slice(0, max);
  for (const slug of selected) {
    if (top.some((f) => f.key === slug)) continue;
    const i = refs.findIndex((r) => r.slug === slug);
    if (i >= 0) top.push({ key: slug, label: refs[i]!.name, count: counts[i]! });
  }
  return top;
}
