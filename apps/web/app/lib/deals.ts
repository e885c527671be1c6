/** Display rules of deals (promotions): the path of a deal page (spec §2.1) and its offer text. */
import { formatPrice } from '@b-deals/core';
import type { Promotion } from '@b-deals/contracts';

/** `/deal/{merchant-slug}/{slug}/?promoId={id}` (spec §2.1). */
export function dealHref(deal: Pick<Promotion, 'id' | 'slug' | 'merchant'>): string {
  return `/deal/${encodeURIComponent(deal.merchant.slug)}/${encodeURIComponent(deal.slug)}/?promoId=${deal.id}`;
}

/** "20% off", "$15 off", with " orders over $50" when a minimum applies; "Deal" when neither amount is set. */
export function dealOffer(deal: Pick<Promotion, 'discountPercent' | 'discountAmount' | 'minimumOrder'>): string {
  const off =
    deal.discountPercent !== null ? `${deal.discountPercent}% off` : deal.discountAmount !== null ? `${formatPrice(deal.discountAmount)} off` : 'Deal';
  return deal.minimumOrder ? `${off} orders over ${formatPrice(deal.minimumOrder)}` : off;
}

/** "Ends Mar 3, 2027" or "No end date". */
export function dealEnds(endsAt: string | null): string {
  if (!endsAt) return 'No end date';
  return `Ends ${new Date(endsAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`;
}
