import { Suspense, lazy } from 'react';
import { useNavigation } from 'react-router';
import { Form } from '../lib/router-links';
import type { AnalyticsSummary } from '@b-deals/contracts';
import { formatCount } from '@b-deals/core';
import type { Route } from './+types/admin.analytics';
import { apiFrom } from '../lib/api.server';
import { useHydrated } from '../lib/hooks';
import { pageMeta } from '../lib/meta';

const AnalyticsChartImpl = lazy(() => import('../components/analytics-chart-impl'));
const WINDOWS = [7, 30, 90] as const;

/**
 * /admin/analytics/ (issue 19 §3): the operator's small dashboard of the consented analytics.
 * The operator types the API's operator token each time; the storefront passes it to
 * GET /admin/api/v1/analytics/summary and keeps nothing (no cookie, no cache: it is a POST).
 * `noindex`; a wrong token says so.
 */
export const meta: Route.MetaFunction = () => [...pageMeta('Analytics', 'Operator dashboard of B-Deals analytics.'), { name: 'robots', content: 'noindex' }];

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get('token') ?? '').trim();
  const days = WINDOWS.find((w) => String(w) === form.get('days')) ?? 30;
  if (!token) return { error: 'Enter the operator token.', days };
  const res = await apiFrom(context).analyticsSummary(token, days);
  if ('status' in res) return { error: res.status === 401 ? 'That operator token is not valid.' : `The API answered ${res.status}.`, days };
  return { summary: res.summary, days };
}

export default function AnalyticsDashboard({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const summary = actionData && 'summary' in actionData ? actionData.summary : null;
  return (
    <div className="container-page py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Analytics</h1>
      <p className="mt-1 max-w-2xl text-stone-600">Events from shoppers who agreed to analytics (and whose browsers do not send Global Privacy Control).</p>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm font-medium">
          Operator token
          <input name="token" type="password" autoComplete="off" required className="mt-1 w-72 max-w-full rounded-xl border border-stone-300 px-3 py-2" />
        </label>
        <label className="flex flex-col text-sm font-medium">
          Period
          <select name="days" defaultValue={String(actionData?.days ?? 30)} className="mt-1 rounded-xl border border-stone-300 px-3 py-2">
            {WINDOWS.map((w) => (
              <option key={w} value={w}>
                Last {w} days
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={busy} className="rounded-xl bg-accent-600 px-4 py-2 font-semibold text-white hover:bg-accent-700">
          Show
        </button>
      </Form>
      {actionData && 'error' in actionData ? (
        <p role="alert" className="mt-3 text-sale">
          {actionData.error}
        </p>
      ) : null}
      {summary ? <Dashboard summary={summary} /> : null}
    </div>
  );
}

function Dashboard({ summary }: { summary: AnalyticsSummary }) {
  const client = useHydrated();
  const total = summary.perDay.reduce((n, d) => n + d.events, 0);
  const pct = (a: number, b: number) => (b > 0 ? `${Math.round((100 * a) / b)}%` : '—');
  return (
    <div className="mt-8 space-y-10" data-testid="dashboard">
      <section aria-labelledby="per-day">
        <h2 id="per-day" className="text-xl font-semibold">
          Events per day ({formatCount(total)} in {summary.days} days)
        </h2>
        <div
          className="mt-3 h-64 rounded-xl border border-stone-200 p-2"
          role="img"
          aria-label={`Events and browsers per day over ${summary.days} days; ${total} events in all.`}
        >
          {client ? (
            <Suspense fallback={<div className="h-full animate-pulse rounded-lg bg-stone-100" />}>
              <AnalyticsChartImpl perDay={summary.perDay} />
            </Suspense>
          ) : null}
        </div>
      </section>
      <section aria-labelledby="funnel">
        <h2 id="funnel" className="text-xl font-semibold">
          Funnel (browsers)
        </h2>
        <ol className="mt-3 grid gap-3 sm:grid-cols-3" data-testid="funnel">
          <li className="rounded-xl bg-stone-50 p-3">
            Saw a list: <strong>{formatCount(summary.funnel.viewItemList)}</strong>
          </li>
          <li className="rounded-xl bg-stone-50 p-3">
            Chose a product: <strong>{formatCount(summary.funnel.selectItem)}</strong> ({pct(summary.funnel.selectItem, summary.funnel.viewItemList)})
          </li>
          <li className="rounded-xl bg-stone-50 p-3">
            Viewed a product: <strong>{formatCount(summary.funnel.viewItem)}</strong>
          </li>
        </ol>
      </section>
      <div className="grid gap-8 lg:grid-cols-2">
        <Table
          id="top-searches"
          title="Top searches"
          head={['Search', 'Searches', 'No results']}
          rows={summary.topSearches.map((s) => [s.term, formatCount(s.searches), formatCount(s.noResults)])}
        />
        <Table
          id="no-results"
          title="Searches with no results"
          head={['Search', 'Searches']}
          rows={summary.noResultSearches.map((s) => [s.term, formatCount(s.searches)])}
        />
        <Table
          id="product-views"
          title="Most viewed products"
          head={['Product', 'Views']}
          rows={summary.productViews.map((p) => [p.name, formatCount(p.views)])}
        />
        <Table
          id="outbound"
          title="Outbound clicks by store"
          head={['Store', 'Clicks']}
          rows={summary.outboundClicks.map((c) => [c.merchant.name, formatCount(c.clicks)])}
        />
      </div>
    </div>
  );
}

function Table({ id, title, head, rows }: { id: string; title: string; head: string[]; rows: string[][] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-stone-600">Nothing yet.</p>
      ) : (
        <table className="mt-2 w-full text-sm" data-testid={id}>
          <thead>
            <tr className="border-b border-stone-200 text-left text-xs tracking-wide text-stone-600 uppercase">
              {head.map((h, i) => (
                <th key={h} scope="col" className={`py-2 pr-3 font-medium ${i > 0 ? 'text-right' : ''}`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r[0]} className="border-b border-stone-100">
                {r.map((c, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="py-2 pr-3 text-left font-normal">
                      {c}
                    </th>
                  ) : (
                    <td key={i} className="py-2 pr-3 text-right tabular-nums">
                      {c}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
