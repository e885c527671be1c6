/**
 * Stripe mode's card form (issue 15 §3): Stripe.js and its Payment Element, loaded only on a
 * checkout whose session names the Stripe provider, so the card never reaches B-Deals.
 *
 * - The shopper types the card into Stripe's own frame; {@link StripeCard.createPaymentMethod}
 *   turns it into a PaymentMethod id (`pm_…`) that the page sends to `POST /order/api/v1/order`.
 *   The API confirms a PaymentIntent with it (apps/api/src/orders/payments.ts) under the order's
 *   Idempotency-Key: Stripe's "finalize payments on the server" flow
 *   (docs.stripe.com/payments/finalize-payments-on-the-server, `paymentMethodCreation: 'manual'`).
 * - Cards only: no wallets (the storefront's Permissions-Policy turns the Payment Request API off)
 *   and no redirect-based methods (the PaymentIntent is created with `allow_redirects: 'never'`).
 * - Name and e-mail come from our form (the element does not ask them again); the element asks
 *   what the card needs (the billing country and ZIP).
 * - Stripe.js comes from js.stripe.com (the storefront's CSP admits it when the storefront has
 *   `STRIPE_PUBLISHABLE_KEY`, security-headers.ts); `@stripe/stripe-js/pure` loads it only when
 *   {@link mountStripeCard} is first called, never at import.
 *
 * Browser-only: call from effects and event handlers.
 */
import type { Stripe, StripeElements, StripePaymentElement, StripePaymentElementChangeEvent } from '@stripe/stripe-js';

/** What the shopper sees of the element: loading, ready to type, or failed to load (with the message to show). */
export type StripeCardState = { status: 'loading' } | { status: 'ready'; complete: boolean } | { status: 'failed'; message: string };

/** Shown when Stripe.js or its element cannot load (offline, blocked, or the storefront's CSP not configured for Stripe). */
export const STRIPE_LOAD_FAILED = 'The secure card form could not load. Check your connection and reload the page; nothing was charged.';

/** A mounted card form. */
export interface StripeCard {
  /**
   * Checks what was typed (Stripe shows its own messages in the frame) and creates the
   * PaymentMethod; resolves to its id, or to the message to show when the card is incomplete
   * or refused. Never rejects.
   */
  createPaymentMethod(billing: { name: string; email: string; phone?: string }): Promise<{ ok: true; id: string } | { ok: false; message: string }>;
  /** Keeps the amount the element knows in step with the total (cents, USD). */
  setAmount(cents: number): void;
  /** Unmounts the element (the page left, or the checkout closed). */
  destroy(): void;
}

/** The message of a Stripe.js error result, with a plain fallback. */
const messageOf = (error: { message?: string } | undefined, fallback: string) => error?.message?.trim() || fallback;

/**
 * Loads Stripe.js with `publishableKey` and mounts a card-only Payment Element into `container`
 * for `amountCents` (USD). `onState` hears loading → ready (and whether the card is complete) or
 * failed. Resolves to the mounted form, or null when Stripe.js could not load (`onState` has
 * then said why).
 */
export async function mountStripeCard(
  container: HTMLElement,
  opts: { publishableKey: string; amountCents: number; onState: (state: StripeCardState) => void },
): Promise<StripeCard | null> {
  const fail = () => {
    opts.onState({ status: 'failed', message: STRIPE_LOAD_FAILED });
    return null;
  };
  let stripe: Stripe | null;
  try {
    const { loadStripe } = await import('@stripe/stripe-js/pure');
    stripe = await loadStripe(opts.publishableKey);
  } catch {
    return fail();
  }
  if (!stripe) return fail();
  const elements: StripeElements = stripe.elements({
    mode: 'payment',
    amount: opts.amountCents,
    currency: 'usd',
    paymentMethodCreation: 'manual',
    allowedPaymentMethodTypes: ['card'],
    appearance: { theme: 'stripe', variables: { fontSizeBase: '16px', borderRadius: '8px' } },
  });
  const element: StripePaymentElement = elements.create('payment', {
    layout: 'tabs',
    fields: { billingDetails: { name: 'never', email: 'never' } },
    wallets: { applePay: 'never', googlePay: 'never' },
  });
  element.on('ready', () => opts.onState({ status: 'ready', complete: false }));
  element.on('change', (e: StripePaymentElementChangeEvent) => opts.onState({ status: 'ready', complete: e.complete }));
  element.on('loaderror', () => fail());
  element.mount(container);

  return {
    async createPaymentMethod(billing) {
      try {
        const submitted = await elements.submit();
        if (submitted.error) return { ok: false, message: messageOf(submitted.error, 'Check the card details.') };
        const result = await stripe.createPaymentMethod({
          elements,
          params: { billing_details: { name: billing.name, email: billing.email, ...(billing.phone ? { phone: billing.phone } : {}) } },
        });
        if (result.error || !result.paymentMethod)
          return { ok: false, message: messageOf(result.error, 'The card could not be used. Check it, or try another card.') };
        return { ok: true, id: result.paymentMethod.id };
      } catch {
        return { ok: false, message: 'The payment provider did not answer. Check your connection and press Pay again; nothing was charged.' };
      }
    },
    setAmount(cents) {
      elements.update({ amount: cents });
    },
    destroy() {
      element.destroy();
    },
  };
}
