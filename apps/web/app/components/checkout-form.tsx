/**
 * The /checkout/ page's form and order summary (issue 15 §2, §3, §6): contact, US shipping
 * address, the card (test provider) and Pay with the total; beside it (above it at 375 px) the
 * item, subtotal, shipping, the sales-tax estimate of the chosen state and the total in USD.
 *
 * - Every field is labelled, carries its autocomplete token, and its message is linked with
 *   aria-describedby; the error summary (focused when errors change) links to each field.
 * - Problems are found in the browser first (lib/checkout.ts, the API's messages and ZIP rule),
 *   then the API's answer goes next to the field it names or into the summary. The input is kept
 *   after every error; a decline ends the attempt, so the next Pay sends a new Idempotency-Key,
 *   while any other failure retries with the same key (the API never charges one key twice).
 * - A visitor fills the form and is asked to sign in (or register) to pay; what they typed, but
 *   never the card, is kept in sessionStorage and restored when they come back to this checkout.
 * - The card inputs have no `name`: a form sent before the page is live never carries the card
 *   to the storefront.
 * - Stripe mode (the session names the Stripe provider and its publishable key): our card inputs
 *   give way to Stripe's Payment Element (components/stripe-card-field.tsx); Pay first turns the
 *   card into a PaymentMethod id in the browser, then sends only that id with the order.
 */
import type { CheckoutSession, Profile, WorldAreas } from '@b-deals/contracts';
import { formatPrice, internalHref } from '@b-deals/core';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../lib/router-links';
import { describedBy, ErrorSummary, FieldMessage } from './account-form';
import { TEST_CARDS, TestModeBanner } from './order-parts';
import { Field, Fieldset, Halted, inputClass, Summary } from './checkout-parts';
import { StripeCardField } from './stripe-card-field';
import type { FormErrors } from '../lib/auth-forms';
import { useHydrated } from '../lib/hooks';
import { loginHref } from '../lib/auth-client';
import {
  areaGroups,
  CHECKOUT_LABELS,
  checkoutProblems,
  checkoutTotals,
  EMPTY_CHECKOUT_FORM,
  formatCardNumber,
  formatExpiry,
  newIdempotencyKey,
  orderFailure,
  placedHref,
  placeOrderBody,
  STRIPE_CARD_FIELD,
  stripeCardErrors,
  type CheckoutField,
  type CheckoutForm,
  type OrderFailure,
} from '../lib/checkout';
import { clearDraft, loadDraft, payOrder, saveDraft } from '../lib/checkout-client';
import { checkoutHref } from '../lib/express-buy';
import { STRIPE_LOAD_FAILED, type StripeCard, type StripeCardState } from '../lib/stripe-payment';

/** The error summary's labels: the form's fields and Stripe's card frame. */
const SUMMARY_LABELS: Record<string, string> = { ...CHECKOUT_LABELS, [STRIPE_CARD_FIELD]: 'Card' };

/**
 * The checkout of `session` for `account` (null: a visitor), the state select filled from
 * `areas`. Owns the form's state; on success it opens the order's confirmation.
 */
