/**
 * One saved product of /collection/ (issue 14) and the pieces its forms share with the page:
 * price now and change since saving, 90-day sparkline, stock and sizes in stock, the price-target
 * form (dollars in, cents to the API), the sizes to watch and the remove button. Every form posts
 * to the page's own action (`useSelf`), so it works without JavaScript too.
 */
import type { FavoriteItem } from '@b-deals/contracts';
import { formatPrice, internalHref, productHref } from '@b-deals/core';
import { useEffect, useState } from 'react';
import { useActionData, useFetcher, useLocation, type FetcherWithComponents } from 'react-router';
import { Link, FETCHER_FORM_NO_DISCOVER } from '../lib/router-links';
import { targetHint, targetInputValue, typedTargetNote, type CollectionResult } from '../lib/favorites';
import type { AdviceView } from '../lib/price-advice';
import { Price } from './price';
import { AdviceNote } from './price-advice';
import { PriceChange } from './price-change';
import { Sparkline } from './sparkline';

export const buttonClass =
  'rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-medium hover:border-accent-600 hover:text-accent-800 disabled:opacity-70';
const primaryClass = 'rounded-lg bg-accent-600 px-3 py-2 text-sm font-semibold text-white hover:bg-accent-700 disabled:opacity-70';

/** The answer of `intents` for saved product `id`: the fetcher's, or the server action's when the form was sent without JavaScript. */
export function useResult(fetcher: FetcherWithComponents<CollectionResult>, id: number | null, intents: readonly string[]): CollectionResult | undefined {
  const posted = useActionData<CollectionResult>();
  if (fetcher.data) return fetcher.data;
  return posted && posted.id === id && intents.includes(posted.intent) ? posted : undefined;
}

/** Where the page's forms post: this page as it is addressed (final slash, sort and page kept), also without JavaScript. */
export function useSelf(): string {
  const { pathname, search } = useLocation();
  return internalHref(pathname + search);
}

/** A form's outcome: a polite status note, or the problem. */
function Outcome({ result, id }: { result: CollectionResult | undefined; id: string }) {
  return (
    <p id={id} role="status" className={`text-sm ${result?.ok === false ? 'font-medium text-red-700' : 'text-emerald-800'}`}>
      {result ? (result.ok ? result.note : result.error) : null}
    </p>
  );
}

