import { brandMerchantHref, formatCount } from '@b-deals/core';
import type { Route } from './+types/merchants';
import { AzIndex } from '../components/az-index';
import { Breadcrumb } from '../components/breadcrumb';
import { PageIntro, TabLinks } from '../components/tabs';
import { apiFrom } from '../lib/api.server';
import { MERCHANT_TABS, pickIndexTab } from '../lib/index-tabs';
import { pageMeta } from '../lib/meta';

/** /merchants/ (spec §2.1, §3): every store A–Z with the tabs ALL MERCHANTS, B-OUTLET, B-EURO (LUXURY + EUROPEAN), B-ECO. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { tab, href, links } = pickIndexTab(MERCHANT_TABS, '/merchants/', url.searchParams.get('tab'));
  const api = apiFrom(context);
  const lists = await Promise.all(tab.marketplaces.length === 0 ? [api.merchants()] : tab.marketplaces.map((marketplace) => api.merchants({ marketplace })));
  return {
    tab: tab.key,
    tabName: tab.name,
    links,
    merchants: lists.flatMap((l) => l.merchants).map((m) => ({ slug: m.slug, name: m.name, offerCount: m.offerCount })),
    canonical: new URL(href, url).href,
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? pageMeta(data.tab === 'all' ? 'All merchants A–Z' : `${data.tabName} merchants A–Z`, 'Every store whose prices we compare, from A to Z.', data.canonical)
    : [];

export default function Merchants({ loaderData }: Route.ComponentProps) {
  const { links, tab, merchants } = loaderData;
  return (
    <div className="container-page py-6">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Merchants' }]} />
      <div className="mt-3">
        <PageIntro title="Merchants" lead="Every store whose prices we compare, from A to Z." />
      </div>
      <TabLinks label="Merchant lists" tabs={links} current={tab} />
      <AzIndex
        label="Merchants"
        items={merchants}
        name={(m) => m.name}
        href={(m) => brandMerchantHref({ b: [], m: [m.slug] })}
        detail={(m) => `${formatCount(m.offerCount)} offers`}
      />
    </div>
  );
}
