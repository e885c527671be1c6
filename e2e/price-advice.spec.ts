/**
 * Issue 16 §3 and §5 as a shopper meets them: the AI Price Hunter's buy-or-wait advice.
 * - On the suite's stack, started with PRICE_ADVICE_MODEL=none (scripts/e2e.ts): product pages show
 *   no advice and /ai-price-hunter/ says the advice is not published — nothing is invented.
 * - On a second stack with a model file (PRICE_ADVICE_MODEL = e2e/fixtures/price-advice-model.synthetic.json,
 *   hand-set weights and a hand-set track record, labelled synthetic): the product page shows BUY/WAIT
 *   with the window, the expected saving and, instead of the model's probability, its band's track
 *   record on the held-out backtest, never above the band's observed rate; /ai-price-hunter/ shows the backtest figures with the date
 *   of the run and the products where waiting pays now; B-LOVED shows each saved product's advice.
 *   Axe finds nothing at 1280 and 375 px; the product page stays within its 60 KB of HTML.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { AdviceModelInfo, AdviceTrack, PriceAdvice, ProductsAdvice, WaitingPays } from '@b-deals/contracts';
import { casesOf100, formatPrice, productHref } from '@b-deals/core';
import { expectNoAxeViolations, newAccount, signIn } from './helpers';
import { expect, test } from './live-page';
import { SECOND_BASE, startOwnStack, type OwnStack } from './own-stack';

const MODEL_FILE = path.resolve(import.meta.dirname, 'fixtures/price-advice-model.synthetic.json');

test('without a fitted model no advice is shown, and the AI Price Hunter says it is not published', async ({ page }) => {
  const info = (await (await page.request.get('/inventory/api/v1/price-advice/model')).json()) as AdviceModelInfo;
  expect(info.available).toBe(false);
  await page.goto('/ai-price-hunter/');
  await expect(page.getByTestId('advice-unpublished')).toBeVisible();
  await expect(page.getByTestId('advice-backtest')).toHaveCount(0);
  const card = (await (await page.request.post('/inventory/api/v1/search/condition', { data: { to: 1, facets: false } })).json()).items[0];
  await page.goto(productHref(card.slug, card.id));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(card.name);
  await expect(page.getByTestId('price-advice')).toHaveCount(0);
});

/** Both widths of the issue (desktop and 375 px), axe after each. */
async function atBothWidths(page: Page, check: () => Promise<void>) {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(size);
    await check();
    await expectNoAxeViolations(page);
  }
}

/** Every "N of 100" and "N%" the note shows is at most its band's observed rate (right or drop share) in the held-out backtest. */
async function expectNoFigureAboveItsBand(note: ReturnType<Page['getByTestId']>, record: AdviceTrack) {
  const text = (await note.textContent()) ?? '';
  const observed = Math.max(record.right ?? 0, record.drops ?? 0);
  const shown = [...text.matchAll(/(\d+) of 100/g)].map((m) => Number(m[1]));
  expect(shown.length, `figures in "${text}"`).toBeGreaterThan(0);
  for (const n of shown) expect(n).toBeLessThanOrEqual(casesOf100(observed));
  const right = text.match(/(?:Right in|nothing in) (\d+) of 100/);
  if (right) expect(Number(right[1])).toBeLessThanOrEqual(100 * record.right!);
  expect(text).not.toMatch(/\d+%(?! or more)/);
}

