import type { Page } from '@playwright/test';
import { expect, test } from './live-page';
import { expectNoAxeViolations } from './helpers';

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 960;
/** The visible site search form (header on desktop, the mobile bar otherwise). */
const siteSearch = (page: Page) =>
  page
    .getByRole('search', { name: /^(Site search|Search B-Deals)$/ })
    .filter({ visible: true })
    .first();

test('footer groups of spec §2.3, Follow Us and the copyright line', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('navigation', { name: 'Support & Service' }).getByRole('link')).toHaveText([
    'Coupons & Deals',
    'Categories',
    'Brands',
    'Merchants',
    'Articles',
    'Price History Tracking',
    'Best Price Picks',
    'AI Price Hunter',
    'FAQs',
    'Affiliates',
  ]);
  await expect(footer.getByRole('navigation', { name: 'Info & Policy' }).getByRole('link')).toHaveText([
    'Privacy Policy',
    'Terms of Service',
    'Shipping Policy',
    'Payment Policy',
    'Return / Refund',
    'Disclosure',
    'Become a Partner',
    'About Us',
    'Contact',
  ]);
  await expect(footer.getByRole('navigation', { name: 'Follow Us' }).getByRole('link')).toHaveText([/Instagram/, /Facebook/, /TikTok/, /Pinterest/]);
  await expect(footer).toContainText(/© \d{4} B-Deals/);
});

test('checkout shows the simplified Check Out header without menus or search', async ({ page }) => {
  await page.goto('/checkout/');
  const header = page.getByRole('banner');
  await expect(header).toContainText('Check Out');
  await expect(header.getByRole('search')).toHaveCount(0);
  await expect(header.getByRole('navigation')).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
});

test('cookie banner: Got It! and the close icon store USE_COOKIE and hide it for good', async ({ page }) => {
  await page.goto('/privacy/');
  const banner = page.getByRole('region', { name: 'Cookie notice' });
  await banner.getByRole('button', { name: 'Got It!' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('USE_COOKIE'))).toBe('true');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toBeHidden();
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await banner.getByRole('button', { name: 'Close cookie notice' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('USE_COOKIE'))).toBe('true');
});

test('search: elsewhere it navigates to /searchList/?q=; on the search page it updates the query in place', async ({ page }) => {
  await page.goto('/privacy/');
  const box = siteSearch(page).getByRole('searchbox');
  await box.fill('dress');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/searchList\/\?q=dress$/);
  await page.goto('/searchList/?q=dress&sort=priceAscTag&page=2');
  const again = siteSearch(page).getByRole('searchbox');
  await expect(again).toHaveValue('dress');
  await again.fill('jeans');
  await again.press('Enter');
  await expect(page).toHaveURL(/\/searchList\/\?q=jeans&sort=priceAscTag$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('jeans');
});

test('search dropdown: popular words on focus, at most 10 categories and 5 words once typing', async ({ page }) => {
  await page.goto('/privacy/');
  const search = siteSearch(page);
  await search.getByRole('searchbox').focus();
  const panel = page.getByTestId('search-panel');
  await expect(panel.getByText('Popular words')).toBeVisible();
  if (isMobile(page)) expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
  await search.getByRole('searchbox').fill('s');
  await expect(panel.getByRole('list', { name: 'Category suggestions' }).getByRole('link')).toHaveCount(10);
  expect(await panel.getByRole('list', { name: 'Search suggestions' }).getByRole('link').count()).toBeLessThanOrEqual(5);
  await search.getByRole('searchbox').press('Escape');
  await expect(panel).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  // Escape leaves the shopper where they were: focus and text stay in the box, and typing opens the panel again.
  await expect(siteSearch(page).getByRole('searchbox')).toBeFocused();
  await expect(siteSearch(page).getByRole('searchbox')).toHaveValue('s');
  await page.keyboard.type('h');
  await expect(panel.getByRole('list', { name: 'Category suggestions' })).toBeVisible();
  // Escape from elsewhere in the box (its Search button) brings the focus back to the input too.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(siteSearch(page).getByRole('searchbox')).toBeFocused();
});