export function CheckoutView({ session, areas, account }: { session: CheckoutSession; areas: WorldAreas['areas']; account: Profile | null }) {
  const navigate = useNavigate();
  const id = session.id;
  const card = session.payment.provider === 'test';
  // Stripe mode needs the publishable key; without it (an API misconfigured) no card can be taken here.
  const stripeKey = session.payment.provider === 'stripe' ? session.payment.publishableKey : null;
  const stripeCard = useRef<StripeCard | null>(null);
  const stripeState = useRef<StripeCardState>({ status: 'loading' });
  // What the shopper typed before signing in (or before a reload) comes back once the page is
  // live (the server's HTML has the empty form), the card never does; then their own edits.
  const hydrated = useHydrated();
  const draft = useMemo(() => (hydrated ? loadDraft(id) : null), [hydrated, id]);
  const [edits, setEdits] = useState<Partial<CheckoutForm>>({});
  const mine = account ? { email: account.email, firstName: account.firstName, lastName: account.lastName } : {};
  const form: CheckoutForm = { ...EMPTY_CHECKOUT_FORM, ...mine, ...draft?.form, ...edits };
  const [errors, setErrors] = useState<FormErrors | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [halted, setHalted] = useState<OrderFailure['checkout']>(session.status === 'open' ? null : session.status);
  // A checkout that was already over when the page opened shows only what to do next.
  const closed = session.status !== 'open';
  // The open attempt's Idempotency-Key, kept for retries of that attempt: undefined until decided
  // here (then the draft's, if a reload interrupted an attempt), null after a decline.
  const [key, setKey] = useState<string | null | undefined>(undefined);
  const currentKey = () => (key === undefined ? (draft?.key ?? null) : key);

  const change = (name: CheckoutField, raw: string) => {
    const value =
      name === 'cardNumber' ? formatCardNumber(raw) : name === 'cardExp' ? formatExpiry(raw) : name === 'cardCvc' ? raw.replace(/\D/g, '').slice(0, 4) : raw;
    setEdits((e) => ({ ...e, [name]: value }));
    saveDraft(id, { ...form, [name]: value }, currentKey());
  };
  const field = (name: CheckoutField) => ({ name, value: form[name], onChange: change, error: errors?.fields[name] });

  const totals = checkoutTotals(session, form.state);
  const here = checkoutHref(id);

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy || halted) return;
    const problems = checkoutProblems(form, { card: card && !!account, now: new Date() });
    if (problems) {
      setErrors(problems);
      return;
    }
    if (!account) {
      saveDraft(id, form, currentKey());
      navigate(loginHref(here));
      return;
    }
    if (!card && !stripeKey) return;
    setBusy(true);
    setErrors(null);
    setStatus('Paying…');
    let stripe: { paymentMethodId: string } | undefined;
    if (stripeKey) {
      const made = stripeCard.current
        ? await stripeCard.current.createPaymentMethod({
            name: `${form.firstName.trim()} ${form.lastName.trim()}`,
            email: form.email.trim(),
            phone: form.phone.trim(),
          })
        : {
            ok: false as const,
            message: stripeState.current.status === 'failed' ? STRIPE_LOAD_FAILED : 'The secure card form is still loading. Wait a moment and press Pay again.',
          };
      if (!made.ok) {
        setBusy(false);
        setStatus('');
        setErrors({ fields: { [STRIPE_CARD_FIELD]: made.message } });
        return;
      }
      stripe = { paymentMethodId: made.id };
    }
    const attempt = currentKey() ?? newIdempotencyKey();
    setKey(attempt);
    saveDraft(id, form, attempt);
    const res = await payOrder(placeOrderBody(id, form, stripe), attempt);
    if (res.ok && res.order.status !== 'placed') {
      clearDraft(id);
      navigate(placedHref(res.order.number));
      return;
    }
    setBusy(false);
    setStatus('');
    if (res.ok) {
      // Saved, but the payment is still being settled (a retry after the provider did not answer).
      clearDraft(id);
      setHalted('completed');
      setErrors({ fields: {}, form: 'Your order is saved and its payment is being confirmed. See My orders in a few minutes; you will not be charged twice.' });
      return;
    }
    const failure = orderFailure(res.status, res.body);
    if (failure.freshKey) {
      setKey(null);
      saveDraft(id, form, null);
    }
    setErrors(stripeKey ? stripeCardErrors(failure.errors) : failure.errors);
    setHalted(failure.checkout);
  };

  const register = internalHref('/login/register', `redirectTo=${encodeURIComponent(here)}`);
  const payLabel = totals.tax !== null ? `Pay ${formatPrice(totals.total)}` : `Pay ${formatPrice(totals.total)} + tax`;

  return (
    <div className="container-page py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Review and pay</h1>
      {session.payment.testMode ? (
        <div className="mt-4">
          <TestModeBanner />
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="lg:col-start-2 lg:row-start-1">
          <Summary session={session} state={form.state} />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <ErrorSummary errors={errors} labels={SUMMARY_LABELS} />
          {halted ? (
            <div className="mb-6">
              <Halted reason={halted} session={session} />
            </div>
          ) : null}
          {closed ? null : (
            <>
              {!account ? (
                <p className="mb-4 text-stone-700">
                  Have an account?{' '}
                  <Link to={loginHref(here)} className="font-semibold text-accent-700 underline">
                    Sign in
                  </Link>{' '}
                  now, or fill in the form first: we keep what you type here.
                </p>
              ) : null}
              <form method="post" noValidate onSubmit={submit} className="space-y-6">
                <input type="hidden" name="intent" value="pay" />
                <Fieldset legend="Contact">
                  <Field
                    {...field('email')}
                    type="email"
                    inputMode="email"
                    autoComplete="email"
                    maxLength={254}
                    hint="We send the order confirmation here."
                    className="sm:col-span-2"
                  />
                  <Field
                    {...field('phone')}
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    optional
                    maxLength={30}
                    hint="Only if the store needs to reach you."
                  />
                </Fieldset>

                <Fieldset legend="Shipping address (United States)">
                  <Field {...field('firstName')} autoComplete="shipping given-name" maxLength={60} />
                  <Field {...field('lastName')} autoComplete="shipping family-name" maxLength={60} />
                  <Field {...field('line1')} autoComplete="shipping address-line1" maxLength={120} className="sm:col-span-2" />
                  <Field {...field('line2')} autoComplete="shipping address-line2" optional maxLength={120} className="sm:col-span-2" />
                  <Field {...field('city')} autoComplete="shipping address-level2" maxLength={80} />
                  <div>
                    <label htmlFor="state" className="mb-1 block font-medium">
                      {CHECKOUT_LABELS.state}
                    </label>
                    <select
                      id="state"
                      name="state"
                      required
                      autoComplete="shipping address-level1"
                      value={form.state}
                      onChange={(e) => change('state', e.currentTarget.value)}
                      aria-invalid={errors?.fields.state ? true : undefined}
                      aria-describedby={describedBy('state', errors?.fields.state)}
                      className={inputClass}
                    >
                      <option value="">Choose…</option>
                      {areaGroups(areas).map((g) => (
                        <optgroup key={g.label} label={g.label}>
                          {g.areas.map((a) => (
                            <option key={a.code} value={a.code}>
                              {a.name}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                    </select>
                    <FieldMessage id="state" error={errors?.fields.state} />
                  </div>
                  <Field {...field('zip')} inputMode="numeric" autoComplete="shipping postal-code" maxLength={10} hint="5 digits, or ZIP+4." />
                </Fieldset>

                <section aria-labelledby="payment-heading" className="rounded-2xl border border-stone-200 p-4 sm:p-5">
                  <h2 id="payment-heading" className="text-lg font-semibold">
                    Payment
                  </h2>
                  {!account ? (
                    <div className="mt-3" data-testid="sign-in-to-pay">
                      <p className="text-stone-700">
                        Sign in or create an account to pay, so your order is kept in My orders. What you typed here stays (card details are never kept), and
                        you come back to this checkout.
                      </p>
                      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
                        <button
                          type="submit"
                          className="rounded-lg bg-accent-600 px-5 py-3 text-center font-semibold text-white hover:bg-accent-700 disabled:opacity-70"
                          disabled={!!halted}
                        >
                          Sign in to pay
                        </button>
                        <Link
                          to={register}
                          onClick={() => saveDraft(id, form, currentKey())}
                          className="rounded-lg border border-stone-400 px-5 py-3 text-center font-semibold hover:border-accent-600 hover:text-accent-800"
                        >
                          Create an account
                        </Link>
                      </div>
                    </div>
                  ) : !card && !stripeKey ? (
                    <p className="mt-3 text-stone-700" data-testid="stripe-unavailable">
                      Card payments are not set up on this page, and card numbers are never sent to our server. Buy it at the store instead.
                    </p>
                  ) : (
                    <>
                      {session.payment.testMode ? (
                        <>
                          <p className="mt-1 text-sm text-stone-600">Test cards: any future expiry date and any 3 digits.</p>
                          <ul className="mt-2 space-y-1 text-sm" aria-label="Test cards">
                            {TEST_CARDS.map((c) => (
                              <li key={c.number} className="flex flex-wrap items-center gap-x-2">
                                <span className="font-mono tabular-nums">{c.number}</span>
                                <span className="text-stone-600">{c.outcome}</span>
                              </li>
                            ))}
                          </ul>
                        </>
                      ) : null}
                      {stripeKey ? (
                        <StripeCardField
                          publishableKey={stripeKey}
                          amountCents={totals.total}
                          cardRef={stripeCard}
                          error={errors?.fields[STRIPE_CARD_FIELD]}
                          onState={(state) => (stripeState.current = state)}
                        />
                      ) : (
                        <div className="mt-4 grid grid-cols-2 gap-4">
                          <Field
                            {...field('cardNumber')}
                            inputMode="numeric"
                            autoComplete="cc-number"
                            maxLength={23}
                            placeholder="1234 1234 1234 1234"
                            posted={false}
                            className="col-span-2"
                          />
                          <Field {...field('cardExp')} inputMode="numeric" autoComplete="cc-exp" maxLength={7} placeholder="MM / YY" posted={false} />
                          <Field {...field('cardCvc')} inputMode="numeric" autoComplete="cc-csc" maxLength={4} placeholder="123" posted={false} />
                        </div>
                      )}
                      <button
                        type="submit"
                        data-testid="pay"
                        disabled={busy || !!halted}
                        className="mt-5 w-full rounded-xl bg-accent-600 px-6 py-3.5 text-lg font-semibold text-white hover:bg-accent-700 disabled:opacity-70"
                      >
                        {busy ? 'Paying…' : payLabel}
                      </button>
                      <p className="mt-2 text-center text-xs text-stone-600">
                        {session.payment.testMode ? 'Test mode: no money moves. ' : ''}Pressing Pay twice never charges you twice.
                      </p>
                    </>
                  )}
                </section>
              </form>
            </>
          )}
          <p role="status" className="sr-only">
            {status}
          </p>
        </div>
      </div>
    </div>
  );
}
