import { data as response } from 'react-router';
import type { Route } from './+types/top-selling';
import { ProductGrid } from '../components/product-card';
import { PageIntro, TabLinks } from '../components/tabs';
import { apiFrom } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import type { RouteHandle } from '../lib/page';

export const handle: RouteHandle = { page: 'TOP_SELLING' };

const PATH = '/top-selling/';
const SIZE = 48;

/** /top-selling/ (spec §2.1): the API's tabs (ALL and departments) and the first TOP_SELLING products of the tab chosen by `?tab=` (unknown tab → 404). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFrom(context);
  const url = new URL(request.url);
  const { tabs } = await api.topSellingTabs();
  const tab = tabs.find((t) => t.id === (url.searchParams.get('tab') ?? tabs[0]?.id));
  if (!tab) throw response(null, { status: 404 });
  const { items, total } = await api.topSelling(tab.id, 0, SIZE);
  const first = tab === tabs[0];
  return {
    tab: tab.id,
    tabName: tab.name,
    tabs: tabs.map((t, i) => ({
      key: t.id,
      name: t.name,
      href: i === 0 ? PATH : `${PATH}?tab=${encodeURIComponent(t.id)}`,
    })),
    items,
    total,
    canonical: new URL(first ? PATH : `${PATH}?tab=${encodeURIComponent(tab.id)}`, url).href,
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? pageMeta(
        data.tabs[0]?.key === data.tab ? 'Top Selling' : `Top Selling: ${data.tabName}`,
        'The products shoppers clicked through to most in the last 30 days.',
        data.canonical,
      )
    : [];

export default function Page({ loaderData }: Route.ComponentProps) {
  const { tabs, tab, items } = loaderData;
  return (
    <div className="container-page py-6">
      <PageIntro title="Top Selling" lead="The products shoppers clicked through to most in the last 30 days." />
      <TabLinks label="Top Selling departments" tabs={tabs} current={tab} />
      <div className="mt-6">
        <h2 className="sr-only">{loaderData.tabName} products</h2>
        {items.length > 0 ? (
          <ProductGrid products={items} />
        ) : (
          <p className="rounded-xl border border-dashed border-stone-300 px-6 py-12 text-center text-stone-600">
            Nothing here yet: check back soon.
          </p>
        )}
      </div>
    </div>
  );
}
