import { expect, test } from './live-page';
import { cents, expectNoAxeViolations } from './helpers';

test('/price-history-tracking/ explains tracking and lists products at their lowest price of the year', async ({ page }) => {
  const response = await page.goto('/price-history-tracking/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Price History Tracking');
  await expect(page).toHaveTitle('Price History Tracking | B-Deals');
  await expect(page.getByRole('link', { name: /How to read a price history/ })).toHaveAttribute('href', '/article/how-to-read-a-price-history/');

  const section = page.getByRole('region', { name: 'At their lowest price of the year' });
  const rows = section.getByRole('listitem');
  expect(await rows.count()).toBeGreaterThan(0);
  for (const row of await rows.all()) {
    const price = cents((await row.getByTestId('price-current').textContent())!);
    const average = cents((await row.getByTestId('average90').textContent())!);
    expect(price).toBeLessThanOrEqual(average);
  }
  await expectNoAxeViolations(page);

  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/prod\//);
});

// /collection (B-LOVED) and /order (My orders) are real pages for signed-in shoppers (b-loved.spec.ts,
// checkout.spec.ts); /nestor is ShopGeni (shopgeni.spec.ts) and /discover-image/ image search's results
// page (discover-image.spec.ts): no page says "not available yet" any more.

test('the sitemap lists /price-history-tracking/, /ai-price-hunter/ and /nestor/ but no personal or per-upload page', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).toContain('/price-history-tracking/</loc>');
  expect(xml).toContain('/ai-price-hunter/</loc>');
  expect(xml).toContain('/nestor/</loc>');
  for (const path of ['/collection', '/order', '/discover-image']) {
    expect(xml).not.toContain(`${path}/</loc>`);
  }
  const other = await request.get('/ai-price-hunter/1999/');
  expect(other.status()).toBe(404);
});
