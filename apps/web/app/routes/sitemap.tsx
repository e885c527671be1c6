import type { Route } from './+types/sitemap';
import { apiFrom } from '../lib/api.server';
import { buildSitemap } from '../lib/sitemap.server';

/** /sitemap.xml: see lib/sitemap.server.ts for what it lists. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const xml = await buildSitemap(apiFrom(context), new URL(request.url).origin);
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
