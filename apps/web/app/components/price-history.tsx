import { formatPrice } from '@b-deals/core';
import { Suspense, lazy, useMemo, useRef } from 'react';
import { useNearViewport } from '../lib/hooks';
import { fromDailyRuns, type CompactPriceHistory as History } from '../lib/price-series';

export type { PricePoint } from '../lib/price-series';

/**
 * Recharts is fetched in the browser only when the chart comes within 400 px of the viewport, so
 * it weighs neither on first-load JS nor on the main thread of a visit that never scrolls there.
 */
const PriceChartImpl = lazy(() => import('./price-chart-impl'));

function Figure({ label, cents }: { label: string; cents: number | null }) {
  return (
    <div className="rounded-xl bg-stone-50 p-3">
      <dt className="text-xs font-medium tracking-wide text-stone-600 uppercase">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">{cents === null ? '—' : formatPrice(cents)}</dd>
    </div>
  );
}

/**
 * The window store by store (issue 16 §6): each store's lowest, average and highest daily total
 * and its price now, with the days it was observed when it was not watched every day. Rendered
 * only for two or more stores (with one, the figures above are its own). Under 640 px the
 * average moves under the store's name, so four columns fit a 375 px phone without scrolling;
 * a wider table (long store names, a narrower screen) still scrolls in its own focusable box.
 */
function StoreHistory({ merchants, days }: { merchants: History['merchants']; days: number }) {
  if (merchants.length < 2) return null;
  const cell = 'py-2 pr-2 text-right tabular-nums sm:pr-3';
  return (
    // Focusable, so keyboard users can scroll it when it does not fit (WCAG 2.1.1).
    <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label="Price history by store">
      <table className="w-full text-left text-sm sm:min-w-[28rem]" data-testid="store-history">
        <caption className="sr-only">Price history by store over the last {days} days</caption>
        <thead>
          <tr className="border-b border-stone-200 text-xs tracking-wide text-stone-600 uppercase">
            {['Store', 'Lowest', 'Average', 'Highest', 'Now'].map((h, i) => (
              <th key={h} scope="col" className={`py-2 pr-2 font-medium sm:pr-3 ${i > 0 ? 'text-right' : ''} ${h === 'Average' ? 'hidden sm:table-cell' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {merchants.map((m) => (
            <tr key={m.merchant.slug} className="border-b border-stone-100">
              <th scope="row" className="py-2 pr-2 font-medium sm:pr-3">
                {m.merchant.name}
                <span className="block text-xs font-normal text-stone-600 tabular-nums sm:hidden">average {formatPrice(m.average)}</span>
                {m.observedDays < days ? <span className="block text-xs font-normal text-stone-600">seen on {m.observedDays} days</span> : null}
              </th>
              <td className={cell}>{formatPrice(m.lowest)}</td>
              <td className={`${cell} hidden sm:table-cell`}>{formatPrice(m.average)}</td>
              <td className={cell}>{formatPrice(m.highest)}</td>
              <td className="py-2 text-right tabular-nums">{m.current === null ? 'Out of stock' : formatPrice(m.current)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Price history section: lowest / average / highest / current rendered on the server, the chart lazily on the client. */
export function PriceHistory({ history }: { history: History }) {
  const chartBox = useRef<HTMLDivElement>(null);
  const near = useNearViewport(chartBox);
  const observed = history.series.runs.some(([, price]) => price !== null);
  const points = useMemo(() => (near ? fromDailyRuns(history.series) : []), [near, history.series]);
  const summary =
    history.lowest === null
      ? 'No price observed yet.'
      : `Over the last ${history.days} days the lowest price was ${formatPrice(history.lowest)}, the average ${formatPrice(history.average ?? history.lowest)} and the highest ${formatPrice(history.highest ?? history.lowest)}.`;
  return (
    <section aria-labelledby="price-history" className="py-6">
      <h2 id="price-history" className="text-xl font-semibold">
        Price history <span className="text-base font-normal text-stone-600">({history.days} days)</span>
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Lowest" cents={history.lowest} />
        <Figure label="Average" cents={history.average} />
        <Figure label="Highest" cents={history.highest} />
        <Figure label="Current" cents={history.current} />
      </dl>
      <StoreHistory merchants={history.merchants} days={history.days} />
      {observed ? (
        <figure className="mt-4">
          <div ref={chartBox} className="h-64 w-full rounded-xl border border-stone-200 p-2 sm:h-72" data-testid="price-chart" role="img" aria-label={summary}>
            {near ? (
              <Suspense fallback={<div className="h-full animate-pulse rounded-lg bg-stone-100" />}>
                <PriceChartImpl points={points} />
              </Suspense>
            ) : (
              <div className="h-full animate-pulse rounded-lg bg-stone-100" />
            )}
          </div>
          <figcaption className="mt-2 text-sm text-stone-600">{summary}</figcaption>
        </figure>
      ) : (
        <p className="mt-3 text-stone-600">{summary}</p>
      )}
    </section>
  );
}
