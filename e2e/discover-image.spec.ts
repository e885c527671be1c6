/**
 * Image search's results page (issue 17; spec §2.1, §2.5): `/discover-image/?origin={key}` for a
 * photo placed where the embedded storage host keeps uploads (`DATA_DIR/uploads/{key}`): a demo
 * catalogue image, so its product is found as the "cheapest identical item". The stack embeds the
 * catalogue's images in the background after start; the spec waits for the API's readiness signal
 * (`GET …/image-search/status`) rather than sleeping. Runs at desktop and 375 px (the mobile project).
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ImageSearchStatus } from '@b-deals/contracts';
import { expectNoAxeViolations } from './helpers';
import { expect, test } from './live-page';

const dataDir = process.env.E2E_DATA_DIR!;
const KEY = 'image-search/e2e/photo.webp';
/** The demo image uploaded (the first product image the generator wrote). */
const demoImage = () =>
  readdirSync(path.join(dataDir, 'media', 'demo'))
    .filter((f) => /^p\d+\.webp$/.test(f))
    .sort()[0]!;

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  mkdirSync(path.join(dataDir, 'uploads', 'image-search', 'e2e'), { recursive: true });
  copyFileSync(path.join(dataDir, 'media', 'demo', demoImage()), path.join(dataDir, 'uploads', KEY));
  await expect
    .poll(async () => ((await (await request.get('/inventory/api/v1/search/image-search/status')).json()) as ImageSearchStatus).ready, {
      message: 'the demo catalogue’s images are embedded',
      timeout: 280_000,
      intervals: [1000, 2000, 5000],
    })
    .toBe(true);
});

test('an uploaded photo shows itself, the cheapest identical item first and similar items; axe clean', async ({ page }) => {
  await page.goto(`/discover-image/?origin=${encodeURIComponent(KEY)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search by image');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const photo = page.getByRole('img', { name: 'Your upload' });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  const identical = page.getByTestId('identical');
  await expect(identical.getByRole('heading', { name: 'Cheapest identical item' })).toBeVisible();
  await expect(identical).toContainText(/Lowest total price \$[\d,.]+/);
  await expect(identical.locator('img').first()).toHaveAttribute('src', new RegExp(`/media/demo/${demoImage()}$`));

  const similar = page.getByRole('region', { name: 'Similar items' });
  await expect(similar.getByRole('listitem')).toHaveCount(20);
  await expect(similar.getByText(/store/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // No horizontal scroll at any width (375 px in the mobile project).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The identical item's product page has a "Visually similar" rail, asked for once the shopper scrolls near it.
  await identical.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/prod\//);
  // The page hydrates after its first screen (decision 0005) and only then watches the rail's
  // place; content above it may still grow meanwhile and push the place out of reach. Scroll to
  // it again until the browser has asked the API and the rail shows, as a shopper scrolling would.
  const rail = page.getByRole('heading', { name: 'Visually similar' });
  await expect(async () => {
    if (!(await rail.isVisible())) await page.getByTestId('visually-similar-place').scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(rail).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});

test('department and price filters live in the URL and narrow the items', async ({ page }) => {
  await page.goto(`/discover-image/?origin=${encodeURIComponent(KEY)}`);
  await page.getByRole('navigation', { name: 'Price' }).getByRole('link', { name: 'Under $50' }).click();
  await expect(page).toHaveURL(/[?&]price=0-5000/);
  await expect(page.getByRole('navigation', { name: 'Price' }).getByRole('link', { name: 'Under $50' })).toHaveAttribute('aria-current', 'page');
  const res = await page.request.get(`/inventory/api/v1/search/image-search/oss-image?origin=${encodeURIComponent(KEY)}&price=0-5000`);
  const body = (await res.json()) as { items: Array<{ priceTag: number }> };
  expect(body.items.every((c) => c.priceTag < 5000)).toBe(true);
  const count = body.items.length;
  if (count > 0) await expect(page.getByRole('region', { name: 'Similar items' }).getByRole('listitem')).toHaveCount(count);
  else await expect(page.getByRole('heading', { name: 'No similar items' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Department' }).getByRole('link').nth(1).click();
  await expect(page).toHaveURL(/[?&]dept=[0-9a-z]/);
  await expect(page).toHaveURL(/[?&]price=0-5000/);
  await expectNoAxeViolations(page);
});

test('a missing upload and a page without a photo say what to do; axe clean', async ({ page }) => {
  await page.goto('/discover-image/?origin=image-search%2Fe2e%2Fgone.jpg');
  await expect(page.getByRole('heading', { name: 'We could not find that photo.' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/discover-image/');
  await expect(page.getByRole('heading', { name: 'Upload a photo to find similar items online.' })).toBeVisible();
  await expectNoAxeViolations(page);
});
