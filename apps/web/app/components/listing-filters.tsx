/**
 * The listing's filter panel (spec §9 list pages, issue 12 §3): departments, price bands and a
 * dollar range, deal labels, sizes, colours, brands and stores. Every value is a link that edits the URL
 * (`lib/listing-params` listingQuery), so filtering works before hydration and without JS.
 */
import { BASIC_COLOURS, PRICE_BANDS, type BasicColour, internalHref, pagePath } from '@b-deals/core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Form, Link } from '../lib/router-links';
import { LABELS, PRICE_INPUT_MAX, PRICE_INPUT_MIN, listingQuery } from '../lib/listing-params';
import type { FacetValue, ListingData } from '../lib/listing.server';
import { clampInput } from '../lib/text';
import { HydrateLater } from './hydrate-later';

type FacetKey = 'b' | 'm' | 'cids' | 'size' | 'color';
/** Values of a filter shown before "Show N more" (as many as most shops show; issue 12 §3 HTML weight). */
const FACET_LIMIT = 10;

/** The listing's path and its query parameters, from the router's location. */
export function useSearch() {
  const { pathname, search } = useLocation();
  return { pathname, params: new URLSearchParams(search) };
}

/**
 * What a colour filter value looks like beside its name (decoration: the name says the colour, so
 * no shopper depends on seeing it); multicolour is a wheel of hues.
 */
const SWATCHES: Readonly<Record<BasicColour, string>> = {
  black: '#1c1917',
  white: '#ffffff',
  gray: '#9ca3af',
  silver: 'linear-gradient(135deg, #e5e7eb, #9ca3af)',
  gold: 'linear-gradient(135deg, #fde68a, #ca8a04)',
  red: '#dc2626',
  pink: '#f472b6',
  orange: '#f97316',
  yellow: '#facc15',
  green: '#16a34a',
  blue: '#2563eb',
  purple: '#9333ea',
  brown: '#92400e',
  beige: '#e7d8b8',
  multicolour: 'conic-gradient(#dc2626, #facc15, #16a34a, #2563eb, #9333ea, #dc2626)',
};

function FacetLink({ href, selected, label, count, swatch }: { href: string; selected: boolean; label: string; count?: number; swatch?: string }) {
  return (
    <Link to={href} preventScrollReset rel="nofollow" aria-current={selected ? 'true' : undefined}>
      {/* Styled by element under app.css `.facet-group`: a listing repeats this dozens of times. */}
      <span>
        {swatch ? <i className="swatch" style={{ background: swatch }} aria-hidden /> : null}
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
function MoreValues({ count, children, summary = `Show ${count} more` }: { count: number; children: () => ReactNode; summary?: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (ref.current?.open) setOpen(true);
  }, []);
  return (
    <details ref={ref} onToggle={(e) => e.currentTarget.open && setOpen(true)}>
      <summary className="cursor-pointer px-1 py-1 text-sm font-medium text-accent-700">{summary}</summary>
      {open ? <ul>{children()}</ul> : null}
    </details>
  );
}

/**
 * A filter's values as links with counts; past `limit` (FACET_LIMIT) they wait behind "Show N more".
 * With `collapsed` (a summary text), every value waits behind it until one is chosen: the page
 * keeps within its HTML weight (issue 12 §3) with the group's name still in view.
 */
function ValueFacet({
  title,
  facetKey,
  values,
  limit = FACET_LIMIT,
  collapsed,
}: {
  title: string;
  facetKey: FacetKey;
  values: FacetValue[];
  limit?: number;
  collapsed?: string;
}) {
  const swatch = (key: string) => (facetKey === 'color' ? SWATCHES[key as BasicColour] : undefined);
  const { pathname, params } = useSearch();
  const selected = new Set(params.getAll(facetKey));
  if (values.length === 0) return null;
  const item = ([key, label, count]: FacetValue) => (
    <li key={key}>
      <FacetLink
        href={internalHref(pathname, listingQuery(params, { toggle: [facetKey, key] }))}
        selected={selected.has(key)}
        label={label}
        count={count}
        swatch={swatch(key)}
      />
    </li>
  );
  if (collapsed && selected.size === 0)
    return (
      <FacetGroup title={title}>
        <MoreValues count={values.length} summary={collapsed}>
          {() => values.map(item)}
        </MoreValues>
      </FacetGroup>
    );
  // The first `limit` values and every chosen one stay in view; the others wait behind "Show N more".
  const first = values.filter(([key], i) => i < limit || selected.has(key));
  const rest = values.filter(([key], i) => i >= limit && !selected.has(key));
  return (
    <FacetGroup title={title}>
      <ul>{first.map(item)}</ul>
      {rest.length > 0 ? <MoreValues count={rest.length}>{() => rest.map(item)}</MoreValues> : null}
    </FacetGroup>
  );
}

/** Cents as the dollar text of a price input ('' for no bound): 2050 → '20.5'. */
export const dollars = (cents: number | undefined) => (cents === undefined ? '' : String(cents / 100));

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
export function Filters({ data, hide }: { data: ListingData; hide: ListingHide }) {
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
      {/* At most 15 short values in a fixed order a shopper scans for "Blue": all at once, behind one disclosure until
          one is chosen (a listing's HTML stays within 60 KB; issue 12 §3). */}
      <ValueFacet
        title="Color"
        facetKey="color"
        values={facets.colors}
        limit={BASIC_COLOURS.length}
        collapsed={`Show ${facets.colors.length} ${facets.colors.length === 1 ? 'color' : 'colors'}`}
      />
      {!hide.brands ? <ValueFacet title="Brand" facetKey="b" values={facets.brands} /> : null}
      {!hide.merchants ? <ValueFacet title="Store" facetKey="m" values={facets.merchants} /> : null}
    </div>
  );
}

/** Filters a listing leaves out because its page already fixes them (a brand page has no Brand filter). */
export interface ListingHide {
  brands?: boolean;
  merchants?: boolean;
  departments?: boolean;
}
