/**
 * Issue 17, the client and upload half of image search (spec §2.5, §4, §5, §7, §8, §9), with real
 * image files made by sharp: the desktop panel (picker, drag, paste), cancelling mid-upload, the
 * wrong-type and network-failure toasts, and the mobile picker with its scanning preview; each
 * flow ends at /discover-image/?origin={dir + file name}. axe on the open panel (1280 px) and on the
 * mobile flow (375 px).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './live-page';
import { expectNoAxeViolations } from './helpers';

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 960;
const UPLOAD = '**/storage/api/v1/oss';
const DISCOVER = /\/discover-image\/\?origin=image-search%2F\d{8}%2F[\w-]{16}%2F[0-9a-f-]{36}\.(jpg|png|webp)$/;

/** A 2400 × 1800 noisy JPEG (several MB) carrying an EXIF GPS position: compression has work to do. */
const bigJpeg = () =>
  sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
    .jpeg({ quality: 95 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 0/1' } })
    .toBuffer();
const smallPng = () =>
  sharp({ create: { width: 300, height: 200, channels: 4, background: '#3a7' } })
    .png()
    .toBuffer();
const smallWebp = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#a37' } })
    .webp()
    .toBuffer();

/** Records every text the flow's live region shows, and every object URL revoked. */
async function watchFlow(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { statuses: string[]; revoked: string[] };
    w.statuses = [];
    w.revoked = [];
    const revoke = URL.revokeObjectURL.bind(URL);
    URL.revokeObjectURL = (url: string) => {
      w.revoked.push(url);
      revoke(url);
    };
    new MutationObserver(() => {
      for (const el of Array.from(document.querySelectorAll('[role="status"]'))) {
        const t = el.textContent?.trim();
        if (t && w.statuses.at(-1) !== t) w.statuses.push(t);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}
const statuses = (page: Page) => page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
const revoked = (page: Page) => page.evaluate(() => (window as unknown as { revoked: string[] }).revoked);

async function openPanel(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Image search', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Image search', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Search by Image' });
  await expect(panel).toBeVisible();
  return panel;
}

/** Holds uploads to the storage host until `release()` (then they go on, or fail if aborted). */
function holdUploads(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const seen: Route[] = [];
  const ready = page.route(UPLOAD, async (route) => {
    seen.push(route);
    await released;
    await route.continue().catch(() => {});
  });
  return { ready, release: () => release(), seen };
}

/** Builds a File from `bytes` in the page and returns a handle to a DataTransfer holding it. */
async function dataTransfer(page: Page, bytes: Buffer, name: string, type: string) {
  return page.evaluateHandle(
    ({ b64, name, type }) => {
      const bin = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bin], name, { type }));
      return dt;
    },
    { b64: bytes.toString('base64'), name, type },
  );
}

test.describe('image search upload, desktop panel', () => {
  test.skip(({ page }) => isMobile(page), 'the panel is the desktop flow; the mobile picker is below');

  test('picker: the panel reads as the spec says, is axe-clean, compresses, uploads and opens the results page', async ({ page }, testInfo) => {
    await watchFlow(page);
    const worker: string[] = [];
    const cspErrors: string[] = [];
    page.on('request', (r) => r.url().includes('browser-image-compression') && worker.push(new URL(r.url()).pathname));
    page.on('console', (m) => /Content Security Policy/i.test(m.text()) && cspErrors.push(m.text()));
    // Just above the mobile breakpoint the header still fits the button beside the search box.
    await page.setViewportSize({ width: 980, height: 800 });
    await page.goto('/');
    await page.locator('header').screenshot({ path: testInfo.outputPath('header-980.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    const panel = await openPanel(page);
    await expect(panel.getByRole('button', { name: 'Close image search' })).toBeVisible();
    await expect(panel.getByTestId('image-drop-zone')).toHaveText(/Drag or paste an image here, or upload an image\.\s*JPG, JPEG, PNG, WEBP/);
    await expect(panel.getByTestId('image-drop-zone')).toHaveAttribute('data-state', 'ready');
    await expect(panel.getByTestId('image-drop-zone')).toHaveCSS('border-style', 'dashed');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('panel-1280.png') });

    const hold = holdUploads(page);
    await hold.ready;
    const original = await bigJpeg();
    let posted = 0;
    page.on('request', (r) => r.url().endsWith('/storage/api/v1/oss') && (posted = r.postDataBuffer()?.length ?? 0));
    await panel.getByLabel('upload an image').setInputFiles({ name: 'street.jpg', mimeType: 'image/jpeg', buffer: original });
    await expect(panel.getByRole('img', { name: 'Your upload, being searched' })).toBeVisible();
    await expect(panel.getByRole('status')).toHaveText(/^\d+% Uploading$/, { timeout: 30_000 });
    await expect(panel.getByTestId('image-drop-zone')).toHaveAttribute('data-state', 'busy');
    await expect(panel.getByLabel('upload an image')).toHaveCount(0); // no input while busy
    await page.screenshot({ path: testInfo.outputPath('panel-uploading-1280.png') });
    hold.release();
    await page.waitForURL(DISCOVER);
    expect((await statuses(page))[0]).toBe('Compressing image');
    expect(await statuses(page)).toContainEqual(expect.stringMatching(/^\d+% Uploading$/));
    expect(worker.some((p) => /^\/assets\/browser-image-compression-[\w-]+\.js$/.test(p))).toBe(true);
    expect(cspErrors).toEqual([]);

    // What was stored: compressed to 768 px on the longest side, no EXIF (GPS gone).
    const origin = decodeURIComponent(new URL(page.url()).searchParams.get('origin')!);
    const file = path.join(process.env.E2E_DATA_DIR!, 'uploads', origin);
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(file).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(768);
    expect(meta.exif).toBeUndefined();
    // The compressed upload is at most 1 MB (spec §9) plus the form around it.
    expect(posted).toBeGreaterThan(0);
    expect(posted).toBeLessThan(1024 * 1024 + 4096);
    console.log(`image search upload: 2400×1800 JPEG of ${original.length} bytes → form of ${posted} bytes, stored ${meta.width}×${meta.height}`);
    await expect(page.getByRole('dialog', { name: 'Search by Image' })).toHaveCount(0);
  });

  test('drag: the zone says where to drop while a file is dragged, and a drop uploads it', async ({ page }, testInfo) => {
    const panel = await openPanel(page);
    const zone = panel.getByTestId('image-drop-zone');
    const dt = await dataTransfer(page, await smallPng(), 'bag.png', 'image/png');
    await zone.dispatchEvent('dragenter', { dataTransfer: dt });
    await zone.dispatchEvent('dragover', { dataTransfer: dt });
    await expect(zone).toHaveText('Drag and drop the image anywhere');
    await page.screenshot({ path: testInfo.outputPath('panel-dragging-1280.png') });
    await zone.dispatchEvent('drop', { dataTransfer: dt });
    await page.waitForURL(DISCOVER);
    expect(page.url()).toMatch(/\.png$/);
  });

  test('paste: a pasted image uploads while the zone is ready', async ({ page }) => {
    const panel = await openPanel(page);
    await expect(panel.getByTestId('image-drop-zone')).toHaveAttribute('data-state', 'ready');
    const dt = await dataTransfer(page, await smallWebp(), 'shoe.webp', 'image/webp');
    await page.evaluate((clipboardData) => document.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true })), dt);
    await page.waitForURL(DISCOVER);
    expect(page.url()).toMatch(/\.webp$/);
  });

  test('closing mid-upload cancels: no navigation, preview cleared, and paste is ignored while busy', async ({ page }) => {
    await watchFlow(page);
    const hold = holdUploads(page);
    await hold.ready;
    const panel = await openPanel(page);
    await panel.getByLabel('upload an image').setInputFiles({ name: 'coat.png', mimeType: 'image/png', buffer: await smallPng() });
    await expect(panel.getByRole('status')).toHaveText(/^\d+% Uploading$/);
    await expect.poll(() => hold.seen.length).toBe(1);
    // Busy: a second image pasted now is ignored.
    const dt = await dataTransfer(page, await smallWebp(), 'other.webp', 'image/webp');
    await page.evaluate((clipboardData) => document.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true })), dt);
    const uploads: string[] = [];
    page.on('request', (r) => r.url().includes('/storage/api/v1/oss') && uploads.push(r.url()));
    await panel.getByRole('button', { name: 'Close image search' }).click();
    await expect(panel).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Image search', exact: true })).toBeFocused();
    expect((await revoked(page)).length).toBe(1);
    hold.release();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(uploads).toEqual([]);
    const again = await openPanel(page);
    await expect(again.getByTestId('image-drop-zone')).toHaveAttribute('data-state', 'ready');
    await expect(again.getByRole('img')).toHaveCount(0);
  });

  test('a file of another type gets the 3-second toast and nothing is uploaded', async ({ page }) => {
    const uploads: string[] = [];
    page.on('request', (r) => r.url().includes('/upload/') && uploads.push(r.url()));
    const panel = await openPanel(page);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await panel.getByLabel('upload an image').setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: gif });
    const toast = page.locator('[data-sonner-toast]', { hasText: 'Please upload an image in JPG, JPEG, PNG, or WEBP format.' });
    await expect(toast).toBeVisible();
    await expect(panel.getByRole('status')).toHaveText('Please upload an image in JPG, JPEG, PNG, or WEBP format.');
    await expect(toast).toBeHidden({ timeout: 8000 });
    await expect(panel.getByTestId('image-drop-zone')).toHaveAttribute('data-state', 'ready');
    expect(uploads).toEqual([]);
  });

  test('an upload that cannot reach the storage host shows "Network Error" and resets to idle', async ({ page }, testInfo) => {
    await page.route(UPLOAD, (route) => route.abort('internetdisconnected'));
    const panel = await openPanel(page);
    await panel.getByLabel('upload an image').setInputFiles({ name: 'dress.png', mimeType: 'image/png', buffer: await smallPng() });
    await expect(page.locator('[data-sonner-toast]', { hasText: 'Network Error' })).toBeVisible();
    await expect(panel.getByRole('status')).toHaveText('Network Error'); // announced inside the modal panel too
    await page.screenshot({ path: testInfo.outputPath('network-error-1280.png') });
    await expect(panel.getByTestId('image-drop-zone')).toHaveAttribute('data-state', 'ready');
    await expect(panel.getByLabel('upload an image')).toBeEnabled();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

test.describe('image search upload, mobile picker', () => {
  test.skip(({ page }) => !isMobile(page), 'the header picker is the mobile flow (≤ 960 px)');

  test('a picked photo shows its scanning preview with a close control, is axe-clean, and opens the results page', async ({ page }, testInfo) => {
    await watchFlow(page);
    const hold = holdUploads(page);
    await hold.ready;
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Image search', exact: true })).toBeHidden();
    const input = page.getByLabel('Image search: take or choose a photo');
    await expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await page.screenshot({ path: testInfo.outputPath('header-375.png') });
    await input.setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: await bigJpeg() });
    const flow = page.getByRole('dialog', { name: 'Search by Image' });
    await expect(flow.getByRole('img', { name: 'Your upload, being searched' })).toBeVisible();
    await expect(flow.getByRole('button', { name: 'Cancel image search' })).toBeVisible();
    await expect(flow.getByRole('status')).toHaveText(/^\d+% Uploading$/, { timeout: 30_000 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('mobile-uploading-375.png') });
    await expect(flow.getByTestId('scan-line')).not.toHaveCSS('animation-name', 'none');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(flow.getByTestId('scan-line')).toHaveCSS('animation-name', 'none');
    hold.release();
    await page.waitForURL(DISCOVER);
    expect((await statuses(page))[0]).toBe('Compressing image');
    await expect(flow).toHaveCount(0);
  });

  test('closing the preview cancels the upload', async ({ page }) => {
    const hold = holdUploads(page);
    await hold.ready;
    await page.goto('/');
    await page.getByLabel('Image search: take or choose a photo').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await smallPng() });
    const flow = page.getByRole('dialog', { name: 'Search by Image' });
    await expect(flow.getByRole('status')).toHaveText(/^\d+% Uploading$/);
    await expect(page.locator('header input[type="file"]')).toBeDisabled(); // busy: the picker is off
    await flow.getByRole('button', { name: 'Cancel image search' }).click();
    await expect(flow).toHaveCount(0);
    hold.release();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByLabel('Image search: take or choose a photo')).toBeEnabled();
    await expect(page.getByLabel('Image search: take or choose a photo')).toBeFocused();
  });
});
