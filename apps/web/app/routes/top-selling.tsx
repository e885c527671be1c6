import type { Route } from './+types/top-selling';
import { TabLanding } from '../components/tab-landing';
import { apiFrom } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import type { RouteHandle } from '../lib/page';
import { loadTabLanding } from '../lib/tab-landing.server';

export const handle: RouteHandle = { page: 'TOP_SELLING' };

const TITLE = 'Top Selling';
const LEAD = 'The products shoppers clicked through to most in the last 30 days.';

/** /top-selling/ (spec §2.1): the tabs and the first TOP_SELLING products of the tab chosen by `?tab=` (unknown tab → 404). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFrom(context);
  return loadTabLanding(request, {
    path: '/top-selling/',
    size: 48,
    tabs: () => api.topSellingTabs(),
    items: (tab, from, to) => api.topSelling(tab, from, to),
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? pageMeta(data.tabs[0]?.key === data.tab ? TITLE : `${TITLE}: ${data.tabName}`, LEAD, data.canonical) : [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <TabLanding title={TITLE} lead={LEAD} data={loaderData} />;
}
