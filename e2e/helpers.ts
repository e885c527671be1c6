/**
 * Helpers shared by the e2e specs: reading prices and counts off listing pages, opening the
 * filter panel at either width, and an axe-core check (WCAG rules of spec §5 / DESIGN.md).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** "$1,234.5" → 123450 cents. */
export function cents(text: string): number {
  const m = text.replace(/[,\s]/g, '').match(/\$(\d+)(?:\.(\d{1,2}))?/);
  if (!m) throw new Error(`No price in "${text}"`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The product count shown above a listing ("1,234 products"). */
export async function productCount(page: Page): Promise<number> {
  const text = await page
    .getByText(/^\d[\d,]* products?$/)
    .first()
    .textContent();
  return Number(text!.replace(/\D/g, ''));
}

/** The filter panel: opened through its disclosure on narrow screens, a side panel on desktop. */
export async function filters(page: Page) {
  const summary = page.locator('aside[aria-labelledby="filters-heading"] summary', {
    hasText: 'Filters',
  });
  if (await summary.isVisible()) {
    const details = summary.locator('xpath=..');
    if (!(await details.getAttribute('open'))) await summary.click();
  }
  return page.getByTestId('filters-panel');
}

/** Current prices (cents) of the product cards in the grid. */
export async function gridPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('main ul li article [data-testid="price-current"]').allTextContents();
  return texts.map(cents);
}

/** Fails with the list of axe-core violations (rule id, help, targets) found on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
