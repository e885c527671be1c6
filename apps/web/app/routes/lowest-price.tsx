import type { Route } from './+types/lowest-price';
import { TabLanding } from '../components/tab-landing';
import { apiFrom } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import type { RouteHandle } from '../lib/page';
import { loadTabLanding } from '../lib/tab-landing.server';

export const handle: RouteHandle = { page: 'LOWEST_PRICE' };

const TITLE = 'Lowest Price';
const LEAD = 'Products at their lowest price of the past year, biggest saving against their 90-day average first.';

/** /lowest-price/ (spec §2.1): the tabs and the first LOWEST_PRICE products of the tab chosen by `?tab=` (unknown tab → 404). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFrom(context);
  return loadTabLanding(request, { path: '/lowest-price/', size: 48, tabs: () => api.lowestTabs(), items: (tab, from, to) => api.lowest(tab, from, to) });
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? pageMeta(data.tabs[0]?.key === data.tab ? TITLE : `${TITLE}: ${data.tabName}`, LEAD, data.canonical) : [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <TabLanding title={TITLE} lead={LEAD} data={loaderData} />;
}
