import { Fragment, useEffect } from 'react';
import { productHref } from '@b-deals/core';
import { redirect, useRouteLoaderData } from 'react-router';
import { Link } from '../lib/router-links';
import { searchCategoryHref } from '../lib/search-links';
import { ga4Item, track } from '../lib/analytics';
import type { Route } from './+types/search';
import { useDepartments } from '../lib/nav';
import { Listing } from '../components/listing';
import { ProductGrid } from '../components/product-card';
import { HotWordChips } from '../components/search-box';
import { apiFrom } from '../lib/api.server';
import { loadListing, type ListingData } from '../lib/listing.server';
import { isProductLink, linkHost, productOfLink } from '../lib/product-link.server';
import { pageMeta } from '../lib/meta';
import type { loader as rootLoader } from '../root';

/** Heading and title of the page a pasted store link we carry no offer at opens. */
const NOT_CARRIED = 'We don’t carry that product yet';

/** A query that is a store's product link we carry no offer at: the link and its store's host name. */
interface NotCarried {
  notCarried: { link: string; host: string };
}

/**
 * /searchList/ (spec §2.1): q, b, m, cids (repeatable) plus the listing filters, sort and page. A `q` that is a
 * store's product link (core `isProductLink`; shoppers paste one into the header search) is no words: it redirects
 * to the product we track at that page (the resolver of /price-history-tracking/, `productOfLink`), else answers
 * {@link NotCarried} and runs no search (never one over "https www").
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<ListingData | NotCarried> {
  const api = apiFrom(context);
  const q = new URL(request.url).searchParams.get('q') ?? '';
  if (isProductLink(q)) {
    const hit = await productOfLink(api, q);
    if (hit) throw redirect(productHref(hit.slug, hit.productId));
    return { notCarried: { link: q.trim(), host: linkHost(q) } };
  }
  return loadListing(api, request);
}

export const meta: Route.MetaFunction = ({ data }) =>
  data && 'notCarried' in data
    ? [
        ...pageMeta(NOT_CARRIED, `B-Deals does not compare prices for that page of ${data.notCarried.host} yet.`),
        { name: 'robots', content: 'noindex, follow' },
      ]
    : data
      ? [
          ...pageMeta(
            data.params.q ? `Results for “${data.params.q}”` : 'Search',
            data.params.q
              ? data.result.broadened
                ? `Nothing matches “${data.params.q}”; ${data.result.total} products${data.result.broadened.query ? ` for “${data.result.broadened.query}”` : ''}${data.result.broadened.categories.length ? ` in ${data.result.broadened.categories.map((c) => c.label).join(', ')}` : ''}: compare prices across stores on B-Deals.`
                : `${data.result.total} products for “${data.params.q}”: compare prices across stores on B-Deals.`
              : 'Search products and compare prices across stores on B-Deals.',
          ),
          { name: 'robots', content: 'noindex, follow' },
        ]
      : [];

export default function Search({ loaderData }: Route.ComponentProps) {
  return 'notCarried' in loaderData ? <NotCarriedPage {...loaderData.notCarried} /> : <Results data={loaderData} />;
}

/** A pasted store link we carry no offer at: says so, and links to the store's page and to price-history tracking. */
function NotCarriedPage({ link, host }: NotCarried['notCarried']) {
  return (
    <div className="container-page py-6" data-testid="not-carried">
      <h1 className="text-2xl font-bold sm:text-3xl">{NOT_CARRIED}</h1>
      <p className="mt-2 max-w-2xl text-stone-700 wrap-anywhere">
        You searched for a product page of <strong>{host}</strong>. B-Deals compares the prices of the products its stores send us, and this page is not one of
        them, so we have no prices or price history for it.
      </p>
      <p className="mt-1 max-w-2xl text-sm text-stone-600 wrap-anywhere">{link}</p>
      <ul className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <li>
          <a
            href={link}
            rel="nofollow noopener noreferrer"
            className="inline-block rounded-xl bg-accent-600 px-4 py-2 font-semibold text-white hover:bg-accent-700"
          >
            Open the page at {host}
          </a>
        </li>
        <li>
          <Link
            to="/price-history-tracking/"
            className="inline-block rounded-xl border border-stone-300 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-50"
          >
            How price-history tracking works
          </Link>
        </li>
      </ul>
      <p className="mt-6 text-stone-600">Or search for the product by its name in the search box above.</p>
    </div>
  );
}

