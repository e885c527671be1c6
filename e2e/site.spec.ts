import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './live-page';

/** Every page of issue 3 with the heading it must show (its key content). */
const PAGES: Array<[path: string, heading: RegExp]> = [
  ['/outlet/', /B-Outlet/],
  ['/euro/', /B-Euro/],
  ['/euro/?tab=european', /B-Euro/],
  ['/sports-outdoors/', /Sports & Outdoors/],
  ['/sports-outdoors/?tab=sportswear', /Sports & Outdoors/],
  ['/top-selling/', /Top Selling/],
  ['/lowest-price/', /Lowest Price/],
  ['/categories/', /All categories/],
  ['/brands/', /Brands/],
  ['/merchants/', /Merchants/],
  ['/c/outdoor/backpacks/', /Backpacks/],
  ['/s/dress/', /Dress/],
  ['/deals/', /Coupons & Deals/],
  ['/articles/', /Articles/],
  ['/privacy/', /Privacy Policy/],
  ['/termsofservices/', /Terms/],
  ['/shipping-policy/', /Shipping/],
  ['/payment-policy/', /Payment/],
  ['/returnRefund/', /Return/],
  ['/disclosure/', /Disclosure/],
  ['/aboutus/', /About/],
  ['/contactus/', /Contact/],
  ['/faqs/', /F\.?A\.?Q|Frequently/i],
  ['/affiliates/', /Affiliate/],
  ['/cookies/', /Cookie Notice/],
  ['/checkout/', /Nothing to check out/],
];

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const [path, heading] of PAGES) {
  test(`${path} answers with its content, a unique title and no axe violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(/\| B-Deals$/);
    await expectNoAxeViolations(page);
  });
}

test('titles and canonicals differ between pages; the short category links to /category/', async ({ page }) => {
  const seen = new Set<string>();
  for (const path of ['/outlet/', '/euro/', '/brands/', '/merchants/', '/privacy/', '/faqs/']) {
    await page.goto(path);
    const title = await page.title();
    expect(seen.has(title)).toBe(false);
    seen.add(title);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toMatch(new RegExp(`${path.replace(/\?/g, '\\?')}$`));
  }
  await page.goto('/c/outdoor/backpacks/');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/category\/sneakers-sportswear\/outdoor\/backpacks\/$/);
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.some((t) => t.includes('"BreadcrumbList"'))).toBe(true);
  await page.goto('/');
  const homeLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).join();
  expect(homeLd).toContain('"Organization"');
  expect(homeLd).toContain('"SearchAction"');
});

test('brand and merchant indexes: tab lists of spec §3, A–Z groups, links to brand and store pages', async ({ page }) => {
  await page.goto('/brands/');
  const brandTabs = page.getByRole('navigation', { name: 'Brand lists' }).getByRole('link');
  await expect(brandTabs).toHaveText(['ALL BRANDS', 'B-OUTLET', 'B-ECO']);
  await page.getByRole('navigation', { name: 'Brands by letter' }).getByRole('link').first().click();
  const brand = page.locator('main section ul a').first();
  await brand.click();
  await expect(page).toHaveURL(/\/brand\/[^/]+\/$/);
  const brandPath = new URL(page.url()).pathname;
  const sub = await page.goto(`${brandPath}dresses/`);
  expect(sub?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Dresses');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`${brandPath}dresses/$`));

  await page.goto('/merchants/');
  await expect(page.getByRole('navigation', { name: 'Merchant lists' }).getByRole('link')).toHaveText(['ALL MERCHANTS', 'B-OUTLET', 'B-EURO', 'B-ECO']);
  await page.locator('main section ul a').first().click();
  await expect(page).toHaveURL(/\/store\/[^/]+\/$/);
});

test('a coupon code copies to the clipboard with a toast that closes after 2000 ms', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();
  await page.goto('/deals/');
  await page
    .locator('main article')
    .filter({ hasText: /Code\s/ })
    .first()
    .locator('a')
    .first()
    .click();
  await expect(page).toHaveURL(/\/deal\/[^/]+\/[^/]+\/\?promoId=\d+/);
  const code = (await page.locator('main article p.font-mono').textContent())!.replace('Coupon code: ', '').trim();
  await page.getByRole('button', { name: 'Copy code' }).click();
  const toast = page.getByText(`Code ${code} copied`);
  await expect(toast).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await page.clock.runFor(1500);
  await expect(toast).toBeVisible();
  await page.clock.runFor(1500); // past 2000 ms, plus the exit animation
  await expect(toast).toBeHidden();
});

test('deals, articles and the outbound click route', async ({ page, request }) => {
  await page.goto('/deals/');
  const deal = page.locator('main article a').first();
  if (await deal.count()) {
    await deal.click();
    await expect(page).toHaveURL(/\/deal\/[^/]+\/[^/]+\/\?promoId=\d+/);
    await expect(page.getByRole('link', { name: /^Shop at/ })).toHaveAttribute('rel', /nofollow sponsored/);
  }
  await page.goto('/articles/');
  const article = page.locator('main article a').first();
  if (await article.count()) {
    await article.click();
    await expect(page).toHaveURL(/\/article\/[^/]+\/$/);
    await expect(page.locator('main article h2').first()).toBeVisible();
  }
  await page.goto('/s/dress/');
  await page.locator('main ul li article a').first().click();
  const offer = page.getByRole('table').locator('tbody tr').first().getByRole('link');
  await expect(offer).toHaveAttribute('rel', 'nofollow sponsored noopener');
  const href = (await offer.getAttribute('href'))!;
  expect(href).toMatch(/^\/out\/\d+\/$/);
  const out = await request.get(href, { maxRedirects: 0 });
  expect(out.status()).toBe(302);
  expect(out.headers()['location']).toMatch(/^https?:\/\//);
  expect((await request.get('/out/999999999/', { maxRedirects: 0 })).status()).toBe(404);
});

test('permanent redirects of spec §2.2 answer 301 with their Location', async ({ request }) => {
  const cases: Array<[string, string]> = [
    ['/lux/', '/euro/'],
    ['/eco/', '/sports-outdoors/'],
    ['/c/sports/sweatshirts-joggers/', '/c/sports/sweatshirts/'],
    ['/c/outdoor/gym-hiking-bags-backpacks/', '/c/outdoor/backpacks/'],
    ['/c/outdoor/golf-balls/', '/sports-outdoors/'],
    ['/c/outdoor/volleyballs/', '/sports-outdoors/'],
    ['/c/outdoor/tennis-badminton-balls/', '/c/outdoor/tennis/'],
    ['/c/outdoor/ski-protective-gear-ski-wear/', '/c/outdoor/ski-protective-gear/'],
    ['/c/outdoor/camping-tents-sleeping-bags/', '/c/outdoor/camping-tents/'],
    ['/c/outdoor/skateboarding-rollerblading/', '/c/outdoor/rollerblading/'],
    ['/c/outdoor/knee-elbow-wrist-supports/', '/c/outdoor/sports-protective-gear/'],
    ['/c/outdoor/yoga-mats-exercise-balls/', '/c/outdoor/yoga-mats/'],
    ['/outlet', '/outlet/'],
    ['/brands?tab=eco', '/brands/?tab=eco'],
    ['/index.html', '/'],
  ];
  for (const [from, to] of cases) {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(new URL(res.headers()['location']!, 'http://x').pathname + new URL(res.headers()['location']!, 'http://x').search).toBe(to);
  }
  for (const path of ['/robots.txt', '/sitemap.xml', '/sweepstake/game/index.html'])
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
  for (const [, to] of cases.slice(0, 12)) expect((await request.get(to)).status(), to).toBe(200);
});

test('sitemap lists products, categories, brands, merchants and articles; robots.txt points at it', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  for (const part of ['/prod/', '/category/', '/brand/', '/store/', '/privacy/']) expect(xml).toContain(part);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
});

test('the sweepstake game is playable from the keyboard', async ({ page }) => {
  await page.goto('/sweepstake/game/index.html');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Higher or Lower?');
  const streak = page.locator('#streak');
  const status = page.getByRole('status');
  await page.keyboard.press('h');
  await expect(status).toHaveText(/Right!|Not quite/);
  if ((await status.textContent())!.startsWith('Not quite')) {
    await expect(page.getByRole('button', { name: 'Play again' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(streak).toHaveText('0');
  } else await expect(streak).toHaveText('1');
  await expectNoAxeViolations(page);
});

test('All categories lists a query node only while its search finds products as typed', async ({ page, request }) => {
  const finds = async (q: string) => {
    const r = (await (await request.post('/inventory/api/v1/search/condition', { data: { q, to: 1, facets: false } })).json()) as {
      total: number;
      broadened: unknown;
    };
    return r.total > 0 && r.broadened === null;
  };
  await page.goto('/categories/');
  const main = page.getByRole('main');
  for (const [term, q] of [
    ['Water Bottles', 'water bottle'],
    ['Fashion Accessories', 'sunglasses scarf belt hat'],
    ['Smart Sunglasses', 'smart sunglasses'],
  ] as const)
    await expect(main.getByRole('link', { name: term, exact: true }), term).toHaveCount((await finds(q)) ? 1 : 0);
  // The demo catalogue sells no sunglasses: that node is hidden, and its neighbours are not all hidden.
  await expect(main.getByRole('link', { name: 'Smart Sunglasses', exact: true })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Water Bottles', exact: true })).toHaveCount(1);
});
