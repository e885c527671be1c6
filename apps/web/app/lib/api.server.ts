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

/** Spec §7: requests carry a header identifying the web client (name and version 1.0.0). */
const CLIENT_HEADERS = {
  'x-client-name': 'b-deals-web',
  'x-client-version': '1.0.0',
  accept: 'application/json',
};
const TIMEOUT_MS = 10_000;

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
 * shopper's `X-Forwarded-For` chain (see {@link forwardingHeaders}).
 */
export function createApiClient(baseUrl: string, forwardedFor?: string, requestId?: string) {
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
    /** GET /inventory/api/v1/search/hot-words → the popular search words (spec §3). */
    hotWords: async (): Promise<string[]> => (await call('/inventory/api/v1/search/hot-words', HotWordsResponseSchema)).hotWords,
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
    product: (id: number, days = 365): Promise<ProductWithRecommend> =>
      call(`/inventory/api/v1/standard-product/product/${id}/with-recommend${query({ days })}`, ProductWithRecommendSchema),
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
  return createApiClient(context.apiUrl, context.forwardedFor, context.requestId);
}
