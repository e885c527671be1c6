/**
 * "Buy now" on the product page (issue 15 §1): B-Deals Express Checkout of one offer — pay on
 * B-Deals, the merchant ships — beside the outbound "Buy at {merchant}" link, which buys on the
 * store's own site. The best buyable offer is chosen first (another store can be picked when
 * several can be bought here); a size is required when the offer has sizes, a colour when it has
 * several (a single one is taken as chosen), and a quantity up to {@link MAX_QUANTITY}. Which sizes
 * are in stock is not in the product's offers (contracts `Offer`), so every size is offered until
 * the API says one is sold out.
 *
 * With JavaScript the form calls `POST /order/api/v1/shoppingcart/express-buy` from the browser
 * and opens `/checkout/?id={session}`; the API's refusals (sold out, size required, shipping not
 * stated…) show under the button, and a size the API reports sold out is disabled. Without
 * JavaScript it posts to /checkout/, whose action makes the same call. Offers out of stock, or
 * whose store does not state its US shipping (no honest total), cannot be bought here.
 */
import type { Offer } from '@b-deals/contracts';
import { formatPrice, internalHref, productHref } from '@b-deals/core';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { checkoutHref, expressBuyFailure, MAX_QUANTITY, type ExpressBuyFailure } from '../lib/express-buy';
import { expressUnavailableReason, outOfStock } from '../lib/stock';

/** True when express checkout can take `offer`: in stock (or to order) and with stated US shipping. */
export const expressBuyable = (offer: Offer): boolean => !outOfStock(offer) && offer.shipping !== null;

const selectClass =
  'block w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700';

/**
 * The Buy now form of product `productId` (`slug` for the way back) over `offers` (best first, as
 * the page lists them); `size` and `color` are the page's chosen variant, preselected when the
 * offer has them.
 */
