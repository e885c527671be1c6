import { type RouteConfig, index, route } from '@react-router/dev/routes';

/** One route module per URL (DESIGN.md conventions; spec §2.1 routes). */
export default [
  index('routes/home.tsx'),
  route('category/*', 'routes/category.tsx'),
  route('searchList', 'routes/search.tsx'),
  route('prod/:slug', 'routes/product.tsx'),
  route('brand/:slug', 'routes/brand.tsx'),
  route('store/:slug', 'routes/store.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
