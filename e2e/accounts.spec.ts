import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './live-page';
import { mailLink, mails, shot } from './helpers';

/**
 * Accounts (issue 4): register → verification mail → sign in → 'Hi {firstName}' in the header →
 * the access token expires (the e2e server issues 8-second tokens) → the next call refreshes
 * without the shopper noticing → sign out. Mail is read from E2E_MAIL_DIR, where scripts/e2e.ts
 * writes each message received by its loopback SMTP server as `{to, subject, text}`.
 */

/** Axe over the page's main content and, when open, the account panel (the site chrome has its own checks in storefront.spec.ts). */
async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').include('[aria-label="Your account"]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

const secretOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('BSU_SECRET') ?? 'null') as { access_token: string; refresh_token: string; expires_at: number } | null);

/** The header's profile area (spec §2.3): 'Sign in' or 'Hi {firstName}'. */
const header = (page: Page) => page.getByRole('banner');

test('register → verify by mail → sign in → token refresh → sign out', async ({ page }, testInfo) => {
  // The whole account life in one test: two mails, four argon2id checks, axe on five pages and a wait for the 8 s
  // access token to expire take about a minute at the suite's start, while the demo images are still being embedded.
  test.setTimeout(120_000);
  const email = `shopper-${testInfo.project.name}-${Date.now()}@example.com`;
  const password = 'violet kettle harbour 42';

  await page.goto('/login/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'register');

  // Browser-side checks: every field is named in the summary and next to the field.
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('not-an-address');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('First name: Enter your first name.');
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveAccessibleDescription('Enter a valid e-mail address.');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'register-errors');

  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Tester');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  const passwordField = page.getByLabel('Password', { exact: true });
  await passwordField.fill(password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(passwordField).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(passwordField).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/login\/register-success\/\?email=/);
  await expect(page.getByRole('main')).toContainText(email);
  await shot(page, testInfo, 'register-success');

  // The verification link from the mail (its host is PUBLIC_URL; the path is what matters).
  const verify = await mailLink(email, '/login/verify', /Confirm your B-Deals e-mail address/);
  await page.goto(verify);
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'verified');
  // The same link again (a second click; mail clients open links too) says so instead of an error.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail is already confirmed' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await shot(page, testInfo, 'verified-again');

  // Sign in, coming back to the page the shopper was on.
  await page.goto(`/login?redirectTo=${encodeURIComponent('/searchList/?q=dress')}`);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('wrong password here');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('The e-mail address or password is wrong.');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'login-error');

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/searchList\/\?q=dress$/);
  const profileButton = header(page).getByRole('button', { name: 'Hi Ada' });
  await expect(profileButton).toBeVisible();
  const first = await secretOf(page);
  expect(first?.access_token).toBeTruthy();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('BSU_ACCOUNT') ?? 'null'))).toMatchObject({ firstName: 'Ada', lastName: 'Tester', email });
  expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage })))).not.toContain(password);

  // The storefront's server knows the shopper too (decision 0013): the HTML it renders, before any
  // script runs, greets them; the session cookie is out of reach of page scripts.
  const serverHtml = await (await page.request.get('/searchList/?q=dress')).text();
  expect(serverHtml).toMatch(/Hi (<!-- -->)?Ada/);
  const sessionCookie = (await page.context().cookies()).find((c) => c.name === 'bd_session');
  expect(sessionCookie?.httpOnly).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toContain('bd_session');

  // Let the access token expire, then open the profile panel: its calls get a 401, refresh once and retry.
  await page.waitForFunction((at) => Date.now() > at + 500, first!.expires_at, { timeout: 20_000 });
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/user/oauth/token') && r.request().method() === 'POST');
  await profileButton.click();
  expect((await refreshed).status()).toBe(200);
  const panel = header(page).getByRole('region', { name: 'Your account' });
  await expect(panel).toContainText(email);
  await expect(panel.getByRole('link', { name: /B-LOVED/ })).toBeVisible();
  await expect(page).toHaveURL(/\/searchList\//);
  await expect.poll(async () => (await secretOf(page))?.access_token).not.toBe(first!.access_token);
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'profile-panel');

  // Sign out: RFC 7009 revocation, the session is cleared and the header says 'Sign in' again.
  const revoked = page.waitForResponse((r) => r.url().endsWith('/user/oauth/revoke'));
  await panel.getByRole('button', { name: 'Sign Out' }).click();
  expect((await revoked).status()).toBe(200);
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(panel).toBeHidden();
  expect(await secretOf(page)).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('BSU_ACCOUNT'))).toBeNull();
  // Signed out on the server as well: the next page is rendered for a visitor.
  expect((await page.context().cookies()).find((c) => c.name === 'bd_session')).toBeUndefined();
  expect(await (await page.request.get('/searchList/?q=dress')).text()).not.toMatch(/Hi (<!-- -->)?Ada/);
});

