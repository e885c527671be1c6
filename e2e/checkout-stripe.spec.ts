import type { APIRequestContext, Page, Request, TestInfo } from '@playwright/test';
import { startStripeStub } from '../apps/api/test/orders/stripe-stub';
import { FAKE_STRIPE_JS } from './fake-stripe-js';
import { CHECKOUT_ADDRESS, expectNoAxeViolations, fillCheckoutAddress, newAccount, shot, signIn, sizedProduct, type Buyable } from './helpers';
import { expect, test } from './live-page';
import { SECOND_BASE, startOwnStack, type OwnStack } from './own-stack';

/**
 * Checkout in Stripe mode (issue 15 §3), on a stack of its own (own-stack.ts): `npm start` with
 * STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_API_URL pointing at a loopback stub of
 * Stripe's API (apps/api/test/orders/stripe-stub.ts), a small demo catalogue, and the e2e mail
 * server (E2E_SMTP_URL). Stripe.js itself is a stand-in served by request interception
 * (fake-stripe-js.ts): nothing here reaches the internet.
 *
 * What it proves: the page loads Stripe.js only in this mode, with the publishable key and the
 * order's amount, and the CSP admits it; Pay turns the card into a PaymentMethod id in the browser
 * and sends only that id; a decline shows Stripe's message by the card and keeps the form; the
 * paid order shows the card's last four digits; no request to the storefront or the API, and no
 * call to Stripe's API from our server, ever carries the card number; a Stripe.js that cannot load
 * is said plainly. Axe finds nothing at 1280 and 375 px. One stack: the desktop project only, the
 * narrow width checked inside it.
 */

const BASE = SECOND_BASE;
const CARD = '4242424242424242';
const DECLINED = '4000000000009995';

let stack: OwnStack | null = null;
let stub: Awaited<ReturnType<typeof startStripeStub>> | null = null;

