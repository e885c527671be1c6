import { formatPrice, formatCount, PRICE_BANDS, categoryByCode, SORT_OPTIONS, internalHref, pagePath } from '@b-deals/core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSubmit } from 'react-router';
import { Form, Link } from '../lib/router-links';
import { LABELS, PRICE_INPUT_MAX, PRICE_INPUT_MIN, lastPage, listingQuery } from '../lib/listing-params';
import type { FacetValue, ListingData } from '../lib/listing.server';
import { clampInput, labelText } from '../lib/text';
import { HydrateLater } from './hydrate-later';
import { ProductGrid } from './product-card';

type FacetKey = 'b' | 'm' | 'cids' | 'size';
/** Values of a filter shown before "Show N more" (as many as most shops show; issue 12 §3 HTML weight). */
const FACET_LIMIT = 10;

function useSearch() {
  const { pathname, search } = useLocation();
  return { pathname, params: new URLSearchParams(search) };
}

function FacetLink({ href, selected, label, count }: { href: string; selected: boolean; label: string; count?: number }) {
  return (
    <Link to={href} preventScrollReset rel="nofollow" aria-current={selected ? 'true' : undefined}>
      {/* Styled by element under app.css `.facet-group`: a listing repeats this dozens of times. */}
      <span>
        {label}
        {selected ? <span className="sr-only"> (selected, remove filter)</span> : null}
      </span>
      {count !== undefined ? <span>{count}</span> : null}
    </Link>
  );
}

/** A titled filter section; each hydrates as a region of its own (decision 0005). */
function FacetGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <HydrateLater>
      <section className="facet-group">
        <h3>{title}</h3>
        {children}
      </section>
    </HydrateLater>
  );
}

/**
 * "Show N more" of a filter: the values past the first {@link FACET_LIMIT} are written into the
 * page once the disclosure opens (also when it was opened before the region hydrated), not in
 * every listing's HTML (issue 12 §3, HTML weight). Chosen values are never among them.
 */
function MoreValues({ count, children }: { count: number; children: () => ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (ref.current?.open) setOpen(true);
  }, []);
  return (
    <details ref={ref} onToggle={(e) => e.currentTarget.open && setOpen(true)}>
      <summary className="cursor-pointer px-1 py-1 text-sm font-medium text-accent-700">Show {count} more</summary>
      {open ? <ul>{children()}</ul> : null}
    </details>
  );
}

function ValueFacet({ title, facetKey, values }: { title: string; facetKey: FacetKey; values: FacetValue[] }) {
  const { pathname, params } = useSearch();
  const selected = new Set(params.getAll(facetKey));
  if (values.length === 0) return null;
  const item = ([key, label, count]: FacetValue) => (
    <li key={key}>
      <FacetLink href={internalHref(pathname, listingQuery(params, { toggle: [facetKey, key] }))} selected={selected.has(key)} label={label} count={count} />
    </li>
  );
  // The first FACET_LIMIT values and every chosen one stay in view; the others wait behind "Show N more".
  const first = values.filter(([key], i) => i < FACET_LIMIT || selected.has(key));
  const rest = values.filter(([key], i) => i >= FACET_LIMIT && !selected.has(key));
  return (
    <FacetGroup title={title}>
      <ul>{first.map(item)}</ul>
      {rest.length > 0 ? <MoreValues count={rest.length}>{() => rest.map(item)}</MoreValues> : null}
    </FacetGroup>
  );
}

/** Cents as the dollar text of a price input ('' for no bound): 2050 → '20.5'. */
const dollars = (cents: number | undefined) => (cents === undefined ? '' : String(cents / 100));

/** One labelled dollar input of the price range, within [PRICE_INPUT_MIN, PRICE_INPUT_MAX]. */
function PriceInput(props: { id: string; name: 'min' | 'max'; label: string; value: string; onChange: (value: string) => void; onBlur: () => void }) {
  return (
    <div className="flex-1">
      <label htmlFor={props.id} className="block text-xs text-stone-600">
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        type="number"
        inputMode="decimal"
        step="any"
        min={PRICE_INPUT_MIN}
        max={PRICE_INPUT_MAX}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
        className="price-input"
      />
    </div>
  );
}

/**
 * Min/max price form (dollars, `?min=&max=`): each input clamps on blur (spec §5) to
 * [0, 100000]; a min above the max is not silently raised or lowered: the listing swaps the two
 * and says so (issue 20 §9). Apply submits a GET keeping the other filters.
 */
