/**
 * Helpers shared by the e2e specs: reading prices and counts off listing pages, opening the
 * filter panel at either width, an axe-core check (WCAG rules of spec §5 / DESIGN.md), and the
 * mail the e2e server received (links out of it).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

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

/** One message the e2e SMTP server received (scripts/e2e.ts writes each as JSON into E2E_MAIL_DIR). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Every message received so far, oldest first. */
export function mails(): Mail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through scripts/e2e.ts');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Mail);
}

/**
 * Polls for the newest mail to `to` whose subject matches `subject` (any subject when omitted) and
 * has a `{linkPath}?token=` link (with or without the trailing slash); answers the link's path and
 * query.
 */
export async function mailLink(to: string, linkPath: string, subject = /./, timeout = 20_000): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+(${linkPath.replace(/\//g, '\\/')}\\/?\\?token=[\\w-]+)`);
  let link = '';
  await expect
    .poll(
      () => {
        for (const m of mails().reverse()) {
          const hit = m.to.includes(to) && subject.test(m.subject) ? pattern.exec(m.text) : null;
          if (hit) return (link = hit[1]!);
        }
        return '';
      },
      { timeout, message: `a mail to ${to} with a ${linkPath} link` },
    )
    .not.toBe('');
  return link;
}

/** The password of the accounts the specs make. */
export const E2E_PASSWORD = 'violet kettle harbour 42';

/** A new, verified account (sign-up through the API, the link from its mail); answers its e-mail address. */
export async function newAccount(page: Page, testInfo: TestInfo, name: string): Promise<string> {
  const email = `${name}-${testInfo.project.name}-${Date.now()}@example.com`;
  const signup = await page.request.post('/user/api/v1/signup', { data: { email, password: E2E_PASSWORD, firstName: 'Ada', lastName: 'Lovelace' } });
  expect(signup.status()).toBe(202);
  const verify = await mailLink(email, '/login/verify', /Confirm your B-Deals e-mail address/);
  const token = new URL(verify, 'http://x').searchParams.get('token');
  expect((await page.request.post('/user/api/v1/signup/verification', { data: { token } })).status()).toBe(200);
  return email;
}

/** Fills and sends the sign-in form of the page (an account of {@link newAccount}). */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A full-page screenshot into the test's output folder, named `{project}-{name}.png`. */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${testInfo.project.name}-${name}.png`), fullPage: true });
}

export interface Buyable {
  path: string;
  name: string;
  merchant: string;
  /** A size the offer has in stock now (found by asking the API, which prices each size). */
  size: string;
  /** Every size of the offer. */
  sizes: string[];
}

/**
 * A product of the demo catalogue whose Buy now form starts on an offer with several sizes, and
 * one of those sizes in stock (express-buy answers 201 for it).
 */
export async function sizedProduct(request: APIRequestContext): Promise<Buyable> {
  for (let id = 1; id <= 80; id++) {
    const res = await request.get(`/inventory/api/v1/standard-product/product/${id}/with-recommend`);
    if (!res.ok()) continue;
    const { product, offers } = (await res.json()) as {
      product: { slug: string; name: string };
      offers: Array<{ id: number; shipping: number | null; availability: string; sizes: string[]; merchant: { name: string } }>;
    };
    const offer = offers.find((o) => o.availability !== 'out_of_stock' && o.shipping !== null);
    if (!offer || offer.sizes.length < 2) continue;
    for (const size of offer.sizes) {
      const buy = await request.post('/order/api/v1/shoppingcart/express-buy', { data: { productId: id, offerId: offer.id, size, quantity: 1 } });
      if (buy.status() === 201) return { path: `/prod/${product.slug}/?id=${id}`, name: product.name, merchant: offer.merchant.name, size, sizes: offer.sizes };
    }
  }
  throw new Error('no product with a sized offer in stock in the demo catalogue');
}

/** The checkout's shipping fields as the shopper fills them. */
export const CHECKOUT_ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Capitol Mall', city: 'Sacramento', state: 'CA', zip: '95814' };

export async function fillCheckoutAddress(page: Page, email: string, zip: string) {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await main.getByRole('textbox', { name: 'First name' }).fill(CHECKOUT_ADDRESS.firstName);
  await main.getByRole('textbox', { name: 'Last name' }).fill(CHECKOUT_ADDRESS.lastName);
  await main.getByRole('textbox', { name: 'Street address' }).fill(CHECKOUT_ADDRESS.line1);
  await main.getByRole('textbox', { name: 'City' }).fill(CHECKOUT_ADDRESS.city);
  await main.getByRole('combobox', { name: 'State or territory' }).selectOption(CHECKOUT_ADDRESS.state);
  await main.getByRole('textbox', { name: 'ZIP code' }).fill(zip);
}