/** The price-target form of one saved product: dollars in, a PATCH with cents (or null to clear) out. */
function TargetForm({ item }: { item: FavoriteItem }) {
  const [typed, setTyped] = useState<string | null>(null);
  const typedNote = typed === null ? null : typedTargetNote(typed, item);
  const fetcher = useFetcher<CollectionResult>();
  const self = useSelf();
  const result = useResult(fetcher, item.id, ['target', 'clear-target']);
  // Ids from the product, not useId: the server (React) and the browser (Preact) number useId apart.
  const uid = `saved-${item.id}`;
  const field = `${uid}-target`;
  const invalid = result?.ok === false && result.field === 'target';
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form {...FETCHER_FORM_NO_DISCOVER} method="post" action={self} className="min-w-0">
      <input type="hidden" name="id" value={item.id} />
      <label htmlFor={field} className="block text-sm font-medium">
        Price target<span className="sr-only"> for {item.product.name}</span>
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <div className="relative">
          <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3 grid place-items-center text-stone-600">
            $
          </span>
          <input
            key={item.targetPrice ?? 'none'}
            id={field}
            name="target"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            defaultValue={targetInputValue(item.targetPrice)}
            onChange={(e) => setTyped(e.currentTarget.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={`${uid}-hint ${uid}-typed ${uid}-outcome`}
            className="w-28 rounded-lg border border-stone-400 py-2 pr-2 pl-6 text-base aria-[invalid=true]:border-red-700"
          />
        </div>
        <button type="submit" name="intent" value="target" disabled={busy} className={primaryClass}>
          Set target
        </button>
        {item.targetPrice !== null ? (
          <button type="submit" name="intent" value="clear-target" disabled={busy} className={buttonClass}>
            Clear target
          </button>
        ) : null}
      </div>
      <p id={`${uid}-hint`} className="mt-1 text-xs text-stone-600" data-testid="target-hint">
        {targetHint(item)}
      </p>
      <p id={`${uid}-typed`} aria-live="polite" className="text-xs text-stone-700" data-testid="target-typed">
        {busy ? null : typedNote}
      </p>
      <Outcome result={result} id={`${uid}-outcome`} />
    </fetcher.Form>
  );
}

/** The sizes to watch (none ticked: any size), for products that come in two sizes or more. */
function SizesForm({ item }: { item: FavoriteItem }) {
  const fetcher = useFetcher<CollectionResult>();
  const self = useSelf();
  const result = useResult(fetcher, item.id, ['sizes']);
  const uid = `saved-${item.id}-sizes`;
  // One size (or none): nothing to choose.
  if (item.productSizes.length < 2) return null;
  const watched = new Set(item.sizes);
  return (
    <fetcher.Form {...FETCHER_FORM_NO_DISCOVER} method="post" action={self} className="min-w-0">
      <input type="hidden" name="id" value={item.id} />
      <fieldset aria-describedby={`${uid}-hint`}>
        <legend className="text-sm font-medium">
          Sizes to watch<span className="sr-only"> for {item.product.name}</span>
        </legend>
        <div className="mt-1 flex flex-wrap gap-1.5" key={item.sizes.join('|')}>
          {item.productSizes.map((size) => (
            <label
              key={size}
              className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg border border-stone-300 px-2.5 py-1.5 text-sm has-checked:border-accent-600 has-checked:bg-accent-50"
            >
              <input type="checkbox" name="size" value={size} defaultChecked={watched.has(size)} className="size-4 accent-accent-600" />
              {size}
            </label>
          ))}
        </div>
        <p id={`${uid}-hint`} className="mt-1 text-xs text-stone-600">
          None ticked: we watch every size.
        </p>
      </fieldset>
      <button type="submit" name="intent" value="sizes" disabled={fetcher.state !== 'idle'} className={`${buttonClass} mt-2`}>
        Save sizes
      </button>
      <Outcome result={result} id={`${uid}-outcome`} />
    </fetcher.Form>
  );
}

/** In stock or not (words, not colour alone), and which sizes are. */
function Stock({ item }: { item: FavoriteItem }) {
  return (
    <p className="text-sm">
      {item.product.inStock ? (
        <span className="font-medium text-emerald-700">
          <span aria-hidden>✓ </span>In stock
        </span>
      ) : (
        <span className="font-medium text-stone-600">Out of stock</span>
      )}
      {item.productSizes.length > 0 ? (
        <span className="text-stone-700">
          {' · '}
          {item.sizesInStock.length > 0 ? `Sizes in stock: ${item.sizesInStock.join(', ')}` : 'No size in stock'}
        </span>
      ) : null}
    </p>
  );
}

const savedDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** One saved product. Removing hides it at once; a refused removal shows it again with the reason. */
export function SavedItem({ item, advice, onRemoved }: { item: FavoriteItem; advice?: AdviceView; onRemoved: (name: string) => void }) {
  const remove = useFetcher<CollectionResult>();
  const self = useSelf();
  const removal = useResult(remove, item.id, ['remove']);
  const p = item.product;
  const href = productHref(p.slug, p.id);
  const headingId = `saved-${item.id}-name`;
  const removing = remove.state !== 'idle' || removal?.ok === true;
  useEffect(() => {
    if (remove.data?.ok) onRemoved(p.name);
  }, [remove.data, onRemoved, p.name]);
  return (
    <li hidden={removing} className="rounded-xl border border-stone-200 bg-white p-3 sm:p-4" data-testid="saved-item">
      <article aria-labelledby={headingId} className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-3 gap-y-4 sm:grid-cols-[7rem_minmax(0,1fr)_auto] sm:gap-x-5">
        <div className="aspect-square overflow-hidden rounded-lg bg-stone-100">
          {p.image ? (
            <img
              src={p.image.thumbnail.url}
              alt=""
              width={112}
              height={112}
              loading="lazy"
              decoding="async"
              className="h-full w-full object-contain mix-blend-multiply"
            />
          ) : null}
        </div>
        <div className="min-w-0 space-y-1">
          {p.brand ? <p className="truncate text-xs font-semibold tracking-wide text-stone-600 uppercase">{p.brand.name}</p> : null}
          <h3 id={headingId} className="leading-snug font-medium text-stone-900">
            <Link to={href} className="hover:text-accent-700 hover:underline">
              {p.name}
            </Link>
          </h3>
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            {item.currentPrice !== null ? (
              <Price price={item.currentPrice} />
            ) : (
              <span className="text-sm font-medium text-stone-700">No store offers it now</span>
            )}
            <PriceChange change={item.change} changePct={item.changePct} />
          </div>
          <p className="text-xs text-stone-600">
            Saved {savedDate(item.savedAt)}
            {item.savedPrice !== null ? ` at ${formatPrice(item.savedPrice)}` : ''}
          </p>
          <Stock item={item} />
          {item.currentPrice !== null ? <AdviceNote advice={advice} compact /> : null}
        </div>
        <div className="col-start-2 sm:col-start-3 sm:row-start-1">
          <Sparkline history={item.history} />
        </div>
        <div className="col-span-2 grid gap-4 border-t border-stone-100 pt-3 sm:col-span-2 sm:col-start-2 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:items-start">
          <TargetForm item={item} />
          <SizesForm item={item} />
          <remove.Form {...FETCHER_FORM_NO_DISCOVER} method="post" action={self} className="sm:col-start-3 sm:row-start-1 sm:justify-self-end">
            <input type="hidden" name="id" value={item.id} />
            <button type="submit" name="intent" value="remove" className={buttonClass}>
              Remove<span className="sr-only"> {p.name} from B-LOVED</span>
            </button>
            {removal?.ok === false ? (
              <p role="alert" className="mt-1 text-sm font-medium text-red-700">
                {removal.error}
              </p>
            ) : null}
          </remove.Form>
        </div>
      </article>
    </li>
  );
}
