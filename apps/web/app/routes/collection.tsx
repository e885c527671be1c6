/**
 * /collection/ — B-LOVED, the shopper's saved products (issue 14; spec §2.1 "B-LOVED list").
 * Signed-in only: a visitor is sent to /login and back (`requireUser`); the page is the
 * shopper's alone, never stored by the anonymous HTML cache (`private, no-store`).
 *
 * Data: on the server with the shopper's access token when it is still valid (decision 0013);
 * otherwise the browser loads it after hydration through the spec §7 client, which refreshes the
 * token (`clientLoader`, also used on client-side navigations and after every form). Each saved
 * product shows its price now, the change since it was saved, a 90-day sparkline, stock and sizes
 * in stock, a price-target form (dollars → cents), the sizes to watch and a remove button; the
 * list is sorted and paged by the URL (`sort`, `asc`, `page`; 24 a page). The forms work without
 * JavaScript too (the server `action`, with the token the server holds). Each product also shows
 * the AI Price Hunter's buy-or-wait advice for its best offer (issue 16 §3) when a model is fitted.
 */
import type { AlertSettings, FavoriteList, ProductsAdvice } from '@b-deals/contracts';
import { formatCount, internalHref } from '@b-deals/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { redirect, useFetcher, useNavigate, useRevalidator } from 'react-router';
import { Form, Link } from '../lib/router-links';
import type { Route } from './+types/collection';
import { buttonClass, SavedItem, useResult, useSelf } from '../components/saved-product';
import type { ApiRequestError } from '../lib/api-client';
import { browserApi, browserSession, loginHref } from '../lib/auth-client';
import { requireUser, userAccessToken } from '../lib/auth.server';
import {
  COLLECTION_SORTS,
  FAVORITE_API,
  collectionApiPath,
  collectionIntent,
  collectionPages,
  collectionParams,
  collectionQuery,
  collectionResult,
  type CollectionParams,
  type CollectionResult,
} from '../lib/favorites';
import { forgetLoved } from '../lib/favorites-client';
import { apiFrom } from '../lib/api.server';
import { favoriteCall, loadCollection } from '../lib/favorites.server';
import { pageMeta } from '../lib/meta';
import { adviceByProduct, productsAdvicePath, type AdviceView } from '../lib/price-advice';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('B-LOVED', 'Your saved products on B-Deals: their prices now, how they changed since you saved them, and your price targets.'),
  { name: 'robots', content: 'noindex' },
];

/** The shopper's own page: never kept by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ 'cache-control': 'private, no-store' });

/** The page's data: the URL's params and, when it could be read, the list and alert setting, and the advice by product id (null: no model, or not read). */
interface CollectionPage {
  params: CollectionParams;
  data: { list: FavoriteList; alerts: AlertSettings | null } | null;
  advice: Record<number, AdviceView> | null;
}

const listIds = (list: FavoriteList | undefined) => (list?.items ?? []).map((i) => i.product.id);

