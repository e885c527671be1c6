/**
 * How a page becomes live (decision 0005): the server's HTML paints before any script is
 * requested, regions hydrate after the first pass without changing what the server rendered,
 * and an early tap or typing is not lost.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_PASSWORD, newAccount } from './helpers';

/** Holds the page's scripts back until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const LISTING = '/category/womens-clothing/';

/** The main content and footer as markup, comments and <noscript> contents aside (Preact empties those). */
const regions = (page: Page) =>
  page.evaluate(() =>
    ['main', 'footer']
      .map((sel) => (document.querySelector(sel)?.innerHTML ?? '').replace(/<!--.*?-->/g, '').replace(/<noscript>.*?<\/noscript>/g, ''))
      .join('\n'),
  );

test('the first screen paints before any script is requested', async ({ page, request }) => {
  const html = await (await request.get(LISTING)).text();
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).toContain('<script type="text/x-deferred-module">');
  await page.goto(LISTING);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    scripts: performance
      .getEntriesByType('resource')
      .filter((r) => /\/assets\/.*\.js$/.test(r.name))
      .map((r) => r.startTime),
  }));
  expect(timing.scripts.length).toBeGreaterThan(3);
  expect(Math.min(...timing.scripts)).toBeGreaterThan(timing.fcp);
});

test('regions hydrated after the first pass keep the server markup and become live', async ({ page }) => {
  await page.goto(LISTING);
  const server = await regions(page);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.locator('html[data-hydrating]')).toHaveCount(0);
  expect(await regions(page)).toBe(server);
  // The last card and the footer were hydrated late: their links navigate inside the app.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.locator('main ul.card-grid > li').last().getByRole('link').click();
  await expect(page).toHaveURL(/\/prod\/.+\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  await page.goBack();
  await page.locator('footer').getByRole('link', { name: 'Brands' }).click();
  await expect(page).toHaveURL(/\/brands\/$/);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
});

test('a tap while regions are still waiting hydrates them first, so it navigates inside the app', async ({ page }) => {
  // A slow phone: the regions are still waiting when the tap comes.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await page.goto(LISTING);
  await page.locator('html[data-hydrating]').waitFor({ state: 'attached' });
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.locator('main ul.card-grid > li').last().getByRole('link').click();
  await expect(page).toHaveURL(/\/prod\/.+\?id=\d+/);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

test('text typed into the search box before the page is live is kept, and the panel opens', async ({ page }) => {
  // The scripts arrive after the shopper has typed.
  const release = await holdScripts(page);
  await page.goto('/privacy/', { waitUntil: 'domcontentloaded' }); // load waits for the held scripts
  const box = page
    .getByRole('search', { name: /^(Site search|Search B-Deals)$/ })
    .filter({ visible: true })
    .first()
    .getByRole('searchbox');
  await box.click();
  await box.pressSequentially('jea');
  release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(box).toHaveValue('jea');
  await expect(page.getByTestId('search-panel')).toBeVisible();
  await expect(page.getByTestId('search-panel').getByText('Popular words')).toHaveCount(0);
});

test('a button tapped before the page is live does its job once it is', async ({ page }) => {
  test.skip(!page.viewportSize() || page.viewportSize()!.width > 960, 'the menu button shows under 960 px');
  const release = await holdScripts(page);
  await page.goto('/privacy/', { waitUntil: 'domcontentloaded' }); // load waits for the held scripts
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  release();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
});

test('signing in before the page is live waits for it and signs in; if the scripts never come, the e-mail is kept and the page says why', async ({
  page,
}, testInfo) => {
  const email = await newAccount(page, testInfo, 'early-sign-in');
  // A fast typer (or a password manager) on a page whose scripts are still on their way.
  let release = await holdScripts(page);
  await page.goto('/login/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  release();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Hi Ada' }).filter({ visible: true })).toBeVisible();

  // Scripts that never arrive: the form goes to the server after a while, which keeps the address.
  await page.context().clearCookies();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  release = await holdScripts(page);
  await page.goto('/login/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('The page was still loading', { timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: 'E-mail address', exact: true })).toHaveValue(email);
  release();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('without JavaScript, sign-in says it needs it and keeps the e-mail address', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login/');
  await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill('ada@example.com');
  await page.getByLabel('Password', { exact: true }).fill('anything at all');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Signing in needs JavaScript');
  await expect(page.getByRole('textbox', { name: 'E-mail address', exact: true })).toHaveValue('ada@example.com');
  await context.close();
});
