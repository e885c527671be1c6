import { listingHref } from '@b-deals/core';
import { useRouteLoaderData } from 'react-router';
import type { Route } from './+types/home';
import { DEPARTMENT_LINKS } from '../lib/departments.server';
import { BrandWall, HomeModes } from '../components/home-modes';
import { DepartmentLinks } from '../components/department-links';
import { HydrateLater } from '../components/hydrate-later';
import { ProductRail } from '../components/product-card';
import { HotWordChips, SearchBox } from '../components/search-box';
import { apiFrom } from '../lib/api.server';
import { jsonLd, pageMeta } from '../lib/meta';
import type { RouteHandle } from '../lib/page';
import type { loader as rootLoader } from '../root';

const RAIL_SIZE = 12;

export const handle: RouteHandle = { page: 'HOME' };

/**
 * Home: the modules of GET /tapestry/api/v2/modes (banners, product rails, brand walls) in
 * position order; when that call fails or returns none, the built-in rails: biggest price
 * drops (sort `discount`, label verified_discount), lowest prices (sort priceAscTag), top brands. Under
 * either, the products at a new 90-day low today (GET /inventory/api/v1/product-history-event/lowest-price).
 */
/** The built-in rails' conditions; each rail's "See all" opens the same list (core listingHref). */
// Drops whose was-price our own history confirms: ranked by the merchants' claims alone, the rail had shown only inflated ones.
const DROPS = { sort: 'discount', l: ['verified_discount'] };
const LOWEST = { sort: 'priceAscTag' };

export async function loader({ context, request }: Route.LoaderArgs) {
  const api = apiFrom(context);
  const url = new URL(request.url);
  // Shop by department lists every department's groups (the other pages' data carries the departments alone).
  const base = { origin: url.origin, ownHosts: [url.hostname], departments: DEPARTMENT_LINKS };
  // New 90-day lows (issue 16 §1) sit under the modules whatever they are; a failure only hides the rail.
  const [modes, newLows] = await Promise.all([
    api
      .modes()
      .then((r) => r.modes)
      .catch(() => []),
    api
      .lowestEvents({ window: 90, from: 0, to: RAIL_SIZE })
      .then((r) => r.items)
      .catch(() => []),
  ]);
  if (modes.length > 0) return { ...base, modes, newLows, drops: [], lowest: [], brands: [] };
  const [drops, lowest, brands] = await Promise.all([
    api.search({ ...DROPS, from: 0, to: RAIL_SIZE, facets: false }),
    api.search({ ...LOWEST, from: 0, to: RAIL_SIZE, facets: false }),
    api.brands({ from: 0, to: 12 }),
  ]);
  return { ...base, modes, newLows, drops: drops.items, lowest: lowest.items, brands: brands.brands };
}

/** Home meta: title, description, canonical, and the schema.org Organization and WebSite (with a SearchAction) of the site. */
export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        ...pageMeta(
          'Compare prices and find deals',
          'Compare prices from many stores on fashion, shoes, bags, beauty, jewelry and sports gear, and follow price history.',
          `${data.origin}/`,
        ),
        jsonLd({ '@type': 'Organization', name: 'B-Deals', url: `${data.origin}/` }),
        jsonLd({
          '@type': 'WebSite',
          name: 'B-Deals',
          url: `${data.origin}/`,
          potentialAction: {
            '@type': 'SearchAction',
            target: {
              '@type': 'EntryPoint',
              urlTemplate: `${data.origin}/searchList/?q={search_term_string}`,
            },
            'query-input': 'required name=search_term_string',
          },
        }),
      ]
    : [];

export default function Home({ loaderData }: Route.ComponentProps) {
  const hotWords = useRouteLoaderData<typeof rootLoader>('root')?.hotWords ?? [];
  const { drops, lowest, brands, modes, newLows, ownHosts, departments } = loaderData;
  return (
    <>
      <HydrateLater>
        <section className="border-b border-stone-200 bg-gradient-to-b from-accent-50 to-white">
          <div className="container-page py-10 sm:py-16">
            <h1 className="max-w-2xl text-3xl font-bold sm:text-5xl">Compare prices. Catch the drop.</h1>
            <p className="mt-3 max-w-xl text-stone-600 sm:text-lg">One search across many stores, with a year of price history behind every product.</p>
            <div className="mt-6 max-w-2xl">
              <SearchBox hotWords={hotWords} large label="Search deals" />
            </div>
            <div className="mt-4">
              <HotWordChips hotWords={hotWords} />
            </div>
          </div>
        </section>
      </HydrateLater>
      <div className="container-page">
        <HomeModes modes={modes} ownHosts={ownHosts} />
        <ProductRail title="New 90-day lows" products={newLows} moreHref="/lowest-price/" />
        <ProductRail title="Biggest price drops" products={drops} moreHref={listingHref(DROPS)} />
        <ProductRail title="Lowest prices" products={lowest} moreHref={listingHref(LOWEST)} />
        <BrandWall id="top-brands" title="Top brands" brands={brands} />
        <HydrateLater>
          <section aria-labelledby="departments" className="py-6">
            <h2 id="departments" className="mb-3 text-xl font-semibold">
              Shop by department
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {departments.map((d) => (
                <li key={d.href} className="rounded-xl border border-stone-200 p-4">
                  <DepartmentLinks department={d} listClassName="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm text-stone-600" />
                </li>
              ))}
            </ul>
          </section>
        </HydrateLater>
      </div>
    </>
  );
}
