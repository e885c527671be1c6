import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY as CONTRACT_MAX_QUANTITY, PlaceOrderBodySchema } from '@b-deals/contracts';
import {
  CARD_FIELDS,
  EMPTY_CHECKOUT_FORM,
  areaGroups,
  cardDigits,
  checkoutProblems,
  checkoutTotals,
  draftText,
  expiryProblem,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  newIdempotencyKey,
  orderFailure,
  parseExpiry,
  placeOrderBody,
  placedHref,
  stripeCardErrors,
  plausibleCheckoutId,
  readDraft,
  type CheckoutForm,
} from '../app/lib/checkout';
import { MAX_QUANTITY, checkoutHref, expressBuyFailure, expressBuyFromForm } from '../app/lib/express-buy';

const NOW = new Date('2026-11-15T12:00:00Z');
const FILLED: CheckoutForm = {
  email: 'ada@example.com',
  phone: '',
  firstName: 'Ada',
  lastName: 'Lovelace',
  line1: '1 Main Street',
  line2: '',
  city: 'Sacramento',
  state: 'CA',
  zip: '95814',
  cardNumber: '4242 4242 4242 4242',
  cardExp: '12 / 30',
  cardCvc: '123',
};
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

describe('links', () => {
  it('checkout and confirmation paths in their final form', () => {
    expect(checkoutHref('0b9f2f1e-6c1a-4e0b-9a59-1d2f3e4a5b6c')).toBe('/checkout/?id=0b9f2f1e-6c1a-4e0b-9a59-1d2f3e4a5b6c');
    expect(placedHref('BD-000042')).toBe('/order/?placed=BD-000042');
  });
  it('only a UUID is worth asking the API about', () => {
    expect(plausibleCheckoutId('0b9f2f1e-6c1a-4e0b-9a59-1d2f3e4a5b6c')).toBe(true);
    expect(plausibleCheckoutId('42')).toBe(false);
    expect(plausibleCheckoutId(null)).toBe(false);
  });
  it('MAX_QUANTITY is the contracts’ limit', () => {
    expect(MAX_QUANTITY).toBe(CONTRACT_MAX_QUANTITY);
  });
});

describe('checkoutTotals (cents)', () => {
  const session = { subtotal: 10_000, shipping: 595 };
  it('leaves the tax unknown until a state is chosen', () => {
    expect(checkoutTotals(session, '')).toEqual({ subtotal: 10_000, shipping: 595, tax: null, total: 10_595 });
    expect(checkoutTotals(session, 'ZZ').tax).toBeNull();
  });
  it('estimates the tax on the subtotal at the state rate, as the API does', () => {
    // California 7.25 %: 725 on $100.00; shipping is not taxed.
    expect(checkoutTotals(session, 'CA')).toEqual({ subtotal: 10_000, shipping: 595, tax: 725, total: 11_320 });
    expect(checkoutTotals(session, 'OR')).toMatchObject({ tax: 0, total: 10_595 });
    expect(checkoutTotals(session, 'ca').tax).toBe(725);
  });
});

describe('areaGroups', () => {
  it('groups states and DC, territories and armed forces, and drops empty groups', () => {
    const groups = areaGroups([
      { code: 'AL', name: 'Alabama', type: 'state' },
      { code: 'DC', name: 'District of Columbia', type: 'district' },
      { code: 'PR', name: 'Puerto Rico', type: 'territory' },
    ]);
    expect(groups.map((g) => [g.label, g.areas.map((a) => a.code)])).toEqual([
      ['States and DC', ['AL', 'DC']],
      ['Territories', ['PR']],
    ]);
  });
});

describe('card input', () => {
  it('Luhn-checks the documented test cards and refuses a changed digit', () => {
    for (const n of ['4242424242424242', '4000000000000002', '4000000000009995', '5555555555554444', '378282246310005']) expect(luhnValid(n)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
  });
  it('shows the number in groups of four, digits only, at most 19', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42x')).toBe('4242 4242 42');
    expect(formatCardNumber('1'.repeat(25)).replace(/\s/g, '')).toHaveLength(19);
    expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
  });
  it('formats the expiry as MM / YY as it is typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('4/2')).toBe('04 / 2');
    expect(formatExpiry('12 / 305')).toBe('12 / 30');
  });
  it('reads MM/YY, MM / YYYY and MMYY; refuses month 13', () => {
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('1/2031')).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry('0728')).toEqual({ month: 7, year: 2028 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('soon')).toBeNull();
  });
  it('takes this month, refuses last month', () => {
    expect(expiryProblem('11 / 26', NOW)).toBeNull();
    expect(expiryProblem('10 / 26', NOW)).toBe('This card has expired.');
    expect(expiryProblem('', NOW)).toBe('Enter the expiry date as MM / YY.');
  });
});