test.describe('with a fitted model (synthetic fixture)', () => {
  test.skip(({ isMobile }) => isMobile, 'one configured stack for the run: the desktop project checks both widths');
  test.use({ baseURL: SECOND_BASE });
  let stack: OwnStack | null = null;
  test.beforeAll(async ({ browserName }, testInfo) => {
    if (testInfo.project.use.isMobile || browserName !== 'chromium') return;
    test.setTimeout(300_000);
    stack = await startOwnStack({ PRICE_ADVICE_MODEL: MODEL_FILE });
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test('/ai-price-hunter/ prints the backtest with the date of the run, and the products where waiting pays now', async ({ page }) => {
    const waiting = (await (await page.request.get('/inventory/api/v1/price-advice/waiting-pays?horizon=14&to=8')).json()) as WaitingPays;
    await page.goto('/ai-price-hunter/');
    await atBothWidths(page, async () => {
      await expect(page.getByTestId('advice-backtest-run')).toContainText('Backtest run on November 24, 2026');
      await expect(page.getByTestId('advice-backtest-run')).toContainText('synthetic e2e fixture');
      const table = page.getByTestId('advice-backtest');
      await expect(table.getByRole('row')).toHaveCount(5);
      await expect(table.getByRole('row', { name: /14 days held out 100 90\.0% 50\.0%/ })).toBeVisible();
      await expect(table.getByRole('row', { name: /30 days training 150 81\.0% 41\.0%/ })).toBeVisible();
      if (waiting.items.length > 0) {
        const first = waiting.items[0]!;
        const row = page.getByTestId('waiting-pays').getByRole('listitem').first();
        await expect(row.getByRole('link')).toHaveText(first.name);
        await expect(row).toContainText(`expected saving ${formatPrice(first.expectedSavingCents)} within 14 days`);
      } else await expect(page.getByText(/Today the advice is to buy/)).toBeVisible();
    });
    expect(waiting.items.length, 'the demo catalogue has products above their 90-day low, even in a catalogue-wide sale').toBeGreaterThan(0);
  });

  test("the product page shows WAIT with the window and the saving, or BUY, each with its band's backtest record and never above it; within 60 KB of HTML", async ({
    page,
  }) => {
    const waiting = (await (await page.request.get('/inventory/api/v1/price-advice/waiting-pays?horizon=14&to=1')).json()) as WaitingPays;
    const item = waiting.items[0]!;
    const advice = (await (await page.request.get(`/inventory/api/v1/standard-product/product/${item.id}/price-advice?horizon=14`)).json()) as PriceAdvice;
    const href = productHref(item.slug, item.id);
    const html = await (await page.request.get(href)).text();
    expect(Buffer.byteLength(html), 'product page HTML, raw').toBeLessThanOrEqual(60 * 1024);
    await page.goto(href);
    // The note speaks for the offer the page leads with (its Buy button).
    const lead = Number((await page.getByTestId('buy-button').getAttribute('href'))!.match(/\/out\/(\d+)\//)![1]);
    const best = advice.offers.find((o) => o.offerId === lead)!;
    expect(best.advice.kind).toBe('WAIT');
    await atBothWidths(page, async () => {
      const note = page.getByTestId('price-advice');
      await expect(note).toHaveAttribute('data-advice', 'WAIT');
      if (best.advice.kind === 'WAIT') {
        // The fixture's WAIT band: 271 of 300 right (90.3 %), the drop in 95 of 300 (31.7 %): shown rounded down, never above.
        await expect(note).toContainText(
          `Wait · expected saving ${formatPrice(best.advice.expectedSavingCents)} within 14 days. In similar cases in our backtest on a synthetic e2e history, 2025, waiting cost nothing in 90 of 100 and the price fell 3% or more in 31 of 100.`,
        );
        await expectNoFigureAboveItsBand(note, best.advice.record!);
      }
    });
    await page.getByRole('link', { name: 'How the AI Price Hunter advises' }).click();
    await expect(page).toHaveURL(/\/ai-price-hunter\/#buy-or-wait$/);

    // A product at its usual price: BUY with its confidence.
    const cards = (await (await page.request.post('/inventory/api/v1/search/condition', { data: { to: 48, facets: false } })).json()).items as Array<{
      id: number;
      slug: string;
    }>;
    const list = (await (
      await page.request.get(`/inventory/api/v1/standard-product/price-advice?ids=${cards.map((c) => c.id).join(',')}`)
    ).json()) as ProductsAdvice;
    const buy = list.products.find((p) => p.advice.kind === 'BUY');
    expect(buy, 'some product of the demo catalogue is at its usual price').toBeTruthy();
    const card = cards.find((c) => c.id === buy!.productId)!;
    await page.goto(productHref(card.slug, card.id));
    await expect(page.getByTestId('price-advice')).toHaveAttribute('data-advice', 'BUY');
    // The fixture's BUY band: 350 of 400 right (87.5 %): "87 of 100", whatever the model's own probability (over 99 % here).
    expect(buy!.advice.kind === 'BUY' && buy!.advice.confidence).toBeGreaterThan(0.7);
    await expect(page.getByTestId('price-advice')).toContainText(
      'Buy now · No drop of 3% or more expected within 14 days. Right in 87 of 100 similar cases in our backtest on a synthetic e2e history, 2025.',
    );
    if (buy!.advice.kind === 'BUY') await expectNoFigureAboveItsBand(page.getByTestId('price-advice'), buy!.advice.record!);
    await expect(page.getByTestId('price-advice')).not.toContainText('confidence');
  });

  test("B-LOVED shows each saved product's advice", async ({ page }, testInfo) => {
    const waiting = (await (await page.request.get('/inventory/api/v1/price-advice/waiting-pays?horizon=14&to=1')).json()) as WaitingPays;
    const item = waiting.items[0]!;
    const email = await newAccount(page, testInfo, 'advice');
    await page.goto(`/login/?redirectTo=${encodeURIComponent(productHref(item.slug, item.id))}`);
    await signIn(page, email);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.name);
    await page
      .getByRole('main')
      .getByRole('button', { name: `Save ${item.name} to B-LOVED` })
      .first()
      .click();
    await expect(
      page
        .getByRole('main')
        .getByRole('button', { name: `Remove ${item.name} from B-LOVED` })
        .first(),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/collection/');
    await atBothWidths(page, async () => {
      const saved = page.getByTestId('saved-item').filter({ hasText: item.name });
      await expect(saved.getByTestId('price-advice')).toHaveAttribute('data-advice', 'WAIT');
      await expect(saved.getByTestId('price-advice')).toContainText(`expected saving ${formatPrice(item.expectedSavingCents)}`);
    });
  });
});
