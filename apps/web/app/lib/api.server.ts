/**
 * Typed client of the B-Deals API (spec §7 calls; shapes from @b-deals/contracts). Every
 * response is validated with its contract schema, so a drifting API fails loudly here rather
 * than rendering garbage. Money in responses is integer USD cents.
 *
 * Errors: a 404 from the API is thrown as a React Router `data(null, { status: 404 })` response
 * (rendered by the root ErrorBoundary as the 404 page); a 400 (the page's URL asked for something
 * the API refuses, such as an unknown category id or a 300-character brand) as
 * `data({ message }, { status: 400 })` with the API's message (the 400 page says what was wrong;
 * issue 13 finding 4); any other non-2xx status throws
 * {@link ApiError}; a network failure or timeout (10 s) throws the fetch error; a body that
 * does not match its schema throws the zod error. The latter three render the 500 page.
 */
import { data, type AppLoadContext } from 'react-router';
import {
  ArticleSchema,
  AssistantStatusSchema,
  ArticlesResponseSchema,
  ClickResponseSchema,
  DealsResponseSchema,
  LowestPriceEventsResponseSchema,
  AnalyticsSummarySchema,
  type AnalyticsSummary,
  OfferLookupSchema,
  YearInPricesSchema,
  AdviceModelInfoSchema,
  PriceAdviceSchema,
  ProductsAdviceSchema,
  WaitingPaysSchema,
  LowestPriceResponseSchema,
  ModesResponseSchema,
  PromotionSchema,
  TabsResponseSchema,
  TopSellingResponseSchema,
  BrandDetailSchema,
  BrandsResponseSchema,
  HotWordsResponseSchema,
  MerchantsResponseSchema,
  ProductWithRecommendSchema,
  SearchResponseSchema,
  type BrandDetail,
  type BrandsResponse,
  type MerchantsResponse,
  type ProductWithRecommend,
  type SearchConditionInput,
  type SearchResponse,
  ImageSearchResponseSchema,
  type ImageSearchResponse,
} from '@b-deals/contracts';
import type { MarketplaceFilter, Region } from '@b-deals/core';
import { PAGE_FROM_MAX, PAGE_SIZE_MAX } from '@b-deals/contracts';
import { productsAdvicePath } from './price-advice';

/** Spec §7: requests carry a header identifying the web client (name and version 1.0.0). */
const CLIENT_HEADERS = {
  'x-client-name': 'b-deals-web',
  'x-client-version': '1.0.0',
  accept: 'application/json',
};
const TIMEOUT_MS = 10_000;

/** How long (ms) a storefront process reuses the hot words it fetched: they follow searches, not the second. */
export const HOT_WORDS_TTL_MS = 30_000;

/**
 * Promises kept for a while and shared by every page asking meanwhile (single flight), at most
 * `max` of them, the oldest dropped first. A rejected promise is dropped at once, so the next
 * caller asks again. Kept values are shared: callers must not change them.
 */
