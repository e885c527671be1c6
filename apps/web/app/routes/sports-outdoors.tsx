import type { Route } from './+types/sports-outdoors';
import { StorefrontPage, storefrontMeta } from '../components/storefront';
import { apiFrom } from '../lib/api.server';
import type { RouteHandle } from '../lib/page';
import { loadStorefront } from '../lib/storefront.server';
import { STOREFRONTS } from '../lib/storefronts';

export const handle: RouteHandle = { page: 'SPORTS_OUTDOORS' };

/** sports-outdoors landing page (spec §2.1): see STOREFRONTS.SPORTS_OUTDOORS for its tabs and search conditions. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStorefront(apiFrom(context), request, STOREFRONTS.SPORTS_OUTDOORS);
}

export const meta: Route.MetaFunction = ({ data }) => storefrontMeta(data);

export default function Landing({ loaderData }: Route.ComponentProps) {
  return <StorefrontPage data={loaderData} />;
}
