import type { APIRequestContext, Page, Request, TestInfo } from '@playwright/test';
import { expect, test } from './live-page';
import { expectNoAxeViolations, mailLink, newAccount, shot, signIn } from './helpers';

/**
 * B-LOVED, price targets and the discount e-mail (issue 14), as a shopper meets them: a visitor's
 * heart goes through sign-in and comes back saved (once), /collection lists the product with its
 * price target, the header counts it; the footer's subscription is confirmed from the mail's link
 * (opening the link changes nothing) and ended with one click. Accounts are made through the API
 * and confirmed from the mail (E2E_MAIL_DIR, see scripts/e2e.ts); access tokens live 8 s here, so
 * pages also meet expired tokens on the way.
 */

/** The header's B-LOVED link ("B-LOVED, 3 products"). */
const lovedLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^B-LOVED/ });

test('a visitor’s heart → sign in → back with it saved once → /collection with a price target → the header counts it', async ({ page, request }, testInfo) => {
  // A new account (mail and argon2id), a sign-in round trip and four pages: about a minute at 375 px early in the suite.
  test.setTimeout(120_000);
  const email = await newAccount(page, testInfo, 'lover');
  // Anonymous /collection/ goes to sign-in and back; nothing of it is cached.
  const anonymous = await request.get('/collection/', { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toBe(`/login?redirectTo=${encodeURIComponent('/collection/')}`);

  // Top Selling always lists products (the Lowest Price page can be empty on a day with no new low,
  // e.g. once the 00:05 UTC price-stats refresh has run during the suite).
  await page.goto('/top-selling/');
  await page.getByRole('button', { name: 'Got It!' }).click();
  // Hearts are unpressed for a visitor, each its own button above the card's link.
  const heart = page
    .getByRole('main')
    .getByRole('button', { name: /^Save .+ to B-LOVED$/ })
    .first();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  const product = (await heart.textContent())!.replace(/^Save (.+) to B-LOVED$/, '$1');
  await expect(lovedLink(page)).toHaveCount(0);

  const saves: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/inventory/api/v1/favorite') saves.push(r);
  });
  await heart.click();
  await expect(page).toHaveURL(/\/login\/\?redirectTo=%2Ftop-selling%2F%3Flove%3D\d+$/);
  await signIn(page, email);

  // Back on the page, signed in: the product is saved once, the address loses ?love=, the heart is set.
  await expect(page).toHaveURL(/\/top-selling\/$/);
  const saved = page
    .getByRole('main')
    .getByRole('button', { name: `Remove ${product} from B-LOVED` })
    .first();
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await expect(lovedLink(page)).toHaveAccessibleName('B-LOVED, 1 product');
  await page.waitForTimeout(1000);
  expect(saves).toHaveLength(1);
  await shot(page, testInfo, 'hearts');

  // A reload keeps it (the hearts come from the account) and saves nothing again.
  await page.reload();
  await expect(
    page
      .getByRole('main')
      .getByRole('button', { name: `Remove ${product} from B-LOVED` })
      .first(),
  ).toHaveAttribute('aria-pressed', 'true');
  expect(saves).toHaveLength(1);

  await lovedLink(page).click();
  await expect(page).toHaveURL(/\/collection\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'B-LOVED' })).toBeVisible();
  await expect(page.getByTestId('saved-count')).toHaveText('1 saved product');
  const item = page.getByTestId('saved-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('heading', { level: 3 })).toHaveText(product);
  await expect(item.getByText(/^(✓ )?In stock$|^Out of stock$/)).toBeVisible();
  await expect(item.getByTestId('price-change')).toContainText(/(since|as when) you saved it/);
  await expect(page.getByRole('switch', { name: 'E-mail me price-drop alerts' })).toHaveAttribute('aria-checked', 'true');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'collection');

  // A price target in dollars: refused when it is not a price, then saved (as cents) and shown back.
  const target = item.getByRole('textbox', { name: `Price target for ${product}` });
  await target.fill('cheap');
  await item.getByRole('button', { name: 'Set target' }).click();
  await expect(target).toHaveAttribute('aria-invalid', 'true');
  await expect(target).toHaveAccessibleDescription(/Enter a price in dollars/);
  await target.fill('9.99');
  await item.getByRole('button', { name: 'Set target' }).click();
  await expect(item.getByText('Target saved: we will tell you when the price is $9.99 or lower.')).toBeVisible();
  await expect(item.getByText('We alert you when it costs $9.99 or less.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'collection-target');

  // A target the price already meets (decision 0017): said as it is typed, and again once saved, with the price now.
  if ((await item.getByText(/^(✓ )?In stock$/).count()) > 0) {
    await target.fill('99999');
    await expect(item.getByTestId('target-typed')).toHaveText(
      /^Already at or below that: \$[\d,.]+ now\. Set it and we will e-mail you about it at our next price check\.$/,
    );
    await item.getByRole('button', { name: 'Set target' }).click();
    await expect(item.getByRole('status').filter({ hasText: 'Target saved' })).toContainText(
      /Target saved\. Already at or below your target: \$[\d,.]+ now\. We will e-mail you about it at our next price check/,
    );
    await expect(item.getByTestId('target-hint')).toHaveText(/^Already at or below your target of \$99,999: \$[\d,.]+ now\.$/);
    await expectNoAxeViolations(page);
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, testInfo, 'collection-target-met-375');
    await expectNoAxeViolations(page);
    await page.setViewportSize(size);
    await target.fill('9.99');
    await item.getByRole('button', { name: 'Set target' }).click();
    await expect(item.getByTestId('target-hint')).toHaveText('We alert you when it costs $9.99 or less.');
  }

  // Rendered again (on the server, or in the browser when the server's copy of the token expired).
  await page.reload();
  await expect(page.getByTestId('saved-item').getByRole('textbox', { name: `Price target for ${product}` })).toHaveValue('9.99');
  await expect(lovedLink(page)).toHaveAccessibleName('B-LOVED, 1 product');
  await page.getByRole('button', { name: 'Hi Ada' }).click();
  await expect(page.getByRole('region', { name: 'Your account' }).getByRole('link', { name: /B-LOVED/ })).toContainText('1');
  await page.keyboard.press('Escape');

  // The product page's heart says the same and takes it out again; the header follows.
  await page.getByTestId('saved-item').getByRole('link', { name: product }).click();
  await expect(page).toHaveURL(/\/prod\//);
  const pageHeart = page
    .getByRole('main')
    .getByRole('button', { name: `Remove ${product} from B-LOVED` })
    .first();
  await expect(pageHeart).toHaveAttribute('aria-pressed', 'true');
  await pageHeart.click();
  await expect(
    page
      .getByRole('main')
      .getByRole('button', { name: `Save ${product} to B-LOVED` })
      .first(),
  ).toHaveAttribute('aria-pressed', 'false');
  await expect(lovedLink(page)).toHaveAccessibleName('B-LOVED, 0 products');
  await lovedLink(page).click();
  await expect(page.getByRole('heading', { name: 'Nothing saved yet' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: "Today's deals" })).toHaveAttribute('href', '/deals/');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'collection-empty');
});

