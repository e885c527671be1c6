// Flat config: typescript-eslint, react-hooks, jsx-a11y, and the layout's boundaries as rules
// (issue 10 §6; docs/architecture.md "Rules that keep it easy to walk").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import nodePlugin from 'eslint-plugin-n';
import globals from 'globals';

/** Packages are used through their public entry (and a `testing` entry for tests), never a file inside them. */
const deepPackageImport = {
  group: ['@b-deals/*/*', '!@b-deals/db/testing', '!@b-deals/feeds/testing'],
  message: 'Import a workspace package through its public entry (`@b-deals/x`, or `@b-deals/x/testing` in tests).',
};
/** Reaching into another workspace by a relative path skips its public entry and its declared dependencies. */
const crossWorkspacePath = {
  group: ['**/packages/*/src/**', '**/packages/*/test/**', '**/apps/*/src/**', '**/apps/*/app/**', '**/apps/*/server/**'],
  message: 'Import another workspace through its package name (`@b-deals/x`), not a relative path into its folders.',
};
/** A domain of the API uses another domain through that domain's `index.ts` (decision 0011), never a file inside it. */
const otherDomainFile = {
  group: ['../*/*', '!../*/index.ts'],
  message: 'Import another domain through its public `index.ts` (`../catalog/index.ts`), not a file inside it (decision 0011).',
};
/** The storefront reaches data only through the API (DESIGN.md "Layout"). */
const serverSideForWeb = {
  group: [
    '@b-deals/db',
    '@b-deals/db/*',
    '@b-deals/feeds',
    '@b-deals/feeds/*',
    '@b-deals/api',
    '@b-deals/api/*',
    'pg',
    '@electric-sql/*',
    'drizzle-orm',
    'drizzle-orm/*',
  ],
  message: 'The storefront never touches the database, feeds or API code: call the API (lib/api.server.ts).',
};
/** React Router's links and forms come through lib/router-links.tsx, which leaves out the dead `data-discover` attribute. */
const routerLinks = {
  name: 'react-router',
  importNames: ['Link', 'NavLink', 'Form'],
  message: 'Import Link, NavLink and Form from lib/router-links.tsx (no data-discover attribute; issue 12 §3).',
};
/** Components render on both sides: server-only modules stay in loaders and actions. */
const serverModule = {
  group: ['*.server', '*.server.ts', '**/*.server', '**/*.server.ts'],
  message: 'Components never import `*.server` modules; pass the data in from a route loader (a type-only import is fine).',
  allowTypeImports: true,
};

export default tseslint.config(
  {
    ignores: [
      '.tmp-*',
      '**/node_modules/**',
      '**/build/**',
      '**/.react-router/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'packages/db/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { n: nodePlugin },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [deepPackageImport, crossWorkspacePath] }],
      // Each workspace declares what it imports (its own package.json, found upwards from the file).
      'n/no-extraneous-import': 'error',
    },
  },
  {
    files: ['apps/api/src/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepPackageImport, crossWorkspacePath, otherDomainFile] }] },
  },
  {
    files: ['e2e/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepPackageImport] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The storefront program itself (its benchmarks may open databases of their own).
    files: ['apps/web/app/**/*.{ts,tsx}', 'apps/web/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [routerLinks], patterns: [deepPackageImport, crossWorkspacePath, serverSideForWeb] }] },
  },
  {
    files: ['apps/web/app/lib/router-links.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepPackageImport, crossWorkspacePath, serverSideForWeb] }] },
  },
  {
    files: ['apps/web/app/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [routerLinks], patterns: [deepPackageImport, crossWorkspacePath, serverSideForWeb, serverModule] },
      ],
    },
  },
  { files: ['apps/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // A scrolling region must take focus so a keyboard can scroll it (WCAG 2.1.1; axe scrollable-region-focusable).
    files: ['apps/web/**/*.tsx'],
    rules: { 'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }] },
  },
);
