/**
 * Product cards of a search page, read from the snapshot's card columns (decision 0003: a search
 * answers from memory, no row is read again): `search.ts` calls {@link cards} for its page and
 * for "More of the kind".
 */
import { WAS_CHECKS } from '@b-deals/core';
import type { ProductCard } from '@b-deals/contracts';
import { toCard } from '../catalog/index.ts';
import { LABEL_BITS, type Snapshot } from './snapshot.ts';

/** A snapshot amount (-1 for none) as a nullable cents value. */
const orNull = (cents: number): number | null => (cents < 0 ? null : cents);

/** The page's product cards, from the snapshot's card fields, in the page's order. */
export function cards(s: Snapshot, rows: number[]): ProductCard[] {
  return rows.map((r) => {
    const brand = s.brandOf[r]!;
    const was = s.wasPrice[r]!;
    const item = s.itemPrice[r]!;
    const ship = s.shipping[r]!;
    return toCard({
      id: s.ids[r]!,
      slug: s.slug[r]!,
      title: s.title[r]!,
      price_cents: s.price[r]! < 0 ? null : s.price[r]!,
      item_price_cents: item < 0 ? null : item,
      shipping_cents: ship < 0 ? null : ship,
      was_price_cents: was < 0 ? null : was,
      discount_pct: s.discount[r]!,
      category_code: s.codes[s.codeOf[r]!]!,
      in_stock: (s.labels[r]! & LABEL_BITS.in_stock) !== 0,
      image_url: s.imageUrl[r]!,
      merchant_count: s.merchantStart[r + 1]! - s.merchantStart[r]!,
      brand_slug: brand < 0 ? null : s.brands[brand]!.slug,
      brand_name: brand < 0 ? null : s.brands[brand]!.name,
      low_90_prior_cents: orNull(s.low90Prior[r]!),
      observed_days_90: s.observed90[r]!,
      low_365_cents: orNull(s.low365[r]!),
      observed_days_365: s.observed365[r]!,
      was_check: s.wasCheck[r]! < 0 ? null : WAS_CHECKS[s.wasCheck[r]!]!,
      reference_price_cents: orNull(s.reference[r]!),
    });
  });
}
