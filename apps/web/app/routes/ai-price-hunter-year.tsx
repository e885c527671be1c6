import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { data as response } from 'react-router';
import { YearParamsSchema, type YearInPrices } from '@b-deals/contracts';
import type { Route } from './+types/ai-price-hunter-year';
import { Breadcrumb } from '../components/breadcrumb';
import { apiFrom } from '../lib/api.server';
import { jsonLd, pageMeta } from '../lib/meta';

const YearChartImpl = lazy(() => import('../components/year-chart-impl'));

/**
 * /ai-price-hunter/{year}/ (spec §2.1 "AI price hunter by year"; issue 16 §5): the year in prices
 * from observed price runs (GET /inventory/api/v1/price-index/year/{year}): the monthly price
 * index of every department together and of each, the share of sale days, and the biggest sales
 * weeks. A month (of a department or of all) observed on fewer than the API's `minObservedDays`
 * days (7) shows "not enough observations", never a figure, and is never the cheapest or dearest;
 * each month's line says on how many days we observed it. A year with no month observed on
 * enough days is a 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const asked = YearParamsSchema.safeParse({ year: params.year });
  if (!/^\d{4}$/.test(params.year) || !asked.success) throw response(null, { status: 404 });
  const year = await apiFrom(context).yearInPrices(asked.data.year);
  if (year.months.length === 0) throw response(null, { status: 404 });
  return { year, canonical: new URL(`/ai-price-hunter/${year.year}/`, request.url).href };
}

const title = (year: number) => `${year} in prices`;
const describe = (y: YearInPrices) =>
  `How prices moved in ${y.year}, month by month and department by department, with the biggest sales weeks, from ${Math.max(...y.months.map((m) => m.offers))} store offers B-Deals watched.`;

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        ...pageMeta(`AI Price Hunter: ${title(data.year.year)}`, describe(data.year), data.canonical),
        jsonLd({
          '@type': 'Dataset',
          name: `B-Deals price index ${data.year.year}`,
          description: describe(data.year),
          url: data.canonical,
          temporalCoverage: `${data.year.year}-01-01/${data.year.year}-12-31`,
          creator: { '@type': 'Organization', name: 'B-Deals' },
          variableMeasured: ['price index (100 = the year’s usual price)', 'share of sale days', 'average discount on sale days'],
        }),
      ]
    : [];

const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });
/** "June 29", or "December 29, 2025" for the week that began in the year before `year`. */
const weekName = (day: string, year: number) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: day.startsWith(String(year)) ? undefined : 'numeric',
    timeZone: 'UTC',
  });

/** True once `target` comes within 400 px of the viewport (the chart's library loads then). */
function useNear(target: React.RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = target.current;
    if (!el || near) return;
    const io = new IntersectionObserver(([e]) => e?.isIntersecting && setNear(true), { rootMargin: '400px' });
    io.observe(el);
    return () => io.disconnect();
  }, [target, near]);
  return near;
}

