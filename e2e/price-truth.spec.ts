/**
 * Issue 16 §1–§2 as a shopper meets it: honest price badges and was-price checks on cards and the
 * product page, the Lowest Price page over lowest-price events with a choice of window, and the
 * home rail of new 90-day lows. The demo catalogue has a year of observed history.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { LowestPriceEventsResponse, ProductCard } from '@b-deals/contracts';
import { formatPrice } from '../packages/core/src/price';
import { expect, test } from './live-page';

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function onSale(page: Page): Promise<ProductCard[]> {
  const res = await page.request.post('/inventory/api/v1/search/condition', { data: { l: ['on_sale'], to: 100, facets: false } });
  return (await res.json()).items;
}

test('a discount whose was-price did not hold up says "claimed", with what we saw', async ({ page }) => {
  const card = (await onSale(page)).find((c) => c.wasCheck === 'inflated');
  expect(card, 'the demo catalogue has an inflated was-price').toBeTruthy();
  await page.goto(`/prod/${card!.slug}/?id=${card!.id}`);
  await expect(page.getByTestId('headline-price').getByTestId('claimed-discount')).toHaveText(`-${card!.discount}% claimed`);
  await expect(page.getByTestId('was-check')).toContainText('Claimed discount');
  await expect(page.getByTestId('was-check')).toContainText(formatPrice(card!.referencePrice!));
  await expectNoAxeViolations(page);
});

test('cards carry the price badges of the API, and a verified discount stays a plain badge', async ({ page }) => {
  const cards = await onSale(page);
  const verified = cards.find((c) => c.wasCheck === 'verified');
  const badged = cards.find((c) => c.priceBadge === 'lowest_90');
  expect(badged, 'some product on sale is at a 90-day low').toBeTruthy();
  await page.goto('/searchList/?l=on_sale');
  const tile = page.locator('article', { has: page.getByRole('link', { name: badged!.name, exact: true }) }).first();
  await expect(tile.locator('.badge-history')).toHaveText('Lowest in 90 days');
  if (verified) {
    await page.goto(`/prod/${verified.slug}/?id=${verified.id}`);
    // The product's own price (other products' cards on the page, e.g. in a sale week, may carry claims of their own).
    await expect(page.getByTestId('headline-price').getByTestId('claimed-discount')).toHaveCount(0);
    await expect(page.getByTestId('was-check')).toContainText('Discount checked');
  }
});

test('Lowest Price lists the events of a window, with 90 days by default and a choice of 30 or 365', async ({ page }) => {
  const api = (await (await page.request.get('/inventory/api/v1/product-history-event/lowest-price?window=30&to=48')).json()) as LowestPriceEventsResponse;
  await page.goto('/lowest-price/');
  const windows = page.getByRole('navigation', { name: 'Lowest over' });
  await expect(windows.getByRole('link', { name: '90 days' })).toHaveAttribute('aria-current', 'page');
  await windows.getByRole('link', { name: '30 days' }).click();
  await expect(page).toHaveURL(/\/lowest-price\/\?window=30$/);
  await expect(windows.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page');
  if (api.items.length > 0) await expect(page.locator('article h3').first()).toHaveText(api.items[0]!.name);
  else await expect(page.getByText(/No product reached a new 30-day low/)).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await page.goto('/lowest-price/?window=7'))?.status()).toBe(404);
});

test('home shows the new 90-day lows, and "See all" opens the Lowest Price page', async ({ page }) => {
  const api = (await (await page.request.get('/inventory/api/v1/product-history-event/lowest-price?window=90&to=12')).json()) as LowestPriceEventsResponse;
  test.skip(api.items.length === 0, 'no product at a new 90-day low today');
  await page.goto('/');
  const rail = page.getByRole('region', { name: 'New 90-day lows' });
  await expect(rail.locator('article h3').first()).toHaveText(api.items[0]!.name);
  await rail.getByRole('link', { name: /See all/ }).click();
  await expect(page).toHaveURL(/\/lowest-price\/$/);
});

test("pasting a store's product link opens that product's price history; an unknown page says so; words search", async ({ page }) => {
  const [card] = await onSale(page);
  const body = await (await page.request.get(`/inventory/api/v1/standard-product/product/${card!.id}/with-recommend?recommend=0`)).json();
  const link = `${body.offers[0].link.replace(/\/$/, '')}/?utm_source=newsletter#details`;
  await page.goto('/price-history-tracking/');
  await page.getByLabel(/Paste a store.s product link/).fill(link);
  await page.getByRole('button', { name: 'Find price history' }).click();
  await expect(page).toHaveURL(new RegExp(`/prod/${card!.slug}/\\?id=${card!.id}#price-history$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(card!.name);

  await page.goto(`/price-history-tracking/?link=${encodeURIComponent('https://nowhere.example/p/1')}`);
  await expect(page.getByTestId('not-tracked')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/price-history-tracking/?link=linen+dress');
  await expect(page).toHaveURL(/\/searchList\/\?q=linen%20dress$/);
});

test('the product page gives the price history store by store', async ({ page }) => {
  const res = await page.request.post('/inventory/api/v1/search/condition', { data: { l: ['multi_merchant'], to: 1, facets: false } });
  const [card] = (await res.json()).items as ProductCard[];
  const body = await (await page.request.get(`/inventory/api/v1/standard-product/product/${card!.id}/with-recommend?recommend=0`)).json();
  await page.goto(`/prod/${card!.slug}/?id=${card!.id}`);
  const table = page.getByTestId('store-history');
  await expect(table.locator('tbody tr')).toHaveCount(body.priceHistory.merchants.length);
  await expect(table.locator('tbody tr').first().locator('th')).toContainText(body.priceHistory.merchants[0].merchant.name);
  await expectNoAxeViolations(page);
  // On a 375 px phone the table fits the screen: nothing is cut off at its edge (the average goes under the store's name).
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(table.locator('tbody tr').first().locator('th')).toContainText('average');
  const box = page.getByRole('region', { name: 'Price history by store' });
  expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('the year in prices shows the months we observed, the departments and the sales weeks; an unobserved year is a 404', async ({ page }) => {
  const api = await (await page.request.get('/inventory/api/v1/price-index/year/2026')).json();
  const months = api.months.filter((m: { department: string }) => m.department === 'ALL');
  const sparse = api.sparseMonths.filter((m: { department: string }) => m.department === 'ALL');
  await page.goto('/ai-price-hunter/2026/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('2026 in prices');
  await expect(page.getByTestId('year-table').locator('thead th')).toHaveCount(1 + months.length + sparse.length);
  // Each month we observed on enough days says on how many; the others say there were not enough observations, with no figure.
  const lines = page.getByTestId('year-months').locator('li');
  await expect(lines).toHaveCount(months.length + sparse.length);
  await expect(lines.filter({ hasText: `observed on ${months[0].observedDays} days` }).first()).toBeVisible();
  await expect(lines.filter({ hasText: 'not enough observations' })).toHaveCount(sparse.length);
  await expect(page.getByTestId('sales-weeks').locator('li')).toHaveCount(api.salesEvents.length);
  await page.getByTestId('year-chart').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('year-chart').locator('svg.recharts-surface')).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await page.goto('/ai-price-hunter/1999/'))?.status()).toBe(404);
  expect((await page.goto('/ai-price-hunter/2025/'))?.status()).toBe(200);
});

test('AI Price Hunter shows the day’s new lows, how prices are read, and links to the years we observed', async ({ page }) => {
  const lows = (await (await page.request.get('/inventory/api/v1/product-history-event/lowest-price?window=90&to=8')).json()) as LowestPriceEventsResponse;
  await page.goto('/ai-price-hunter/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Price Hunter');
  await expect(page.getByRole('region', { name: 'New 90-day lows today' }).locator('article')).toHaveCount(lows.items.length);
  await expect(page.getByRole('heading', { name: 'How we read prices' })).toBeVisible();
  await page.getByRole('link', { name: `${new Date().getUTCFullYear()} in prices` }).click();
  await expect(page).toHaveURL(new RegExp(`/ai-price-hunter/${new Date().getUTCFullYear()}/$`));
  await page.goBack();
  await expectNoAxeViolations(page);
});
