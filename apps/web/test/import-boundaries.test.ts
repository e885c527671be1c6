/**
 * The layout's boundaries are lint rules (issue 10 §6; docs/architecture.md): a forbidden import
 * fails `npm run lint`, and so CI. Each case lints a one-line module as if it sat at `file`.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

/** Rule ids ESLint reports for `code` placed at repo-relative `file`. */
async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('import boundaries', () => {
  it('keeps the storefront away from the database, feeds and API code', async () => {
    expect(await violations('apps/web/app/lib/x.server.ts', `import { openDatabase as x } from '@b-deals/db';`)).toContain('no-restricted-imports');
    expect(await violations('apps/web/app/routes/x.tsx', `import { ingestSource as x } from '@b-deals/feeds';`)).toContain('no-restricted-imports');
    expect(await violations('apps/web/app/lib/x.ts', `import { buildApp as x } from '@b-deals/api';`)).toContain('no-restricted-imports');
  });

  it('keeps *.server modules out of components, except for types', async () => {
    expect(await violations('apps/web/app/components/x.tsx', `import { loadListing as x } from '../lib/listing.server';`)).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await violations('apps/web/app/components/x.tsx', `import type { ListingData as x } from '../lib/listing.server';`)).toEqual([]);
  });

  it("takes the router's links and forms from lib/router-links (no data-discover attribute)", async () => {
    expect(await violations('apps/web/app/routes/x.tsx', `import { Link as x } from 'react-router';`)).toContain('no-restricted-imports');
    expect(await violations('apps/web/app/components/x.tsx', `import { Form as x } from 'react-router';`)).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await violations('apps/web/app/routes/x.tsx', `import { useLocation as x } from 'react-router';`)).toEqual([]);
    expect(await violations('apps/web/app/routes/x.tsx', `import { Link as x } from '../lib/router-links';`)).toEqual([]);
  });

  it('reaches packages only through their public entry', async () => {
    expect(await violations('apps/api/src/x.ts', `import { formatPrice as x } from '@b-deals/core/price';`)).toContain('no-restricted-imports');
    expect(await violations('apps/api/src/x.ts', `import { generateDemoCatalogue as x } from '../../../packages/feeds/src/demo/generate.ts';`)).toContain(
      'no-restricted-imports',
    );
    expect(await violations('apps/api/test/x.test.ts', `import { createTestDatabase as x } from '@b-deals/db/testing';`)).toEqual([]);
    expect(await violations('apps/api/src/x.ts', `import { formatPrice as x } from '@b-deals/core';`)).toEqual([]);
  });

  it("lets an API domain use another domain only through that domain's index.ts", async () => {
    expect(await violations('apps/api/src/search/x.ts', `import { toCard as x } from '../catalog/cards.ts';`)).toContain('no-restricted-imports');
    expect(await violations('apps/api/src/search/x.ts', `import { toCard as x } from '../catalog/index.ts';`)).toEqual([]);
    expect(await violations('apps/api/src/search/x.ts', `import { SearchCache as x } from './search-cache.ts';`)).toEqual([]);
  });

  it('requires each workspace to declare what it imports', async () => {
    expect(await violations('packages/core/src/x.ts', `import { z as x } from 'zod';`)).toContain('n/no-extraneous-import');
    expect(await violations('packages/contracts/src/x.ts', `import { z as x } from 'zod';`)).toEqual([]);
  });
});
