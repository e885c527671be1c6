import { categoryByCode, formatCount, brandMerchantHref, categoryHref } from '@b-deals/core';
import { data } from 'react-router';
import { Link } from '../lib/router-links';
import type { Route } from './+types/brand';
import { Breadcrumb } from '../components/breadcrumb';
import { Listing } from '../components/listing';
import { apiFrom } from '../lib/api.server';
import { loadListing } from '../lib/listing.server';
import { pageMeta } from '../lib/meta';
import { categoryBySlug } from '../lib/departments.server';

/**
 * /brand/{slug}/ and /brand/{slug}/{sub-slug}/ (spec §2.1): brand header and its products
 * (search condition b=[slug]); the sub-slug names a category that narrows the brand to it
 * (DESIGN.md). 404 when the API does not know the brand or the sub-slug is no category.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const api = apiFrom(context);
  const category = params.sub ? categoryBySlug(params.sub) : undefined;
  if (params.sub && !category) throw data(null, { status: 404 });
  const brand = await api.brand(params.slug);
  const listing = await loadListing(api, request, {
    b: [brand.slug],
    ...(category ? { cids: [category.id!] } : {}),
  });
  const home = brandMerchantHref({ b: [brand.slug], m: [] });
  return {
    brand,
    listing,
    category: category ? { term: category.term, slug: category.slug } : null,
    canonical: new URL(category ? `${home}${category.slug}/` : home, request.url).href,
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? pageMeta(
        data.category ? `${data.brand.name} ${data.category.term}` : `${data.brand.name} deals`,
        data.category
          ? `Compare prices on ${data.brand.name} ${data.category.term} from many stores.`
          : `Compare prices on ${data.brand.productCount} ${data.brand.name} products.`,
        data.canonical,
      )
    : [];

export default function Brand({ loaderData }: Route.ComponentProps) {
  const { brand, listing, category } = loaderData;
  const home = brandMerchantHref({ b: [brand.slug], m: [] });
  return (
    <div className="container-page py-6">
      <Breadcrumb
        items={[
          { label: 'Home', href: '/' },
          { label: 'Brands', href: '/brands/' },
          ...(category ? [{ label: brand.name, href: home }, { label: category.term }] : [{ label: brand.name }]),
        ]}
      />
      <header className="mt-3 rounded-2xl border border-stone-200 bg-stone-50 p-5 sm:p-6">
        <h1 className="text-2xl font-bold sm:text-3xl">
          {brand.name}
          {category ? ` ${category.term}` : ''}
        </h1>
        <p className="mt-1 text-stone-600">{formatCount(brand.productCount)} products compared across stores</p>
        {brand.departments.length > 0 ? (
          <ul aria-label="Departments" className="mt-4 flex flex-wrap gap-2">
            {brand.departments.map((d) => {
              const node = categoryByCode(d.id);
              return (
                <li key={d.id}>
                  <Link
                    to={
                      node ? `${categoryHref(node.path)}?b=${encodeURIComponent(brand.slug)}` : `/searchList/?b=${encodeURIComponent(brand.slug)}&cids=${d.id}`
                    }
                    className="block rounded-full border border-stone-300 bg-white px-3 py-1 text-sm hover:border-accent-600"
                  >
                    {d.term} <span className="text-stone-600">({d.count})</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        ) : null}
        {brand.merchants.length > 0 ? (
          <p className="mt-4 text-sm text-stone-600">
            Sold by{' '}
            {brand.merchants.slice(0, 8).map((m, i) => (
              <span key={m.slug}>
                {i > 0 ? ', ' : ''}
                <Link to={brandMerchantHref({ b: [brand.slug], m: [m.slug] })} className="font-medium text-accent-700 hover:underline">
                  {m.name}
                </Link>
              </span>
            ))}
          </p>
        ) : null}
      </header>
      <div className="mt-6">
        <Listing data={listing} hide={{ brands: true }} />
      </div>
    </div>
  );
}
