/**
 * Spec §9 "Page loading" in Chromium, with Playwright's clock: prefetch of in-viewport links
 * starts 3 s after the page is live, 4 pages a batch, 3 s between batches; with Data Saver on
 * nothing is prefetched. What a page prefetch loads is React Router's (`<link rel="prefetch"
 * as="fetch">` for loader data, module preloads).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './live-page';

/** Pages prefetched so far (the root lists them on a hidden element), and how many data prefetch links React Router rendered. */
const prefetched = (page: Page) =>
  page.evaluate(() => (document.querySelector('[data-testid="prefetched"]')?.getAttribute('data-pages') ?? '').split(' ').filter(Boolean).length);
const dataLinks = (page: Page) => page.locator('link[rel="prefetch"][as="fetch"]').count();

test('prefetch waits 3 s, then takes 4 in-viewport links a batch, 3 s apart', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await page.clock.pauseAt(Date.now() + 100);
  expect(await prefetched(page)).toBe(0);
  await page.clock.runFor(3000);
  await expect.poll(() => prefetched(page)).toBe(4);
  expect(await dataLinks(page)).toBeGreaterThan(0);
  await page.clock.runFor(2000);
  expect(await prefetched(page)).toBe(4);
  await page.clock.runFor(1000);
  await expect.poll(() => prefetched(page)).toBe(8);
});

test('nothing is prefetched with Data Saver on', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true, effectiveType: '4g' }) }));
  await page.clock.install();
  await page.goto('/');
  await page.clock.pauseAt(Date.now() + 100);
  await page.clock.runFor(10_000);
  expect(await prefetched(page)).toBe(0);
});
