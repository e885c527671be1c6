/**
 * /sitemap.xml (sitemaps.org protocol 0.9): the fixed pages and documents, every category of
 * the core tree, every brand and merchant, the articles, and up to {@link MAX_PRODUCTS} products
 * (the search API pages 100 at a time, most recommended first). A part the API cannot answer is
 * left out rather than failing the whole sitemap.
 */
import { ALL_CATEGORIES, brandMerchantHref, categoryHref, productHref } from '@b-deals/core';
import { allBrands, collectPages, type ApiClient } from './api.server';
import { DOCUMENT_FILES } from './documents.server';

/** Products listed at most (the protocol allows 50,000 URLs a file; this keeps the file small and quick). */
export const MAX_PRODUCTS = 5000;

const STATIC_PATHS = [
  '/',
  '/outlet/',
  '/euro/',
  '/sports-outdoors/',
  '/top-selling/',
  '/lowest-price/',
  '/categories/',
  '/brands/',
  '/merchants/',
  '/deals/',
  '/articles/',
  '/price-history-tracking/',
  '/ai-price-hunter/',
  '/nestor/',
];

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function productPaths(api: ApiClient): Promise<string[]> {
  const products = await collectPages((from, to) => api.search({ from, to, facets: false }), MAX_PRODUCTS);
  return products.map((p) => productHref(p.slug, p.id));
}

async function allArticles(api: ApiClient) {
  return collectPages(async (from, to) => {
    const r = await api.articles({ from, to });
    return { items: r.articles, total: r.total };
  });
}

/** The sitemap XML for `origin` (e.g. `https://b-deals.com`). */
export async function buildSitemap(api: ApiClient, origin: string): Promise<string> {
  const safe = <T>(p: Promise<T>, fallback: T) => p.catch(() => fallback);
  const [brands, merchants, articles, products] = await Promise.all([
    safe(allBrands(api), []),
    safe(api.merchants(), { merchants: [], total: 0 }),
    safe(allArticles(api), []),
    safe(productPaths(api), []),
  ]);
  const paths = [
    ...STATIC_PATHS,
    ...Object.keys(DOCUMENT_FILES).map((d) => `/${d}/`),
    ...ALL_CATEGORIES.filter((c) => c.id).map((c) => categoryHref(c.path)),
    ...brands.map((b) => brandMerchantHref({ b: [b.slug], m: [] })),
    ...merchants.merchants.map((m) => brandMerchantHref({ b: [], m: [m.slug] })),
    ...articles.map((a) => `/article/${a.slug}/`),
    ...products,
  ];
  const urls = [...new Set(paths)].map((p) => `<url><loc>${xmlEscape(new URL(p, origin).href)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
