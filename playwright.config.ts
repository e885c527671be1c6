import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests of the storefront (e2e/). The servers are started by the runner
 * (scripts/e2e.ts) with the demo catalogue; this config only points at them through
 * E2E_BASE_URL. Browser: Debian's Chromium at /usr/bin/chromium (never `npx playwright install`).
 */
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  },
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...chromium, viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      use: { ...chromium, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
  ],
});