test('under 960 px the search opens as a full-screen overlay with Cancel; on desktop it stays a dropdown', async ({ page }) => {
  await page.goto('/privacy/');
  await page.evaluate(() => window.scrollTo(0, 400));
  await page.mouse.wheel(0, -50); // the mobile header shows again on scroll up
  const search = siteSearch(page);
  await search.getByRole('searchbox').click();
  await expect(page.getByTestId('search-panel').getByText('Popular words')).toBeVisible();
  const overlay = page.getByRole('dialog', { name: 'Search' });
  if (!isMobile(page)) {
    await expect(overlay).toHaveCount(0);
    return;
  }
  await expect(overlay).toBeVisible();
  const box = (await overlay.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
  await expect(search.getByRole('searchbox')).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
  await expectNoAxeViolations(page);
  await overlay.getByRole('button', { name: 'Cancel' }).click();
  await expect(overlay).toHaveCount(0);
  await expect(page.getByTestId('search-panel')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  // A choice in the overlay closes it and searches.
  await search.getByRole('searchbox').click();
  await overlay.getByRole('list', { name: 'Popular words' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/searchList\/\?q=/);
  await expect(page.getByRole('dialog', { name: 'Search' })).toHaveCount(0);
});

test('placeholder hot word rotates every 3 s and an empty submit searches the word shown', async ({ page }) => {
  await page.clock.install();
  await page.goto('/privacy/');
  const box = siteSearch(page).getByRole('searchbox');
  const first = await box.getAttribute('placeholder');
  expect(first).toMatch(/^Try “.+”$/);
  await page.clock.fastForward(3000);
  await expect(box).not.toHaveAttribute('placeholder', first!);
  const shown = (await box.getAttribute('placeholder'))!.slice(5, -1);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/searchList\/\?q=/);
  expect(new URL(page.url()).searchParams.get('q')).toBe(shown);
});

test('NEW badge moves Top Selling → Sports & Outdoors → Lowest Price, then disappears', async ({ page }) => {
  test.skip(isMobile(page), 'the nav bar with badges is the desktop header');
  await page.goto('/privacy/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const badged = () => nav.getByRole('link').filter({ hasText: 'NEW' });
  await expect(badged()).toHaveText(/Top Selling/);
  await nav.getByRole('link', { name: /Top Selling/ }).click();
  await expect(badged()).toHaveText(/Sports & Outdoors/);
  await nav.getByRole('link', { name: /Sports & Outdoors/ }).click();
  await expect(badged()).toHaveText(/Lowest Price/);
  await nav.getByRole('link', { name: /Lowest Price/ }).click();
  await expect(page).toHaveURL(/\/lowest-price\/$/);
  await expect(badged()).toHaveCount(0);
  const seen = await page.evaluate(() => JSON.parse(localStorage.getItem('NEW_BADGE_SEEN') ?? '{}'));
  expect(Object.keys(seen).sort()).toEqual(['/lowest-price/', '/sports-outdoors/', '/top-selling/']);
});

test('desktop Departments mega-menu opens and closes with the keyboard', async ({ page }) => {
  test.skip(isMobile(page), 'desktop header');
  await page.goto('/privacy/');
  const summary = page.getByRole('navigation', { name: 'Main' }).getByText('Departments');
  await summary.focus();
  await page.keyboard.press('Enter');
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: "Women's Clothing" });
  await expect(link).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(link).toBeHidden();
});

test('the open Departments menu is above the page: on home every link of it takes the click (not the hero search box)', async ({ page }) => {
  test.skip(isMobile(page), 'desktop header');
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByText('Departments').click();
  const links = nav.locator('details[open] a');
  await expect(links.first()).toBeVisible();
  // The links the groups add (Necklaces, Earrings…) arrive with the module fetched on opening.
  await expect.poll(() => links.count()).toBeGreaterThan(20);
  const covered = await links.evaluateAll((all) =>
    all
      .filter((a) => {
        const r = a.getBoundingClientRect();
        return r.width > 0 && r.bottom <= innerHeight && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('a') !== a;
      })
      .map((a) => a.textContent),
  );
  expect(covered).toEqual([]);
});

test('mobile drawer: every section, focus trapped while open and returned on close', async ({ page }) => {
  test.skip(!isMobile(page), 'the drawer is the mobile header');
  await page.goto('/privacy/');
  const button = page.getByRole('button', { name: 'Open menu' });
  await button.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  for (const text of ['Create an Account', 'B-Outlet', 'B-Euro', 'Sports & Outdoors', 'Top Selling', 'Lowest Price', 'ShopGeni', 'Contact US'])
    await expect(drawer.getByRole('link', { name: text, exact: true })).toBeVisible();
  for (const h of ['Shop by Department', 'Shop by Merchant', 'Shop by Brand', 'Giftly', 'Shop by Category'])
    await expect(drawer.getByRole('heading', { name: h })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Contact US' })).toHaveAttribute('href', /^mailto:/);
  const dept = drawer.getByRole('button', { name: "Women's Clothing" });
  await dept.click();
  await expect(dept).toHaveAttribute('aria-expanded', 'true');
  await expect(drawer.getByRole('link', { name: "All Women's Clothing" })).toBeVisible();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();
});

test('mobile header hides on scroll down past its height and shows on scroll up', async ({ page }) => {
  test.skip(!isMobile(page), 'under 960 px only');
  await page.goto('/categories/');
  const header = page.getByRole('banner');
  // Scroll again until the listener is attached (the page may not be hydrated yet right after load).
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(header).toHaveAttribute('data-hidden', 'true', { timeout: 500 });
  }).toPass();
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(header).not.toHaveAttribute('data-hidden', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveAttribute('data-hidden', 'true');
});

test('home mobile secondary search bar shows past 370/750 of the width or with the menu open', async ({ page }) => {
  test.skip(!isMobile(page), 'mobile only');
  await page.goto('/');
  const bar = page.getByTestId('mobile-search-bar');
  await expect(bar).toHaveCount(0);
  const threshold = await page.evaluate(() => (window.innerWidth * 370) / 750);
  await page.evaluate((y) => window.scrollTo(0, y - 20), threshold);
  await expect(bar).toHaveCount(0);
  await page.evaluate((y) => window.scrollTo(0, y + 40), threshold);
  await expect(bar).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(bar).toHaveCount(1);
});

test('new navigation scrolls to the top after 100 ms; back restores the position', async ({ page }) => {
  await page.goto('/categories/');
  // A click before hydration would be a full page load, which is not what this test is about.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Brands' });
  await link.scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => window.scrollY);
  expect(y).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/brands\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/categories\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
});

test('home renders the API home modules in position order', async ({ page }) => {
  await page.goto('/');
  await expect(
    page
      .locator('main section')
      .filter({ has: page.getByRole('heading', { level: 2 }) })
      .first(),
  ).toBeVisible();
  await expect(page.locator('main section[aria-labelledby^="rail-"]').first()).toBeVisible();
});