describe('checkoutProblems', () => {
  it('passes a complete form', () => {
    expect(checkoutProblems(FILLED, { card: true, now: NOW })).toBeNull();
  });
  it('names every missing field with the API’s messages', () => {
    expect(checkoutProblems(EMPTY_CHECKOUT_FORM, { card: true, now: NOW })?.fields).toEqual({
      email: 'Enter your e-mail address.',
      firstName: 'Enter the first name.',
      lastName: 'Enter the last name.',
      line1: 'Enter the street address.',
      city: 'Enter the city.',
      state: 'Choose a state or territory.',
      zip: 'Enter a 5-digit ZIP code (or ZIP+4).',
      cardNumber: 'Enter the card number.',
      cardExp: 'Enter the expiry date as MM / YY.',
      cardCvc: 'Enter the 3- or 4-digit security code.',
    });
  });
  it('checks the ZIP against the state, as the API does', () => {
    expect(checkoutProblems({ ...FILLED, zip: '10001' }, { card: true, now: NOW })?.fields).toEqual({ zip: '10001 is not a ZIP code in California.' });
    expect(checkoutProblems({ ...FILLED, zip: '95814-1234' }, { card: true, now: NOW })).toBeNull();
  });
  it('leaves the card alone when the page does not take it (a visitor, or Stripe)', () => {
    expect(checkoutProblems({ ...FILLED, cardNumber: '', cardExp: '', cardCvc: '' }, { card: false, now: NOW })).toBeNull();
  });
  it('refuses a mistyped card number and a malformed phone', () => {
    const p = checkoutProblems({ ...FILLED, cardNumber: '4242 4242 4242 4241', phone: 'call me' }, { card: true, now: NOW });
    expect(p?.fields).toEqual({ cardNumber: 'This card number is not valid: check it.', phone: 'Enter a phone number, or leave it empty.' });
    expect(checkoutProblems({ ...FILLED, phone: '+1 (916) 555-0100' }, { card: true, now: NOW })).toBeNull();
  });
});

describe('placeOrderBody', () => {
  it('is a body the API’s contract accepts, the card as digits and the expiry as numbers, empty optionals left out', () => {
    const body = placeOrderBody('0b9f2f1e-6c1a-4e0b-9a59-1d2f3e4a5b6c', { ...FILLED, state: 'ca', email: ' ada@example.com ' });
    expect(body).toEqual({
      checkoutId: '0b9f2f1e-6c1a-4e0b-9a59-1d2f3e4a5b6c',
      contact: { email: 'ada@example.com' },
      shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main Street', city: 'Sacramento', state: 'CA', zip: '95814' },
      payment: { card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } },
    });
    expect(PlaceOrderBodySchema.safeParse(body).success).toBe(true);
  });

  it('in Stripe mode carries only the PaymentMethod id: no card digits even when the form still holds some', () => {
    const body = placeOrderBody('0b9f2f1e-6c1a-4e0b-9a59-1d2f3e4a5b6c', FILLED, { paymentMethodId: 'pm_card_visa' });
    expect(body.payment).toEqual({ paymentMethodId: 'pm_card_visa' });
    expect(JSON.stringify(body)).not.toContain('4242');
    expect(PlaceOrderBodySchema.safeParse(body).success).toBe(true);
  });
});

describe('stripeCardErrors', () => {
  it('moves what the API said of the card number, expiry or code to Stripe’s one card frame, the first message kept', () => {
    const declined = orderFailure(402, { code: 'expired_card', message: 'Your card has expired.' }).errors;
    expect(declined.fields).toEqual({ cardExp: 'Your card has expired.' });
    expect(stripeCardErrors(declined)).toEqual({ fields: { card: 'Your card has expired.' } });
    expect(stripeCardErrors({ fields: { zip: 'Check the ZIP.', cardNumber: 'A', cardCvc: 'B' }, form: 'Check the form.' })).toEqual({
      fields: { zip: 'Check the ZIP.', card: 'A' },
      form: 'Check the form.',
    });
  });
});

