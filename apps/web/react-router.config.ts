import type { Config } from '@react-router/dev/config';

/** React Router framework mode: server-side rendering on (DESIGN.md "SSR for SEO and first paint"). */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
