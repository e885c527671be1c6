/** Shared set-up of the API's integration tests: the options of a test instance of the app. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '@b-deals/db';
import { loadDefaultFxTable } from '@b-deals/feeds';
import type { AppOptions } from '../src/app.ts';

/**
 * Options for `buildApp` over `db`: the bundled FX table, silent logs, a fresh media folder, no
 * OAuth clients and `http://localhost` as the link origin; `over` replaces any of them.
 */
export function testAppOptions(db: Database, over: Partial<AppOptions> = {}): AppOptions {
  return {
    db,
    fx: loadDefaultFxTable(),
    operatorToken: 'test-operator-token-0123456789abcdef',
    mediaDir: mkdtempSync(path.join(tmpdir(), 'bdeals-media-')),
    logLevel: 'silent',
    accounts: { clients: [], settings: { publicUrl: 'http://localhost' } },
    ...over,
  };
}