describe('newIdempotencyKey', () => {
  it('is 32 hex digits (a valid Idempotency-Key), new every time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('the draft kept over sign-in', () => {
  it('keeps everything typed but the card, and the open attempt’s key', () => {
    const text = draftText({ ...FILLED, line2: '' }, 'attempt-key-xyz');
    for (const f of CARD_FIELDS) expect(text).not.toContain(FILLED[f]);
    expect(text).not.toContain('4242');
    const back = readDraft(text);
    expect(back.key).toBe('attempt-key-xyz');
    expect(back.form).toEqual({
      email: FILLED.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      line1: '1 Main Street',
      city: 'Sacramento',
      state: 'CA',
      zip: '95814',
    });
  });
  it('reads nothing from junk, and never a card field planted in storage', () => {
    expect(readDraft(null)).toEqual({ form: {}, key: null });
    expect(readDraft('{not json')).toEqual({ form: {}, key: null });
    expect(readDraft(JSON.stringify({ form: { cardNumber: '4242424242424242', city: 7, other: 'x', zip: '95814' }, key: 'short' }))).toEqual({
      form: { zip: '95814' },
      key: null,
    });
  });
});

describe('expressBuyFailure', () => {
  it('puts size and colour problems on their select', () => {
    expect(expressBuyFailure(400, { code: 'size_required', message: 'Choose a size.', details: { sizes: ['S', 'M'] } })).toEqual({
      message: 'Choose a size.',
      field: 'size',
      sizesInStock: null,
    });
    expect(expressBuyFailure(400, { code: 'unknown_color', message: 'This offer does not come in Teal.' }).field).toBe('color');
  });
  it('a sold-out size names the sizes still in stock', () => {
    expect(expressBuyFailure(409, { code: 'sold_out', message: 'Size M is sold out at Shop.', details: { sizesInStock: ['S', 'L'] } })).toEqual({
      message: 'Size M is sold out at Shop.',
      field: 'size',
      sizesInStock: ['S', 'L'],
    });
    expect(expressBuyFailure(409, { code: 'sold_out', message: 'This item is sold out at Shop.' })).toMatchObject({ field: null, sizesInStock: null });
  });
  it('passes 409 messages on, and has its own words for 404 and no answer', () => {
    expect(expressBuyFailure(409, { code: 'shipping_unknown', message: 'Shop does not state its shipping cost.' }).message).toBe(
      'Shop does not state its shipping cost.',
    );
    expect(expressBuyFailure(404, { code: 'not_found', message: 'The offer was not found.' }).message).toMatch(/no longer listed/);
    expect(expressBuyFailure(0, null).message).toMatch(/Try again/);
  });
});

describe('orderFailure', () => {
  it('a decline goes next to the card and ends the attempt (a new Idempotency-Key next time)', () => {
    expect(orderFailure(402, { code: 'card_declined', message: 'Your card was declined.' })).toEqual({
      errors: { fields: { cardNumber: 'Your card was declined.' } },
      freshKey: true,
      checkout: null,
    });
    expect(orderFailure(402, { code: 'expired_card', message: 'Your card has expired.' }).errors.fields).toEqual({ cardExp: 'Your card has expired.' });
    expect(orderFailure(402, { code: 'insufficient_funds', message: 'Your card has insufficient funds.' }).errors.fields).toEqual({
      cardNumber: 'Your card has insufficient funds.',
    });
  });
  it('an address the API refuses goes next to the ZIP or the state', () => {
    expect(orderFailure(400, { code: 'invalid_address', message: '10001 is not a ZIP code in California.', details: { field: 'zip' } }).errors).toEqual({
      fields: { zip: '10001 is not a ZIP code in California.' },
    });
    expect(orderFailure(400, { code: 'invalid_address', message: 'Choose a state or territory.', details: { field: 'state' } }).errors.fields).toHaveProperty(
      'state',
    );
  });
  it('validation details go next to the fields they point at, the rest to the summary', () => {
    const f = orderFailure(400, {
      code: 'validation_failed',
      message: 'Invalid body',
      details: [
        { path: '/shippingAddress/city', message: 'Enter the city.' },
        { path: '/payment/card/expMonth', message: 'Too big' },
        { path: '/checkoutId', message: 'Invalid uuid' },
      ],
    });
    expect(f.errors).toEqual({ fields: { city: 'Enter the city.', cardExp: 'Too big' }, form: 'Check the form: Invalid uuid' });
    expect(f.freshKey).toBe(false);
  });
  it('a checkout that cannot be paid any more says why; the key is kept for retries of anything unsettled', () => {
    expect(orderFailure(409, { code: 'checkout_expired', message: 'This checkout has expired.' })).toMatchObject({ checkout: 'expired', freshKey: false });
    expect(orderFailure(409, { code: 'checkout_completed', message: 'Paid.' }).checkout).toBe('completed');
    expect(orderFailure(409, { code: 'price_changed', message: 'The price changed.' })).toMatchObject({
      checkout: 'stale',
      errors: { form: 'The price changed.' },
    });
    expect(orderFailure(503, { code: 'payment_unavailable', message: 'We could not reach the payment service.' })).toMatchObject({
      freshKey: false,
      errors: { form: 'We could not reach the payment service.' },
    });
    expect(orderFailure(0, null)).toMatchObject({ freshKey: false, checkout: null });
    expect(orderFailure(422, { code: 'idempotency_key_reused' }).freshKey).toBe(true);
  });
});

describe('expressBuyFromForm (Buy now without JavaScript)', () => {
  it('reads the ids, size, colour and a quantity kept within 1…MAX_QUANTITY', () => {
    expect(expressBuyFromForm(form({ productId: '7', offerId: '9', size: 'M', color: '', quantity: '99', back: '/prod/shoe/?id=7' }))).toEqual({
      body: { productId: 7, offerId: 9, quantity: MAX_QUANTITY, size: 'M' },
      back: '/prod/shoe/?id=7',
    });
    expect(expressBuyFromForm(form({ productId: '7', offerId: '9', quantity: '0' }))?.body.quantity).toBe(1);
  });
  it('refuses ids that are not ids and a way back that leaves the product pages', () => {
    expect(expressBuyFromForm(form({ productId: 'x', offerId: '9' }))).toBeNull();
    expect(expressBuyFromForm(form({ productId: '7', offerId: '9', back: 'https://evil.example/' }))?.back).toBe('/');
  });
});
