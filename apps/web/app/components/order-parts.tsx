/**
 * Pieces shared by the checkout, its confirmation and the orders page (issue 15): the bought
 * item's line, the totals (integer cents, formatted by core `formatPrice`), and the labels that
 * say a payment is in test mode. Layout fits 375 px.
 */
import type { OrderItem } from '@b-deals/contracts';
import { formatPrice, productHref } from '@b-deals/core';
import { Link } from '../lib/router-links';

/** The documented test cards of the test provider and what each does. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'is declined: insufficient funds' },
] as const;

/** The prominent test-mode label of the checkout (spec: "labelled 'test mode' on the page"). */
export function TestModeBanner() {
  return (
    <p data-testid="test-mode" className="rounded-xl border-2 border-amber-500 bg-amber-50 px-4 py-3 font-semibold text-amber-950">
      <span className="mr-2 inline-block rounded bg-amber-500 px-2 py-0.5 text-sm font-bold tracking-wide text-stone-950">TEST MODE</span>
      No money moves; use card <span className="whitespace-nowrap tabular-nums">4242 4242 4242 4242</span>, any future expiry date and any 3 digits.
    </p>
  );
}

/** A small "Test mode" badge for an order paid with the test provider. */
export function TestModeBadge() {
  return <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-bold tracking-wide text-amber-950 uppercase ring-1 ring-amber-400">Test mode</span>;
}

/** The bought item: image, name (to its product page), merchant, size and colour, quantity × unit price. */
export function OrderItemLine({ item, headingLevel = 3 }: { item: OrderItem; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  const options = [item.size ? `Size ${item.size}` : null, item.color ? `Colour ${item.color}` : null].filter(Boolean).join(' · ');
  return (
    <div className="flex gap-3">
      <div className="size-20 shrink-0 overflow-hidden rounded-lg border border-stone-200 bg-stone-50">
        {item.image ? (
          <img src={item.image.thumbnail.url} alt="" width={80} height={80} loading="lazy" className="h-full w-full object-contain mix-blend-multiply" />
        ) : null}
      </div>
      <div className="min-w-0 flex-1 text-sm">
        <Heading className="text-base leading-snug font-semibold">
          <Link to={productHref(item.productSlug, item.productId)} className="hover:text-accent-700 hover:underline">
            {item.productName}
          </Link>
        </Heading>
        <p className="mt-0.5 text-stone-700">Sold and shipped by {item.merchant.name}</p>
        {options ? <p className="text-stone-700">{options}</p> : null}
        <p className="text-stone-700">
          Qty {item.quantity} × <span className="tabular-nums">{formatPrice(item.unitPrice)}</span>
        </p>
      </div>
    </div>
  );
}

/**
 * The totals as a description list: subtotal, shipping, the sales-tax estimate (null: "Choose a
 * state" — it depends on the shipping address) and the total in USD. All amounts in cents.
 */
export function TotalsList({ subtotal, shipping, tax, total }: { subtotal: number; shipping: number; tax: number | null; total: number }) {
  const row = 'flex justify-between gap-4 py-1';
  return (
    <dl className="text-sm" data-testid="totals">
      <div className={row}>
        <dt>Subtotal</dt>
        <dd className="tabular-nums">{formatPrice(subtotal)}</dd>
      </div>
      <div className={row}>
        <dt>Shipping</dt>
        <dd className="tabular-nums">{shipping === 0 ? 'Free' : formatPrice(shipping)}</dd>
      </div>
      <div className={row}>
        <dt>Estimated sales tax</dt>
        <dd className="text-right tabular-nums" data-testid="tax">
          {tax === null ? <span className="text-stone-600">Choose a state</span> : formatPrice(tax)}
        </dd>
      </div>
      <div className={`${row} mt-1 border-t border-stone-200 pt-2 text-base font-bold`}>
        <dt>Total (USD)</dt>
        <dd className="tabular-nums" data-testid="total">
          {formatPrice(total)}
        </dd>
      </div>
    </dl>
  );
}
