/**
 * A second B-Deals stack for a spec that needs configuration the shared e2e stack does not have
 * (Stripe mode, a tag manager): `npm start` (scripts/start.ts) on a fresh temporary data folder
 * with a small demo catalogue, one storefront worker, the e2e mail server (E2E_SMTP_URL), on
 * E2E_SECOND_PORT (API on +1000; scripts/e2e.ts sets both). Specs run one at a time (one worker),
 * so the specs that use it take turns on the port: each starts it in `beforeAll` and stops it in
 * `afterAll`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Port of the second stack's storefront. */
export const SECOND_PORT = Number(process.env.E2E_SECOND_PORT ?? 3107);
/** Base URL of the second stack's storefront. */
export const SECOND_BASE = `http://127.0.0.1:${SECOND_PORT}`;

const ROOT = path.resolve(import.meta.dirname, '..');

/** A running second stack; `stop` ends it and removes its data. */
export interface OwnStack {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the stack with `env` added to the usual e2e settings; resolves once its storefront
 * answers. Throws when the stack exits first or does not answer within `timeoutMs`.
 */
export async function startOwnStack(env: Record<string, string>, timeoutMs = 280_000): Promise<OwnStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bdeals-e2e-own-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(SECOND_PORT),
      API_PORT: String(SECOND_PORT + 1000),
      DATA_DIR: dataDir,
      DEMO_PRODUCTS: '120',
      WEB_WORKERS: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: SECOND_BASE,
      SMTP_URL: process.env.E2E_SMTP_URL ?? '',
      SIGNUP_LIMIT_PER_HOUR: '500',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the second e2e stack exited with code ${child.exitCode}`);
    }
    const up = await fetch(`${SECOND_BASE}/`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url: SECOND_BASE, stop };
    if (Date.now() > end) {
      await stop();
      throw new Error(`the second e2e stack did not answer at ${SECOND_BASE}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