/** The results of a search for words. */
function Results({ data: loaderData }: { data: ListingData }) {
  const hotWords = useRouteLoaderData<typeof rootLoader>('root')?.hotWords ?? [];
  const departments = useDepartments();
  const { params, result } = loaderData;
  // GA4 `search` and `view_item_list` once per result set (issue 19 §1).
  const listKey = JSON.stringify([params, result.total, result.items[0]?.id]);
  useEffect(() => {
    if (params.q) track('search', { search_term: params.q.slice(0, 200), results: result.total });
    if (result.items.length > 0)
      track('view_item_list', {
        item_list_id: 'search_results',
        item_list_name: params.q ? 'Search results' : 'All products',
        items: result.items.slice(0, 50).map((p, i) => ga4Item(p, i)),
      });
    // The list key stands for params and result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listKey]);
  const heading = params.q ? `Results for “${params.q}”` : 'All products';
  // Filters of the shopper's own: an empty answer then says so and offers the words alone (the API broadens no query its filters emptied).
  const filtered =
    params.b.length + params.m.length + params.cids.length + params.l.length + params.size.length > 0 ||
    params.price !== undefined ||
    params.minPrice !== undefined ||
    params.maxPrice !== undefined;
  const empty = (
    <div className="rounded-xl border border-dashed border-stone-300 px-6 py-12 text-center">
      <h2 className="text-xl font-semibold wrap-anywhere">
        No products found{params.q ? ` for “${params.q}”` : ''}
        {filtered ? ' with these filters' : ''}
      </h2>
      {filtered ? (
        <p className="mt-2 text-stone-600">
          Remove a filter, or{' '}
          <Link to={`/searchList/${params.q ? `?q=${encodeURIComponent(params.q)}` : ''}`} className="font-medium text-accent-700 underline">
            clear all filters
          </Link>
          .
        </p>
      ) : (
        <p className="mt-2 text-stone-600">Check the spelling, use fewer words, or remove a filter.</p>
      )}
      <div className="mt-6 flex justify-center">
        <HotWordChips hotWords={hotWords} label="Try instead" />
      </div>
      <nav aria-label="Browse departments" className="mt-6">
        <ul className="flex flex-wrap justify-center gap-2">
          {departments.map((d) => (
            <li key={d.href}>
              <Link to={d.href} className="block rounded-full bg-stone-100 px-3 py-1 text-sm hover:bg-accent-50 hover:text-accent-800">
                {d.term}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
  return (
    <div className="container-page py-6">
      {/* The query is the shopper's: a pasted link or a long word breaks anywhere rather than widen the page. */}
      <h1 className="text-2xl font-bold wrap-anywhere sm:text-3xl">{heading}</h1>
      {result.correctedQuery ? (
        <p className="mt-1 text-stone-600 wrap-anywhere">
          Showing results for <strong>{result.correctedQuery}</strong>.
        </p>
      ) : null}
      {result.broadened ? (
        <p className="mt-1 text-stone-600 wrap-anywhere">
          Nothing matches “{params.q}” right now. Showing {result.broadened.query ? <strong>{result.broadened.query}</strong> : 'everything'}
          {result.broadened.categories.length ? ' in ' : ''}
          {result.broadened.categories.map((cat, i) => (
            <Fragment key={cat.key}>
              {i === 0 ? '' : i === result.broadened!.categories.length - 1 ? ' and ' : ', '}
              <Link to={searchCategoryHref(result.broadened!.query, cat.key)} className="underline">
                {cat.label}
              </Link>
            </Fragment>
          ))}{' '}
          instead{result.broadened.categories.length ? '' : <>, leaving out “{result.broadened.dropped}”</>}.
        </p>
      ) : null}
      <div className="mt-6">
        <Listing data={loaderData} empty={empty} />
      </div>
      {result.more && result.more.items.length > 0 ? (
        <section aria-labelledby="more-heading" className="mt-10" data-testid="more-of-kind">
          <h2 id="more-heading" className="text-xl font-semibold">
            More in{' '}
            {result.more.categories.map((cat, i) => (
              <Fragment key={cat.key}>
                {i === 0 ? '' : i === result.more!.categories.length - 1 ? ' and ' : ', '}
                <Link to={searchCategoryHref('', cat.key)} className="underline">
                  {cat.label}
                </Link>
              </Fragment>
            ))}
          </h2>
          <p className="mt-1 text-sm text-stone-600 wrap-anywhere">
            {/\s/.test(params.q.trim()) ? `These do not match every word of “${params.q}”.` : `Their names do not say “${params.q.trim()}”.`}
          </p>
          <div className="mt-4">
            <ProductGrid products={result.more.items} />
          </div>
        </section>
      ) : null}
    </div>
  );
}
