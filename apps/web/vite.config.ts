import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * React's module names → preact/compat, for the browser bundle only (decision 0004): the server
 * renders with React, the browser hydrates and runs with Preact's compatibility layer, which
 * is about 50 KB gzipped lighter than react-dom (issue 3 §13: first-load JS ≤ 110 KB).
 */
const PREACT_COMPAT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};

function preactInTheBrowser(): Plugin {
  return {
    name: 'b-deals:preact-in-the-browser',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const target = PREACT_COMPAT[source];
      if (!target || this.environment.name !== 'client') return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * Vite build of the storefront: Tailwind CSS 4, the React Router framework plugin, Preact in the
 * browser. The build folder is not emptied first: the previous builds' hashed bundles stay for a
 * storefront still running them, and asset-history.ts deletes what is older than the last 3
 * builds once the build is done (decision 0018).
 */
export default defineConfig({
  plugins: [preactInTheBrowser(), tailwindcss(), reactRouter()],
  build: { emptyOutDir: false },
});
