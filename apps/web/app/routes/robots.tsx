import type { Route } from './+types/robots';

/** /robots.txt: everything crawlable except search results, outbound clicks, account and checkout pages; points at the sitemap. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    'User-agent: *',
    'Disallow: /searchList/',
    'Disallow: /out/',
    'Disallow: /checkout/',
    'Disallow: /login',
    'Disallow: /order',
    'Disallow: /collection',
    'Disallow: /admin/',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