class ReusedAnswers {
  private readonly kept = new Map<string, { until: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  get<T>(key: string, load: () => Promise<T>, now: number): Promise<T> {
    const kept = this.kept.get(key);
    if (kept && kept.until > now) return kept.value as Promise<T>;
    const value = load();
    this.kept.delete(key);
    this.kept.set(key, { until: now + this.ttlMs, value });
    if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
    value.catch(() => {
      if (this.kept.get(key)?.value === value) this.kept.delete(key);
    });
    return value;
  }
}

const hotWordsByOrigin = new ReusedAnswers(HOT_WORDS_TTL_MS, 16);

/**
 * The hot words of the API at `baseUrl`: the last answer while younger than
 * {@link HOT_WORDS_TTL_MS}, else one new fetch shared by every page that asks meanwhile. A failed
 * fetch is not kept (the next page asks again) and rejects as `fetchWords` did.
 */
export function sharedHotWords(baseUrl: string, fetchWords: () => Promise<string[]>, now = Date.now()): Promise<string[]> {
  return hotWordsByOrigin.get(baseUrl, fetchWords, now);
}

/**
 * How long (ms) a storefront process reuses an API answer bound to the catalogue version (the
 * product page's): long enough that a crowd on one product (a deal newsletter) costs the API one
 * call a second, short enough that a page rendered just before the storefront hears of a new
 * version is at most this old (issue 12 §3; the HTML cache is the longer-lived layer).
 */
export const VERSIONED_ANSWER_TTL_MS = 1000;
/** Answers kept at most (about 25 KB each), the oldest dropped first. */
const versionedAnswers = new ReusedAnswers(VERSIONED_ANSWER_TTL_MS, 500);

/**
 * The answer `load` gives for `key` in catalogue `version`: the one already asked for in this
 * version within {@link VERSIONED_ANSWER_TTL_MS}, else a new call shared by every page asking
 * meanwhile. An unknown version (null/undefined) always calls. A failure (a 404 included) is not
 * kept. The value is shared: callers must not change it.
 */
export function versionedAnswer<T>(key: string, version: number | null | undefined, load: () => Promise<T>, now = Date.now()): Promise<T> {
  if (version === null || version === undefined) return load();
  return versionedAnswers.get(`${version} ${key}`, load, now);
}

/** A non-2xx, non-404 answer from the API; `body` is the parsed `{code, message, details}` when present. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    readonly body: unknown,
  ) {
    super(`API ${path} answered ${status}`);
    this.name = 'ApiError';
  }
}

/** The shopper-facing text of an API 400 body `{code, message, details}` (a fixed text when there is none). */
function badRequestMessage(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message.slice(0, 300) : 'The request was not valid.';
}

interface Parser<T> {
  parse(value: unknown): T;
}

/**
 * Headers that pass the shopper's address on to the API (`X-Forwarded-For`, the load context's
 * `forwardedFor`), so per-address rate limits count shoppers, not the web server (issue 13
 * finding 1). Every server-to-API call sends them.
 */
export const forwardingHeaders = (forwardedFor: string | undefined, requestId?: string): Record<string, string> => ({
  ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
  // The page's request id, so the API's log lines of this page carry it too (issue 12 §4).
  ...(requestId ? { 'x-request-id': requestId } : {}),
});

/**
 * Creates a client bound to `baseUrl` (e.g. `http://127.0.0.1:4000`); `forwardedFor` is the
 * shopper's `X-Forwarded-For` chain (see {@link forwardingHeaders}). `catalogVersion` (the load
 * context's) lets version-bound answers be reused ({@link versionedAnswer}); absent: never.
 */
export function createApiClient(baseUrl: string, forwardedFor?: string, requestId?: string, catalogVersion?: number | null) {
  const headers = { ...CLIENT_HEADERS, ...forwardingHeaders(forwardedFor, requestId) };
  async function call<T>(path: string, schema: Parser<T>, body?: unknown): Promise<T> {
    const res = await fetch(new URL(path, baseUrl), {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.status === 404) throw data(null, { status: 404 });
    const json: unknown = await res.json().catch(() => null);
    if (res.status === 400) throw data({ message: badRequestMessage(json) }, { status: 400 });
    if (!res.ok) throw new ApiError(res.status, path, json);
    return schema.parse(json);
  }

  /**
   * GET /admin/api/v1/analytics/summary with the operator's token (issue 19 §3): the summary, or
   * the refusal's status (401 for a wrong token). The token is only passed through, never kept.
   */
  async function analyticsSummary(operatorToken: string, days: number): Promise<{ summary: AnalyticsSummary } | { status: number }> {
    const res = await fetch(new URL(`/admin/api/v1/analytics/summary?days=${days}`, baseUrl), {
      headers: { ...headers, authorization: `Bearer ${operatorToken}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) return { status: res.status };
    return { summary: AnalyticsSummarySchema.parse(await res.json()) };
  }

  const query = (params: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') p.set(k, String(v));
    const s = p.toString();
    return s ? `?${s}` : '';
  };

  return {
    analyticsSummary,
    /**
     * GET /inventory/api/v1/search/hot-words → the popular search words (spec §3), kept for
     * {@link HOT_WORDS_TTL_MS} per API origin: every page's header shows them, and an API round
     * trip per uncached page cost about a tenth of its render (issue 12 §3, profiled).
     */
    hotWords: (): Promise<string[]> => sharedHotWords(baseUrl, async () => (await call('/inventory/api/v1/search/hot-words', HotWordsResponseSchema)).hotWords),
    /** GET /nestor/api/v1/status → which ShopGeni mode answers (issue 18). */
    assistantStatus: () => call('/nestor/api/v1/status', AssistantStatusSchema),
    /** GET /inventory/api/v1/merchants, optionally narrowed to a marketplace or region. */
    merchants: (opts: { marketplace?: MarketplaceFilter; region?: Region } = {}): Promise<MerchantsResponse> =>
      call(`/inventory/api/v1/merchants${query(opts)}`, MerchantsResponseSchema),
    /** GET /inventory/api/v1/brands (sorted by productCount, descending); `from` inclusive, `to` exclusive. */
    brands: (opts: { q?: string; marketplace?: MarketplaceFilter; from?: number; to?: number } = {}): Promise<BrandsResponse> =>
      call(`/inventory/api/v1/brands${query(opts)}`, BrandsResponseSchema),
    /** GET /inventory/api/v1/brand/{id or slug}; 404 when unknown. */
    brand: (idOrSlug: string): Promise<BrandDetail> => call(`/inventory/api/v1/brand/${encodeURIComponent(idOrSlug)}`, BrandDetailSchema),
    /** POST /inventory/api/v1/search/condition. */
    search: (condition: SearchConditionInput): Promise<SearchResponse> => call('/inventory/api/v1/search/condition', SearchResponseSchema, condition),
    /** GET /inventory/api/v1/standard-product/product/{id}/with-recommend; `days` of price history (default 365); 404 when unknown. */
    product: (id: number, days = 365): Promise<ProductWithRecommend> => {
      const path = `/inventory/api/v1/standard-product/product/${id}/with-recommend${query({ days })}`;
      // Changes only with an ingest (the API keeps it per catalogue version too): reused briefly.
      return versionedAnswer(baseUrl + path, catalogVersion, () => call(path, ProductWithRecommendSchema));
    },
    /** GET /inventory/api/v1/top-selling/tabs → the Top Selling tabs (ALL and departments). */
    topSellingTabs: () => call('/inventory/api/v1/top-selling/tabs', TabsResponseSchema),
    /** GET /inventory/api/v1/top-selling/{tab}: products ranked by outbound clicks in the last 30 days. */
    topSelling: (tab: string, from = 0, to = 24) =>
      call(`/inventory/api/v1/top-selling/${encodeURIComponent(tab)}${query({ from, to })}`, TopSellingResponseSchema),
    /** GET /inventory/api/v1/products/lowest-tabs → the Lowest Price tabs. */
    lowestTabs: () => call('/inventory/api/v1/products/lowest-tabs', TabsResponseSchema),
    /** GET /inventory/api/v1/products/lowest-tab/{tab}: products at their 365-day low. */
    lowest: (tab: string, from = 0, to = 24) =>
      call(`/inventory/api/v1/products/lowest-tab/${encodeURIComponent(tab)}${query({ from, to })}`, LowestPriceResponseSchema),
    /**
     * GET /inventory/api/v1/product-history-event/lowest-price (spec §7, issue 16 §1): products whose
     * best total today is below every observed day of the last `window` days (30, 90 or 365), all observed.
     */
    lowestEvents: (opts: { window: number; dept?: string; from?: number; to?: number }) =>
      call(`/inventory/api/v1/product-history-event/lowest-price${query(opts)}`, LowestPriceEventsResponseSchema),
    /** GET /inventory/api/v1/price-index/year/{year}: the year in prices from observed runs (issue 16 §5). */
    yearInPrices: (year: number) => call(`/inventory/api/v1/price-index/year/${year}`, YearInPricesSchema),
    /** GET /inventory/api/v1/standard-product/product/{id}/price-advice: buy-or-wait advice per offer at the 14-day horizon (issue 16 §3). */
    priceAdvice: (productId: number) => {
      const path = `/inventory/api/v1/standard-product/product/${productId}/price-advice?horizon=14`;
      // Like the product answer, it changes only with an ingest: reused briefly ({@link versionedAnswer}).
      return versionedAnswer(baseUrl + path, catalogVersion, () => call(path, PriceAdviceSchema));
    },
    /** GET /inventory/api/v1/standard-product/price-advice?ids=: the advice of each product's best offer (at most 48 ids; 14 days). */
    productsAdvice: (ids: readonly number[]) => call(productsAdvicePath(ids), ProductsAdviceSchema),
    /** GET /inventory/api/v1/price-advice/model: the fitted models' backtest figures and the date of the run (issue 16 §5). */
    adviceModel: () => call('/inventory/api/v1/price-advice/model', AdviceModelInfoSchema),
    /** GET /inventory/api/v1/price-advice/waiting-pays: products whose best offer is advised to WAIT today, biggest expected saving first. */
    waitingPays: (to = 8) => call(`/inventory/api/v1/price-advice/waiting-pays${query({ horizon: 14, to })}`, WaitingPaysSchema),
    /** GET /inventory/api/v1/offers/lookup: the product behind a merchant's product link; 404 when not tracked. */
    offerLookup: (link: string) => call(`/inventory/api/v1/offers/lookup${query({ link })}`, OfferLookupSchema),
    /** POST /inventory/api/v1/offers/{id}/click: records an outbound click → `{link}` (the merchant URL); 404 when unknown. */
    offerClick: (offerId: number) => call(`/inventory/api/v1/offers/${offerId}/click`, ClickResponseSchema, {}),
    /** GET /inventory/api/v1/deals: current promotions, optionally of one merchant. */
    deals: (opts: { merchant?: string; from?: number; to?: number } = {}) => call(`/inventory/api/v1/deals${query(opts)}`, DealsResponseSchema),
    /** GET /inventory/api/v1/deals/{id}: one promotion; 404 when unknown. */
    deal: (id: number) => call(`/inventory/api/v1/deals/${id}`, PromotionSchema),
    /** GET /article/api/v1/article: article summaries, newest first. */
    articles: (opts: { from?: number; to?: number } = {}) => call(`/article/api/v1/article${query(opts)}`, ArticlesResponseSchema),
    /** GET /article/api/v1/article?slug=: one article with its Markdown; 404 when unknown. */
    article: (slug: string) => call(`/article/api/v1/article${query({ slug })}`, ArticleSchema),
    /**
     * GET /inventory/api/v1/search/image-search/oss-image (spec §7; issue 17): products that look like the
     * uploaded photo `origin` (the upload key); 404 when there is no such upload, 400 when it is not an image.
     */
    imageSearchByUpload: (opts: { origin: string; dept?: string; price?: string; from?: number; to?: number }): Promise<ImageSearchResponse> =>
      call(`/inventory/api/v1/search/image-search/oss-image${query(opts)}`, ImageSearchResponseSchema),
    /** GET /tapestry/api/v2/modes: the home modules (banners, product rails, brand walls). */
    modes: () => call('/tapestry/api/v2/modes', ModesResponseSchema),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Every item of a paged list, fetched page by page at the API's cap (contracts `PAGE_SIZE_MAX`,
 * spec §9): `page(from, to)` answers one window and the list's total; stops at the total, at an
 * empty page, or after `limit` items (default: the deepest offset the API serves).
 */
export async function collectPages<T>(page: (from: number, to: number) => Promise<{ items: T[]; total: number }>, limit: number = PAGE_FROM_MAX): Promise<T[]> {
  const out: T[] = [];
  const size = PAGE_SIZE_MAX.default;
  for (let from = 0; from < limit; from += size) {
    const { items, total } = await page(from, Math.min(from + size, limit));
    out.push(...items);
    if (from + size >= total || items.length === 0) break;
  }
  return out;
}

/** All brands (optionally of one marketplace), most products first, paged at the API's cap. */
export const allBrands = (api: ApiClient, marketplace?: MarketplaceFilter) =>
  collectPages(async (from, to) => {
    const r = await api.brands({ marketplace, from, to });
    return { items: r.brands, total: r.total };
  });

/** The client for the API named in the loader's load context (see ./load-context.ts). */
export function apiFrom(context: AppLoadContext): ApiClient {
  return createApiClient(context.apiUrl, context.forwardedFor, context.requestId, context.catalogVersion);
}
