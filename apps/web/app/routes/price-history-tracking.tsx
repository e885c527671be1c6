import { productHref, formatPrice, formatCount } from '@b-deals/core';
import { redirect } from 'react-router';
import { Form, Link } from '../lib/router-links';
import type { Route } from './+types/price-history-tracking';
import { Breadcrumb } from '../components/breadcrumb';
import { apiFrom } from '../lib/api.server';
import { isProductLink, productOfLink } from '../lib/product-link.server';
import { pageMeta } from '../lib/meta';

const TITLE = 'Price History Tracking';
const LEAD = 'How B-Deals records the price of every product day by day, and which products are at their lowest price of the year right now.';
/** Products shown from the Lowest Price API. */
const SHOWN = 8;

/**
 * /price-history-tracking/ (spec §2.1 content page; issue 16 §6): paste a store's product link
 * (`?link=`) to land on that product's price history here (query, `www.` and trailing slashes do
 * not matter; a page we do not track says so), or type words to search; then how prices are
 * tracked, with real data
 * from GET /inventory/api/v1/products/lowest-tab/ALL (the first {@link SHOWN} products at
 * their 365-day low, priceTag against their 90-day average, cents).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFrom(context);
  const asked = new URL(request.url).searchParams.get('link')?.trim() ?? '';
  let notTracked: string | null = null;
  if (asked && !isProductLink(asked)) throw redirect(`/searchList/?q=${encodeURIComponent(asked)}`);
  if (asked) {
    const hit = await productOfLink(api, asked);
    if (hit) throw redirect(`${productHref(hit.slug, hit.productId)}#price-history`);
    notTracked = asked;
  }
  const lowest = await api.lowest('ALL', 0, SHOWN);
  return { lowest, notTracked, canonical: new URL('/price-history-tracking/', request.url).href };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(TITLE, LEAD, data.canonical) : []);

/** Whole-percent saving of `price` against `average` (both cents); 0 when not below. */
const below = (price: number, average: number) => (average > price ? Math.round(((average - price) / average) * 100) : 0);

export default function PriceHistoryTracking({ loaderData }: Route.ComponentProps) {
  const { items, total } = loaderData.lowest;
  return (
    <div className="container-page py-6">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: TITLE }]} />
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">{TITLE}</h1>
      <Form method="get" action="/price-history-tracking/" className="mt-4 max-w-2xl">
        <label htmlFor="track-link" className="block text-sm font-medium text-stone-800">
          Paste a store&rsquo;s product link, or type what you are looking for
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="track-link"
            name="link"
            type="text"
            inputMode="url"
            required
            defaultValue={loaderData.notTracked ?? ''}
            placeholder="https://store.example/product/…"
            className="min-w-0 flex-1 rounded-xl border border-stone-300 px-3 py-2"
          />
          <button type="submit" className="rounded-xl bg-accent-600 px-4 py-2 font-semibold text-white hover:bg-accent-700">
            Find price history
          </button>
        </div>
        {loaderData.notTracked ? (
          <p role="status" data-testid="not-tracked" className="mt-2 text-sm text-stone-700">
            We do not track that page yet. Try searching for the product by name instead.
          </p>
        ) : null}
      </Form>
      <div className="mt-6 max-w-3xl space-y-3 text-stone-700">
        <p>
          Stores send B-Deals their product feeds, and we record every price change we see. Because one product is often sold by several stores, we keep, for
          each day, the lowest price a shopper could have paid at any store we track: sale prices count, stated US shipping is added (as in every best price on
          B-Deals), and out-of-stock offers do not count. Days run in UTC, and a day no store reported stays empty rather than guessed.
        </p>
        <p>
          Every product page shows that daily lowest price for up to the last 365 days, with the lowest, average and highest price of the period. Comparing
          today’s price with the 90-day average tells you whether a “sale” is really cheaper than usual.
        </p>
        <p>
          <Link to="/article/how-to-read-a-price-history/" className="font-medium text-accent-700 underline">
            How to read a price history (and know when to buy)
          </Link>
        </p>
      </div>

      <section aria-labelledby="lowest-of-year" className="mt-10">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="lowest-of-year" className="text-xl font-semibold">
            At their lowest price of the year
          </h2>
          {total > 0 ? (
            <Link to="/lowest-price/" className="text-sm font-medium text-accent-700 hover:underline">
              See all {formatCount(total)}
            </Link>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className="mt-3 text-stone-600">No product is at its lowest price of the year today.</p>
        ) : (
          <ul className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200">
            {items.map((p) => (
              <li key={p.id} className="flex items-center gap-3 p-3 sm:gap-4">
                {p.image ? (
                  <img src={p.image.thumbnail.url} alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded object-contain" />
                ) : null}
                <div className="min-w-0 flex-1">
                  <Link to={productHref(p.slug, p.id)} className="line-clamp-2 text-sm font-medium hover:text-accent-700 hover:underline">
                    {p.name}
                  </Link>
                  <p className="mt-1 text-sm text-stone-600">
                    <span data-testid="price-current" className="font-semibold text-stone-900">
                      {formatPrice(p.priceTag)}
                    </span>{' '}
                    vs <span data-testid="average90">{formatPrice(p.average90)}</span> 90-day average
                    {below(p.priceTag, p.average90) > 0 ? <span className="ml-2 font-semibold text-sale">{below(p.priceTag, p.average90)}% below</span> : null}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
