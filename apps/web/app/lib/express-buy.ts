/**
 * The product page's Buy now form (issue 15 §1): what it sends, where it goes, and how the API's
 * refusals read; also the form as the storefront's server receives it without JavaScript. Kept
 * apart from lib/checkout.ts so that product pages do not load the checkout's rules (the US
 * areas table, the form checks); the browser's call is in checkout-client.ts, loaded when the
 * form is sent. Only types come from @b-deals/contracts: zod stays out of the browser bundle.
 */
import { internalHref } from '@b-deals/core';

/** Most units of one item in an express buy (the contracts' `MAX_QUANTITY`). */
export const MAX_QUANTITY = 10;

/** `POST` here starts an express checkout (`ExpressBuyBody` → 201 `CheckoutSession`). */
export const EXPRESS_BUY_API = '/order/api/v1/shoppingcart/express-buy';
/** The checkout page of session `id`: `/checkout/?id={id}`. */
export const checkoutHref = (id: string): string => internalHref('/checkout', new URLSearchParams({ id }));

// ---------------------------------------------------------------------------------------------
// The API's answers

/** An error answer's `{code, message, details}` (any field missing when the body was not one). */
export function errorBody(body: unknown): { code?: string; message?: string; details?: unknown } {
  const b = (body ?? {}) as Record<string, unknown>;
  return {
    code: typeof b.code === 'string' ? b.code : undefined,
    message: typeof b.message === 'string' && b.message ? b.message.slice(0, 400) : undefined,
    details: b.details,
  };
}

/** What the Buy now form shows after a refused express buy: the message, the field it is about, and the sizes still in stock when the API named them. */
export interface ExpressBuyFailure {
  message: string;
  field: 'size' | 'color' | null;
  sizesInStock: string[] | null;
}

/**
 * The Buy now form's message for an express-buy answer with `status` and `body` (status 0: the
 * API could not be reached): 400 `size_required` / `unknown_size` / `unknown_color`, 409
 * `sold_out` (with `details.sizesInStock` for a size) and `shipping_unknown`, 404.
 */
export function expressBuyFailure(status: number, body: unknown): ExpressBuyFailure {
  const { code, message, details } = errorBody(body);
  const stock = (details as { sizesInStock?: unknown } | undefined)?.sizesInStock;
  const sizesInStock = Array.isArray(stock) ? stock.filter((s): s is string => typeof s === 'string') : null;
  if (status === 400 && (code === 'size_required' || code === 'unknown_size'))
    return { message: message ?? 'Choose a size.', field: 'size', sizesInStock: null };
  if (status === 400 && code === 'unknown_color') return { message: message ?? 'Choose a colour.', field: 'color', sizesInStock: null };
  if (status === 409 && code === 'sold_out') return { message: message ?? 'This item is sold out.', field: sizesInStock ? 'size' : null, sizesInStock };
  if (status === 409 && message) return { message, field: null, sizesInStock: null };
  if (status === 404) return { message: 'This offer is no longer listed. Reload the page to see the current offers.', field: null, sizesInStock: null };
  if (status === 429) return { message: message ?? 'Too many tries just now. Wait a moment and try again.', field: null, sizesInStock: null };
  return { message: 'We could not start the checkout just now. Try again in a moment.', field: null, sizesInStock: null };
}

// ---------------------------------------------------------------------------------------------
// The Buy now form sent without JavaScript (POST /checkout/)

/**
 * The express buy a Buy now form asks for (`productId`, `offerId`, `size`, `color`, `quantity`
 * fields) and the product page to go back to (`back`, an internal `/prod/` path; else '/'), or
 * null when the ids are not ids.
 */
export function expressBuyFromForm(
  form: FormData,
): { body: { productId: number; offerId: number; size?: string; color?: string; quantity: number }; back: string } | null {
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === 'string' ? v.trim() : '';
  };
  const id = (k: string) => (/^\d{1,10}$/.test(text(k)) ? Number(text(k)) : 0);
  const productId = id('productId');
  const offerId = id('offerId');
  if (!productId || !offerId) return null;
  const quantity = Math.min(MAX_QUANTITY, Math.max(1, Number(text('quantity')) || 1));
  const back = text('back').startsWith('/prod/') && !text('back').startsWith('//') ? text('back') : '/';
  return {
    body: {
      productId,
      offerId,
      quantity,
      ...(text('size') ? { size: text('size').slice(0, 40) } : {}),
      ...(text('color') ? { color: text('color').slice(0, 60) } : {}),
    },
    back,
  };
}
