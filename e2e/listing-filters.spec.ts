import { BASIC_COLOUR_LABELS, BASIC_COLOURS, basicColours } from '@b-deals/core';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './live-page';
import { expectNoAxeViolations, filters, gridPrices, productCount } from './helpers';

/** The offers (sizes and colours) of the first six products a listing shows, as the API's product answer gives them. */
async function shownOffers(page: Page, request: APIRequestContext): Promise<Array<Array<{ sizes: string[]; colors: string[] }>>> {
  const ids = await page
    .locator('main a[href*="/prod/"]')
    .evaluateAll((as) => [...new Set(as.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('id')))].slice(0, 6));
  expect(ids.length).toBeGreaterThan(0);
  const out = [];
  for (const id of ids) {
    const res = await request.get(`/inventory/api/v1/standard-product/product/${id}/with-recommend`);
    out.push(((await res.json()) as { offers: Array<{ sizes: string[]; colors: string[] }> }).offers);
  }
  return out;
}

test('min/max price inputs clamp on blur and filter the listing by price', async ({ page }) => {
  await page.goto('/searchList/?sort=priceAscTag');
  // The cookie banner appears once the page is hydrated, so blur handlers are attached.
  await page.getByRole('button', { name: 'Got It!' }).click();
  const total = await productCount(page);
  const panel = await filters(page);
  const min = panel.getByLabel('Min $');
  const max = panel.getByLabel('Max $');

  await min.fill('-5');
  await min.blur();
  await expect(min).toHaveValue('0');
  await max.fill('250000');
  await max.blur();
  await expect(max).toHaveValue('100000');

  await min.fill('20');
  await max.fill('150');
  await max.blur();
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/[?&]min=20&max=150(&|$)/);
  await expect(page).toHaveURL(/sort=priceAscTag/);
  await expect.poll(() => productCount(page)).toBeLessThan(total);
  const filtered = await productCount(page);
  expect(filtered).toBeGreaterThan(0);
  for (const price of await gridPrices(page)) {
    expect(price).toBeGreaterThanOrEqual(2000);
    expect(price).toBeLessThanOrEqual(15000);
  }
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('link', { name: /From \$20/ })).toBeVisible();
  await expect(chips.getByRole('link', { name: /Up to \$150/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await chips.getByRole('link', { name: /Up to \$150/ }).click();
  await expect(page).not.toHaveURL(/max=/);
  await expect(page).toHaveURL(/min=20/);
  await expect.poll(() => productCount(page)).toBeGreaterThan(filtered);
});

test('a price range in the URL is clamped to [0, 100000] dollars, a min above max swapped', async ({ page }) => {
  await page.goto('/searchList/?min=900000&max=-3');
  const panel = await filters(page);
  await expect(panel.getByLabel('Min $')).toHaveValue('0');
  await expect(panel.getByLabel('Max $')).toHaveValue('100000');
  await expect(page.getByTestId('price-swapped')).toContainText('swapped');
});

test('the active filters summary shows up to 3 terms joined with & and "and more"', async ({ page }) => {
  await page.goto('/searchList/?l=on_sale&l=in_stock');
  const summary = page.getByTestId('filter-summary');
  await expect(summary).toHaveText('Filtered by: On sale & In stock');
  await page.goto('/searchList/?l=on_sale&l=in_stock&l=multi_merchant&min=1');
  await expect(summary).toHaveText('Filtered by: On sale & In stock & Sold by 2+ stores and more');
  await page.goto('/searchList/');
  await expect(summary).toHaveCount(0);
});

test('the size filter keeps only products with that size in stock, and names it in the chips', async ({ page, request }) => {
  await page.goto('/searchList/?cids=k');
  const total = await productCount(page);
  const panel = await filters(page);
  const section = panel.getByRole('heading', { name: 'Size' }).locator('xpath=..');
  // The US size fewest shoes come in (so the filter has something to leave out).
  const facets = await section.getByRole('link').evaluateAll((as) =>
    as.map((a) => ({
      href: a.getAttribute('href')!,
      size: a.querySelector('span')!.firstChild!.textContent!.trim(),
      count: Number(a.lastElementChild!.textContent),
    })),
  );
  const us = facets.filter((f) => /^US [\d.]+$/.test(f.size)).sort((a, b) => a.count - b.count);
  expect(us.length).toBeGreaterThan(1);
  const { size, count, href } = us[0]!;
  expect(count).toBeLessThan(total);
  await section.locator(`a[href="${href}"]`).click();
  await expect(page).toHaveURL(new RegExp(`[?&]size=${size.replace(' ', '\\+')}(&|$)`));
  await expect.poll(() => productCount(page)).toBe(count);
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('link', { name: `Size ${size}` })).toBeVisible();

  // The products kept come in that size (the API's own product answer lists it among their offers' sizes).
  for (const offers of await shownOffers(page, request)) expect(offers.some((o) => o.sizes.some((s) => s.split(' / ').includes(size)))).toBe(true);
  await expectNoAxeViolations(page);
});