/** Subscribes `email` from the footer of /deals/ (a wrong address first) and confirms it from the mail's link. */
async function subscribeAndConfirm(page: Page, request: APIRequestContext, email: string, testInfo: TestInfo): Promise<void> {
  await page.goto('/deals/');
  const footer = page.getByRole('contentinfo');
  const field = footer.getByRole('textbox', { name: 'Your e-mail' });
  await field.fill('not-an-address');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('Enter a valid e-mail address.');
  await field.fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  const inbox = /^Check your inbox to confirm your subscription/;
  await expect(footer.getByTestId('subscribe-status')).toHaveText(inbox);
  await expect(field).not.toHaveAttribute('aria-invalid');
  // The same words for an address we know now (never telling whether it was known).
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByTestId('subscribe-status')).toHaveText(inbox);
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'subscribe');

  const confirm = await mailLink(email, '/subscription/confirm', /Confirm your B-Deals discount/);
  // A mail scanner fetching the link uses nothing up.
  expect((await request.get(confirm)).status()).toBe(200);
  await page.goto(confirm);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'confirm');
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are subscribed' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toContainText('You are subscribed to the weekly B-Deals discount e-mail.');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'confirmed');
  // The same link again (a second click, a mail client's prefetch) says it is done already, with the next step.
  await page.reload();
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail is already confirmed' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: "See today's coupons and deals" })).toBeVisible();
  await expectNoAxeViolations(page);
  // A link that never was one keeps its error.
  await page.goto(confirm.replace(/token=[^&]+/, `token=${'x'.repeat(43)}`));
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('This link is not valid any more');
}

test('discount e-mail: subscribe in the footer → confirm from the mail (opening the link changes nothing)', async ({ page, request }, testInfo) => {
  await subscribeAndConfirm(page, request, `deals-${testInfo.project.name}-${Date.now()}@example.com`, testInfo);
});

test('discount e-mail: unsubscribe with one click from the link of the "you are subscribed" mail', async ({ page, request }, testInfo) => {
  const email = `unsub-${testInfo.project.name}-${Date.now()}@example.com`;
  await subscribeAndConfirm(page, request, email, testInfo);
  const unsubscribe = await mailLink(email, '/unsubscribe', /You are subscribed/);
  expect((await request.get(unsubscribe)).status()).toBe(200);
  await page.goto(unsubscribe);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toContainText('You will get no more B-Deals discount e-mails.');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'unsubscribed');
});

test('/unsubscribe/: one button for a link, the reason for a used or broken one, and a signed-in shopper’s own address', async ({ page }, testInfo) => {
  await page.goto('/unsubscribe/');
  await expect(page.getByRole('main')).toContainText('This link is not valid any more');
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectNoAxeViolations(page);

  // A well-formed token nobody issued: the page waits for the press, then says the link is not valid.
  await page.goto(`/unsubscribe/?token=${'n0t-a-real-token-'.repeat(3)}`);
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'unsubscribe');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('This link is not valid any more');
  await expect(page.getByRole('link', { name: 'contact us' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Signed in, without a link: the weekly e-mail of the shopper's own address (subscribed at once from the footer).
  const email = await newAccount(page, testInfo, 'unsub');
  await page.goto('/login/?redirectTo=%2Fdeals%2F');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/deals\/$/);
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByTestId('subscribe-status')).toHaveText('You are subscribed to the weekly B-Deals discount e-mail.');
  await page.goto('/unsubscribe/');
  await expect(page.getByRole('main')).toContainText(`stop the weekly discount e-mail to ${email}`);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
});