function PriceRange({ minPrice, maxPrice }: { minPrice?: number; maxPrice?: number }) {
  const { pathname, params } = useSearch();
  const id = useId();
  const [min, setMin] = useState(dollars(minPrice));
  const [max, setMax] = useState(dollars(maxPrice));
  const kept = [...params.entries()].filter(([k]) => k !== 'min' && k !== 'max' && k !== 'page');
  return (
    <Form method="get" action={pagePath(pathname)} preventScrollReset className="mt-3" aria-label="Price range">
      {kept.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <div className="flex items-end gap-2">
        <PriceInput
          id={`${id}-min`}
          name="min"
          label="Min $"
          value={min}
          onChange={setMin}
          onBlur={() => setMin(clampInput(min, PRICE_INPUT_MIN, PRICE_INPUT_MAX))}
        />
        <PriceInput
          id={`${id}-max`}
          name="max"
          label="Max $"
          value={max}
          onChange={setMax}
          onBlur={() => setMax(clampInput(max, PRICE_INPUT_MIN, PRICE_INPUT_MAX))}
        />
        <button type="submit" className="h-9 rounded-lg border border-stone-300 px-3 text-sm font-medium hover:border-accent-600">
          Apply
        </button>
      </div>
    </Form>
  );
}

/** Filter side panel: departments, brands, stores, price bands with counts, deal labels; every value is a link that edits the URL. */
function Filters({ data, hide }: { data: ListingData; hide: Hide }) {
  const { pathname, params } = useSearch();
  const { facets } = data.result;
  const bandCounts = new Map(facets.priceBands.map(([key, , count]) => [key, count]));
  return (
    <div>
      {!hide.departments ? <ValueFacet title="Department" facetKey="cids" values={facets.departments} /> : null}
      <FacetGroup title="Price">
        <ul>
          {PRICE_BANDS.map((band) => {
            const selected = data.params.price === band.key;
            return (
              <li key={band.key}>
                <FacetLink
                  href={internalHref(pathname, listingQuery(params, { set: ['price', selected ? null : band.key] }))}
                  selected={selected}
                  label={band.label}
                  count={bandCounts.get(band.key) ?? 0}
                />
              </li>
            );
          })}
        </ul>
        <PriceRange key={`${data.params.minPrice}-${data.params.maxPrice}`} minPrice={data.params.minPrice} maxPrice={data.params.maxPrice} />
      </FacetGroup>
      <FacetGroup title="Deals">
        <ul>
          {LABELS.map((l) => (
            <li key={l.key}>
              <FacetLink
                href={internalHref(pathname, listingQuery(params, { toggle: ['l', l.key] }))}
                selected={data.params.l.includes(l.key)}
                label={l.label}
              />
            </li>
          ))}
        </ul>
      </FacetGroup>
      <ValueFacet title="Size" facetKey="size" values={facets.sizes} />
      {!hide.brands ? <ValueFacet title="Brand" facetKey="b" values={facets.brands} /> : null}
      {!hide.merchants ? <ValueFacet title="Store" facetKey="m" values={facets.merchants} /> : null}
    </div>
  );
}

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
  for (const key of ['b', 'm', 'cids', 'l', 'size'] as const) {
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

interface Hide {
  brands?: boolean;
  merchants?: boolean;
  departments?: boolean;
}

/**
 * A filterable product listing: filters (side panel on desktop, a disclosure on mobile), active
 * filter chips, result count, sort, a grid of 24 and pagination. `empty` replaces the grid when
 * nothing matches.
 */
export function Listing({ data, hide = {}, empty }: { data: ListingData; hide?: Hide; empty?: ReactNode }) {
  const { result, params } = data;
  const labels = new Map<string, string>();
  for (const [key, label] of result.facets.brands) labels.set(`b:${key}`, label);
  for (const [key, label] of result.facets.merchants) labels.set(`m:${key}`, label);
  for (const [key, label] of result.facets.departments) labels.set(`cids:${key}`, label);
  for (const l of LABELS) labels.set(`l:${l.key}`, l.label);
  for (const [key, label] of result.facets.sizes) labels.set(`size:${key}`, `Size ${label}`);
  const noResults = empty ?? <p className="py-12 text-center text-stone-600">No products match these filters.</p>;
  const filtered =
    params.b.length + params.m.length + params.cids.length + params.l.length + params.size.length > 0 ||
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
