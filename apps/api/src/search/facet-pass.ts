/**
 * The filter and facet pass of a search (decision 0003; search.ts `evaluateWith`): one pass over
 * the candidate rows of the snapshot, keeping those that pass every filter with their score, and
 * counting the facets disjunctively (each facet under every active filter but its own).
 */
import type { Snapshot } from './snapshot.ts';

/** Factor of the text score of a product whose brand the query names (issue 11 §6: "nike running shoes"). */
export const BRAND_BOOST = 2;

/** Which facet's own filter a row failed (disjunctive counting). */
const Facet = { Department: 0, Brand: 1, Merchant: 2, Band: 3, Size: 4, Colour: 5 } as const;
const NO_FACET = -1;

/** The filters of a plan the pass reads itself (the others arrive as allowed-value tables). */
export interface PassPlan {
  /** Price range, cents: low inclusive, high exclusive; null for none. */
  price: { low: number; high: number } | null;
  /** Label bits (snapshot `LABEL_BITS`) every row must carry. */
  labelMask: number;
  marketBit: number; // 0 = any marketplace
}

/** What {@link scan} reads: allowed-value tables (null: no such filter), the plan and where to count. */
export interface ScanArgs {
  /** Whether the rows carry a text score (`scratch.relevance`). */
  text: boolean;
  withinAllowed: Uint8Array | null;
  catAllowed: Uint8Array | null;
  /** Brands named in the query (`namedBrands`), whose products' text scores are multiplied by BRAND_BOOST. */
  brandBoost: Uint8Array | null;
  brandAllowed: Uint8Array | null;
  merchAllowed: Uint8Array | null;
  sizeAllowed: Uint8Array | null;
  /** Bits of the chosen basic colours (snapshot `basicColours`); 0 for no colour filter. */
  colourMask: number;
  plan: PassPlan;
  withFacets: boolean;
  /** Facet counts; merchants and sizes per interned list (snapshot `merchantSets`, `sizeSets`), spread over their members after the pass. */
  counts: { departments: Int32Array; brands: Int32Array; merchantSets: Int32Array; bands: Int32Array; sizeSets: Int32Array; colours: Int32Array };
}

/**
 * One pass over the candidates (the first `found` rows of `scratch.found`: the text match or a
 * category listing's rows; every row when `found` is -1): rows passing every filter go to `scratch.matched` (returns how many) with their
 * text score; facet counts are disjunctive. Kept apart from `evaluate` so the optimiser compiles
 * this loop on its own.
 */
export function scan(s: Snapshot, found: number, a: ScanArgs): number {
  const { text, withinAllowed, catAllowed, brandAllowed, merchAllowed, sizeAllowed, colourMask, brandBoost, plan, withFacets } = a;
  const { labelMask, marketBit } = plan;
  const hasPrice = plan.price !== null;
  const low = plan.price?.low ?? 0;
  const high = plan.price?.high ?? Infinity;
  const listed = found >= 0;
  const count = listed ? found : s.n;
  const candidates = s.scratch.found;
  const { relevance, score, matched } = s.scratch;
  const deptCounts = a.counts.departments;
  const brandCounts = a.counts.brands;
  const merchSetCounts = a.counts.merchantSets;
  const bandCounts = a.counts.bands;
  const sizeSetCounts = a.counts.sizeSets;
  const colourCounts = a.counts.colours;
  // Locals, not property loads, in the loop below: it visits up to every product of the catalogue.
  const { labels, marketMask, codeOf, deptOf, brandOf, merchantStart, merchantList, sizeStart, sizeList, price, bandOf, popularity, basicColours } = s;
  const merchantSetOf = s.merchantSets.of;
  const sizeSetOf = s.sizeSets.of;
  let total = 0;

  for (let i = 0; i < count; i++) {
    const r = listed ? candidates[i]! : i;
    if ((labels[r]! & labelMask) !== labelMask) continue;
    if (marketBit !== 0 && (marketMask[r]! & marketBit) === 0) continue;
    if (withinAllowed !== null && withinAllowed[codeOf[r]!] === 0) continue;
    // The facet whose own filter the row failed (at most one, else the row counts nowhere).
    let failed = NO_FACET;
    if (catAllowed !== null && catAllowed[codeOf[r]!] === 0) failed = Facet.Department;
    const brand = brandOf[r]!;
    if (brandAllowed !== null && (brand < 0 || brandAllowed[brand] === 0)) {
      if (failed !== NO_FACET) continue;
      failed = Facet.Brand;
    }
    if (merchAllowed !== null) {
      const m0 = merchantStart[r]!;
      const m1 = merchantStart[r + 1]!;
      let any = false;
      for (let k = m0; k < m1 && !any; k++) any = merchAllowed[merchantList[k]!] === 1;
      if (!any) {
        if (failed !== NO_FACET) continue;
        failed = Facet.Merchant;
      }
    }
    if (hasPrice) {
      const p = price[r]!;
      if (p < low || p >= high) {
        if (failed !== NO_FACET) continue;
        failed = Facet.Band;
      }
    }
    if (sizeAllowed !== null) {
      const s0 = sizeStart[r]!;
      const s1 = sizeStart[r + 1]!;
      let any = false;
      for (let k = s0; k < s1 && !any; k++) any = sizeAllowed[sizeList[k]!] === 1;
      if (!any) {
        if (failed !== NO_FACET) continue;
        failed = Facet.Size;
      }
    }
    const colours = basicColours[r]!;
    if (colourMask !== 0 && (colours & colourMask) === 0) {
      if (failed !== NO_FACET) continue;
      failed = Facet.Colour;
    }
    if (failed === NO_FACET) {
      matched[total++] = r;
      if (text) score[r] = relevance[r]! * (1 + 0.1 * popularity[r]!) * (brandBoost !== null && brand >= 0 && brandBoost[brand] === 1 ? BRAND_BOOST : 1);
    }
    if (!withFacets) continue;
    if (failed === NO_FACET || failed === Facet.Department) {
      const d = deptOf[r]!;
      if (d >= 0) deptCounts[d]!++;
    }
    if ((failed === NO_FACET || failed === Facet.Brand) && brand >= 0) brandCounts[brand]!++;
    if (failed === NO_FACET || failed === Facet.Merchant) merchSetCounts[merchantSetOf[r]!]!++;
    if (failed === NO_FACET || failed === Facet.Band) {
      const b = bandOf[r]!;
      if (b >= 0) bandCounts[b]!++;
    }
    if (failed === NO_FACET || failed === Facet.Size) sizeSetCounts[sizeSetOf[r]!]!++;
    if ((failed === NO_FACET || failed === Facet.Colour) && colours !== 0) for (let b = colours, i = 0; b !== 0; b >>>= 1, i++) if (b & 1) colourCounts[i]!++;
  }

  return total;
}
