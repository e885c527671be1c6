import { formatPrice, type PriceBadge as PriceBadgeKind, type WasCheck } from '@b-deals/core';

/**
 * How shipping reads beside a price: "Free shipping", "+ $5.95 shipping", or "Shipping not
 * stated" when the merchant's feed has no US shipping (decision 0006). Cents in.
 */
export function shippingText(shipping: number | null): string {
  if (shipping === null) return 'Shipping not stated';
  return shipping === 0 ? 'Free shipping' : `+ ${formatPrice(shipping)} shipping`;
}

/**
 * A best price (all integer cents, formatted by core formatPrice, spec §3): the total a shopper
 * pays in large type, and when `itemPrice` is given, the line that explains it — item price plus
 * shipping, free shipping, or shipping not stated (issue 20 §1). The struck-through was price is a
 * regular item price, so it stands beside the item price (or beside the total when the two agree).
 */
export function Price({
  price,
  itemPrice,
  shipping,
  wasPrice,
  size = 'md',
}: {
  price: number;
  itemPrice?: number;
  shipping?: number | null;
  wasPrice?: number | null;
  size?: 'md' | 'lg';
}) {
  const detailed = itemPrice !== undefined && shipping !== undefined;
  const paidShipping = detailed && shipping !== null && shipping > 0;
  const wasBase = detailed ? itemPrice : price;
  // "was" is said by app.css (`.price s::before`), not written into every card.
  const was = wasPrice && wasPrice > wasBase ? <s>{formatPrice(wasPrice)}</s> : null;
  // Styled by element under `.price` (app.css): a card repeats these four parts 24 times a page.
  return (
    <span className={size === 'lg' ? 'price price-lg' : 'price'}>
      <span>
        <strong data-testid="price-current">{formatPrice(price)}</strong>
        {paidShipping ? null : was}
      </span>
      {detailed ? (
        <small data-testid="price-shipping">
          {/* Whole strings, not adjacent text nodes: React would put a comment between those in each card. */}
          {paidShipping && was ? (
            <>
              {`${formatPrice(itemPrice)} `}
              {was}
              {` ${shippingText(shipping)}`}
            </>
          ) : paidShipping ? (
            `${formatPrice(itemPrice)} ${shippingText(shipping)}`
          ) : (
            shippingText(shipping)
          )}
        </small>
      ) : null}
    </span>
  );
}

/** "-30%" badge; renders nothing for a 0 discount. */
export function DiscountBadge({ discount }: { discount: number }) {
  if (discount <= 0) return null;
  return <span className="badge-sale">{`-${discount}%`}</span>;
}

/**
 * The discount badge of a card or page with the was-price check beside it (issue 16 §2): a
 * discount we verified against the offer's observed history shows as "-30%"; one we could not
 * verify, or found inflated, shows in an outlined style as "-30% claimed" (the merchant's claim,
 * labelled rather than hidden). Renders nothing for a 0 discount.
 */
export function CheckedDiscountBadge({ discount, check }: { discount: number; check: WasCheck | null }) {
  if (discount <= 0) return null;
  if (check === 'verified' || check === null) return <DiscountBadge discount={discount} />;
  return (
    <span data-testid="claimed-discount" className="badge-claimed">
      {`-${discount}% claimed`}
    </span>
  );
}

const BADGE_TEXT: Record<PriceBadgeKind, { short: string; long: string }> = {
  lowest_90: { short: 'Lowest in 90 days', long: 'Lowest price we have seen in the last 90 days' },
  good_deal: { short: 'Good deal', long: 'Good deal: within 5% of the lowest price we have seen' },
};

/** "Lowest in 90 days" or "Good deal" (core `priceBadge`), from our observed history; nothing for null. */
export function PriceBadge({ badge, long = false }: { badge: PriceBadgeKind | null; long?: boolean }) {
  if (!badge) return null;
  return <span className="badge-history">{long ? BADGE_TEXT[badge].long : BADGE_TEXT[badge].short}</span>;
}

/** "Out of stock": no store has the product (or, on the product page, the chosen option) in stock now. */
export function StockBadge() {
  return (
    <span data-testid="stock-badge" className="badge-stock">
      Out of stock
    </span>
  );
}

/**
 * What we know of a was-price, in a sentence for the product page (issue 16 §2; EU Omnibus
 * Art. 6a reference price): verified, inflated (with the reference), or claimed. Cents in.
 */
export function WasCheckNote({ check, reference }: { check: WasCheck | null; reference: number | null }) {
  if (!check) return null;
  const text =
    check === 'verified'
      ? `Discount checked: this offer was ${reference === null ? 'at its regular price' : formatPrice(reference)} or more in the 30 days before the sale.`
      : check === 'inflated'
        ? `Claimed discount: the lowest price we saw for this offer in the 30 days before the sale was ${formatPrice(reference ?? 0)}, below the "was" price.`
        : 'Claimed discount: we did not watch this offer before the sale, so the "was" price is the store\'s claim, not ours.';
  return (
    <p data-testid="was-check" className="mt-1 text-sm text-stone-700">
      {text}
    </p>
  );
}
