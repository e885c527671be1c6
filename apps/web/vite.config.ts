import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/** Vite build of the storefront: Tailwind CSS 4 and the React Router framework plugin. */
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
});
