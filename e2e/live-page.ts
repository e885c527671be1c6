/**
 * The `test` the specs use: `page.goto` and `page.reload` return once a storefront page is live
 * (`html[data-hydrated]`, every region hydrated; decision 0005), as a shopper's second look at
 * a page would find it. What happens before that is the subject of loading.spec.ts, which uses
 * Playwright's own `test`.
 */
import { expect, test as base, type Page, type Response } from '@playwright/test';
import { BOOT_STATE } from '../apps/web/app/lib/progressive-hydration';

/** Waits for `data-hydrated` on pages the storefront renders (they carry the boot loader's state). */
async function live(page: Page, response: Response | null): Promise<Response | null> {
  if (await page.evaluate((key) => key in window, BOOT_STATE)) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => live(page, await goto(url, options));
    page.reload = async (options) => live(page, await reload(options));
    await use(page);
  },
});

export { expect };
