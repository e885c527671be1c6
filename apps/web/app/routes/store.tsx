import { brandMerchantHref, formatCount } from '@b-deals/core';
import { data } from 'react-router';
import type { Route } from './+types/store';
import { Breadcrumb } from '../components/breadcrumb';
import { Listing } from '../components/listing';
import { apiFrom } from '../lib/api.server';
import { loadListing } from '../lib/listing.server';
import { pageMeta } from '../lib/meta';
import { categoryBySlug } from '../lib/departments.server';

const MARKETPLACE_NAMES: Record<string, string> = {
  OUTLET: 'B-Outlet',
  ECO: 'Sports & Outdoors',
  LUXURY: 'B-Euro luxury',
  EUROPEAN: 'B-Euro',
};
const REGION_NAMES: Record<string, string> = {
  US: 'United States',
  EUROPEAN: 'Europe',
  OTHERS: 'International',
};

/**
 * /store/{slug}/ and /store/{slug}/{sub-slug}/ (spec §2.1): the merchant is found by slug in
 * GET /inventory/api/v1/merchants (404 if absent); products by m=[slug], narrowed to the
 * category the sub-slug names (DESIGN.md; 404 when it names none).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const api = apiFrom(context);
  const category = params.sub ? categoryBySlug(params.sub) : undefined;
  if (params.sub && !category) throw data(null, { status: 404 });
  const { merchants } = await api.merchants();
  const merchant = merchants.find((m) => m.slug === params.slug);
  if (!merchant) throw data(null, { status: 404 });
  const listing = await loadListing(api, request, {
    m: [merchant.slug],
    ...(category ? { cids: [category.id!] } : {}),
  });
  const home = brandMerchantHref({ b: [], m: [merchant.slug] });
  return {
    merchant,
    listing,
    category: category ? { term: category.term, slug: category.slug } : null,
    canonical: new URL(category ? `${home}${category.slug}/` : home, request.url).href,
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? pageMeta(
        data.category ? `${data.category.term} at ${data.merchant.name}` : `${data.merchant.name} prices and deals`,
        `Compare ${data.merchant.name} prices with other stores.`,
        data.canonical,
      )
    : [];

export default function Store({ loaderData }: Route.ComponentProps) {
  const { merchant, listing, category } = loaderData;
  const home = brandMerchantHref({ b: [], m: [merchant.slug] });
  return (
    <div className="container-page py-6">
      <Breadcrumb
        items={[
          { label: 'Home', href: '/' },
          { label: 'Merchants', href: '/merchants/' },
          ...(category ? [{ label: merchant.name, href: home }, { label: category.term }] : [{ label: merchant.name }]),
        ]}
      />
      <header className="mt-3 flex flex-wrap items-center gap-4 rounded-2xl border border-stone-200 bg-stone-50 p-5 sm:p-6">
        {merchant.logo ? <img src={merchant.logo} alt="" width={64} height={64} className="size-16 rounded-lg bg-white object-contain p-1" /> : null}
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold sm:text-3xl">{category ? `${category.term} at ${merchant.name}` : merchant.name}</h1>
          <p className="mt-1 text-stone-600">
            {formatCount(merchant.offerCount)} offers · ships from {REGION_NAMES[merchant.region] ?? merchant.region}
            {merchant.marketplace ? ` · ${MARKETPLACE_NAMES[merchant.marketplace] ?? merchant.marketplace}` : ''}
          </p>
        </div>
        {merchant.homepage ? (
          <a
            href={merchant.homepage}
            target="_blank"
            rel="nofollow sponsored noopener"
            className="rounded-lg border border-stone-300 bg-white px-4 py-2 text-center text-sm font-medium hover:border-accent-600 max-sm:w-full"
          >
            Visit store<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </header>
      <div className="mt-6">
        <Listing data={listing} hide={{ merchants: true }} />
      </div>
    </div>
  );
}
