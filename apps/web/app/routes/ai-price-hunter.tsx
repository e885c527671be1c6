import { Link } from 'react-router';
import type { Route } from './+types/ai-price-hunter';
import { Breadcrumb } from '../components/breadcrumb';
import { ProductGrid } from '../components/product-card';
import { apiFrom } from '../lib/api.server';
import { pageMeta } from '../lib/meta';

const TITLE = 'AI Price Hunter';
const LEAD = 'What the prices we watch every day say: new lows, which discounts hold up, and how the year moved. Only from what we observed.';
const NEW_LOWS = 8;

/**
 * /ai-price-hunter/ (spec §2.1 "AI price hunter home"; issue 16 §5): how B-Deals reads prices —
 * the lowest-price events of today (90 days), the rules of the price badges and the was-price
 * check (decision 0015), and the years we observed, each linking to its year page. The
 * buy-or-wait advice is not shown: its backtest has not been published yet, and the page says so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFrom(context);
  const thisYear = new Date().getUTCFullYear();
  const [lows, ...years] = await Promise.all([
    api.lowestEvents({ window: 90, from: 0, to: NEW_LOWS }).catch(() => ({ items: [], total: 0 })),
    ...[thisYear, thisYear - 1].map((y) =>
      api
        .yearInPrices(y)
        .then((r) => (r.months.length > 0 ? y : null))
        .catch(() => null),
    ),
  ]);
  return { lows, years: years.filter((y): y is number => y !== null), canonical: new URL('/ai-price-hunter/', request.url).href };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(TITLE, LEAD, data.canonical) : []);

export default function AiPriceHunter({ loaderData }: Route.ComponentProps) {
  const { lows, years } = loaderData;
  return (
    <div className="container-page py-6">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: TITLE }]} />
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">{TITLE}</h1>
      <p className="mt-2 max-w-3xl text-stone-700 sm:text-lg">{LEAD}</p>

      <section aria-labelledby="new-lows" className="mt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="new-lows" className="text-xl font-semibold">
            New 90-day lows today
          </h2>
          {lows.total > 0 ? (
            <Link to="/lowest-price/" className="text-sm font-medium text-accent-700 hover:underline">
              See all {lows.total}
            </Link>
          ) : null}
        </div>
        {lows.items.length > 0 ? (
          <div className="mt-3">
            <ProductGrid products={lows.items} />
          </div>
        ) : (
          <p className="mt-2 text-stone-600">No product reached a new 90-day low today.</p>
        )}
      </section>

      <section aria-labelledby="how" className="mt-10 max-w-3xl space-y-3 text-stone-700">
        <h2 id="how" className="text-xl font-semibold text-stone-900">
          How we read prices
        </h2>
        <p>
          Every day we record the price of every offer at the stores we track, and for each product the lowest total a shopper could pay (item plus stated
          shipping). A day no store reported stays empty: we never fill it in, and no claim below speaks for it.
        </p>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Lowest in 90 days</strong>: today’s price is at or below the lowest of each of the last 90 days, and we saw all 90.
          </li>
          <li>
            <strong>Good deal</strong>: today’s price is within 5% of the lowest we saw this year, after at least five weeks of watching.
          </li>
          <li>
            <strong>Claimed discount</strong>: a store’s “was” price is checked against the lowest price we saw for that offer in the 30 days before its sale
            began (the reference the EU’s Omnibus rules use). Higher than that, or not watched then, and the discount is shown as the store’s claim, not ours.
          </li>
        </ul>
        <p>
          <strong>Buy or wait?</strong> We are testing advice on whether a price is likely to drop soon, against the price histories we recorded. We will show
          it here and on product pages once its results over past data are published; until then we do not guess.
        </p>
      </section>

      {years.length > 0 ? (
        <section aria-labelledby="years" className="mt-10">
          <h2 id="years" className="text-xl font-semibold">
            The year in prices
          </h2>
          <ul className="mt-3 flex flex-wrap gap-3">
            {years.map((y) => (
              <li key={y}>
                <Link
                  to={`/ai-price-hunter/${y}/`}
                  className="block rounded-xl border border-stone-200 px-4 py-3 font-medium hover:border-accent-600 hover:text-accent-800"
                >
                  {y} in prices
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
