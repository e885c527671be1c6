import type { ImageSearchResponse } from '@b-deals/contracts';
import { DEPARTMENTS, PRICE_BANDS, formatCount, formatPrice } from '@b-deals/core';
import { Link } from '../lib/router-links';
import type { Route } from './+types/discover-image';
import { ProductCard, ProductGrid } from '../components/product-card';
import { TabLinks } from '../components/tabs';
import { apiFrom } from '../lib/api.server';
import { pageMeta } from '../lib/meta';

const TITLE = 'Search by image';
const LEAD = 'Products that look like your photo, with the best price we found for each.';

/** What went wrong with the photo, when something did. */
type Problem = 'no-photo' | 'not-found' | 'not-an-image';

const PROBLEM_TEXT: Record<Problem, { heading: string; text: string }> = {
  'no-photo': {
    heading: 'Upload a photo to find similar items online.',
    text: 'Use the Image search button in the header to choose or drop a JPG, JPEG, PNG or WEBP picture.',
  },
  'not-found': {
    heading: 'We could not find that photo.',
    text: 'Uploads are kept for a short time only. Upload it again with the Image search button in the header.',
  },
  'not-an-image': { heading: 'That file is not a picture we can read.', text: 'Please upload an image in JPG, JPEG, PNG, or WEBP format.' },
};

/** Status of a response the API client threw (`data(…, {status})`), or null for other errors. */
function thrownStatus(err: unknown): number | null {
  const init = (err as { init?: { status?: number } | null } | null)?.init;
  return typeof init?.status === 'number' ? init.status : null;
}

/**
 * /discover-image/?origin={upload key}[&dept=][&price=] (spec §2.1, §2.5; issue 17): the uploaded
 * photo, a "cheapest identical item" block when one product matches it closely, and the 20 closest
 * products as the site's cards (price by the best-offer rule, merchant count, price-history badge),
 * narrowed by department and price band through the URL. Without `origin`, or for an upload that is
 * gone or unreadable, the page explains what to do (status 200: page-data rules treat a 404 as the
 * 404 page, spec §4); `noindex` always.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const origin = url.searchParams.get('origin') ?? '';
  const dept = DEPARTMENTS.some((d) => d.code === url.searchParams.get('dept')) ? url.searchParams.get('dept')! : undefined;
  const price = PRICE_BANDS.some((b) => b.key === url.searchParams.get('price')) ? url.searchParams.get('price')! : undefined;
  const base = { origin, dept: dept ?? null, price: price ?? null };
  if (!origin) return { ...base, problem: 'no-photo' as Problem, result: null };
  let result: ImageSearchResponse;
  try {
    result = await apiFrom(context).imageSearchByUpload({ origin, dept, price, from: 0, to: 20 });
  } catch (err) {
    const status = thrownStatus(err);
    if (status === 404) return { ...base, problem: 'not-found' as Problem, result: null };
    if (status === 400) return { ...base, problem: 'not-an-image' as Problem, result: null };
    throw err;
  }
  return { ...base, problem: null, result };
}

export const meta: Route.MetaFunction = () => [...pageMeta(TITLE, LEAD), { name: 'robots', content: 'noindex' }];

/** The page's URL with `dept` and `price` changed (null removes one). */
function hrefWith(origin: string, dept: string | null, price: string | null): string {
  const p = new URLSearchParams({ origin });
  if (dept) p.set('dept', dept);
  if (price) p.set('price', price);
  return `/discover-image/?${p.toString()}`;
}

export default function DiscoverImage({ loaderData }: Route.ComponentProps) {
  const { origin, dept, price, problem, result } = loaderData;
  const departments = [
    { key: '', name: 'All departments', href: hrefWith(origin, null, price) },
    ...DEPARTMENTS.map((d) => ({ key: d.code!, name: d.term, href: hrefWith(origin, d.code!, price) })),
  ];
  const bands = [
    { key: '', name: 'Any price', href: hrefWith(origin, dept, null) },
    ...PRICE_BANDS.map((b) => ({ key: b.key, name: b.label, href: hrefWith(origin, dept, b.key) })),
  ];
  return (
    <div className="container-page py-6 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {origin && problem !== 'not-found' ? (
          <img
            src={`/inventory/api/v1/upload/images/object?key=${encodeURIComponent(origin)}`}
            alt="Your upload"
            width={128}
            height={128}
            className="h-32 w-32 shrink-0 rounded-xl border border-stone-200 bg-stone-100 object-contain"
          />
        ) : null}
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{TITLE}</h1>
          <p className="mt-1 text-stone-600">{LEAD}</p>
        </div>
      </header>

      {problem ? (
        <section className="mt-8 rounded-xl border border-stone-200 bg-stone-50 p-6 text-center" role="status">
          <h2 className="text-lg font-semibold">{PROBLEM_TEXT[problem].heading}</h2>
          <p className="mt-2 text-stone-700">{PROBLEM_TEXT[problem].text}</p>
          <p className="mt-4">
            <Link to="/searchList/" className="font-medium text-accent-800 underline">
              Search by words instead
            </Link>
          </p>
        </section>
      ) : result ? (
        <>
          <TabLinks label="Department" tabs={departments} current={dept ?? ''} />
          <TabLinks label="Price" tabs={bands} current={price ?? ''} />
          {result.coverage.embedded < result.coverage.total ? (
            <p className="mt-3 text-sm text-stone-600" data-testid="coverage">
              Image search covers {formatCount(result.coverage.embedded)} of {formatCount(result.coverage.total)} products so far; more are added every minute.
            </p>
          ) : null}
          {result.identical ? (
            <section aria-labelledby="identical-heading" className="mt-6 rounded-xl border-2 border-accent-600 bg-accent-50 p-4" data-testid="identical">
              <h2 id="identical-heading" className="text-lg font-semibold">
                Cheapest identical item
              </h2>
              <p className="mt-1 text-stone-700">
                Lowest total price <strong>{formatPrice(result.identical.lowestTotalPrice)}</strong>
                {result.identical.product.merchantCount > 1 ? ` across ${result.identical.product.merchantCount} stores` : ' at 1 store'}, shipping included.
              </p>
              <div className="mt-3 max-w-[16rem]">
                <ProductCard product={result.identical.product} eager priority />
              </div>
            </section>
          ) : null}
          <section aria-labelledby="similar-heading" className="mt-6">
            <h2 id="similar-heading" className="mb-3 text-lg font-semibold">
              {result.items.length > 0 ? 'Similar items' : 'No similar items'}
            </h2>
            {result.items.length > 0 ? (
              <ProductGrid products={result.items} />
            ) : (
              <p className="text-stone-700">
                Nothing we list looks like this photo{dept || price ? ' with these filters' : ''}.{' '}
                {dept || price ? (
                  <Link to={hrefWith(origin, null, null)} className="font-medium text-accent-800 underline">
                    Clear the filters
                  </Link>
                ) : null}
              </p>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
