import { formatPrice } from '@b-deals/core/price';

/** Current price with the struck-through was price (both integer cents), formatted by core formatPrice (spec §3). */
export function Price({
  price,
  wasPrice,
  size = 'md',
}: {
  price: number;
  wasPrice?: number | null;
  size?: 'md' | 'lg';
}) {
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span
        data-testid="price-current"
        className={size === 'lg' ? 'text-3xl font-semibold' : 'font-semibold'}
      >
        {formatPrice(price)}
      </span>
      {wasPrice && wasPrice > price ? (
        <span className={`text-stone-500 ${size === 'lg' ? 'text-lg' : 'text-sm'}`}>
          <span className="sr-only">was </span>
          <s>{formatPrice(wasPrice)}</s>
        </span>
      ) : null}
    </span>
  );
}

/** "-30%" badge; renders nothing for a 0 discount. */
export function DiscountBadge({ discount }: { discount: number }) {
  if (discount <= 0) return null;
  return (
    <span className="rounded bg-sale px-1.5 py-0.5 text-xs font-bold text-white">-{discount}%</span>
  );
}
