import type { AdviceModelInfo, WaitingPays } from '@b-deals/contracts';
import { casesOf100, formatPrice, productHref } from '@b-deals/core';
import { Link } from '../lib/router-links';
import type { Route } from './+types/ai-price-hunter';
import { Breadcrumb } from '../components/breadcrumb';
import { ProductGrid } from '../components/product-card';
import { apiFrom } from '../lib/api.server';
import { pageMeta } from '../lib/meta';

const TITLE = 'AI Price Hunter';
const LEAD = 'What the prices we watch every day say: new lows, which discounts hold up, and how the year moved. Only from what we observed.';
const NEW_LOWS = 8;
const WAITING = 8;

/**
 * /ai-price-hunter/ (spec §2.1 "AI price hunter home"; issue 16 §5): how B-Deals reads prices —
 * the lowest-price events of today (90 days), the rules of the price badges and the was-price
 * check (decision 0015), and the years we observed, each linking to its year page; and the
 * buy-or-wait advice (issue 16 §3–§5): how it works, its backtest figures with the date of the run
 * (from the fitted model file, GET …/price-advice/model) and the products where waiting pays now.
 * Without a fitted model the page says the advice is not published yet, and shows no figures.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFrom(context);
  const thisYear = new Date().getUTCFullYear();
  const [lows, model, waiting, ...years] = await Promise.all([
    api.lowestEvents({ window: 90, from: 0, to: NEW_LOWS }).catch(() => ({ items: [], total: 0 })),
    api.adviceModel().catch(() => null),
    api.waitingPays(WAITING).catch(() => null),
    ...[thisYear, thisYear - 1].map((y) =>
      api
        .yearInPrices(y)
        .then((r) => (r.months.length > 0 ? y : null))
        .catch(() => null),
    ),
  ]);
  return {
    lows,
    model: model?.available ? model : null,
    waiting: waiting?.available ? waiting.items : [],
    years: years.filter((y): y is number => y !== null),
    canonical: new URL('/ai-price-hunter/', request.url).href,
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(TITLE, LEAD, data.canonical) : []);

export default function AiPriceHunter({ loaderData }: Route.ComponentProps) {
  const { lows, model, waiting, years } = loaderData;
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
      </section>

      <BuyOrWait model={model} waiting={waiting} />

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

/** How often the price fell 3% or more in similar held-out cases of the backtest (cases of 100, rounded down), or that we cannot say. */
const dropsNote = (t: WaitingPays['items'][number]['record']) =>
  t?.drops == null
    ? 'too few similar cases in our backtest to say how often the price fell'
    : `the price fell 3% or more in ${casesOf100(t.drops)} of 100 similar cases in our backtest`;

const pct = (x: number | null) => (x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`);
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * The buy-or-wait advice: how it decides, its backtest on the history it was fitted on (training
 * part and the later, held-out part, both printed), and today's products where waiting pays.
 */
function BuyOrWait({ model, waiting }: { model: AdviceModelInfo | null; waiting: WaitingPays['items'] }) {
  return (
    <section aria-labelledby="buy-or-wait" className="mt-10 max-w-4xl space-y-3 text-stone-700">
      <h2 id="buy-or-wait" className="text-xl font-semibold text-stone-900">
        Buy or wait?
      </h2>
      <p>
        For each store’s offer, a model fitted on observed price histories estimates how likely the price is to fall 3% or more within the next 14 days, from
        how today’s price sits against the last 90 days, its recent trend, how often and how deeply the store cuts prices, stock and the time to Black Friday.
        Where that chance is worth a wait, we say <strong>Wait</strong>, with the saving to expect; otherwise <strong>Buy now</strong>. The bar is set by the
        backtest below: as low as it goes while at least 97% of its decisions pay no more than buying at once, since waiting for a drop that does not come
        mostly costs nothing. With fewer than 30 observed days we give no advice.
      </p>
      <p data-testid="advice-track-explained">
        The model’s own probability is not a promise: it was fitted on the history named below, not on our stores. So beside each advice we show how often
        advice like it turned out right in the held-out part of that backtest, among decisions whose estimated chance fell in the same band: a{' '}
        <strong>Buy now</strong> was right when the price did not fall 3% or more within the window, a <strong>Wait</strong> when waiting paid no more than
        buying at once. We round down (“right in 97 of 100 similar cases”), and give no figure where there were fewer than 100 similar cases.
      </p>
      {model ? (
        <>
          <p data-testid="advice-backtest-run">
            Backtest run on {model.generatedAt ? day(model.generatedAt) : 'an unrecorded date'} over {model.source ?? 'an unnamed history'}
            {model.observed ? ` (observed ${model.observed[0]} to ${model.observed[1]}` : ''}
            {model.observed && model.splitDay ? `; trained before ${model.splitDay}, scored from it)` : model.observed ? ')' : ''}: replayed day by day, never
            looking ahead. “No worse” is the share of decisions that paid no more than buying at once; “captured” is the share of the best possible saving the
            advice made.
          </p>
          {/* Scrolls sideways on narrow screens: focusable, so keyboards can scroll it too. */}
          <div className="overflow-x-auto" role="region" aria-labelledby="backtest-caption" tabIndex={0}>
            <table className="data-table" data-testid="advice-backtest">
              <caption id="backtest-caption" className="sr-only">
                Backtest of the buy-or-wait advice by horizon, training and held-out parts
              </caption>
              <thead>
                <tr>
                  <th scope="col">Horizon</th>
                  <th scope="col">Part</th>
                  <th scope="col">Decisions</th>
                  <th scope="col">No worse</th>
                  <th scope="col">Captured</th>
                </tr>
              </thead>
              <tbody>
                {model.horizons.flatMap((h) =>
                  (
                    [
                      ['training', h.training],
                      ['held out', h.heldOut],
                    ] as const
                  ).flatMap(([part, score]) =>
                    score ? (
                      <tr key={`${h.horizon}-${part}`} className="border-b border-stone-100 tabular-nums">
                        <th scope="row" className="py-2 pr-3 font-medium">
                          {h.horizon} days
                        </th>
                        <td className="py-2 pr-3">{part}</td>
                        <td className="py-2 pr-3">{score.decisions.toLocaleString('en-US')}</td>
                        <td className="py-2 pr-3">{pct(score.noWorse)}</td>
                        <td className="py-2">{pct(score.capture)}</td>
                      </tr>
                    ) : (
                      []
                    ),
                  ),
                )}
              </tbody>
            </table>
          </div>
          <h3 className="pt-4 text-lg font-semibold text-stone-900">Where waiting pays now</h3>
          {waiting.length > 0 ? (
            <ul className="divide-y divide-stone-100" data-testid="waiting-pays">
              {waiting.map((w) => (
                <li key={w.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                  <Link to={productHref(w.slug, w.id)} className="font-medium text-stone-900 hover:text-accent-700 hover:underline">
                    {w.name}
                  </Link>
                  <span className="text-sm">
                    {formatPrice(w.priceTag)} at {w.merchant.name} · expected saving {formatPrice(w.expectedSavingCents)} within {w.horizon} days ·{' '}
                    {dropsNote(w.record)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p>Today the advice is to buy: no product we watch is likely enough to drop within 14 days.</p>
          )}
        </>
      ) : (
        <p data-testid="advice-unpublished">
          The advice is not published yet: we show it here and on product pages once a model has been fitted and backtested on recorded price histories. Until
          then we do not guess.
        </p>
      )}
    </section>
  );
}