export async function loader({ request, context }: Route.LoaderArgs): Promise<CollectionPage> {
  requireUser(context, request);
  const params = collectionParams(new URL(request.url).searchParams);
  const token = userAccessToken(context);
  const data = token ? await loadCollection(context, token, params) : null;
  const ids = listIds(data?.list);
  const advice = ids.length
    ? await apiFrom(context)
        .productsAdvice(ids)
        .catch(() => null)
    : null;
  return { params, data, advice: adviceByProduct(advice) };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<CollectionPage> {
  const url = new URL(request.url);
  if (!browserSession().secret()) throw redirect(loginHref(url.pathname + url.search));
  const params = collectionParams(url.searchParams);
  const api = browserApi();
  const [list, alerts] = await Promise.all([
    api.request<FavoriteList>(collectionApiPath(params)),
    api.request<AlertSettings>(`${FAVORITE_API}/alert-settings`).catch(() => null),
  ]);
  const ids = listIds(list);
  const advice = ids.length ? await api.request<ProductsAdvice>(productsAdvicePath(ids)).catch(() => null) : null;
  return { params, data: { list, alerts: typeof alerts?.priceAlertMails === 'boolean' ? alerts : null }, advice: adviceByProduct(advice) };
}

/** Without JavaScript: the same forms, sent with the access token the server holds for the shopper. */
export async function action({ request, context }: Route.ActionArgs): Promise<CollectionResult> {
  requireUser(context, request);
  const parsed = collectionIntent(await request.formData());
  if ('error' in parsed) return collectionResult(parsed, { ok: false, body: null });
  const token = userAccessToken(context);
  if (!token) return { intent: parsed.intent, id: parsed.id, ok: false, error: 'Your sign-in needs renewing: reload the page, then try again.' };
  const outcome = await favoriteCall(context, parsed.call.method, parsed.call.path, { body: parsed.call.json, token });
  return collectionResult(parsed, outcome);
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<CollectionResult> {
  const parsed = collectionIntent(await request.formData());
  if ('error' in parsed) return collectionResult(parsed, { ok: false, body: null });
  const outcome = await browserApi()
    .request(parsed.call.path, { method: parsed.call.method, json: parsed.call.json })
    .then(
      (body) => ({ ok: true, body }),
      (err: ApiRequestError) => ({ ok: false, body: err?.body ?? null }),
    );
  if (outcome.ok && parsed.intent === 'remove' && parsed.id !== null) forgetLoved(parsed.id);
  return collectionResult(parsed, outcome);
}

/** "E-mail me price-drop alerts": a switch that PUTs the alert setting (a form, so it works without JavaScript). */
function AlertsSwitch({ settings }: { settings: AlertSettings }) {
  const fetcher = useFetcher<CollectionResult>();
  const self = useSelf();
  const result = useResult(fetcher, null, ['alerts']);
  const pending = fetcher.formData?.get('priceAlertMails');
  const on = pending != null ? pending === 'true' : settings.priceAlertMails;
  return (
    <fetcher.Form method="post" action={self} className="rounded-xl border border-stone-200 bg-white p-4">
      <input type="hidden" name="intent" value="alerts" />
      <input type="hidden" name="priceAlertMails" value={String(!on)} />
      <button type="submit" role="switch" aria-checked={on} aria-describedby="alerts-hint" className="flex w-full items-center justify-between gap-4 text-left">
        <span className="font-medium">E-mail me price-drop alerts</span>
        <span aria-hidden className={`relative h-6 w-11 shrink-0 rounded-full transition ${on ? 'bg-accent-600' : 'bg-stone-400'}`}>
          <span className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-all ${on ? 'left-5.5' : 'left-0.5'}`} />
        </span>
      </button>
      <p id="alerts-hint" className="mt-1 text-sm text-stone-600">
        {on ? 'On: we e-mail you when a saved product drops in price or reaches your target.' : 'Off: we keep your targets, but send no alerts.'}
      </p>
      {result?.ok === false ? (
        <p role="alert" className="mt-1 text-sm font-medium text-red-700">
          {result.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** Sort and order selects: a GET form (works without JavaScript), sent on change. A new sort starts in its own direction. */
function SortForm({ params }: { params: CollectionParams }) {
  const navigate = useNavigate();
  const sort = COLLECTION_SORTS.find((s) => s.key === params.sort)!;
  const go = (next: CollectionParams) => {
    const q = collectionQuery(next);
    navigate(internalHref('/collection', q), { preventScrollReset: true });
  };
  return (
    <Form method="get" action={internalHref('/collection')} className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="sort" className="block text-sm text-stone-600">
          Sort by
        </label>
        <select
          id="sort"
          name="sort"
          key={params.sort}
          defaultValue={params.sort}
          onChange={(e) => {
            const next = COLLECTION_SORTS.find((s) => s.key === e.currentTarget.value)!;
            go({ sort: next.key, asc: next.asc, page: 1 });
          }}
          className="h-10 rounded-lg border border-stone-300 bg-white px-2 text-sm"
        >
          {COLLECTION_SORTS.map((s) => (
            <option key={s.key} value={s.key}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="asc" className="block text-sm text-stone-600">
          Order
        </label>
        <select
          id="asc"
          name="asc"
          key={`${params.sort}-${params.asc}`}
          defaultValue={String(params.asc)}
          onChange={(e) => go({ sort: params.sort, asc: e.currentTarget.value === 'true', page: 1 })}
          className="h-10 rounded-lg border border-stone-300 bg-white px-2 text-sm"
        >
          <option value={String(sort.asc)}>{sort.asc ? sort.ascLabel : sort.descLabel}</option>
          <option value={String(!sort.asc)}>{sort.asc ? sort.descLabel : sort.ascLabel}</option>
        </select>
      </div>
      <noscript>
        <button type="submit" className={buttonClass}>
          Apply
        </button>
      </noscript>
    </Form>
  );
}

/** Previous / next and "Page n of m". */
function Pager({ params, total }: { params: CollectionParams; total: number }) {
  const pages = collectionPages(total);
  if (pages <= 1) return null;
  const href = (page: number) => internalHref('/collection', collectionQuery({ ...params, page }));
  const cell = 'rounded-lg border border-stone-300 px-4 py-2 text-sm font-medium hover:border-accent-600';
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-3">
      {params.page > 1 ? (
        <Link to={href(params.page - 1)} rel="prev" className={cell}>
          Previous
        </Link>
      ) : null}
      <p className="text-sm text-stone-700">
        Page {params.page} of {pages}
      </p>
      {params.page < pages ? (
        <Link to={href(params.page + 1)} rel="next" className={cell}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}

const EXPLORE = [
  { label: "Today's deals", href: '/deals/' },
  { label: 'Lowest prices', href: '/lowest-price/' },
  { label: 'Top selling', href: '/top-selling/' },
];

/** Nothing saved yet: what B-LOVED does and where to find something to save. */
function EmptyState() {
  return (
    <div className="mt-6 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center">
      <h2 className="text-xl font-semibold">Nothing saved yet</h2>
      <p className="mx-auto mt-2 max-w-md text-stone-700">
        Tap the heart on any product to keep it here. We show how its price changes, and can e-mail you when it drops.
      </p>
      <ul className="mt-6 flex flex-wrap justify-center gap-2">
        {EXPLORE.map((l, i) => (
          <li key={l.href}>
            <Link
              to={l.href}
              className={
                i === 0
                  ? 'inline-block rounded-full bg-accent-600 px-5 py-2 font-medium text-white hover:bg-accent-700'
                  : 'inline-block rounded-full border border-stone-300 px-5 py-2 font-medium hover:border-accent-600 hover:text-accent-800'
              }
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { params, data, advice } = loaderData;
  const revalidator = useRevalidator();
  const asked = useRef(false);
  // The server could not read the list (its copy of the access token had expired): load it here.
  useEffect(() => {
    if (data || asked.current) return;
    asked.current = true;
    void revalidator.revalidate();
  }, [data, revalidator]);
  const [announcement, setAnnouncement] = useState('');
  const countRef = useRef<HTMLParagraphElement>(null);
  // Focus moves from the vanished Remove button to the count; the removal is announced.
  const onRemoved = useCallback((name: string) => {
    setAnnouncement(`${name} is removed from B-LOVED.`);
    countRef.current?.focus();
  }, []);

  const total = data?.list.total ?? 0;
  return (
    <div className="container-page py-6 sm:py-10">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div>
          <h1 className="text-3xl font-bold">B-LOVED</h1>
          <p className="mt-1 text-stone-700">Your saved products, with their prices now and how they changed since you saved them.</p>
        </div>
        {data?.alerts ? (
          <div className="lg:w-96">
            <AlertsSwitch settings={data.alerts} />
          </div>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {!data ? (
        <p role="status" className="mt-8 text-stone-700">
          Loading your saved products…
        </p>
      ) : total === 0 ? (
        <EmptyState />
      ) : (
        <section aria-labelledby="saved-heading" className="mt-6">
          <h2 id="saved-heading" className="sr-only">
            Saved products
          </h2>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <p ref={countRef} tabIndex={-1} className="font-medium text-stone-800 focus:outline-none" data-testid="saved-count">
              {total === 1 ? '1 saved product' : `${formatCount(total)} saved products`}
            </p>
            <SortForm params={params} />
          </div>
          {data.list.items.length > 0 ? (
            <ul className="mt-4 space-y-3">
              {data.list.items.map((item) => (
                <SavedItem key={item.id} item={item} advice={advice?.[item.product.id]} onRemoved={onRemoved} />
              ))}
            </ul>
          ) : (
            <p className="mt-6 text-stone-700">
              This page is empty.{' '}
              <Link to={internalHref('/collection', collectionQuery({ ...params, page: 1 }))} className="font-medium text-accent-700 underline">
                Go to the first page
              </Link>
            </p>
          )}
          <Pager params={params} total={total} />
        </section>
      )}
    </div>
  );
}
