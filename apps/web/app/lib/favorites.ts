/**
 * Pure rules of the B-LOVED page (issue 14; contracts `favorites.ts`): the /collection URL (sort,
 * order, page), the sparkline's geometry, the price-target input (dollars in, cents out) and the
 * /collection form intents. No I/O: used by its loader, actions, components and unit tests alike.
 * Money is integer US cents. (What every page needs, the heart's sign-in intent, is in
 * ./love-intent.ts, and the change line in ./price-change.ts, so this stays out of first-load JS.)
 */
import type { FavoriteItem, FavoriteSaved, FavoriteSort } from '@b-deals/contracts';
import { formatPrice, rearmLevelCents, targetMet } from '@b-deals/core';
import { FAVORITE_API } from './love-intent';

export { FAVORITE_API };

/** Saved products per /collection page (contracts FavoriteListQuery default window). */
export const COLLECTION_PAGE_SIZE = 24;

/**
 * The orders /collection offers, with the direction each starts in (`asc`) and how each direction
 * reads. The API's PRICE_DROP orders by the drop since saved in cents, so descending is the
 * biggest drop first.
 */
export const COLLECTION_SORTS: ReadonlyArray<{ key: FavoriteSort; label: string; asc: boolean; ascLabel: string; descLabel: string }> = [
  { key: 'CREATE_TIME', label: 'Recently saved', asc: false, ascLabel: 'Oldest first', descLabel: 'Newest first' },
  { key: 'PRICE', label: 'Lowest price', asc: true, ascLabel: 'Lowest first', descLabel: 'Highest first' },
  { key: 'PRICE_DROP', label: 'Biggest drop', asc: false, ascLabel: 'Smallest first', descLabel: 'Biggest first' },
];

/** The /collection URL state: sort key, direction, 1-based page. */
export interface CollectionParams {
  sort: FavoriteSort;
  asc: boolean;
  page: number;
}

/** Deepest page the API serves (contracts PAGE_FROM_MAX 10,000 ÷ 24, rounded down). */
const MAX_PAGE = Math.floor(10_000 / COLLECTION_PAGE_SIZE);

/**
 * Reads `sort` (CREATE_TIME, PRICE, PRICE_DROP; default CREATE_TIME), `asc` ('true' or 'false';
 * default the sort's own direction) and `page` (1-based, default 1, at most 416) from a query
 * string. Unknown values fall back to the defaults.
 */
export function collectionParams(search: URLSearchParams): CollectionParams {
  const sort = COLLECTION_SORTS.find((s) => s.key === search.get('sort')) ?? COLLECTION_SORTS[0]!;
  const ascText = search.get('asc');
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    sort: sort.key,
    asc: ascText === 'true' ? true : ascText === 'false' ? false : sort.asc,
    page: Number.isFinite(page) ? Math.min(Math.max(page, 1), MAX_PAGE) : 1,
  };
}

/**
 * The query string of a /collection URL (without `?`): only what differs from the defaults, so
 * the first page in the default order is plain `/collection/`.
 */
export function collectionQuery(p: CollectionParams): string {
  const q = new URLSearchParams();
  const sort = COLLECTION_SORTS.find((s) => s.key === p.sort)!;
  if (p.sort !== 'CREATE_TIME') q.set('sort', p.sort);
  if (p.asc !== sort.asc) q.set('asc', String(p.asc));
  if (p.page > 1) q.set('page', String(p.page));
  return q.toString();
}

/** The API path of one /collection page: `GET /inventory/api/v1/favorite?from&to&sort&asc` (`to` exclusive). */
export function collectionApiPath(p: CollectionParams): string {
  const from = (p.page - 1) * COLLECTION_PAGE_SIZE;
  return `${FAVORITE_API}?from=${from}&to=${from + COLLECTION_PAGE_SIZE}&sort=${p.sort}&asc=${p.asc}`;
}

