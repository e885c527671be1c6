import { brandMerchantHref, formatCount } from '@b-deals/core';
import type { Route } from './+types/brands';
import { AzIndex } from '../components/az-index';
import { Breadcrumb } from '../components/breadcrumb';
import { PageIntro, TabLinks } from '../components/tabs';
import { allBrands, apiFrom } from '../lib/api.server';
import { BRAND_TABS, pickIndexTab } from '../lib/index-tabs';
import { pageMeta } from '../lib/meta';

/** /brands/ (spec §2.1, §3): every brand A–Z, narrowed by marketplace with the tabs ALL BRANDS, B-OUTLET, B-ECO. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { tab, href, links } = pickIndexTab(BRAND_TABS, '/brands/', url.searchParams.get('tab'));
  const brands = await allBrands(apiFrom(context), tab.marketplaces[0]);
  return {
    tab: tab.key,
    tabName: tab.name,
    links,
    brands: brands.map((b) => ({ slug: b.slug, name: b.name, productCount: b.productCount })),
    canonical: new URL(href, url).href,
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? pageMeta(data.tab === 'all' ? 'All brands A–Z' : `${data.tabName} brands A–Z`, 'Every brand we compare prices for, from A to Z.', data.canonical) : [];

export default function Brands({ loaderData }: Route.ComponentProps) {
  const { links, tab, brands } = loaderData;
  return (
    <div className="container-page py-6">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Brands' }]} />
      <div className="mt-3">
        <PageIntro title="Brands" lead="Every brand we compare prices for, from A to Z." />
      </div>
      <TabLinks label="Brand lists" tabs={links} current={tab} />
      <AzIndex
        label="Brands"
        items={brands}
        name={(b) => b.name}
        href={(b) => brandMerchantHref({ b: [b.slug], m: [] })}
        detail={(b) => `${formatCount(b.productCount)} products`}
      />
    </div>
  );
}
