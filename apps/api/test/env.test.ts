import { mkdtempSync, statSync, chmodSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_CLIENT_SECRET, loadConfig } from '../src/env.ts';

/** Issue 13 finding 8: no default secret works on a production instance. */
describe('configuration secrets', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'bdeals-env-'));

  it('refuses the development client secret and a missing OPERATOR_TOKEN in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      /OAUTH_WEB_CLIENT_SECRET: set your own secret[\s\S]*OPERATOR_TOKEN: is required/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), OAUTH_WEB_CLIENT_SECRET: DEVELOPMENT_CLIENT_SECRET, OPERATOR_TOKEN: 'o'.repeat(32) }),
    ).toThrow(/OAUTH_WEB_CLIENT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), OAUTH_WEB_CLIENT_SECRET: 's'.repeat(32) })).toThrow(/OPERATOR_TOKEN/);
  });

  it('starts in production with its own secrets, and uses them', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), OAUTH_WEB_CLIENT_SECRET: 's'.repeat(32), OPERATOR_TOKEN: 'o'.repeat(32) });
    expect(config.oauthClients[0]!.secret).toBe('s'.repeat(32));
    expect(config.operatorToken).toBe('o'.repeat(32));
  });

  it('in development generates the operator token privately (mode 600) and narrows a token file others can read', () => {
    const dir = dataDir();
    const token = loadConfig({ DATA_DIR: dir }).operatorToken;
    const file = path.join(dir, 'operator-token');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(token.length).toBeGreaterThanOrEqual(32);
    writeFileSync(file, 'shared-token-0123456789abcdef');
    chmodSync(file, 0o644);
    expect(loadConfig({ DATA_DIR: dir }).operatorToken).toBe('shared-token-0123456789abcdef');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('limits and payments from the environment', () => {
  it('keeps 10 sign-ups an hour per address unless told otherwise, and refuses nonsense', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bdeals-env-'));
    expect(loadConfig({ DATA_DIR: dir }).signupLimitPerHour).toBe(10);
    expect(loadConfig({ DATA_DIR: dir, SIGNUP_LIMIT_PER_HOUR: '500' }).signupLimitPerHour).toBe(500);
    expect(() => loadConfig({ DATA_DIR: dir, SIGNUP_LIMIT_PER_HOUR: '0' })).toThrow(/SIGNUP_LIMIT_PER_HOUR/);
  });

  it('uses the test payment provider unless a Stripe secret key is set, and checks the keys’ form', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bdeals-env-'));
    expect(loadConfig({ DATA_DIR: dir }).stripe).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_def' }).stripe).toEqual({
      secretKey: 'sk_test_abc',
      publishableKey: 'pk_test_def',
      apiUrl: null,
    });
    expect(() => loadConfig({ DATA_DIR: dir, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('runs one API process per core on PostgreSQL, and exactly one on the embedded database (issue 12 §2)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bdeals-env-'));
    const pg = 'postgres://postgres@127.0.0.1:5432/x';
    expect(loadConfig({ DATA_DIR: dir }).apiWorkers).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: pg }).apiWorkers).toBe(availableParallelism());
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: pg, API_WORKERS: '3' }).apiWorkers).toBe(3);
    expect(() => loadConfig({ DATA_DIR: dir, API_WORKERS: '2' })).toThrow(/API_WORKERS: must be 1 on the embedded database/);
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: pg, API_WORKERS: '0' })).toThrow(/API_WORKERS/);
  });
});
