import { data as response } from 'react-router';
import { LOW_WINDOWS, type LowWindow } from '@b-deals/core';
import type { Route } from './+types/lowest-price';
import { TabLanding } from '../components/tab-landing';
import { TabLinks } from '../components/tabs';
import { apiFrom } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import type { RouteHandle } from '../lib/page';
import { loadTabLanding } from '../lib/tab-landing.server';

export const handle: RouteHandle = { page: 'LOWEST_PRICE' };

const TITLE = 'Lowest Price';
const DEFAULT_WINDOW: LowWindow = 90;
const lead = (window: LowWindow) =>
  `Products whose price today is lower than on any of the last ${window} days, and we checked every one of those days. Biggest drop first.`;

/**
 * /lowest-price/ (spec §2.1; issue 16 §1): the department tabs, a choice of window (`?window=`
 * 30, 90 or 365 days; 90 when absent, anything else → 404) and the first products of the
 * lowest-price events of that tab and window.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFrom(context);
  const asked = new URL(request.url).searchParams.get('window');
  const window = (asked === null ? DEFAULT_WINDOW : Number(asked)) as LowWindow;
  if (!LOW_WINDOWS.includes(window) || (asked !== null && String(window) !== asked)) throw response(null, { status: 404 });
  const keep: Record<string, string> = window === DEFAULT_WINDOW ? {} : { window: String(window) };
  const page = await loadTabLanding(request, {
    path: '/lowest-price/',
    size: 48,
    tabs: () => api.lowestTabs(),
    items: (dept, from, to) => api.lowestEvents({ window, dept, from, to }),
    keep,
  });
  const windows = LOW_WINDOWS.map((w) => {
    const params = new URLSearchParams();
    if (page.tab !== page.tabs[0]?.key) params.set('tab', page.tab);
    if (w !== DEFAULT_WINDOW) params.set('window', String(w));
    const q = params.toString();
    return { key: String(w), name: `${w} days`, href: q ? `/lowest-price/?${q}` : '/lowest-price/' };
  });
  return { ...page, window, windows };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? pageMeta(
        data.tabs[0]?.key === data.tab && data.window === DEFAULT_WINDOW ? TITLE : `${TITLE}: ${data.tabName}, ${data.window} days`,
        lead(data.window),
        data.canonical,
      )
    : [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <TabLanding
      title={TITLE}
      lead={lead(loaderData.window)}
      data={loaderData}
      empty={`No product reached a new ${loaderData.window}-day low today. Prices are checked every day: come back tomorrow, or try a shorter window.`}
    >
      <div className="flex flex-wrap items-end gap-x-3">
        <p className="text-sm text-stone-600">Lower than any of the last</p>
        <TabLinks label="Lowest over" tabs={loaderData.windows} current={String(loaderData.window)} />
      </div>
    </TabLanding>
  );
}
