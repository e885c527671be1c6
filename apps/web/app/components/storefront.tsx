import { Listing } from './listing';
import { PageIntro, TabLinks } from './tabs';
import type { StorefrontData } from '../lib/storefront.server';
import { pageMeta } from '../lib/meta';

/** Meta of a marketplace landing page. */
export function storefrontMeta(data: StorefrontData | undefined) {
  return data ? pageMeta(`${data.title} deals`, data.description, data.canonical) : [];
}

/** Body of a marketplace landing page: intro, tabs (when more than one), listing with filters. */
export function StorefrontPage({ data }: { data: StorefrontData }) {
  return (
    <div className="container-page py-6">
      <PageIntro title={data.title} lead={data.description} />
      {data.tabs.length > 1 ? <TabLinks label={`${data.title} sections`} tabs={data.tabs} current={data.tab} /> : null}
      <div className="mt-6">
        <Listing data={data.listing} />
      </div>
    </div>
  );
}
