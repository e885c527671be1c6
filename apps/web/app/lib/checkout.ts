/**
 * Express checkout in the storefront (issue 15 §2, §3, §6): the pure rules of the /checkout/ form
 * and the answers of the order API (the product page's Buy now form is lib/express-buy.ts),
 * shared by the browser and the server and tested in apps/web/test/checkout.test.ts. No I/O here (the calls are in checkout-client.ts and
 * orders.server.ts); money is integer US cents.
 *
 * The checks use the same messages as the API's contracts (packages/contracts/src/orders.ts) and
 * the same ZIP and sales-tax rules (`zipProblem`, `salesTaxEstimateCents` of @b-deals/core), so a
 * problem reads the same whichever side finds it. Only types come from @b-deals/contracts: zod
 * stays out of the browser bundle.
 */
import { internalHref, salesTaxEstimateCents, usArea, US_ZIP, zipProblem } from '@b-deals/core';
import type { CheckoutSession, PlaceOrderBody, WorldAreas } from '@b-deals/contracts';
import { emailProblem, type FormErrors } from './auth-forms';
import { errorBody } from './express-buy';

/** `POST` here places the order (`PlaceOrderBody`, header `Idempotency-Key` → `Order`). */
export const ORDER_API = '/order/api/v1/order';
/** The shopper's orders, newest first (spec §7 paging: all of them, up to 500). */
export const ORDERS_API = '/order/api/v1/orders?f=0&t=500&d=true';
/** States, DC, territories and military codes for the address form. */
export const WORLD_AREAS_API = '/api/v1/basic-data/world-areas/US';

/** `GET` path of checkout session `id`. */
export const checkoutApiPath = (id: string): string => `/order/api/v1/shoppingcart/checkout/${encodeURIComponent(id)}`;

/** The orders page with the confirmation of order `number` (e.g. "BD-000042") on top: `/order/?placed={number}`. */
export const placedHref = (number: string): string => internalHref('/order', new URLSearchParams({ placed: number }));

/** A checkout session id as the API makes them (a UUID). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` can be a checkout session id (a UUID), so it is worth asking the API. */
export const plausibleCheckoutId = (id: string | null | undefined): id is string => !!id && UUID.test(id);

// ---------------------------------------------------------------------------------------------
// Totals

/** What the shopper pays, cents: `tax` is the state's sales-tax estimate, null until a state is chosen. */
export interface CheckoutTotals {
  subtotal: number;
  shipping: number;
  tax: number | null;
  /** subtotal + shipping + tax (0 while the state is unknown). */
  total: number;
}

/**
 * The totals of `session` shipped to `state` (a USPS code; '' or an unknown code leaves the tax
 * unknown): sales tax is estimated on the subtotal by the state's rate, as the API does when it
 * places the order.
 */
export function checkoutTotals(session: Pick<CheckoutSession, 'subtotal' | 'shipping'>, state: string): CheckoutTotals {
  const tax = state && usArea(state) ? salesTaxEstimateCents(session.subtotal, state) : null;
  return { subtotal: session.subtotal, shipping: session.shipping, tax, total: session.subtotal + session.shipping + (tax ?? 0) };
}

/** The state select's groups: states and DC, territories, armed forces (the API's order kept within each). */
export function areaGroups(areas: WorldAreas['areas']): Array<{ label: string; areas: WorldAreas['areas'] }> {
  const groups = [
    { label: 'States and DC', types: ['state', 'district'] },
    { label: 'Territories', types: ['territory'] },
    { label: 'Armed Forces', types: ['military'] },
  ];
  return groups.map((g) => ({ label: g.label, areas: areas.filter((a) => g.types.includes(a.type)) })).filter((g) => g.areas.length > 0);
}

// ---------------------------------------------------------------------------------------------
// The checkout form

/** The checkout form's fields, as typed. Each name is also the input's id (the error summary links to `#name`). */
export interface CheckoutForm {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  line1: string;
  line2: string;
  city: string;
  /** USPS code, e.g. "CA"; '' until chosen. */
  state: string;
  zip: string;
  cardNumber: string;
  /** "MM / YY" as typed. */
  cardExp: string;
  cardCvc: string;
}
export type CheckoutField = keyof CheckoutForm;