test('forgotten password: ask for a link → choose a new password from the mail → sign in with it', async ({ page }, testInfo) => {
  // An account made through the API (the registration screens are covered above).
  const email = `forgetful-${testInfo.project.name}-${Date.now()}@example.com`;
  const signup = await page.request.post('/user/api/v1/signup', { data: { email, password: 'first passphrase here', firstName: 'Grace', lastName: 'Tester' } });
  expect(signup.status()).toBe(202);
  const verify = await mailLink(email, '/login/verify', /Confirm your B-Deals e-mail address/);
  const token = new URL(verify, 'http://x').searchParams.get('token');
  expect((await page.request.post('/user/api/v1/signup/verification', { data: { token } })).status()).toBe(200);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/login\/reset-password\/$/);
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'reset-password');
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveAccessibleDescription('Enter your e-mail address.');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page).toHaveURL(/\/login\/reset-sent\/\?email=/);
  await expect(page.getByRole('main')).toContainText(`If ${email} has a B-Deals account`);
  await shot(page, testInfo, 'reset-sent');

  // A link without a valid token is refused with a way to ask for a new one.
  await page.goto('/login/new-password?token=not-a-real-token-0000');
  const field = page.getByLabel('New password', { exact: true });
  await field.fill('x');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(field).toHaveAccessibleDescription(/At least 8 characters.*Use at least 8 characters\./);
  await field.fill('a long enough new passphrase');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toContainText('not valid any more');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'new-password-error');

  const reset = await mailLink(email, '/login/new-password', /Reset your B-Deals password/);
  await page.goto(reset);
  await page.getByLabel('New password', { exact: true }).fill('second passphrase now');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'new-password');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/login\/\?reset=done$/);
  await expect(page.getByRole('status')).toContainText('Your password is changed');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('second passphrase now');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(header(page).getByRole('button', { name: 'Hi Grace' })).toBeVisible();
});

test('registering from a page (a checkout, a heart) comes back to it: the mail’s link carries the page, and so does Sign in', async ({ page }, testInfo) => {
  const email = `back-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto(`/login/?redirectTo=${encodeURIComponent('/deals/')}`);
  await page
    .getByRole('link', { name: /create an account/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login\/register\/\?redirectTo=%2Fdeals%2F/);
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Tester');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('violet kettle harbour 42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login\/register-success\//);

  let verify = '';
  await expect
    .poll(() => {
      const mail = mails()
        .reverse()
        .find((m) => m.to.includes(email) && /Confirm your B-Deals e-mail address/.test(m.subject));
      verify = mail?.text.match(/https?:\/\/[^\s]+(\/login\/verify\?token=[\w-]+&redirectTo=[^\s]+)/)?.[1] ?? '';
      return verify;
    })
    .not.toBe('');
  expect(new URL(verify, 'http://x').searchParams.get('redirectTo')).toBe('/deals/');
  await page.goto(verify);
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await expect(page).toHaveURL(/\/login\/\?redirectTo=%2Fdeals%2F/);
  await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('violet kettle harbour 42');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/deals\/$/);
});