/** "1 day", "6 days". */
const daysText = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export default function YearPage({ loaderData }: Route.ComponentProps) {
  const { year } = loaderData;
  const all = year.months.filter((m) => m.department === 'ALL');
  const sparseAll = year.sparseMonths.filter((m) => m.department === 'ALL');
  const departments = [
    ...new Map([...year.months, ...year.sparseMonths].filter((m) => m.department !== 'ALL').map((m) => [m.department, m.departmentName])).entries(),
  ].sort((a, b) => a[0].localeCompare(b[0]));
  // Every month we observed at all, in order: those with too few days are shown as such.
  const months = [...new Set([...all, ...sparseAll].map((m) => m.month))].sort();
  const cell = new Map(year.months.map((m) => [`${m.department}:${m.month}`, m]));
  const sparse = new Map(year.sparseMonths.map((m) => [`${m.department}:${m.month}`, m]));
  const cheapest = [...all].sort((a, b) => a.index - b.index)[0]!;
  const dearest = [...all].sort((a, b) => b.index - a.index)[0]!;
  const chartBox = useRef<HTMLDivElement>(null);
  const near = useNear(chartBox);
  const summary =
    all.length === 1
      ? `We observed enough days of ${monthName(cheapest.month)} only (index ${cheapest.index.toFixed(1)}) to give a figure; 100 is the year’s usual price.`
      : `Prices were lowest in ${monthName(cheapest.month)} (index ${cheapest.index.toFixed(1)}) and highest in ${monthName(dearest.month)} (index ${dearest.index.toFixed(1)}); 100 is the year’s usual price.`;
  return (
    <div className="container-page py-6">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'AI Price Hunter', href: '/ai-price-hunter/' }, { label: String(year.year) }]} />
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">{title(year.year)}</h1>
      <p className="mt-2 max-w-3xl text-stone-700">
        Every figure here comes from prices we observed at the stores we track. For each offer we compare its price in a month with its own price over the year:
        an index of 100 is its usual price, 90 means 10% cheaper than usual. Days we did not observe are left out, so months we only partly watched show what we
        saw.
      </p>

      <section aria-labelledby="by-month" className="mt-8">
        <h2 id="by-month" className="text-xl font-semibold">
          Month by month
        </h2>
        <figure className="mt-3">
          <div ref={chartBox} className="h-64 w-full rounded-xl border border-stone-200 p-2" role="img" aria-label={summary} data-testid="year-chart">
            {near ? (
              <Suspense fallback={<div className="h-full animate-pulse rounded-lg bg-stone-100" />}>
                <YearChartImpl months={all} />
              </Suspense>
            ) : (
              <div className="h-full animate-pulse rounded-lg bg-stone-100" />
            )}
          </div>
          <figcaption className="mt-2 text-sm text-stone-600">{summary}</figcaption>
        </figure>
        <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label="Price index by department and month">
          <table className="w-full text-sm" data-testid="year-table">
            <caption className="sr-only">Price index by department and month, {year.year}</caption>
            <thead>
              <tr className="border-b border-stone-200 text-left text-xs tracking-wide text-stone-600 uppercase">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Department
                </th>
                {months.map((m) => (
                  <th key={m} scope="col" className="py-2 pr-3 text-right font-medium">
                    {monthName(m).slice(0, 3)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[['ALL', 'All departments'] as const, ...departments].map(([code, name]) => (
                <tr key={code} className="border-b border-stone-100">
                  <th scope="row" className="py-2 pr-3 text-left font-medium whitespace-nowrap">
                    {name}
                  </th>
                  {months.map((m) => {
                    const c = cell.get(`${code}:${m}`);
                    const thin = sparse.get(`${code}:${m}`);
                    return (
                      <td key={m} className="py-2 pr-3 text-right tabular-nums">
                        {c ? (
                          c.index.toFixed(1)
                        ) : thin ? (
                          <span className="text-stone-600" data-testid="year-cell-sparse">
                            <span aria-hidden>*</span>
                            <span className="sr-only">not enough observations ({daysText(thin.observedDays)})</span>
                          </span>
                        ) : (
                          '—'
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {year.sparseMonths.length > 0 ? (
          <p className="mt-2 text-sm text-stone-600" data-testid="year-sparse-note">
            <span aria-hidden>* </span>Not enough observations: we saw prices on fewer than {year.minObservedDays} days of that month, too few to give a figure.
            A dash: not observed at all.
          </p>
        ) : null}
        <ul className="mt-4 grid gap-2 text-sm text-stone-700 sm:grid-cols-2" data-testid="year-months">
          {months.map((month) => {
            const m = cell.get(`ALL:${month}`);
            const thin = sparse.get(`ALL:${month}`);
            return m ? (
              <li key={month}>
                <span className="font-medium">{monthName(month)}</span>: {m.saleShare.toFixed(1)}% of the days we watched an offer it was on sale
                {m.depth === null ? '' : `, ${m.depth.toFixed(1)}% off on average`} ({m.offers} offers, observed on {daysText(m.observedDays)}).
              </li>
            ) : (
              <li key={month} data-sparse="true">
                <span className="font-medium">{monthName(month)}</span>: not enough observations (prices seen on {daysText(thin?.observedDays ?? 0)}; we need{' '}
                {year.minObservedDays} to give figures).
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="sales-weeks" className="mt-10">
        <h2 id="sales-weeks" className="text-xl font-semibold">
          Biggest sales weeks
        </h2>
        {year.salesEvents.length === 0 ? (
          <p className="mt-2 text-stone-600">We saw no sales this year.</p>
        ) : (
          <ol className="mt-3 space-y-2" data-testid="sales-weeks">
            {year.salesEvents.map((w) => (
              <li key={w.weekStart} className="rounded-xl border border-stone-200 p-3">
                <span className="font-semibold">Week of {weekName(w.weekStart, year.year)}</span>: {w.saleShare.toFixed(1)}% of offer-days on sale
                {w.depth === null ? '' : `, ${w.depth.toFixed(1)}% off on average`}, across {w.offers} offers.
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
