/**
 * The browser's page-loading rules (spec §8; lib/page-loading.ts; decision 0019): a build-hash
 * mismatch clears Cache Storage and reloads once per session; navigation data that fails is
 * retried up to 3 times; an invalid data answer is treated as not found, confirmed by a HEAD on
 * the page; a lazy chunk that fails to load reloads the page once.
 */
import { expect, test, type Page } from '@playwright/test';

// These rules are about the page's own requests, which the tests answer with page.route; a
// service worker that took control would answer them first, unseen by page.route (Playwright's
// documented limit), so none registers here. The worker has its own spec (service-worker.spec.ts).
test.use({ serviceWorkers: 'block' });

const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

/** Counts the page's full document loads (the first one included). */
function documentLoads(page: Page): { count: () => number; paths: string[] } {
  const paths: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) paths.push(new URL(r.url()).pathname);
  });
  return { count: () => paths.length, paths };
}

/** A link of the footer, clicked for a client-side navigation. */
const footerLink = (page: Page, name: string) => page.locator('footer').getByRole('link', { name, exact: true });

test('a build-hash mismatch clears cached resources and reloads exactly once per session', async ({ page }) => {
  await page.route('**/page-data/app-data.json', (route) => route.fulfill({ json: { webpackCompilationHash: 'a-newer-build' } }));
  const loads = documentLoads(page);
  await page.goto('/privacy/');
  await hydrated(page);
  await page.evaluate(async () => {
    await (await caches.open('old-build-assets')).put('/old.js', new Response('old'));
  });
  // The first client-side navigation compares the hashes: another build answers, so the page reloads.
  await footerLink(page, 'Brands').click();
  await expect.poll(loads.count).toBe(2);
  await expect(page).toHaveURL(/\/brands\/$/);
  await hydrated(page);
  expect(loads.paths).toEqual(['/privacy/', '/brands/']);
  expect(await page.evaluate(() => caches.keys())).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('bd:build-reload'))).toBe('a-newer-build');

  // Still another build on the next navigation: checked again, but this session has reloaded once.
  const checked = page.waitForResponse('**/page-data/app-data.json');
  await footerLink(page, 'Merchants').click();
  await checked;
  await expect(page).toHaveURL(/\/merchants\/$/);
  await page.waitForTimeout(500);
  expect(loads.count()).toBe(2);
});

test('the same build hash never reloads', async ({ page }) => {
  const loads = documentLoads(page);
  await page.goto('/privacy/');
  await hydrated(page);
  const checked = page.waitForResponse('**/page-data/app-data.json');
  await footerLink(page, 'Brands').click();
  const answer = (await (await checked).json()) as { webpackCompilationHash: string };
  expect(answer.webpackCompilationHash).toBe(
    await page.evaluate(() => (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest.version),
  );
  await expect(page).toHaveURL(/\/brands\/$/);
  await page.waitForTimeout(500);
  expect(loads.count()).toBe(1);
});

test('navigation data that fails is retried up to 3 times, then the error page shows', async ({ page }) => {
  let calls = 0;
  await page.route(/\/brands\.data/, (route) => (++calls <= 2 ? route.abort('connectionreset') : route.continue()));
  await page.goto('/privacy/');
  await hydrated(page);
  const loads = documentLoads(page);
  await footerLink(page, 'Brands').click();
  await expect(page.getByRole('heading', { level: 1, name: /Brands/ })).toBeVisible();
  expect(calls).toBe(3);

  let failures = 0;
  await page.route(/\/merchants\.data/, (route) => {
    failures++;
    return route.fulfill({ status: 503, body: 'busy' });
  });
  await footerLink(page, 'Merchants').click();
  await expect(page.getByText('Error 500')).toBeVisible();
  expect(failures).toBe(4); // the first try and 3 retries
  expect(loads.count()).toBe(0);
});

test('an invalid page-data answer is treated as not found, confirmed by a HEAD on the page', async ({ page }) => {
  const heads: string[] = [];
  await page.route(/\/brands\.data/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><p>captive portal</p>' }));
  await page.route(/\/brands\/?$/, (route) => {
    if (route.request().method() !== 'HEAD') return route.continue();
    heads.push(route.request().url());
    return route.fulfill({ status: 404 });
  });
  await page.goto('/privacy/');
  await hydrated(page);
  const loads = documentLoads(page);
  await footerLink(page, 'Brands').click();
  await expect(page.getByText('Error 404')).toBeVisible();
  await expect(page).toHaveURL(/\/brands\/$/);
  expect(heads).toHaveLength(1);
  expect(loads.count()).toBe(0);
});

test('when the HEAD finds the page, the browser loads it in full instead', async ({ page }) => {
  await page.route(/\/brands\.data/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><p>not data</p>' }));
  await page.goto('/privacy/');
  await hydrated(page);
  const loads = documentLoads(page);
  await footerLink(page, 'Brands').click();
  await expect.poll(() => loads.paths).toEqual(['/brands', '/brands/']); // the full load, then the trailing-slash redirect
  await expect(page.getByRole('heading', { level: 1, name: /Brands/ })).toBeVisible();
});

test('a lazy chunk that fails to load reloads the page once per session', async ({ page }) => {
  await page.route(/\/assets\/suggestions-[\w-]+\.js$/, (route) => route.abort('failed'));
  const loads = documentLoads(page);
  await page.goto('/privacy/');
  await hydrated(page);
  const box = page
    .getByRole('search', { name: /^(Site search|Search B-Deals)$/ })
    .filter({ visible: true })
    .first()
    .getByRole('searchbox');
  // Focusing the search box loads the suggestions chunk: it fails, so the page reloads.
  await box.focus();
  await expect.poll(loads.count).toBe(2);
  expect(loads.paths).toEqual(['/privacy/', '/privacy/']);
  await hydrated(page);
  expect(await page.evaluate(() => sessionStorage.getItem('bd:chunk-reload'))).toBe('/privacy/');
  // Failing again on the same page in this session: no second reload.
  const failed = page.waitForEvent('requestfailed', (r) => /suggestions-/.test(r.url()));
  await box.focus();
  await failed;
  await page.waitForTimeout(500);
  expect(loads.count()).toBe(2);
});