export const EMPTY_CHECKOUT_FORM: CheckoutForm = {
  email: '',
  phone: '',
  firstName: '',
  lastName: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  zip: '',
  cardNumber: '',
  cardExp: '',
  cardCvc: '',
};

/** The fields' names as the error summary shows them. */
export const CHECKOUT_LABELS: Record<CheckoutField, string> = {
  email: 'E-mail address',
  phone: 'Phone',
  firstName: 'First name',
  lastName: 'Last name',
  line1: 'Street address',
  line2: 'Apartment, suite, etc.',
  city: 'City',
  state: 'State or territory',
  zip: 'ZIP code',
  cardNumber: 'Card number',
  cardExp: 'Expiry date',
  cardCvc: 'Security code',
};

/** The card's fields: never stored in the browser, never posted to the storefront. */
export const CARD_FIELDS: readonly CheckoutField[] = ['cardNumber', 'cardExp', 'cardCvc'];

/** The card number's digits (spaces and dashes dropped). */
export const cardDigits = (text: string): string => text.replace(/[\s-]/g, '');

/** True when `digits` passes the Luhn check (ISO/IEC 7812-1 Annex B), as the test provider checks it. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card number as typed, shown in groups of four ("4242 4242 4242 4242"); at most 19 digits. */
export function formatCardNumber(text: string): string {
  return (
    text
      .replace(/\D/g, '')
      .slice(0, 19)
      .match(/.{1,4}/g) ?? []
  ).join(' ');
}

/**
 * The expiry date as typed, shown as "MM / YY": digits only, the separator added after the month
 * (a single-digit month followed by a separator gets its leading zero: "4/" → "04 / ").
 */
