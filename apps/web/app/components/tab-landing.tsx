import type { ReactNode } from 'react';
import type { ProductCard } from '@b-deals/contracts';
import { ProductGrid } from './product-card';
import { PageIntro, TabLinks } from './tabs';

/** Body of a tabbed landing page: intro, department tabs (and any other choice in `children`), the tab's product grid (or an empty state). */
export function TabLanding({
  title,
  lead,
  data,
  empty = 'Nothing here yet: check back soon.',
  children,
}: {
  title: string;
  lead: string;
  data: { tabs: Array<{ key: string; name: string; href: string }>; tab: string; tabName: string; items: ProductCard[] };
  empty?: string;
  children?: ReactNode;
}) {
  return (
    <div className="container-page py-6">
      <PageIntro title={title} lead={lead} />
      <TabLinks label={`${title} departments`} tabs={data.tabs} current={data.tab} />
      {children}
      <div className="mt-6">
        <h2 className="sr-only">{data.tabName} products</h2>
        {data.items.length > 0 ? (
          <ProductGrid products={data.items} />
        ) : (
          <p className="rounded-xl border border-dashed border-stone-300 px-6 py-12 text-center text-stone-600">{empty}</p>
        )}
      </div>
    </div>
  );
}
