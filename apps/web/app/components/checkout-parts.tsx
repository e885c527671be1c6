/**
 * Parts of the /checkout/ page (components/checkout-form.tsx, issue 15 §2, §3, §6): the labelled
 * field with its message, a fieldset, the notice of a checkout that can no longer be paid, and
 * the order summary with the sales-tax estimate of the chosen state.
 */
import type { CheckoutSession } from '@b-deals/contracts';
import { internalHref, productHref, usArea } from '@b-deals/core';
import type { ReactNode } from 'react';
import { Link } from '../lib/router-links';
import { describedBy, FieldMessage } from './account-form';
import { OrderItemLine, TotalsList } from './order-parts';
import { CHECKOUT_LABELS, checkoutTotals, type CheckoutField, type OrderFailure } from '../lib/checkout';

/** The look of every checkout input, with the invalid state's red border. */
export const inputClass =
  'block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-base text-stone-900 placeholder:text-stone-500 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700';

interface FieldProps {
  name: CheckoutField;
  value: string;
  onChange: (name: CheckoutField, value: string) => void;
  error?: string;
  autoComplete: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  hint?: string;
  optional?: boolean;
  maxLength?: number;
  placeholder?: string;
  /** False for the card's fields: no `name`, so the browser never posts them with the form. */
  posted?: boolean;
  className?: string;
}

/** A labelled input; `name` is also its id (the error summary links to `#name`). */
export function Field(p: FieldProps) {
  return (
    <div className={p.className ?? ''}>
      <label htmlFor={p.name} className="mb-1 block font-medium">
        {CHECKOUT_LABELS[p.name]}
        {p.optional ? <span className="font-normal text-stone-600"> (optional)</span> : null}
      </label>
      <input
        id={p.name}
        name={p.posted === false ? undefined : p.name}
        type={p.type ?? 'text'}
        inputMode={p.inputMode}
        autoComplete={p.autoComplete}
        value={p.value}
        maxLength={p.maxLength}
        placeholder={p.placeholder}
        required={!p.optional}
        spellCheck={p.type === 'email' ? false : undefined}
        autoCapitalize={p.type === 'email' ? 'none' : undefined}
        onChange={(e) => p.onChange(p.name, e.currentTarget.value)}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy(p.name, p.error, p.hint)}
        className={inputClass}
      />
      <FieldMessage id={p.name} error={p.error} hint={p.hint} />
    </div>
  );
}

/** A bordered group of fields with its legend, two columns from the small breakpoint. */
export function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-2xl border border-stone-200 p-4 sm:p-5">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** Why this checkout cannot be paid any more, with the way on. */
export function Halted({ reason, session }: { reason: NonNullable<OrderFailure['checkout']>; session: CheckoutSession }) {
  const product = productHref(session.item.productSlug, session.item.productId);
  const text = {
    expired: 'This checkout has expired: we hold a price for 30 minutes. Open the product again to see its price now and buy it.',
    completed: 'This checkout is already paid. Your order is in My orders.',
    stale: 'The offer changed since you began (its price, or what is in stock). Open the product again to see it as it is now.',
  }[reason];
  return (
    <div className="rounded-xl border-2 border-stone-800 bg-white p-4" data-testid="checkout-halted">
      <p className="font-semibold">{text}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        {reason === 'completed' ? (
          <Link to={internalHref('/order')} className="rounded-lg bg-accent-600 px-4 py-2 font-medium text-white hover:bg-accent-700">
            See My orders
          </Link>
        ) : (
          <Link to={product} className="rounded-lg bg-accent-600 px-4 py-2 font-medium text-white hover:bg-accent-700">
            Back to the product
          </Link>
        )}
      </div>
    </div>
  );
}

/** The order summary: item, totals for the chosen state, and what the tax line means. */
export function Summary({ session, state }: { session: CheckoutSession; state: string }) {
  const totals = checkoutTotals(session, state);
  const area = usArea(state);
  return (
    <section aria-labelledby="summary-heading" className="rounded-2xl border border-stone-200 bg-stone-50 p-4 sm:p-5 lg:sticky lg:top-4">
      <h2 id="summary-heading" className="text-lg font-semibold">
        Order summary
      </h2>
      <div className="mt-3">
        <OrderItemLine item={session.item} />
      </div>
      <div className="mt-4 border-t border-stone-200 pt-3">
        <TotalsList {...totals} />
      </div>
      <p className="mt-3 text-xs text-stone-600">
        {area
          ? `Sales tax is an estimate at ${area.name}’s state rate; local taxes are not included.`
          : 'Sales tax is estimated from the state you ship to; local taxes are not included.'}{' '}
        Prices in US dollars; {session.item.merchant.name} ships the order.
      </p>
    </section>
  );
}
