/**
 * End-to-end run (part of `npm test`): builds the storefront if needed, starts B-Deals exactly as
 * `npm start` does on a fresh temporary data folder with a small demo catalogue (E2E_DEMO_PRODUCTS,
 * default 400) on spare ports, runs Playwright in Debian's Chromium against it, and stops it.
 * Mail goes to a real SMTP server on loopback (smtp-server) that writes each message as
 * `{to, subject, text}` JSON into E2E_MAIL_DIR for the tests to read (E2E_SMTP_URL lets a spec's
 * own stack use it too, on E2E_SECOND_PORT). Access tokens live 8 s so a test can watch one expire. Exits with Playwright's exit code.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { ensureWebBuild } from './web-build.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const apiPort = port + 1000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bdeals-e2e-'));
const baseUrl = `http://127.0.0.1:${port}`;

const mailDir = path.join(dataDir, 'mail');
mkdirSync(mailDir, { recursive: true });
let mailCount = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, done) {
    simpleParser(stream).then((m) => {
      const to = (Array.isArray(m.to) ? m.to : [m.to]).map((a) => a?.text ?? '').join(', ');
      // Written aside, then renamed: a spec polling the folder never reads a half-written message (a rename is atomic).
      const file = path.join(mailDir, `${String(++mailCount).padStart(4, '0')}.json`);
      writeFileSync(`${file}.part`, JSON.stringify({ to, subject: m.subject ?? '', text: m.text ?? '' }));
      renameSync(`${file}.part`, file);
      done();
    }, done);
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

/** Throws when something already listens on `p` (a server left from an earlier run would answer the tests instead). */
async function assertPortFree(p: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`port ${p} is in use (a server left from an earlier run?); stop it or set E2E_PORT`)));
    probe.listen(p, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
await assertPortFree(port);
await assertPortFree(apiPort);

ensureWebBuild();
const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/start.ts')], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    API_PORT: String(apiPort),
    DATA_DIR: dataDir,
    DEMO_PRODUCTS: process.env.E2E_DEMO_PRODUCTS ?? '400',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: baseUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ACCESS_TOKEN_TTL_SECONDS: '8',
    // Every spec signs up from 127.0.0.1: the default of 10 an hour per address would refuse the suite's accounts.
    SIGNUP_LIMIT_PER_HOUR: '500',
    // The suite's own stack publishes no buy-or-wait advice, so e2e/price-advice.spec.ts sees that
    // state; its second stack loads a model file (the shipped one's loading is an API test).
    PRICE_ADVICE_MODEL: 'none',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitReady(deadlineMs: number): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} before it was ready`);
    try {
      const res = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the storefront did not answer at ${baseUrl} within ${deadlineMs / 1000} s`);
}

let code = 1;
try {
  await waitReady(300_000);
  // Asynchronous on purpose: the SMTP server above runs on this process's event loop.
  const pw = spawn(path.join(ROOT, 'node_modules/.bin/playwright'), ['test', ...process.argv.slice(2)], {
    cwd: ROOT,
    env: {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      E2E_MAIL_DIR: mailDir,
      E2E_DATA_DIR: dataDir,
      // A spec that starts a stack of its own (e2e/checkout-stripe.spec.ts) sends its mail here too, and listens on this port (+1000 for its API).
      E2E_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      E2E_SECOND_PORT: String(port + 7),
    },
    stdio: 'inherit',
  });
  // A server that dies mid-run fails the run at once, saying so, instead of every later test
  // timing out against a closed port.
  const died = (c: number | null, signal: NodeJS.Signals | null) => {
    console.error(`e2e: the server exited (${signal ?? `code ${c}`}) while the tests ran`);
    pw.kill('SIGTERM');
  };
  server.once('exit', died);
  code = await new Promise<number>((resolve) => pw.once('exit', (c) => resolve(c ?? 1)));
  server.off('exit', died);
  if (server.exitCode !== null || server.signalCode !== null) code = code || 1;
} catch (err) {
  console.error(`e2e: ${(err as Error).message}`);
} finally {
  // Waiting for 'exit' of a process that has already exited would wait for ever.
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await new Promise<void>((r) => smtp.close(() => r()));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
