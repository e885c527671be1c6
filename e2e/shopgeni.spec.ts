/**
 * ShopGeni at /nestor (issue 18 §1, §7), in both projects (1280 px desktop, 375 px mobile):
 * a typed request gets a streamed reply and cards within the budget, a quick-reply chip and a
 * "cheaper" follow-up refine it, a reload keeps the conversation (sessionStorage), a click on a
 * recommendation fires `link_gift`, and axe finds nothing.
 */
import type { Page } from '@playwright/test';
import { expectNoAxeViolations, shot } from './helpers';
import { expect, test } from './live-page';

const picks = (page: Page) => page.getByTestId('assistant-message').last().getByTestId('gift-pick');
const pickPrices = async (page: Page) => (await picks(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-price'))))) as number[];

async function ask(page: Page, text: string): Promise<void> {
  const before = await page.getByTestId('assistant-message').count();
  await page.getByLabel('Describe the gift you are looking for').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('assistant-message')).toHaveCount(before + 1);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible(); // back from "Thinking…"
}

test('a request streams a reply and cards within budget; chips, cheaper, reload and link_gift work; axe clean', async ({ page }, testInfo) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Got It!' }).click();
  await page.goto('/nestor');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ShopGeni gift finder');
  await expect(page.getByTestId('shopgeni-mode')).toContainText('Mode: built-in');
  await expectNoAxeViolations(page);

  // The reply arrives as server-sent events through the storefront's proxy.
  const stream = page.waitForResponse((r) => r.url().endsWith('/nestor/api/v1/conversation'));
  await ask(page, 'A gift for my mom who likes skincare, under $150');
  expect((await stream).headers()['content-type']).toMatch(/^text\/event-stream/);
  const reply = page.getByTestId('assistant-message').last();
  await expect(reply).toContainText('within $150');
  await expect(page.getByTestId('shopgeni-live')).toContainText('within $150');
  expect(await picks(page).count()).toBeGreaterThan(0);
  for (const p of await pickPrices(page)) expect(p).toBeLessThanOrEqual(15_000);
  await expect(reply.getByTestId('gift-why').first()).toContainText('$');
  await expect(reply.getByRole('button', { name: /Save .* to B-LOVED/ }).first()).toBeVisible();
  await shot(page, testInfo, 'shopgeni-answer');
  await expectNoAxeViolations(page);

  // A quick-reply chip, then "cheaper": every new pick is below the previous median.
  await page.getByRole('list', { name: 'Quick replies' }).getByRole('button', { name: 'Birthday' }).click();
  await expect(page.getByTestId('assistant-message')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  const before = (await pickPrices(page)).sort((a, b) => a - b);
  await ask(page, 'cheaper');
  await expect(page.getByTestId('assistant-message').last()).toContainText(/cheaper|couldn't find/i);
  const median = before.length % 2 ? before[(before.length - 1) / 2]! : (before[before.length / 2 - 1]! + before[before.length / 2]!) / 2;
  for (const p of await pickPrices(page)) expect(p).toBeLessThanOrEqual(Math.floor(median * 0.8));

  // Reload keeps the conversation.
  await page.reload();
  await expect(page.getByTestId('assistant-message')).toHaveCount(3);
  await expect(page.getByText('A gift for my mom who likes skincare, under $150')).toBeVisible();

  // A click on a recommendation fires link_gift.
  await page.getByTestId('gift-pick').first().locator('h3 a').click();
  await expect(page).toHaveURL(/\/prod\//);
  const layer = await page.evaluate(() => ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).map((e) => ({ ...e })));
  expect(layer.filter((e) => e.event === 'link_gift')).toHaveLength(1);
});

test('ShopGeni asks for the budget instead of guessing, and the header reaches it', async ({ page }, testInfo) => {
  await page.goto('/nestor');
  await ask(page, 'a present for my brother');
  await expect(page.getByTestId('assistant-message').last()).toContainText(/budget/i);
  await expect(page.getByTestId('gift-pick')).toHaveCount(0);
  await page.getByRole('list', { name: 'Quick replies' }).getByRole('button', { name: 'Under $100' }).click();
  await expect(page.getByTestId('assistant-message')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  for (const p of await pickPrices(page)) expect(p).toBeLessThanOrEqual(10_000);
  await shot(page, testInfo, 'shopgeni-budget');
  await expectNoAxeViolations(page);
});

test("ShopGeni gives a child children's things, a baby shower baby things, and asks about an interest it cannot serve; cards fit the width", async ({
  page,
}, testInfo) => {
  await page.goto('/nestor');
  const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  await ask(page, 'a gift for my 10-year-old nephew who loves soccer, under $40');
  await expect(page.getByTestId('assistant-message').last()).toContainText("children's sizes");
  expect(await picks(page).count()).toBeGreaterThan(0);
  for (const p of await pickPrices(page)) expect(p).toBeLessThanOrEqual(4_000);
  for (const why of await page.getByTestId('assistant-message').last().getByTestId('gift-why').allTextContents())
    expect(why).toMatch(/^(?:Why this: )?(Boys' Clothing|Girls' Clothing|Kids' Shoes|Toys|Sports Tops for soccer) · /);
  expect(await noSideScroll()).toBe(true);
  await shot(page, testInfo, 'shopgeni-child');

  await ask(page, 'a baby shower gift under $50');
  const baby = page.getByTestId('assistant-message').last();
  await expect(baby).toContainText('for the baby for a baby shower');
  for (const why of await baby.getByTestId('gift-why').allTextContents())
    expect(why).toMatch(/^(?:Why this: )?(Baby Clothing|Baby & Kids|Nursery & Strollers) · /);

  await ask(page, 'my mom loves pottery, under $60');
  await expect(page.getByTestId('assistant-message').last()).toContainText("I don't carry anything for pottery");
  await expect(page.getByTestId('assistant-message').last().getByTestId('gift-pick')).toHaveCount(0);
  await page.getByRole('list', { name: 'Quick replies' }).getByRole('button', { name: 'Popular gifts' }).click();
  await expect(page.getByTestId('assistant-message')).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(page.getByTestId('assistant-message').last()).toContainText('Here are popular gifts for your mom, from');
  expect(await picks(page).count()).toBeGreaterThan(0);
  for (const p of await pickPrices(page)) expect(p).toBeLessThanOrEqual(6_000);
  expect(await noSideScroll()).toBe(true);
  await shot(page, testInfo, 'shopgeni-popular');
  await expectNoAxeViolations(page);
});
