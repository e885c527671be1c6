import type { Page } from '@playwright/test';
import { expect, test } from './live-page';
import {
  CHECKOUT_ADDRESS as ADDRESS,
  E2E_PASSWORD,
  expectNoAxeViolations,
  fillCheckoutAddress as fillAddress,
  mails,
  newAccount,
  shot,
  sizedProduct,
} from './helpers';

/**
 * Express checkout and orders (issue 15), as a new shopper meets them: Buy now on a product page
 * → /checkout/ as a visitor (the simplified header, the test-mode label, the ZIP checked against
 * the state) → sign in → back on the same checkout with what they typed → the decline card shows
 * its error and keeps the form → the test card pays → the confirmation on /order/ → the order in
 * the list → My orders in the profile panel. Axe finds nothing on /checkout/ and /order/ at
 * either width (both projects). Accounts are made through the API and confirmed from the mail
 * (E2E_MAIL_DIR, scripts/e2e.ts); access tokens live 8 s here, so the pages meet expired tokens.
 */

/** An expiry date two years ahead, as the card form takes it ("MM / YY"). */
const EXPIRY = `12 / ${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

async function expectAddressKept(page: Page, email: string) {
  const main = page.getByRole('main');
  await expect(main.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(email);
  await expect(main.getByRole('textbox', { name: 'First name' })).toHaveValue(ADDRESS.firstName);
  await expect(main.getByRole('textbox', { name: 'Last name' })).toHaveValue(ADDRESS.lastName);
  await expect(main.getByRole('textbox', { name: 'Street address' })).toHaveValue(ADDRESS.line1);
  await expect(main.getByRole('textbox', { name: 'City' })).toHaveValue(ADDRESS.city);
  await expect(main.getByRole('combobox', { name: 'State or territory' })).toHaveValue(ADDRESS.state);
  await expect(main.getByRole('textbox', { name: 'ZIP code' })).toHaveValue(ADDRESS.zip);
}

async function fillCard(page: Page, number: string) {
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiry date' }).fill(EXPIRY);
  await page.getByRole('textbox', { name: 'Security code' }).fill('123');
}

test('Buy now → checkout as a visitor → sign in → back with the form → decline kept → test card → confirmation → /order → My orders', async ({
  page,
  request,
}, testInfo) => {
  const email = await newAccount(page, testInfo, 'buyer');
  const product = await sizedProduct(request);

  // The product page: "Buy now" (express checkout) beside the store's own "Buy at …" link.
  await page.goto(product.path);
  await page.getByRole('button', { name: 'Got It!' }).click();
  const panel = page.getByRole('region', { name: 'Buy now on B-Deals' });
  await expect(page.getByTestId('buy-button')).toContainText(/^Buy at /);
  const buyNow = panel.getByRole('button', { name: `Buy now from ${product.merchant}` });
  await buyNow.click();
  // A size is required: said under the button and on the size select, which takes the focus.
  const size = panel.getByRole('combobox', { name: 'Size' });
  await expect(panel.getByRole('alert')).toHaveText('Choose a size.');
  await expect(size).toBeFocused();
  await expect(size).toHaveAttribute('aria-invalid', 'true');
  await expect(size).toHaveAccessibleDescription('Choose a size.');
  await size.selectOption(product.size);
  await panel.getByRole('combobox', { name: 'Quantity' }).selectOption('2');
  await shot(page, testInfo, 'buy-now');
  await buyNow.click();

  // The checkout, as a visitor: the simplified header, the test-mode label, the order summary.
  await expect(page).toHaveURL(/\/checkout\/\?id=[0-9a-f-]{36}$/);
  const checkoutUrl = page.url();
  const header = page.getByRole('banner');
  await expect(header).toContainText('Check Out');
  await expect(header.getByRole('search')).toHaveCount(0);
  await expect(header.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByTestId('test-mode')).toContainText('TEST MODE');
  await expect(page.getByTestId('test-mode')).toContainText('4242 4242 4242 4242');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText(product.name);
  await expect(summary).toContainText(`Sold and shipped by ${product.merchant}`);
  await expect(summary).toContainText(`Size ${product.size}`);
  await expect(summary).toContainText('Qty 2');
  await expect(summary.getByTestId('tax')).toHaveText('Choose a state');
  await expect(page.getByTestId('sign-in-to-pay')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'checkout-visitor');

  // A ZIP that is not in the chosen state is refused in the browser, next to the field and in the focused summary.
  await fillAddress(page, email, '10001');
  await expect(summary.getByTestId('tax')).toHaveText(/^\$\d/);
  await page.getByRole('button', { name: 'Sign in to pay' }).click();
  const problems = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(problems).toBeFocused();
  await expect(problems).toContainText('ZIP code: 10001 is not a ZIP code in California.');
  const zip = page.getByRole('textbox', { name: 'ZIP code' });
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(zip).toHaveAccessibleDescription(/10001 is not a ZIP code in California\./);
  await expectNoAxeViolations(page);
  await zip.fill(ADDRESS.zip);

  // Sign in, and come back to the same checkout with what was typed.
  await page.getByRole('button', { name: 'Sign in to pay' }).click();
  await expect(page).toHaveURL(/\/login\/\?redirectTo=%2Fcheckout%2F%3Fid%3D/);
  await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(checkoutUrl);
  await expectAddressKept(page, email);
  const pay = page.getByTestId('pay');
  await expect(pay).toHaveText(/^Pay \$[\d,]+(\.\d\d)?$/);
  const total = (await summary.getByTestId('total').textContent())!;
  await expect(pay).toHaveText(`Pay ${total}`);
  await expect(page.getByRole('list', { name: 'Test cards' })).toContainText('4000 0000 0000 0002');

  // The decline card: the error next to the card and in the summary; nothing typed is lost.
  await fillCard(page, '4000 0000 0000 0002');
  await pay.click();
  await expect(problems).toBeFocused();
  await expect(problems).toContainText('Card number: Your card was declined.');
  const cardNumber = page.getByRole('textbox', { name: 'Card number' });
  await expect(cardNumber).toHaveAccessibleDescription('Your card was declined.');
  await expect(cardNumber).toHaveValue('4000 0000 0000 0002');
  await expect(page.getByRole('textbox', { name: 'Expiry date' })).toHaveValue(EXPIRY);
  await expectAddressKept(page, email);
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'checkout-declined');

  // The test card pays: the confirmation on /order/ says what was bought, for how much, in test mode.
  await cardNumber.fill('4242 4242 4242 4242');
  await pay.click();
  await expect(page).toHaveURL(/\/order\/\?placed=BD-\d{6,}$/);
  const number = new URL(page.url()).searchParams.get('placed')!;
  const confirmation = page.getByTestId('confirmation');
  const thanks = confirmation.getByRole('heading', { name: `Thank you! Order ${number} is placed` });
  await expect(thanks).toBeFocused();
  await expect(confirmation).toContainText(product.name);
  await expect(confirmation).toContainText('Qty 2');
  await expect(confirmation).toContainText('Test mode: no money moved');
  await expect(confirmation).toContainText('card ending 4242');
  await expect(confirmation.getByTestId('total')).toHaveText(total);
  await expect(confirmation).toContainText(`${ADDRESS.city}, ${ADDRESS.state} ${ADDRESS.zip}`);
  // The confirmation mail says test mode too.
  await expect
    .poll(() => mails().find((m) => m.to.includes(email) && m.subject.includes(number))?.subject, { timeout: 20_000 })
    .toBe(`[TEST MODE] Your B-Deals order ${number}`);

  // The list: the order with its status, test-mode label and history.
  const order = page.getByTestId('order').filter({ hasText: `Order ${number}` });
  await expect(order).toContainText('Paid');
  await expect(order).toContainText('Test mode');
  await expect(order).toContainText(product.merchant);
  await order.getByText('Status history').click();
  await expect(order.getByRole('listitem')).toHaveText([/^Placed · /, /^Paid · /]);
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'orders');

  // The profile panel lists My orders now.
  await page.getByRole('banner').getByRole('button', { name: 'Hi Ada' }).click();
  const myOrders = page.getByRole('region', { name: 'Your account' }).getByRole('link', { name: /My orders/ });
  await expect(myOrders).toHaveAccessibleName(/^My orders\s*1 order$/);
  await myOrders.click();
  await expect(page).toHaveURL(/\/order\/$/);
  await expect(page.getByTestId('order')).toHaveCount(1);
  await expect(page.getByTestId('confirmation')).toHaveCount(0);

  // The paid checkout cannot be paid again: it says so and points to the orders.
  await page.goto(checkoutUrl);
  await expect(page.getByTestId('checkout-halted')).toContainText('This checkout is already paid');
  await expect(page.getByRole('main').getByRole('link', { name: 'See My orders' })).toHaveAttribute('href', '/order/');
});

test('signed in: a size the API reports sold out is disabled; the checkout keeps working after the access token expires and the page reloads', async ({
  page,
  request,
}, testInfo) => {
  const email = await newAccount(page, testInfo, 'returning');
  const product = await sizedProduct(request);
  const soldOut = product.sizes.find((s) => s !== product.size)!;
  await page.goto(`/login/?redirectTo=${encodeURIComponent(product.path)}`);
  await page.getByRole('button', { name: 'Got It!' }).click();
  await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(product.path);

  // The demo catalogue has every size in stock, so the API's answer for a sold-out size is played here once.
  await page.route(
    '**/order/api/v1/shoppingcart/express-buy',
    (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'sold_out', message: `Size ${soldOut} is sold out at ${product.merchant}.`, details: { sizesInStock: [product.size] } }),
      }),
    { times: 1 },
  );
  const panel = page.getByRole('region', { name: 'Buy now on B-Deals' });
  const size = panel.getByRole('combobox', { name: 'Size' });
  await size.selectOption(soldOut);
  await panel.getByRole('button', { name: /^Buy now from / }).click();
  await expect(panel.getByRole('alert')).toHaveText(`Size ${soldOut} is sold out at ${product.merchant}.`);
  await expect(size.getByRole('option', { name: `${soldOut} (sold out)` })).toBeDisabled();
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'buy-now-sold-out');

  await size.selectOption(product.size);
  await panel.getByRole('button', { name: /^Buy now from / }).click();
  await expect(page).toHaveURL(/\/checkout\/\?id=[0-9a-f-]{36}$/);
  // Signed in: the card form and the shopper's address are there at once.
  await expect(page.getByRole('main').getByRole('textbox', { name: 'E-mail address' })).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveAttribute('autocomplete', 'cc-number');
  await expect(page.getByRole('textbox', { name: 'Expiry date' })).toHaveAttribute('autocomplete', 'cc-exp');
  await expect(page.getByRole('textbox', { name: 'Security code' })).toHaveAttribute('autocomplete', 'cc-csc');
  await expect(page.getByRole('textbox', { name: 'ZIP code' })).toHaveAttribute('autocomplete', 'shipping postal-code');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'checkout-signed-in');

  // The checkout is this shopper's now: after their access token expired the server cannot read it, the browser can.
  await page.waitForFunction(
    () => {
      const s = JSON.parse(localStorage.getItem('BSU_SECRET') ?? 'null') as { expires_at: number } | null;
      return !!s && Date.now() > s.expires_at + 500;
    },
    null,
    { timeout: 20_000 },
  );
  expect(await (await page.request.get(page.url())).text()).toContain('Loading your checkout…');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(product.name);
  await expect(page.getByTestId('pay')).toBeVisible();

  // No order yet: /order/ says so and where to start.
  await page.goto('/order/');
  await expect(page.getByRole('heading', { level: 2, name: 'No orders yet' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'See today’s deals' })).toHaveAttribute('href', '/deals/');
  await expectNoAxeViolations(page);
});

test('/order/ and /checkout/ are the shopper’s own: sign-in first, never cached, noindex; no or unknown checkout says what to do', async ({
  page,
  request,
}) => {
  const orders = await request.get('/order/', { maxRedirects: 0 });
  expect(orders.status()).toBe(302);
  expect(orders.headers().location).toBe(`/login?redirectTo=${encodeURIComponent('/order/')}`);

  await page.goto('/checkout/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nothing to check out');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectNoAxeViolations(page);

  const unknown = await page.goto('/checkout/?id=00000000-0000-4000-8000-000000000000');
  expect(unknown?.status()).toBe(404);
  expect(unknown?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find this checkout');

  // A visitor's checkout page is never stored by the anonymous HTML cache (decision 0014).
  const product = await sizedProduct(request);
  const id = new URL(product.path, 'http://x').searchParams.get('id')!;
  const offers = (await (await request.get(`/inventory/api/v1/standard-product/product/${id}/with-recommend`)).json()) as {
    offers: Array<{ id: number; shipping: number | null; availability: string }>;
  };
  const offer = offers.offers.find((o) => o.availability !== 'out_of_stock' && o.shipping !== null)!;
  const session = (await (
    await request.post('/order/api/v1/shoppingcart/express-buy', { data: { productId: Number(id), offerId: offer.id, size: product.size, quantity: 1 } })
  ).json()) as { id: string };
  const first = await request.get(`/checkout/?id=${session.id}`);
  expect(first.status()).toBe(200);
  expect(first.headers()['cache-control']).toBe('private, no-store');
  expect(await first.text()).toContain('TEST MODE');

  // Buy now without JavaScript: the form posts to /checkout/, which starts the checkout and opens it.
  const noScript = await request.post('/checkout/', {
    form: { intent: 'express-buy', productId: id, offerId: String(offer.id), size: product.size, quantity: '1', back: product.path },
    maxRedirects: 0,
  });
  expect(noScript.status()).toBe(302);
  expect(noScript.headers().location).toMatch(/^\/checkout\/\?id=[0-9a-f-]{36}$/);
});
