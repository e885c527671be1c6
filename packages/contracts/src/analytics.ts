/**
 * First-party analytics (issue 19; spec §4, §7): the batch the storefront's browser code sends to
 * `POST /analytics/api/v1/events` after the shopper's consent. Event names and parameters follow
 * GA4's recommended events (`search`, `view_item_list`, `select_item`, `view_item`,
 * `add_to_wishlist`, `login`, `sign_up`, `begin_checkout`, `add_payment_info`, `purchase`,
 * `page_view`) and the spec's own (`search_action`, `web_page_open`, `link_gift`). As in GA4,
 * `value` and item `price` are in currency units (US dollars), not cents. Every schema is strict:
 * an unknown parameter is a 400, and a batch is stored whole or not at all.
 */
import { z } from 'zod';
import { intFromText, textSchema } from './common.ts';

/** Events in one batch, at most. */
export const ANALYTICS_BATCH_MAX = 50;

const term = textSchema(200);
const money = z.number().nonnegative().max(10_000_000);

/** A GA4 item (the product as read for analytics, spec §3: id, name, brand, price, categories). */
export const Ga4ItemSchema = z
  .object({
    item_id: textSchema(40),
    item_name: textSchema(300),
    item_brand: textSchema(100).optional(),
    item_category: textSchema(100).optional(),
    item_category2: textSchema(100).optional(),
    item_category3: textSchema(100).optional(),
    item_list_id: textSchema(100).optional(),
    item_list_name: textSchema(200).optional(),
    price: money.optional(),
    index: z.number().int().min(0).max(10_000).optional(),
    quantity: z.number().int().min(1).max(1000).optional(),
  })
  .strict();

const items = (max: number) => z.array(Ga4ItemSchema).min(1).max(max);
const commerce = { currency: z.literal('USD'), value: money };

const event = <N extends string, P extends z.ZodRawShape>(name: N, params: P) =>
  z
    .object({
      name: z.literal(name),
      /** When it happened in the browser, ISO 8601. */
      time: z.iso.datetime({ offset: true }),
      /** Path (and query) of the page it happened on. */
      page: textSchema(500).regex(/^\//, 'must be a path starting with /'),
      /**
       * GA4 `user_id`: the signed-in shopper's account id (digits only: pseudonymous, never an
       * e-mail address); absent when signed out (spec §7 "user identify").
       */
      userId: z
        .string()
        .regex(/^[1-9]\d{0,18}$/, 'must be an account id')
        .optional(),
      params: z.object(params).strict(),
    })
    .strict();

export const AnalyticsEventSchema = z.discriminatedUnion('name', [
  event('search_action', { action: z.enum(['search_input', 'on_focus', 'hot_words']), search_term: term }),
  event('web_page_open', { utm_medium: textSchema(100), utm_content: textSchema(200).optional() }),
  event('link_gift', { link_url: textSchema(500).optional() }),
  event('page_view', { page_title: textSchema(300).optional() }),
  event('search', { search_term: term, results: z.number().int().min(0).optional() }),
  event('view_item_list', { item_list_id: textSchema(100), item_list_name: textSchema(200), items: items(ANALYTICS_BATCH_MAX) }),
  event('select_item', { item_list_id: textSchema(100).optional(), item_list_name: textSchema(200).optional(), items: items(1) }),
  event('view_item', { ...commerce, items: items(1) }),
  event('add_to_wishlist', { ...commerce, items: items(1) }),
  event('login', { method: textSchema(40) }),
  event('sign_up', { method: textSchema(40) }),
  event('begin_checkout', { ...commerce, items: items(50) }),
  event('add_payment_info', { ...commerce, payment_type: textSchema(40).optional(), items: items(50) }),
  event('purchase', { ...commerce, transaction_id: textSchema(100), shipping: money.optional(), items: items(50) }),
]);
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;
export type AnalyticsEventName = AnalyticsEvent['name'];

/** POST /analytics/api/v1/events: a batch from one browser. */
export const AnalyticsBatchSchema = z
  .object({
    /** The browser's random id (kept in localStorage after consent; spec §7 "anonymous id"). */
    anonymousId: z.uuid(),
    events: z.array(AnalyticsEventSchema).min(1).max(ANALYTICS_BATCH_MAX),
  })
  .strict();
export type AnalyticsBatch = z.infer<typeof AnalyticsBatchSchema>;

/** GET /admin/api/v1/analytics/summary?days=30 (operator): what the consented events add up to (issue 19 §3). */
export const AnalyticsSummaryQuerySchema = z.object({ days: intFromText(z.number().int().min(1).max(365).default(30)) });
export const AnalyticsSummarySchema = z.object({
  days: z.number().int(),
  /** Each UTC day of the window: events and distinct browsers (anonymous ids). */
  perDay: z.array(z.object({ day: z.string(), events: z.number().int(), browsers: z.number().int() })),
  /** Most frequent search terms (GA4 `search`), with how many found nothing. */
  topSearches: z.array(z.object({ term: z.string(), searches: z.number().int(), noResults: z.number().int() })),
  /** Searches that found nothing, most frequent first. */
  noResultSearches: z.array(z.object({ term: z.string(), searches: z.number().int() })),
  /** Most viewed products (GA4 `view_item`). */
  productViews: z.array(z.object({ productId: z.number().int(), name: z.string(), views: z.number().int() })),
  /** Outbound clicks to each merchant (server-side, every visitor: not consent-bound, no personal data). */
  outboundClicks: z.array(z.object({ merchant: z.object({ slug: z.string(), name: z.string() }), clicks: z.number().int() })),
  /** Browsers that reached each step: saw a list, chose a product from it, viewed a product. */
  funnel: z.object({ viewItemList: z.number().int(), selectItem: z.number().int(), viewItem: z.number().int() }),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;
