/**
 * Issue 19 §1–§2 and §8 in Chromium: nothing is recorded or sent before consent; after 'Got It!'
 * each event reaches `window.dataLayer` once, GA4-shaped, and the first-party collector receives
 * it; Global Privacy Control turns it all off; a campaign is reported once per session.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './live-page';

const COLLECTOR = '**/analytics/api/v1/events';
type Sent = { anonymousId: string; events: Array<{ name: string; page: string; params: Record<string, unknown> }> };

/** Every batch the page sends to the collector (answered 204 here, so nothing is stored by the test run). */
function collect(page: Page): Sent[] {
  const batches: Sent[] = [];
  void page.route(COLLECTOR, async (route) => {
    batches.push(JSON.parse(route.request().postData() ?? '{}') as Sent);
    await route.fulfill({ status: 204 });
  });
  return batches;
}

const layer = (page: Page) =>
  page.evaluate(() => ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).map((e) => ({ ...e })));
const named = (entries: Array<Record<string, unknown>>, event: string) => entries.filter((e) => e.event === event);
/** Opens home, agrees with 'Got It!' and searches `term` from the search box. */
async function consentAndSearch(page: Page, term: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Got It!' }).click();
  await page.getByRole('searchbox').first().fill(term);
  await page.getByRole('searchbox').first().press('Enter');
  await expect(page).toHaveURL(new RegExp(`/searchList/\\?q=${term}`));
}

/** Sends what is waiting now, as the page does when it is hidden or left, and waits until the collector route has it. */
async function flush(page: Page, batches: Sent[]): Promise<void> {
  const before = batches.length;
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  await expect.poll(() => batches.length).toBeGreaterThan(before);
}

test('before consent nothing is recorded, stored or sent', async ({ page }) => {
  const batches = collect(page);
  await page.goto('/');
  await page.getByRole('searchbox').first().fill('dress');
  await page.getByRole('searchbox').first().press('Enter');
  await expect(page).toHaveURL(/\/searchList\/\?q=dress/);
  await page.locator('article h3 a').first().click();
  await expect(page).toHaveURL(/\/prod\//);
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  expect(await layer(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('bd_anonymous_id'))).toBeNull();
  expect(batches).toEqual([]);
});

test('after Got It!, a search, a list, a choice and a product view each fire once, to the dataLayer and the collector', async ({ page }) => {
  const batches = collect(page);
  await consentAndSearch(page, 'dress');
  await expect.poll(async () => named(await layer(page), 'view_item_list').length).toBe(1);
  let entries = await layer(page);
  expect(named(entries, 'search_action')).toEqual([{ event: 'search_action', action: 'search_input', search_term: 'dress' }]);
  expect(named(entries, 'search')).toHaveLength(1);
  const list = named(entries, 'view_item_list')[0]!.ecommerce as { items: Array<{ item_id: string; item_name: string; price: number; index: number }> };
  expect(list.items[0]).toMatchObject({ index: 0, item_id: expect.any(String), price: expect.any(Number) });

  const first = page.locator('article h3 a').first();
  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/prod\//);
  await expect.poll(async () => named(await layer(page), 'view_item').length).toBe(1);
  entries = await layer(page);
  expect((named(entries, 'select_item')[0]!.ecommerce as { items: Array<{ item_name: string }> }).items[0]!.item_name).toBe(name);
  const viewed = named(entries, 'view_item')[0]!.ecommerce as { currency: string; value: number; items: Array<{ item_name: string }> };
  expect(viewed).toMatchObject({ currency: 'USD', items: [{ item_name: name }] });

  await flush(page, batches);
  const events = batches.flatMap((b) => b.events.map((e) => e.name));
  for (const n of ['search_action', 'search', 'view_item_list', 'select_item', 'view_item'])
    expect(
      events.filter((e) => e === n),
      `${n} among ${events.join(', ')}`,
    ).toHaveLength(1);
  const ids = new Set(batches.map((b) => b.anonymousId));
  expect(ids.size).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('bd_anonymous_id'))).toBe([...ids][0]);
});

test('Global Privacy Control is honoured even after consent', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  const batches = collect(page);
  await consentAndSearch(page, 'dress');
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  expect(await layer(page)).toEqual([]);
  expect(batches).toEqual([]);
});

test('a campaign (utm_medium) is reported once per session as web_page_open, a new medium again', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Got It!' }).click();
  const opens = async () => named(await layer(page), 'web_page_open');
  await page.goto('/?utm_medium=email&utm_content=spring');
  await expect.poll(opens).toEqual([{ event: 'web_page_open', utm_medium: 'email', utm_content: 'spring' }]);
  await page.goto('/deals/?utm_medium=email&utm_content=spring');
  await expect.poll(async () => named(await layer(page), 'page_view').length).toBe(1);
  expect(await opens()).toEqual([]);
  await page.goto('/?utm_medium=social');
  await expect.poll(opens).toEqual([{ event: 'web_page_open', utm_medium: 'social' }]);
});

test("the operator's dashboard adds up the consented events: a search reaches Top searches; a wrong token is refused", async ({ page }) => {
  const token = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'operator-token'), 'utf8').trim();
  const term = `e2e-${Date.now().toString(36)}`;
  await page.goto('/');
  await page.getByRole('button', { name: 'Got It!' }).click();
  await page.getByRole('searchbox').first().fill(term);
  const stored = page.waitForResponse((r) => r.url().includes('/analytics/api/v1/events') && r.status() === 204);
  await page.getByRole('searchbox').first().press('Enter');
  await expect(page).toHaveURL(/\/searchList\//);
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  await stored.catch(() => undefined); // a beacon's answer is not always visible; the dashboard below is the check

  await page.goto('/admin/analytics/');
  await page.getByLabel('Operator token').fill('not-the-token-0123456789abcdef');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('alert')).toHaveText('That operator token is not valid.');

  await expect
    .poll(async () => {
      await page.getByLabel('Operator token').fill(token);
      await page.getByRole('button', { name: 'Show' }).click();
      await page.getByTestId('dashboard').waitFor();
      return page.getByTestId('top-searches').getByRole('rowheader', { name: term }).count();
    })
    .toBe(1);
  await expect(page.getByTestId('funnel')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
