/**
 * The card field of a checkout in Stripe mode (issue 15 §3): Stripe's Payment Element mounted
 * after hydration (lib/stripe-payment.ts), with what the shopper needs around it: a label, a
 * loading line, the message when the form cannot load, and the last card error from Pay.
 * `cardRef` receives the mounted form for the checkout's Pay handler (null until it is ready);
 * `onState` hears each state (loading, ready, failed) so Pay can say why there is no card yet.
 */
import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { mountStripeCard, type StripeCard, type StripeCardState } from '../lib/stripe-payment';

export function StripeCardField({
  publishableKey,
  amountCents,
  cardRef,
  error,
  onState,
}: {
  publishableKey: string;
  amountCents: number;
  cardRef: MutableRefObject<StripeCard | null>;
  /** The message of the last attempt (the card was incomplete, declined, or could not be used). */
  error?: string;
  onState?: (state: StripeCardState) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<StripeCardState>({ status: 'loading' });
  // The amount at mount time; later totals reach the element through setAmount below.
  const firstAmount = useRef(amountCents);
  const tell = useRef(onState);
  useEffect(() => {
    tell.current = onState;
  });

  useEffect(() => {
    let live = true;
    let mounted: StripeCard | null = null;
    void mountStripeCard(container.current!, {
      publishableKey,
      amountCents: firstAmount.current,
      onState: (s) => {
        if (!live) return;
        setState(s);
        tell.current?.(s);
      },
    }).then((card) => {
      if (!live) return card?.destroy();
      mounted = card;
      cardRef.current = card;
    });
    return () => {
      live = false;
      mounted?.destroy();
      cardRef.current = null;
    };
  }, [publishableKey, cardRef]);

  useEffect(() => {
    if (state.status === 'ready') cardRef.current?.setAmount(amountCents);
  }, [amountCents, state.status, cardRef]);

  return (
    <div className="mt-4" data-testid="stripe-card">
      <p id="card-label" className="mb-1 font-medium">
        Card
      </p>
      <div
        ref={container}
        role="group"
        aria-labelledby="card-label"
        aria-describedby={error ? 'card-error' : undefined}
        aria-busy={state.status === 'loading'}
        className="min-h-[3rem]"
      />
      {state.status === 'loading' ? (
        <p className="text-sm text-stone-600" role="status">
          Loading the secure card form…
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <p className="mt-2 font-medium text-red-800" role="alert" data-testid="card-unavailable">
          {state.message}
        </p>
      ) : null}
      {error ? (
        <p id="card-error" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <p className="mt-2 text-xs text-stone-600">Your card details go straight to Stripe, our payment provider. They never reach B-Deals.</p>
    </div>
  );
}