test.describe('checkout with Stripe', () => {
  test.skip(({ isMobile }) => isMobile, 'one Stripe-mode stack for the run; 375 px is checked inside the desktop test');
  test.use({ baseURL: BASE });

  test.beforeAll(async ({ browserName }, testInfo) => {
    // Skipped projects start nothing (Playwright runs a describe's beforeAll per worker and project).
    if (testInfo.project.use.isMobile || browserName !== 'chromium') return;
    test.setTimeout(300_000);
    stub = await startStripeStub();
    stack = await startOwnStack({ STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e', STRIPE_API_URL: stub.url });
  });

  test.afterAll(async () => {
    await stack?.stop();
    await stub?.close();
  });

  /** Serves the Stripe.js stand-in for every js.stripe.com script the page asks for; answers the URLs asked. */
  async function fakeStripeJs(page: Page): Promise<string[]> {
    const asked: string[] = [];
    await page.route('https://js.stripe.com/**', (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_STRIPE_JS });
    });
    return asked;
  }

  /** A new shopper signs in (consenting to cookies first) and opens a product with a sized offer; answers the e-mail, the product and the product page's answer. */
  async function signedInOnProduct(page: Page, request: APIRequestContext, testInfo: TestInfo, name: string) {
    const email = await newAccount(page, testInfo, name);
    const product = await sizedProduct(request);
    await page.goto('/login/');
    await page.getByRole('button', { name: 'Got It!' }).click();
    await signIn(page, email);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Hi Ada' })).toBeVisible();
    const response = await page.goto(product.path);
    return { email, product, response };
  }

  /** Buy now on the open product page, with the product's size in stock; waits for /checkout/. */
  async function buyNow(page: Page, product: Buyable) {
    const panel = page.getByRole('region', { name: 'Buy now on B-Deals' });
    await panel.getByRole('combobox', { name: 'Size' }).selectOption(product.size);
    await panel.getByRole('button', { name: `Buy now from ${product.merchant}` }).click();
    await expect(page).toHaveURL(/\/checkout\/\?id=[0-9a-f-]{36}$/);
  }

  test('the card goes to Stripe.js, only its PaymentMethod id to us: decline kept, then paid, last four shown', async ({ page, request }, testInfo) => {
    const stripeJs = await fakeStripeJs(page);
    const ours: Request[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(BASE)) ours.push(r);
    });
    // No page loads Stripe.js until a checkout needs it; the policy of every page admits it.
    const { email, product, response: productPage } = await signedInOnProduct(page, request, testInfo, 'stripe');
    expect(productPage!.headers()['content-security-policy']).toContain('script-src');
    expect(productPage!.headers()['content-security-policy']).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(productPage!.headers()['content-security-policy']).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(stripeJs).toEqual([]);

    // The checkout (reached by a client-side navigation): Stripe's form in place of our card inputs.
    await buyNow(page, product);
    await expect(page.getByTestId('test-mode')).toContainText('TEST MODE');
    const cardGroup = page.getByRole('group', { name: 'Card' });
    const cardNumber = cardGroup.getByRole('textbox', { name: 'Card number' });
    await expect(cardNumber).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Expiry date' })).toHaveCount(0);
    expect(stripeJs).toHaveLength(1);
    const summary = page.getByRole('region', { name: 'Order summary' });
    const main = page.getByRole('main');
    await fillCheckoutAddress(page, email, CHECKOUT_ADDRESS.zip);
    const total = (await summary.getByTestId('total').textContent())!;
    const totalCents = Math.round(Number(total.replace(/[$,]/g, '')) * 100);
    // Stripe.js was given our publishable key, cards only, manual PaymentMethod creation, and the total with tax.
    const seen = () =>
      page.evaluate(
        () => (window as unknown as { __fakeStripe: { keys: string[]; elements: Array<Record<string, unknown>>; amounts: number[] } }).__fakeStripe,
      );
    expect((await seen()).keys).toEqual(['pk_test_e2e']);
    expect((await seen()).elements[0]).toMatchObject({
      mode: 'payment',
      currency: 'usd',
      paymentMethodCreation: 'manual',
      allowedPaymentMethodTypes: ['card'],
    });
    await expect.poll(async () => (await seen()).amounts.at(-1)).toBe(totalCents);
    await expectNoAxeViolations(page);

    // Incomplete, then declined: Stripe's words by the card and in the summary; the address stays.
    const pay = page.getByTestId('pay');
    await expect(pay).toHaveText(`Pay ${total}`);
    await cardNumber.fill('4242 4242');
    await pay.click();
    const problems = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(problems).toContainText('Card: Your card number is incomplete.');
    await cardNumber.fill(DECLINED);
    await pay.click();
    await expect(problems).toContainText('Card: Your card has insufficient funds.');
    await expect(cardGroup).toHaveAccessibleDescription('Your card has insufficient funds.');
    await expect(main.getByRole('textbox', { name: 'City' })).toHaveValue(CHECKOUT_ADDRESS.city);
    await expectNoAxeViolations(page);
    await shot(page, testInfo, 'stripe-declined');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page);
    await shot(page, testInfo, 'stripe-declined-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The test card pays; the order shows the last four digits Stripe reported.
    await cardNumber.fill(CARD);
    await pay.click();
    await expect(page).toHaveURL(/\/order\/\?placed=BD-\d{6,}$/);
    const confirmation = page.getByTestId('confirmation');
    await expect(confirmation).toContainText('card ending 4242');
    await expect(confirmation.getByTestId('total')).toHaveText(total);

    // Stripe's API saw PaymentMethod ids for the amount; nothing we or Stripe's API got carried the card.
    const intents = stub!.bodies.filter((b) => b.startsWith('POST /v1/payment_intents '));
    expect(intents).toHaveLength(2);
    expect(intents[0]).toContain('payment_method=pm_card_visa_chargeDeclinedInsufficientFunds');
    expect(intents[1]).toContain('payment_method=pm_card_visa');
    expect(intents[1]).toContain(`amount=${totalCents}`);
    const sent = ours.map((r) => `${r.url()} ${r.postData() ?? ''}`).join('\n');
    expect(ours.some((r) => r.method() === 'POST' && r.url().includes('/order/api/v1/order'))).toBe(true);
    for (const digits of [CARD, DECLINED, '4242 4242 4242 4242']) {
      expect(sent).not.toContain(digits);
      expect(stub!.bodies.join('\n')).not.toContain(digits);
    }
  });

  test('a Stripe.js that cannot load is said plainly, and Pay sends nothing', async ({ page, request }, testInfo) => {
    await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
    const { email, product } = await signedInOnProduct(page, request, testInfo, 'stripe-offline');
    await buyNow(page, product);
    await expect(page.getByTestId('card-unavailable')).toHaveText(/The secure card form could not load/);
    const before = stub!.bodies.length;
    const orders: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/order/api/v1/order')) orders.push(r.url());
    });
    await fillCheckoutAddress(page, email, CHECKOUT_ADDRESS.zip);
    await page.getByTestId('pay').click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText('Card: The secure card form could not load.');
    expect(orders).toEqual([]);
    expect(stub!.bodies.length).toBe(before);
    await expectNoAxeViolations(page);
  });
});
