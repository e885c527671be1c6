/**
 * A stand-in for Stripe.js, served in place of https://js.stripe.com/… by `page.route` in the
 * Stripe-mode checkout spec (this machine has no internet, and a test must not reach Stripe).
 * It implements only what lib/stripe-payment.ts calls, with Stripe's result shapes:
 *
 * - `Stripe(pk)` (test keys only) → `elements(options)` → `create('payment')` → an element whose
 *   `mount(container)` puts a labelled "Card number" input in the container (the real one is an
 *   iframe from js.stripe.com) and fires `ready`, then `change` with `complete` as digits arrive;
 * - `elements.submit()` → `{error: {type: 'validation_error', …}}` for fewer than 16 digits;
 * - `createPaymentMethod({elements, params})` → the PaymentMethod id of Stripe's documented test
 *   tokens for the typed test card (4242… → `pm_card_visa`, 4000 0000 0000 0002 →
 *   `pm_card_chargeDeclined`, 4000 0000 0000 9995 → `pm_card_visa_chargeDeclinedInsufficientFunds`),
 *   or a card_error for any other number.
 *
 * Everything it was given is kept in `window.__fakeStripe` for the spec to read (the keys, the
 * elements options, the amounts, the billing details).
 */
export const FAKE_STRIPE_JS = String.raw`
(function () {
  var TOKENS = { '4242424242424242': 'pm_card_visa', '4000000000000002': 'pm_card_chargeDeclined', '4000000000009995': 'pm_card_visa_chargeDeclinedInsufficientFunds' };
  var seen = (window.__fakeStripe = { keys: [], elements: [], amounts: [], billing: [] });
  function Stripe(key) {
    if (!/^pk_test_/.test(key)) throw new Error('fake Stripe.js: test publishable keys only');
    seen.keys.push(key);
    var input = null;
    var digits = function () { return input ? input.value.replace(/\D/g, '') : ''; };
    return {
      _registerWrapper: function () {},
      elements: function (options) {
        seen.elements.push(options);
        seen.amounts.push(options.amount);
        return {
          create: function (type) {
            var handlers = {};
            var emit = function (name, event) { (handlers[name] || []).forEach(function (h) { h(event); }); };
            return {
              on: function (name, handler) { (handlers[name] = handlers[name] || []).push(handler); },
              mount: function (container) {
                var label = document.createElement('label');
                label.textContent = 'Card number';
                label.style.display = 'block';
                input = document.createElement('input');
                input.setAttribute('inputmode', 'numeric');
                input.style.cssText = 'display:block;width:100%;border:1px solid #78716c;border-radius:8px;padding:10px';
                input.addEventListener('input', function () { emit('change', { elementType: type, complete: digits().length >= 16, empty: !digits() }); });
                label.appendChild(input);
                container.appendChild(label);
                setTimeout(function () { emit('ready', { elementType: type }); }, 0);
              },
              destroy: function () { input = null; },
            };
          },
          submit: function () {
            return Promise.resolve(digits().length >= 16 ? {} : { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
          },
          update: function (options) { if (options.amount !== undefined) seen.amounts.push(options.amount); },
        };
      },
      createPaymentMethod: function (options) {
        seen.billing.push(options.params && options.params.billing_details);
        var id = TOKENS[digits()];
        return Promise.resolve(id ? { paymentMethod: { id: id, object: 'payment_method' } } : { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is invalid.' } });
      },
    };
  }
  Stripe.version = 'fake';
  window.Stripe = Stripe;
})();
`;
