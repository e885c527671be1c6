/**
 * Issue 19 §4 and §8 in Chromium (decision 0018): the storefront's service worker registers after
 * load and controls the page; `/sw.js` is revalidated on every check; visited pages open offline
 * and an unvisited one shows the offline page; nothing personal or analytic is cached.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './live-page';

/** Waits until a service worker is active and controls the page; answers its script URL. */
async function controlled(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), { timeout: 20_000 }).toMatch(/\/sw\.js$/);
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/** The URLs (path and query) stored in the worker's cache `name`. */
const cached = (page: Page, name: string) =>
  page.evaluate(async (n) => {
    const cache = await caches.open(n);
    return (await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
  }, name);

test('/sw.js is served as JavaScript with Cache-Control: no-cache', async ({ request }) => {
  const res = await request.get('/sw.js');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/javascript/);
  expect(res.headers()['cache-control']).toBe('no-cache');
  // The build's precache manifest was injected: hashed bundles and the offline page.
  const body = await res.text();
  expect(body).toMatch(/"url":"\/assets\/root-[\w-]+\.js"/);
  expect(body).toContain('"url":"/offline.html"');
});

test('the worker registers after load, controls the page, and still does after a reload', async ({ page }) => {
  await page.goto('/');
  expect(await controlled(page)).toMatch(/\/sw\.js$/);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  expect(scope).toMatch(/\/$/);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  // The app's bundles were precached at install.
  expect(
    (
      await cached(
        page,
        (await page.evaluate(() => caches.keys())).find((k) => k.includes('precache'))!,
      )
    ).some((u) => /^\/assets\/root-/.test(u)),
  ).toBe(true);
});

test('offline: visited pages reload from the cache, an unvisited page shows the offline page', async ({ page, context }) => {
  await page.goto('/deals/');
  await controlled(page);
  // The page the worker was installed on is stored at the page's request (CACHE_PAGE).
  await expect.poll(() => cached(page, 'pages')).toContain('/deals/');
  await page.goto('/lowest-price/');
  await expect.poll(() => cached(page, 'pages')).toContain('/lowest-price/');
  const heading = await page.getByRole('heading', { level: 1 }).textContent();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);
  await page.goto('/deals/');
  await expect(page).toHaveURL(/\/deals\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);

  await page.goto('/merchants/');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  await context.setOffline(false);
});

test('no API call with a session, no analytics and no non-GET answer is ever cached', async ({ page }) => {
  await page.goto('/');
  await controlled(page);
  await page.getByRole('button', { name: 'Got It!' }).click();
  await page.goto('/lowest-price/');
  await page.evaluate(async () => {
    await fetch('/user/api/v1/profile').catch(() => undefined);
    await fetch('/inventory/api/v1/favorite?from=0&to=1').catch(() => undefined);
    await fetch('/analytics/api/v1/events', { method: 'POST', body: '{}' }).catch(() => undefined);
  });
  const names = await page.evaluate(() => caches.keys());
  const all = (await Promise.all(names.map((n) => cached(page, n)))).flat();
  expect(all.length).toBeGreaterThan(0);
  expect(all.filter((u) => /^\/(user|order|analytics)\/|^\/inventory\/api\/v1\/favorite/.test(u))).toEqual([]);
});