export function BuyNow({ productId, slug, offers, size, color }: { productId: number; slug: string; offers: Offer[]; size?: string; color?: string }) {
  const buyable = offers.filter(expressBuyable);
  const [offerId, setOfferId] = useState(buyable[0]?.id ?? 0);
  const offer = buyable.find((o) => o.id === offerId) ?? buyable[0];
  const [chosenSize, setSize] = useState(size ?? '');
  const [chosenColor, setColor] = useState(color ?? '');
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<(ExpressBuyFailure & { offerId: number }) | null>(null);
  const [soldOut, setSoldOut] = useState<Record<number, string[]>>({});
  const navigate = useNavigate();
  // A fixed id, not useId: the server (React) and the browser (Preact) would make different ones.
  const id = `buy-now-${productId}`;
  const sizeRef = useRef<HTMLSelectElement>(null);
  const colorRef = useRef<HTMLSelectElement>(null);

  if (!offer) {
    const reason = expressUnavailableReason(offers);
    return reason ? (
      <p className="mt-6 text-sm text-stone-600" data-testid="buy-now-unavailable">
        {reason}
      </p>
    ) : null;
  }

  const sizes = offer.sizes;
  const colors = offer.colors;
  const sizeValue = sizes.length === 1 ? sizes[0]! : sizes.includes(chosenSize) ? chosenSize : '';
  const colorValue = colors.length === 1 ? colors[0]! : colors.includes(chosenColor) ? chosenColor : '';
  const unavailable = new Set(soldOut[offer.id] ?? []);
  const shown = failure?.offerId === offer.id ? failure : null;
  const errorId = `${id}-error`;
  const invalid = (field: 'size' | 'color') => (shown?.field === field ? true : undefined);

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    if (sizes.length > 0 && !sizeValue) {
      setFailure({ message: 'Choose a size.', field: 'size', sizesInStock: null, offerId: offer.id });
      sizeRef.current?.focus();
      return;
    }
    if (unavailable.has(sizeValue)) {
      setFailure({
        message: `Size ${sizeValue} is sold out at ${offer.merchant.name}: choose another size.`,
        field: 'size',
        sizesInStock: null,
        offerId: offer.id,
      });
      sizeRef.current?.focus();
      return;
    }
    if (colors.length > 1 && !colorValue) {
      setFailure({ message: 'Choose a colour.', field: 'color', sizesInStock: null, offerId: offer.id });
      colorRef.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    // The call and its session handling load with the first Buy now (product pages stay light).
    const { startExpressBuy } = await import('../lib/checkout-client');
    const res = await startExpressBuy({
      productId,
      offerId: offer.id,
      quantity,
      ...(sizeValue ? { size: sizeValue } : {}),
      ...(colorValue ? { color: colorValue } : {}),
    });
    if (res.ok) {
      navigate(checkoutHref(res.session.id));
      return;
    }
    const f = expressBuyFailure(res.status, res.body);
    if (f.sizesInStock) {
      const inStock = f.sizesInStock;
      setSoldOut((s) => ({ ...s, [offer.id]: sizes.filter((x) => !inStock.includes(x)) }));
    }
    setFailure({ ...f, offerId: offer.id });
    setBusy(false);
    if (f.field === 'size') sizeRef.current?.focus();
    if (f.field === 'color') colorRef.current?.focus();
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6 rounded-2xl border border-stone-200 bg-stone-50 p-4" data-testid="buy-now-panel">
      <h2 id={`${id}-heading`} className="font-semibold">
        Buy now on B-Deals
      </h2>
      <p className="mt-0.5 text-sm text-stone-700">
        Express checkout: you pay here, {buyable.length > 1 ? 'the store you choose' : offer.merchant.name} ships it to you.
      </p>
      {offers[0] && !expressBuyable(offers[0]) ? (
        <p className="mt-1 text-sm text-stone-600">
          {offers[0].merchant.name}, the best price, {offers[0].shipping === null ? 'does not state its shipping cost' : 'is out of stock'}, so it cannot be
          bought here.
        </p>
      ) : null}
      <form method="post" action={internalHref('/checkout')} onSubmit={submit} noValidate className="mt-3">
        <input type="hidden" name="intent" value="express-buy" />
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="back" value={productHref(slug, productId)} />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {buyable.length > 1 ? (
            <div className="col-span-2 sm:col-span-3">
              <label htmlFor={`${id}-offer`} className="mb-1 block text-sm font-medium">
                Sold by <span className="font-normal text-stone-600">(price with shipping)</span>
              </label>
              <select
                id={`${id}-offer`}
                name="offerId"
                value={offer.id}
                onChange={(e) => {
                  setOfferId(Number(e.target.value));
                  setFailure(null);
                }}
                className={selectClass}
              >
                {buyable.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.merchant.name}, {formatPrice(o.total)}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <input type="hidden" name="offerId" value={offer.id} />
          )}
          {sizes.length > 0 ? (
            <div>
              <label htmlFor={`${id}-size`} className="mb-1 block text-sm font-medium">
                Size
              </label>
              <select
                ref={sizeRef}
                id={`${id}-size`}
                name="size"
                required
                value={sizeValue}
                onChange={(e) => setSize(e.target.value)}
                aria-invalid={invalid('size')}
                aria-describedby={invalid('size') ? errorId : undefined}
                className={selectClass}
              >
                <option value="">Choose</option>
                {sizes.map((s) => (
                  <option key={s} value={s} disabled={unavailable.has(s)}>
                    {unavailable.has(s) ? `${s} (sold out)` : s}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {colors.length > 1 ? (
            <div>
              <label htmlFor={`${id}-color`} className="mb-1 block text-sm font-medium">
                Colour
              </label>
              <select
                ref={colorRef}
                id={`${id}-color`}
                name="color"
                required
                value={colorValue}
                onChange={(e) => setColor(e.target.value)}
                aria-invalid={invalid('color')}
                aria-describedby={invalid('color') ? errorId : undefined}
                className={selectClass}
              >
                <option value="">Choose</option>
                {colors.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
          ) : colors.length === 1 ? (
            <input type="hidden" name="color" value={colors[0]} />
          ) : null}
          <div>
            <label htmlFor={`${id}-qty`} className="mb-1 block text-sm font-medium">
              Quantity
            </label>
            <select id={`${id}-qty`} name="quantity" value={quantity} onChange={(e) => setQuantity(Number(e.target.value))} className={selectClass}>
              {Array.from({ length: MAX_QUANTITY }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button
          type="submit"
          data-testid="buy-now"
          disabled={busy}
          aria-describedby={shown ? errorId : undefined}
          className="mt-4 w-full rounded-xl bg-stone-900 px-6 py-3 font-semibold text-white hover:bg-stone-700 disabled:opacity-70 sm:w-auto"
        >
          {busy ? 'Starting checkout…' : `Buy now from ${offer.merchant.name}`}
        </button>
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700 empty:hidden">
          {shown?.message ?? ''}
        </p>
        <p className="mt-2 text-xs text-stone-600">
          {formatPrice(offer.price)} each{offer.shipping === 0 ? ' with free shipping' : ` + ${formatPrice(offer.shipping ?? 0)} shipping`}; the total with
          sales tax is shown before you pay. “Buy at …” above opens the store’s own site instead.
        </p>
      </form>
    </section>
  );
}
