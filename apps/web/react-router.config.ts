import type { Config } from '@react-router/dev/config';

/**
 * React Router framework mode: server-side rendering on (DESIGN.md "SSR for SEO and first
 * paint"). Route discovery `initial`: the browser gets the whole route manifest (about 40
 * routes, ~1.5 KB gzipped) with its first load, instead of asking `/__manifest` for the routes of
 * the links on screen after hydration and re-rendering the page when they arrive (decision 0005).
 */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