export function formatExpiry(text: string): string {
  const padded = /^\d[/\s.-]/.test(text) ? `0${text}` : text;
  const d = padded.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

/**
 * The expiry date typed as "MM / YY", "MM/YY", "MM/YYYY" or "MMYY" → `{month, year}` (year in
 * four digits), or null when it is not a date of that form.
 */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*(?:[/\-. ]\s*)?(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Why the expiry `text` cannot be used at `now`, or null: not a date, or a month already past. */
export function expiryProblem(text: string, now: Date): string | null {
  const exp = parseExpiry(text);
  if (!exp) return 'Enter the expiry date as MM / YY.';
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  return exp.year * 12 + exp.month - 1 < thisMonth ? 'This card has expired.' : null;
}

const PHONE = /^\+?[\d\s().-]{7,30}$/;

/**
 * The problems of `form` before it is sent (field → message; null when there is none). The card
 * is checked only when the page takes it (`card`: the test provider). `now` decides expiry.
 */
export function checkoutProblems(form: CheckoutForm, opts: { card: boolean; now: Date }): FormErrors | null {
  const v = (k: CheckoutField) => form[k].trim();
  const checks: Partial<Record<CheckoutField, string | null>> = {
    email: emailProblem(form.email),
    phone: v('phone') && (!PHONE.test(v('phone')) || v('phone').replace(/\D/g, '').length < 7) ? 'Enter a phone number, or leave it empty.' : null,
    firstName: v('firstName') ? (v('firstName').length > 60 ? 'Use at most 60 characters.' : null) : 'Enter the first name.',
    lastName: v('lastName') ? (v('lastName').length > 60 ? 'Use at most 60 characters.' : null) : 'Enter the last name.',
    line1: v('line1').length >= 3 ? (v('line1').length > 120 ? 'Use at most 120 characters.' : null) : 'Enter the street address.',
    line2: v('line2').length > 120 ? 'Use at most 120 characters.' : null,
    city: v('city').length >= 2 ? (v('city').length > 80 ? 'Use at most 80 characters.' : null) : 'Enter the city.',
    state: usArea(v('state')) ? null : 'Choose a state or territory.',
    zip: !US_ZIP.test(v('zip')) ? 'Enter a 5-digit ZIP code (or ZIP+4).' : usArea(v('state')) ? zipProblem(v('zip'), v('state')) : null,
  };
  if (opts.card) {
    const digits = cardDigits(form.cardNumber);
    checks.cardNumber = !/^\d{12,19}$/.test(digits) ? 'Enter the card number.' : luhnValid(digits) ? null : 'This card number is not valid: check it.';
    checks.cardExp = expiryProblem(form.cardExp, opts.now);
    checks.cardCvc = /^\d{3,4}$/.test(v('cardCvc')) ? null : 'Enter the 3- or 4-digit security code.';
  }
  const fields = Object.fromEntries(Object.entries(checks).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return Object.keys(fields).length ? { fields } : null;
}

/**
 * The body of `POST /order/api/v1/order` for checkout `checkoutId`: paid with the test card of
 * `form` (checked first), or in Stripe mode with `stripe.paymentMethodId` from Stripe.js (the
 * card fields of `form` are then ignored and never sent).
 */
export function placeOrderBody(checkoutId: string, form: CheckoutForm, stripe?: { paymentMethodId: string }): PlaceOrderBody {
  const t = (s: string) => s.trim();
  const exp = parseExpiry(form.cardExp) ?? { month: 0, year: 0 };
  return {
    checkoutId,
    contact: { email: t(form.email), ...(t(form.phone) ? { phone: t(form.phone) } : {}) },
    shippingAddress: {
      firstName: t(form.firstName),
      lastName: t(form.lastName),
      line1: t(form.line1),
      ...(t(form.line2) ? { line2: t(form.line2) } : {}),
      city: t(form.city),
      state: t(form.state).toUpperCase(),
      zip: t(form.zip),
    },
    payment: stripe
      ? { paymentMethodId: stripe.paymentMethodId }
      : { card: { number: cardDigits(form.cardNumber), expMonth: exp.month, expYear: exp.year, cvc: t(form.cardCvc) } },
  };
}

/** The error summary's key for Stripe's card frame (the frame's container has this id). */
export const STRIPE_CARD_FIELD = 'card';

/**
 * `errors` for a checkout in Stripe mode: whatever the API said of the card's number, expiry or
 * code belongs to Stripe's one card frame, so it moves to {@link STRIPE_CARD_FIELD}.
 */
export function stripeCardErrors(errors: FormErrors): FormErrors {
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(errors.fields)) {
    if ((CARD_FIELDS as readonly string[]).includes(name)) fields[STRIPE_CARD_FIELD] ??= message;
    else fields[name] = message;
  }
  return { ...errors, fields };
}

/**
 * A fresh `Idempotency-Key` for one attempt to pay (32 hex digits from `random`, the Web Crypto
 * API by default, which unlike `randomUUID` also works outside secure contexts).
 */
export function newIdempotencyKey(random: Pick<Crypto, 'getRandomValues'> = globalThis.crypto): string {
  const bytes = random.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// ---------------------------------------------------------------------------------------------
// What the shopper typed, kept over the sign-in round trip (sessionStorage; never the card)

/** The sessionStorage key of checkout `id`'s draft. */
export const draftKey = (id: string): string => `BD_CHECKOUT:${id}`;

/** What is kept of `form` and the attempt's `Idempotency-Key` (null when none is open): everything but the card. */
export interface CheckoutDraft {
  form: Partial<CheckoutForm>;
  key: string | null;
}

/** The draft's stored text: the form without the card fields, and the open attempt's key. */
export function draftText(form: CheckoutForm, key: string | null): string {
  const kept = Object.fromEntries(Object.entries(form).filter(([k, v]) => !CARD_FIELDS.includes(k as CheckoutField) && v !== ''));
  return JSON.stringify({ form: kept, key });
}

/** The draft stored as `text` (null or unreadable: an empty one); only known non-card fields with string values are taken. */
export function readDraft(text: string | null): CheckoutDraft {
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  const r = (raw ?? {}) as { form?: unknown; key?: unknown };
  const form: Partial<CheckoutForm> = {};
  if (r.form && typeof r.form === 'object') {
    for (const [k, v] of Object.entries(r.form)) {
      if (k in EMPTY_CHECKOUT_FORM && !CARD_FIELDS.includes(k as CheckoutField) && typeof v === 'string') form[k as CheckoutField] = v.slice(0, 200);
    }
  }
  const key = typeof r.key === 'string' && /^[\x21-\x7e]{8,255}$/.test(r.key) ? r.key : null;
  return { form, key };
}

// ---------------------------------------------------------------------------------------------
// The API's answers

/**
 * What the checkout shows after a refused order:
 * - `errors`: next to a field and in the summary, or in the summary only (`form`);
 * - `freshKey`: the attempt is over (a decline is the answer for its key for good), so the next
 *   Pay sends a new `Idempotency-Key`; otherwise the same key is sent again (a retry that may
 *   find the first attempt's order);
 * - `checkout`: the session cannot be paid any more: `expired`, `completed` (already paid), or
 *   `stale` (its price or stock changed: start again from the product page).
 */
export interface OrderFailure {
  errors: FormErrors;
  freshKey: boolean;
  checkout: 'expired' | 'completed' | 'stale' | null;
}

/** Form fields named by the API's validation pointers (`/shippingAddress/zip` → zip). */
const POINTER_FIELDS: Record<string, CheckoutField> = {
  '/contact/email': 'email',
  '/contact/phone': 'phone',
  '/shippingAddress/firstName': 'firstName',
  '/shippingAddress/lastName': 'lastName',
  '/shippingAddress/line1': 'line1',
  '/shippingAddress/line2': 'line2',
  '/shippingAddress/city': 'city',
  '/shippingAddress/state': 'state',
  '/shippingAddress/zip': 'zip',
  '/payment/card/number': 'cardNumber',
  '/payment/card/expMonth': 'cardExp',
  '/payment/card/expYear': 'cardExp',
  '/payment/card/cvc': 'cardCvc',
};

const DECLINE_FIELDS: Record<string, CheckoutField> = { expired_card: 'cardExp', incorrect_number: 'cardNumber' };

/**
 * The checkout's errors for an order answer with `status` and `body` (status 0: no answer, e.g.
 * the connection dropped): 402 declines next to the card, 400 `invalid_address` next to the ZIP or
 * state, 400 `validation_failed` next to each field named, 409 about the checkout itself, 503 and
 * the rest in the summary. See {@link OrderFailure}.
 */
export function orderFailure(status: number, body: unknown): OrderFailure {
  const { code, message, details } = errorBody(body);
  const only = (form: string, more: Partial<OrderFailure> = {}): OrderFailure => ({ errors: { fields: {}, form }, freshKey: false, checkout: null, ...more });
  if (status === 402) {
    return { errors: { fields: { [DECLINE_FIELDS[code ?? ''] ?? 'cardNumber']: message ?? 'Your card was declined.' } }, freshKey: true, checkout: null };
  }
  if (status === 400 && code === 'invalid_address') {
    const field = (details as { field?: unknown } | undefined)?.field === 'state' ? 'state' : 'zip';
    return { errors: { fields: { [field]: message ?? 'Check the address.' } }, freshKey: false, checkout: null };
  }
  if (status === 400 && code === 'validation_failed' && Array.isArray(details)) {
    const fields: Record<string, string> = {};
    const rest: string[] = [];
    for (const d of details as Array<{ path?: unknown; message?: unknown }>) {
      const field = typeof d?.path === 'string' ? POINTER_FIELDS[d.path] : undefined;
      const text = typeof d?.message === 'string' ? d.message : 'Check this field.';
      if (field) fields[field] ??= text;
      else rest.push(text);
    }
    const form = rest.length ? `Check the form: ${rest[0]}` : Object.keys(fields).length ? undefined : (message ?? 'Check the form.');
    return { errors: form ? { fields, form } : { fields }, freshKey: false, checkout: null };
  }
  if (status === 409 && code === 'checkout_expired') {
    return only(message ?? 'This checkout has expired. Start again from the product page to see the current price.', { checkout: 'expired' });
  }
  if (status === 409 && code === 'checkout_completed')
    return only(message ?? 'This checkout has already been paid. See your orders.', { checkout: 'completed' });
  if (status === 409) return only(message ?? 'The offer changed since you began. Start again from the product page.', { checkout: 'stale' });
  if (status === 404) return only('We could not find this checkout. Start again from the product page.', { checkout: 'stale' });
  if (status === 422)
    return only('This payment attempt could not be matched to your checkout. Press Pay again: you will not be charged twice.', { freshKey: true });
  if (status === 503 && message) return only(message);
  if (status === 400 && message) return only(message);
  if (status === 429) return only(message ?? 'Too many tries just now. Wait a moment, then press Pay again.');
  return only('We could not place your order just now. Press Pay again in a moment: you will not be charged twice.');
}
