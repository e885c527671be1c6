import { formatPrice, formatCount, PRICE_BANDS, BASIC_COLOURS, BASIC_COLOUR_LABELS, categoryByCode, SORT_OPTIONS, internalHref, pagePath } from '@b-deals/core';
import type { ReactNode } from 'react';
import { useSubmit } from 'react-router';
import { Form, Link } from '../lib/router-links';
import { LABELS, lastPage, listingQuery } from '../lib/listing-params';
import type { ListingData } from '../lib/listing.server';
import { labelText } from '../lib/text';
import { HydrateLater } from './hydrate-later';
import { Filters, dollars, useSearch, type ListingHide } from './listing-filters';
import { ProductGrid } from './product-card';

/** Sort select of spec §9 (seven options); submits on change and keeps the other filters. */
function SortSelect({ current }: { current: string }) {
  const { pathname, params } = useSearch();
  const submit = useSubmit();
  const kept = [...params.entries()].filter(([k]) => k !== 'sort' && k !== 'page');
  return (
    <Form
      method="get"
      action={pagePath(pathname)}
      preventScrollReset
      className="flex items-center gap-2"
      onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
    >
      {kept.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="sort" className="text-sm text-stone-600">
        Sort by
      </label>
      <select id="sort" name="sort" defaultValue={current} key={current} className="h-9 rounded-lg border border-stone-300 bg-white px-2 text-sm">
        {SORT_OPTIONS.map((o) => (
          <option key={o.key} value={o.key}>
            {o.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-lg border border-stone-300 px-2 py-1 text-sm">
          Apply
        </button>
      </noscript>
    </Form>
  );
}

/** Summary of the filters in force (spec §9 label text: up to 3 terms joined with &, then "and more"), then chips each removing itself, plus "Clear all". */
function ActiveFilters({ data, labels }: { data: ListingData; labels: Map<string, string> }) {
  const { pathname, params: url } = useSearch();
  // Chips remove a filter from the range as shown: a swapped min/max is written the right way round.
  const params = new URLSearchParams(url);
  if (data.params.priceSwapped) {
    params.set('min', dollars(data.params.minPrice));
    params.set('max', dollars(data.params.maxPrice));
  }
  const chips: Array<{ label: string; href: string }> = [];
  for (const key of ['b', 'm', 'cids', 'l', 'size', 'color'] as const) {
    for (const v of data.params[key]) {
      chips.push({
        label: labels.get(`${key}:${v}`) ?? (key === 'cids' ? categoryByCode(v)?.term : undefined) ?? v,
        href: internalHref(pathname, listingQuery(params, { toggle: [key, v] })),
      });
    }
  }
  if (data.params.price) {
    chips.push({
      label: PRICE_BANDS.find((b) => b.key === data.params.price)?.label ?? data.params.price,
      href: internalHref(pathname, listingQuery(params, { set: ['price', null] })),
    });
  }
  if (data.params.minPrice !== undefined) {
    chips.push({
      label: `From ${formatPrice(data.params.minPrice)}`,
      href: internalHref(pathname, listingQuery(params, { set: ['min', null] })),
    });
  }
  if (data.params.maxPrice !== undefined) {
    chips.push({
      label: `Up to ${formatPrice(data.params.maxPrice)}`,
      href: internalHref(pathname, listingQuery(params, { set: ['max', null] })),
    });
  }
  if (chips.length === 0) return null;
  const keepQ = data.params.q ? `?q=${encodeURIComponent(data.params.q)}` : '';
  return (
    <>
      <p data-testid="filter-summary" className="mb-2 text-sm text-stone-700">
        <span className="text-stone-600">Filtered by: </span>
        <span className="font-medium">{labelText(chips.map((c) => c.label))}</span>
      </p>
      <ul aria-label="Active filters" className="mb-4 flex flex-wrap gap-2">
        {chips.map((c) => (
          <li key={c.href}>
            <Link
              to={c.href}
              preventScrollReset
              className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-3 py-1 text-sm text-accent-800 hover:bg-accent-100"
            >
              {c.label}
              <span aria-hidden>×</span>
              <span className="sr-only">remove filter</span>
            </Link>
          </li>
        ))}
        <li>
          <Link to={internalHref(pathname, keepQ)} className="inline-block px-2 py-1 text-sm font-medium text-stone-700 underline">
            Clear all
          </Link>
        </li>
      </ul>
    </>
  );
}

function Pagination({ page, total }: { page: number; total: number }) {
  const { pathname, params } = useSearch();
  const pages = lastPage(total);
  if (pages <= 1) return null;
  const href = (p: number) => internalHref(pathname, listingQuery(params, { set: ['page', p === 1 ? null : String(p)] }));
  const near = [1, page - 1, page, page + 1, pages];
  // A gap of one page shows that page rather than an ellipsis.
  for (const p of [3, pages - 2]) if (near.includes(p - 1) && near.includes(p + 1)) near.push(p);
  const shown = [...new Set(near)].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  return (
    <nav aria-label="Pagination" className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1.5">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} className="page-cell" rel="prev">
              Previous
            </Link>
          </li>
        ) : null}
        {shown.map((p, i) => (
          <li key={p} className="flex items-center gap-1.5">
            {i > 0 && p - shown[i - 1]! > 1 ? <span aria-hidden>…</span> : null}
            <Link to={href(p)} aria-current={p === page ? 'page' : undefined} aria-label={`Page ${p}`} className="page-cell">
              {p}
            </Link>
          </li>
        ))}
        {page < pages ? (
          <li>
            <Link to={href(page + 1)} className="page-cell" rel="next">
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/**
 * A filterable product listing: filters (side panel on desktop, a disclosure on mobile), active
 * filter chips, result count, sort, a grid of 24 and pagination. `empty` replaces the grid when
 * nothing matches.
 */
export function Listing({ data, hide = {}, empty }: { data: ListingData; hide?: ListingHide; empty?: ReactNode }) {
  const { result, params } = data;
  const labels = new Map<string, string>();
  for (const [key, label] of result.facets.brands) labels.set(`b:${key}`, label);
  for (const [key, label] of result.facets.merchants) labels.set(`m:${key}`, label);
  for (const [key, label] of result.facets.departments) labels.set(`cids:${key}`, label);
  for (const l of LABELS) labels.set(`l:${l.key}`, l.label);
  for (const [key, label] of result.facets.sizes) labels.set(`size:${key}`, `Size ${label}`);
  for (const key of BASIC_COLOURS) labels.set(`color:${key}`, BASIC_COLOUR_LABELS[key]);
  const noResults = empty ?? <p className="py-12 text-center text-stone-600">No products match these filters.</p>;
  const filtered =
    params.b.length + params.m.length + params.cids.length + params.l.length + params.size.length + params.color.length > 0 ||
    params.price !== undefined ||
    params.minPrice !== undefined ||
    params.maxPrice !== undefined;
  if (result.total === 0 && !filtered) return noResults;
  return (
    <div className="grid gap-6 lg:grid-cols-[15rem_1fr]">
      <aside aria-labelledby="filters-heading">
        <h2 id="filters-heading" className="sr-only">
          Filters
        </h2>
        {/* One copy of the filters for every width (half the listing's DOM): on narrow screens the
            disclosure above them shows and hides them through CSS, so it also works without JS. */}
        <details className="peer rounded-xl border border-stone-200 p-4 open:rounded-b-none open:border-b-0 lg:hidden">
          <summary className="cursor-pointer font-semibold">Filters</summary>
        </details>
        <HydrateLater>
          <div
            data-testid="filters-panel"
            className="hidden rounded-b-xl border border-t-0 border-stone-200 px-4 pb-4 peer-open:block lg:block lg:rounded-none lg:border-0 lg:p-0"
          >
            <Filters data={data} hide={hide} />
          </div>
        </HydrateLater>
      </aside>
      <div className="min-w-0">
        <h2 className="sr-only">Products</h2>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-stone-600" aria-live="polite">
            <span className="font-semibold text-stone-900 tabular-nums">{formatCount(result.total)}</span>
            {result.total === 1 ? ' product' : ' products'}
          </p>
          <SortSelect current={params.sort} />
        </div>
        {data.pastEnd ? (
          <p role="status" data-testid="past-end" className="mb-2 text-sm text-stone-700">
            There is no page {formatCount(data.pastEnd)}: showing page {formatCount(params.page)} of {formatCount(params.page)}, the last one.
          </p>
        ) : null}
        {params.priceSwapped ? (
          <p role="status" data-testid="price-swapped" className="mb-2 text-sm text-stone-700">
            Min was above Max, so we swapped them: showing {formatPrice(params.minPrice!)} to {formatPrice(params.maxPrice!)}.
          </p>
        ) : null}
        <ActiveFilters data={data} labels={labels} />
        {result.items.length > 0 ? <ProductGrid products={result.items} /> : noResults}
        <Pagination page={params.page} total={result.total} />
      </div>
    </div>
  );
}