test('the colour filter keeps products of that colour, shows each colour by name, and names it in the chips', async ({ page, request }) => {
  await page.goto('/searchList/?cids=8');
  const total = await productCount(page);
  const panel = await filters(page);
  const section = panel.getByRole('heading', { name: 'Color' }).locator('xpath=..');
  // The colours wait behind one disclosure (the listing's HTML weight), which names how many there are.
  const disclosure = section.locator('summary');
  await expect(disclosure).toHaveText(/^Show \d+ colors?$/);
  const shown = Number((await disclosure.textContent())!.replace(/\D/g, ''));
  await disclosure.click();
  await expect(section.getByRole('link')).toHaveCount(shown);
  const facets = await section.getByRole('link').evaluateAll((as) =>
    as.map((a) => ({
      href: a.getAttribute('href')!,
      label: a.querySelector('span')!.textContent!.trim(),
      count: Number(a.lastElementChild!.textContent),
    })),
  );
  // Colours are listed by their names, in the filter's order (black, white, gray… multicolor).
  const order = BASIC_COLOURS.map((c) => BASIC_COLOUR_LABELS[c] as string);
  expect(facets.length).toBeGreaterThan(2);
  expect(facets.map((f) => order.indexOf(f.label))).toEqual(facets.map((f) => order.indexOf(f.label)).sort((a, b) => a - b));
  const blue = facets.find((f) => f.label === 'Blue');
  expect(blue).toBeDefined();
  expect(blue!.count).toBeLessThan(total);
  await section.locator(`a[href="${blue!.href}"]`).click();
  await expect(page).toHaveURL(/[?&]color=blue(&|$)/);
  await expect.poll(() => productCount(page)).toBe(blue!.count);
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('link', { name: 'Blue' })).toBeVisible();

  // The products kept state a shade of blue at some merchant (the API's product answer lists their offers' colours).
  for (const offers of await shownOffers(page, request)) expect(offers.some((o) => o.colors.some((c) => basicColours(c).includes('blue')))).toBe(true);
  await expectNoAxeViolations(page);

  // Once a colour is chosen, the colours are in view without opening anything.
  await expect(section.getByRole('link', { name: /^Blue \(selected, remove filter\)/ })).toHaveCount(1);
  await chips.getByRole('link', { name: 'Blue' }).click();
  await expect(page).not.toHaveURL(/color=/);
  await expect.poll(() => productCount(page)).toBe(total);
});

test('a query its filters empty says so and offers the words alone, with no nearby products', async ({ page }) => {
  await page.goto('/searchList/?q=running%20shoes&min=90000');
  await expect(page.getByRole('heading', { name: 'No products found for “running shoes” with these filters' })).toBeVisible();
  await expect(page.getByText(/Nothing matches/)).toHaveCount(0);
  await page.getByRole('link', { name: 'clear all filters' }).click();
  await expect(page).toHaveURL(/\/searchList\/\?q=running%20shoes$/);
  await expect(page.getByRole('heading', { name: 'Results for “running shoes”' })).toBeVisible();
});
