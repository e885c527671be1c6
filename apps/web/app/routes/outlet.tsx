import type { Route } from './+types/outlet';
import { StorefrontPage, storefrontMeta } from '../components/storefront';
import { apiFrom } from '../lib/api.server';
import type { RouteHandle } from '../lib/page';
import { loadStorefront } from '../lib/storefront.server';
import { STOREFRONTS } from '../lib/storefronts';

export const handle: RouteHandle = { page: 'OUTLET' };

/** outlet landing page (spec §2.1): see STOREFRONTS.OUTLET for its tabs and search conditions. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStorefront(apiFrom(context), request, STOREFRONTS.OUTLET);
}

export const meta: Route.MetaFunction = ({ data }) => storefrontMeta(data);

export default function Landing({ loaderData }: Route.ComponentProps) {
  return <StorefrontPage data={loaderData} />;
}