/** Number of /collection pages for `total` saved products (at least 1). */
export function collectionPages(total: number): number {
  return Math.min(Math.max(1, Math.ceil(total / COLLECTION_PAGE_SIZE)), MAX_PAGE);
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** A sparkline's drawing: the SVG path, its last point, and the lowest and highest prices (cents). */
export interface Sparkline {
  /** SVG path data (`M x y L x y …`), coordinates rounded to 0.1. */
  path: string;
  last: { x: number; y: number };
  min: number;
  max: number;
}

/**
 * The sparkline of a daily price history (`{date: YYYY-MM-DD, price: cents}`, oldest first, days
 * nobody observed absent) in a `width` × `height` box with `pad` px kept free on every side: x
 * follows the calendar (a missing day leaves a gap in time, not a step), y the price (lowest at
 * the bottom; a flat history runs through the middle). Null for an empty history; one day is a
 * short flat line.
 */
export function sparkline(history: ReadonlyArray<{ date: string; price: number }>, width: number, height: number, pad = 2): Sparkline | null {
  const points = history.filter((h) => Number.isFinite(dayNumber(h.date)));
  if (points.length === 0) return null;
  const prices = points.map((p) => p.price);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const first = dayNumber(points[0]!.date);
  const span = dayNumber(points[points.length - 1]!.date) - first;
  const w = width - 2 * pad;
  const h = height - 2 * pad;
  const round = (n: number) => Math.round(n * 10) / 10;
  const xy = points.map((p) => ({
    x: round(pad + (span === 0 ? w : ((dayNumber(p.date) - first) / span) * w)),
    y: round(pad + (max === min ? h / 2 : (1 - (p.price - min) / (max - min)) * h)),
  }));
  if (xy.length === 1) xy.unshift({ x: pad, y: xy[0]!.y });
  return { path: xy.map((p, i) => `${i ? 'L' : 'M'}${p.x} ${p.y}`).join(' '), last: xy[xy.length - 1]!, min, max };
}

/** Largest price target, cents ($1,000,000; contracts TargetPriceSchema). */
export const TARGET_MAX_CENTS = 100_000_000;

/**
 * A price target typed in dollars ("49", "49.9", "$1,299.50") as cents, or the message to show:
 * blank, not a dollar amount with at most two decimals, below one cent or above $1,000,000.
 */
export function parseTargetDollars(text: string): { cents: number } | { error: string } {
  const s = text.replace(/[\s$]/g, '').replace(/,(?=\d{3}(?:\D|$))/g, '');
  if (!s) return { error: 'Enter a price in dollars, such as 49.99.' };
  const m = /^(\d{1,7})(?:\.(\d{0,2}))?$|^\.(\d{1,2})$/.exec(s);
  if (!m) return { error: 'Enter a price in dollars with at most two decimals, such as 49.99.' };
  const cents = Number(m[1] ?? '0') * 100 + Number((m[2] ?? m[3] ?? '').padEnd(2, '0'));
  if (cents < 1) return { error: 'Enter a price above $0.' };
  if (cents > TARGET_MAX_CENTS) return { error: 'Enter a price of at most $1,000,000.' };
  return { cents };
}

/** Cents as the price-target field shows them: "49.99", "49" for whole dollars (no sign, no commas). */
export function targetInputValue(cents: number | null): string {
  if (cents === null) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** One API call of a /collection form: method, path and JSON body. */
export interface FavoriteCall {
  method: 'PATCH' | 'DELETE' | 'PUT';
  path: string;
  json?: unknown;
}

/** What a /collection form asked for, as one API call; or a message for the form (`field` names the input). */
export type CollectionIntent =
  | { intent: 'target' | 'clear-target' | 'sizes' | 'remove'; id: number; call: FavoriteCall }
  | { intent: 'alerts'; id: null; call: FavoriteCall }
  | { intent: string; id: number | null; error: string; field?: string };

/**
 * Reads a /collection form: `intent` = `target` (`id`, `target` in dollars), `clear-target`,
 * `sizes` (`id`, repeated `size`), `remove` (`id`) or `alerts` (`priceAlertMails` 'true' or
 * 'false'), and answers the API call it means (contracts FavoriteUpdateBody, AlertSettings) or the
 * problem to show.
 */
export function collectionIntent(form: FormData): CollectionIntent {
  const intent = String(form.get('intent') ?? '');
  if (intent === 'alerts') {
    const on = form.get('priceAlertMails') === 'true';
    return { intent, id: null, call: { method: 'PUT', path: `${FAVORITE_API}/alert-settings`, json: { priceAlertMails: on } } };
  }
  const raw = String(form.get('id') ?? '');
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  if (id === null || id < 1) return { intent, id: null, error: 'This saved product is not known. Reload the page and try again.' };
  const path = `${FAVORITE_API}/${id}`;
  switch (intent) {
    case 'target': {
      const target = parseTargetDollars(String(form.get('target') ?? ''));
      if ('error' in target) return { intent, id, error: target.error, field: 'target' };
      return { intent, id, call: { method: 'PATCH', path, json: { targetPrice: target.cents } } };
    }
    case 'clear-target':
      return { intent, id, call: { method: 'PATCH', path, json: { targetPrice: null } } };
    case 'sizes': {
      const sizes = [...new Set(form.getAll('size').map((s) => String(s).trim()))].filter(Boolean).slice(0, 20);
      return { intent, id, call: { method: 'PATCH', path, json: { sizes } } };
    }
    case 'remove':
      return { intent, id, call: { method: 'DELETE', path } };
    default:
      return { intent, id, error: 'This form is not known. Reload the page and try again.' };
  }
}

/** What a /collection form action answers: the intent, the product, and a note or a problem to show. */
export type CollectionResult =
  { intent: string; id: number | null; ok: true; note: string } | { intent: string; id: number | null; ok: false; error: string; field?: string };

/**
 * What B-LOVED says when a target is already met by the price the alerts watch now (core
 * `targetMet`; decision 0017): the price now, and what the alert will do: as a new target is
 * armed, it goes at the next price check (the alert job runs every 30 minutes and after every
 * feed; one mail a day at most), then only after the price has gone above target + 5 % (core
 * `rearmLevelCents`) and come back down.
 */
export function targetMetNote(targetCents: number, watchedCents: number): string {
  return `Already at or below your target: ${formatPrice(watchedCents)} now. We will e-mail you about it at our next price check, then again only if it goes above ${formatPrice(rearmLevelCents(targetCents))} and comes back down.`;
}

/**
 * The line under the price-target field: the target and, when the price the alerts watch already
 * meets it, so (core `targetMet`, decision 0017); without a target, the drop rule and the price now.
 */
export function targetHint(item: Pick<FavoriteItem, 'targetPrice' | 'watchedPrice' | 'targetMet'>): string {
  if (item.targetPrice === null)
    return `No target: we alert you when the price drops.${item.watchedPrice === null ? '' : ` It is ${formatPrice(item.watchedPrice)} now.`}`;
  if (item.targetMet && item.watchedPrice !== null)
    return `Already at or below your target of ${formatPrice(item.targetPrice)}: ${formatPrice(item.watchedPrice)} now.`;
  return `We alert you when it costs ${formatPrice(item.targetPrice)} or less.`;
}

/**
 * Before saving: what a target typed in the field would mean, when the price watched now already
 * meets it (null otherwise, or when it is the saved target, or not a price).
 */
export function typedTargetNote(typed: string, item: Pick<FavoriteItem, 'targetPrice' | 'watchedPrice'>): string | null {
  const target = parseTargetDollars(typed);
  if ('error' in target || item.watchedPrice === null || target.cents === item.targetPrice || !targetMet(target.cents, item.watchedPrice)) return null;
  return `Already at or below that: ${formatPrice(item.watchedPrice)} now. Set it and we will e-mail you about it at our next price check.`;
}

/** The note shown after a /collection call succeeded (`targetCents` for a new target; `watched` the API's answer of the price watched now). */
export function successNote(intent: string, targetCents?: number, watched?: { watchedPrice: number | null; targetMet: boolean }): string {
  switch (intent) {
    case 'target':
      if (targetCents !== undefined && watched?.targetMet && watched.watchedPrice !== null)
        return `Target saved. ${targetMetNote(targetCents, watched.watchedPrice)}`;
      return `Target saved: we will tell you when the price is ${formatPrice(targetCents ?? 0)} or lower.`;
    case 'clear-target':
      return 'Target cleared: we will tell you about price drops.';
    case 'sizes':
      return 'Sizes saved.';
    case 'remove':
      return 'Removed from B-LOVED.';
    default:
      return 'Saved.';
  }
}

/**
 * The /collection answer for an API call's outcome: the success note, or the API's message
 * (`{code, message}` body) when it has one, else a general one.
 */
export function collectionResult(parsed: CollectionIntent, outcome: { ok: boolean; body: unknown }): CollectionResult {
  if ('error' in parsed) return { intent: parsed.intent, id: parsed.id, ok: false, error: parsed.error, field: parsed.field };
  if (outcome.ok) {
    const target = (parsed.call.json as { targetPrice?: number | null } | undefined)?.targetPrice;
    const answer = outcome.body as Partial<FavoriteSaved> | null;
    const watched =
      answer && typeof answer.targetMet === 'boolean' && answer.watchedPrice !== undefined
        ? { watchedPrice: answer.watchedPrice, targetMet: answer.targetMet }
        : undefined;
    return { intent: parsed.intent, id: parsed.id, ok: true, note: successNote(parsed.intent, target ?? undefined, watched) };
  }
  const message = (outcome.body as { message?: unknown } | null)?.message;
  return {
    intent: parsed.intent,
    id: parsed.id,
    ok: false,
    error: typeof message === 'string' && message ? message.slice(0, 300) : 'That did not work just now. Try again in a moment.',
  };
}
