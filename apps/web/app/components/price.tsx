import { formatPrice } from '@b-deals/core';

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
  const was =
    wasPrice && wasPrice > wasBase ? (
      <span className={`text-stone-500 ${size === 'lg' ? 'text-lg' : 'text-sm'}`}>
        <span className="sr-only">was </span>
        <s>{formatPrice(wasPrice)}</s>
      </span>
    ) : null;
  return (
    <span className="inline-flex flex-col">
      <span className="inline-flex flex-wrap items-baseline gap-x-2">
        <span data-testid="price-current" className={size === 'lg' ? 'text-3xl font-semibold' : 'font-semibold'}>
          {formatPrice(price)}
        </span>
        {paidShipping ? null : was}
      </span>
      {detailed ? (
        <span data-testid="price-shipping" className={`text-stone-600 ${size === 'lg' ? 'text-sm' : 'text-xs'}`}>
          {paidShipping ? (
            <>
              {formatPrice(itemPrice)} {was} {shippingText(shipping)}
            </>
          ) : (
            shippingText(shipping)
          )}
        </span>
      ) : null}
    </span>
  );
}

/** "-30%" badge; renders nothing for a 0 discount. */
export function DiscountBadge({ discount }: { discount: number }) {
  if (discount <= 0) return null;
  return <span className="rounded bg-sale px-1.5 py-0.5 text-xs font-bold text-white">-{discount}%</span>;
}
