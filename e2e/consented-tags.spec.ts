/**
 * Issue 19 §1–§2 in Chromium: the Google Tag Manager container and the affiliate conversion script
 * (spec §7) load only after the cookie banner's 'Got It!' and never under Global Privacy Control;
 * without configuration nothing loads. User identify: after sign-in the collector's events and the
 * dataLayer carry the account id as GA4's `user_id` (never the e-mail); after sign-out they do not.
 *
 * The GTM and affiliate tests run on a second stack started with `GTM_CONTAINER_ID` and
 * `AFFILIATE_SCRIPT_URL` (own-stack.ts; desktop project only, one stack); the shared stack has
 * neither, and there nothing loads. No request leaves the machine: both hosts are answered by
 * `page.route`.
 */
import type { Page, Request, Route } from '@playwright/test';
import { expect, test } from './live-page';
import { newAccount, signIn } from './helpers';
import { SECOND_BASE, startOwnStack, type OwnStack } from './own-stack';

const GTM_ID = 'GTM-E2ETEST';
const AFFILIATE_URL = 'https://affiliate.example/conversion.js';

/** Answers every request to GTM's host and to the affiliate script's origin with a tiny script; answers the requests seen. */
function thirdParties(page: Page): Request[] {
  const seen: Request[] = [];
  const answer = async (route: Route) => {
    seen.push(route.request());
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__tagRan = (window.__tagRan || 0) + 1;' });
  };
  void page.route('https://www.googletagmanager.com/**', answer);
  void page.route(`${new URL(AFFILIATE_URL).origin}/**`, answer);
  return seen;
}

const layer = (page: Page) =>
  page.evaluate(() => ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).map((e) => ({ ...e })));

test.describe('with GTM_CONTAINER_ID and AFFILIATE_SCRIPT_URL', () => {
  test.skip(({ isMobile }) => isMobile, 'one configured stack for the run: the desktop project');
  test.use({ baseURL: SECOND_BASE });
  let stack: OwnStack | null = null;
  test.beforeAll(async ({ browserName }, testInfo) => {
    // Skipped projects start nothing (Playwright runs a describe's beforeAll per worker and project).
    if (testInfo.project.use.isMobile || browserName !== 'chromium') return;
    test.setTimeout(300_000);
    stack = await startOwnStack({ GTM_CONTAINER_ID: GTM_ID, AFFILIATE_SCRIPT_URL: AFFILIATE_URL });
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test('nothing loads before consent; Got It! loads the container and the affiliate script once, with the page nonce', async ({ page }) => {
    const seen = thirdParties(page);
    await page.goto('/');
    await page.goto('/deals/');
    expect(seen.map((r) => r.url())).toEqual([]);
    expect(await page.locator('script[data-consented-tag]').count()).toBe(0);

    await page.getByRole('button', { name: 'Got It!' }).click();
    await expect.poll(() => seen.map((r) => r.url()).sort()).toEqual([AFFILIATE_URL, `https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`].sort());
    await expect.poll(() => page.evaluate(() => (window as unknown as { __tagRan?: number }).__tagRan)).toBe(2);
    expect((await layer(page)).filter((e) => e.event === 'gtm.js')).toHaveLength(1);
    expect(
      await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-consented-tag]')).every((s) => (s.nonce ?? '').length > 0),
      ),
    ).toBe(true);

    // A later page of the same visit does not load them again; a new page load (consent stored) does.
    await page.getByRole('banner').getByRole('link', { name: 'B-Deals' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    expect(seen).toHaveLength(2);
    await page.reload();
    await expect.poll(() => seen.length).toBe(4);
  });

  test('Global Privacy Control: neither loads, even after Got It!', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    const seen = thirdParties(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Got It!' }).click();
    await page.goto('/deals/');
    await page.waitForTimeout(500);
    expect(seen.map((r) => r.url())).toEqual([]);
  });
});

test('with nothing configured, no tag manager or affiliate script loads, even after consent', async ({ page }) => {
  test.skip(Boolean(process.env.GTM_CONTAINER_ID || process.env.AFFILIATE_SCRIPT_URL), 'the storefront was started with GTM_CONTAINER_ID');
  const external: string[] = [];
  page.on('request', (r) => {
    if (/^https:\/\/(www\.googletagmanager\.com|[^/]*affiliate)/.test(r.url())) external.push(r.url());
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Got It!' }).click();
  await page.goto('/deals/');
  await page.waitForTimeout(500);
  expect(external).toEqual([]);
  expect(await page.locator('script[data-consented-tag]').count()).toBe(0);
  expect((await layer(page)).filter((e) => e.event === 'gtm.js')).toEqual([]);
});

type Sent = { anonymousId: string; events: Array<{ name: string; userId?: string }> };

test('after sign-in every event carries the account id as user_id (collector and dataLayer); after sign-out none does', async ({ page }, testInfo) => {
  const email = await newAccount(page, testInfo, 'identify');
  const batches: Sent[] = [];
  await page.route('**/analytics/api/v1/events', async (route) => {
    batches.push(JSON.parse(route.request().postData() ?? '{}') as Sent);
    await route.fulfill({ status: 204 });
  });
  const flush = async () => {
    const before = batches.length;
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
    await expect.poll(() => batches.length).toBeGreaterThan(before);
  };

  await page.goto('/login/?redirectTo=%2Fdeals%2F');
  await page.getByRole('button', { name: 'Got It!' }).click();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/deals\/$/);
  const account = await page.evaluate(() => JSON.parse(localStorage.getItem('BSU_ACCOUNT') ?? 'null') as { id: number } | null);
  const userId = String(account!.id);
  await expect.poll(async () => (await layer(page)).some((e) => e.event === 'page_view' && e.page_title !== undefined)).toBe(true);
  await flush();
  const signedIn = batches.flatMap((b) => b.events);
  expect(signedIn.map((e) => e.name)).toEqual(expect.arrayContaining(['login', 'page_view']));
  for (const e of signedIn.filter((x) => x.name === 'login' || x.name === 'page_view')) expect(e.userId).toBe(userId);
  expect(JSON.stringify(batches)).not.toContain(email);
  expect((await layer(page)).filter((e) => 'user_id' in e).map((e) => e.user_id)).toEqual([userId]);

  // A new page load while signed in identifies the shopper again.
  await page.reload();
  await expect.poll(async () => (await layer(page)).filter((e) => 'user_id' in e).map((e) => e.user_id)).toEqual([userId]);

  // Sign out from the profile panel: the next events carry no id, and the dataLayer's is cleared.
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Hi Ada' }).click();
  await header.getByRole('region', { name: 'Your account' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  const sent = batches.length;
  await page.goto('/lowest-price/');
  await expect.poll(async () => (await layer(page)).some((e) => e.event === 'page_view')).toBe(true);
  await flush();
  const after = batches.slice(sent).flatMap((b) => b.events);
  expect(after.length).toBeGreaterThan(0);
  expect(after.filter((e) => e.userId !== undefined)).toEqual([]);
  expect((await layer(page)).filter((e) => 'user_id' in e)).toEqual([]);
});
