/**
 * B-LOVED (saved products), price targets, discount e-mails (issue 14; spec §3 Favourite, §7
 * `/inventory/api/v1/favorite…`). A saved product's favourite id is the product's id: the spec's
 * `DELETE /inventory/api/v1/favorite/{id}` removes the product `id` from the shopper's B-LOVED.
 * Money is integer US cents; a product's price is its best total (item plus stated shipping,
 * decision 0006), the same figure every card shows.
 */
import { z } from 'zod';
import { EmailSchema } from './auth.ts';
import { CentsSchema, IdSchema, pageWindowShape, refinePageWindow, textSchema } from './common.ts';
import { ProductCardSchema } from './search.ts';

/** Most products one account can keep in B-LOVED; one more is a 400 `favorite_limit_reached`. */
export const FAVORITE_LIMIT = 1000;
/** Most sizes one saved product can watch. */
export const WATCHED_SIZES_MAX = 20;

/** Orders of the B-LOVED list: when saved (spec §7 CREATE_TIME), current best price, drop since saved (cents). */
export const FAVORITE_SORTS = ['CREATE_TIME', 'PRICE', 'PRICE_DROP'] as const;
export type FavoriteSort = (typeof FAVORITE_SORTS)[number];

/** A price target: a positive number of cents up to $1,000,000. */
const TargetPriceSchema = CentsSchema.min(1).max(100_000_000);
const WatchedSizesSchema = z.array(textSchema(40).trim().min(1)).max(WATCHED_SIZES_MAX);

/** POST /inventory/api/v1/favorite (spec §3, §7): `{type: PRODUCT, favoriteId}` plus an optional target and sizes. Idempotent. */
export const FavoriteAddBodySchema = z.object({
  type: z.literal('PRODUCT'),
  /** The product's id: a JSON number, or its decimal text (digits only) as the spec's clients send; never `true` or null. */
  favoriteId: IdSchema,
  targetPrice: TargetPriceSchema.nullable().optional(),
  sizes: WatchedSizesSchema.optional(),
});
export type FavoriteAddBody = z.infer<typeof FavoriteAddBodySchema>;

/** PATCH /inventory/api/v1/favorite/{id}: the alert settings of one saved product; null clears the target. */
export const FavoriteUpdateBodySchema = z
  .object({ targetPrice: TargetPriceSchema.nullable().optional(), sizes: WatchedSizesSchema.optional() })
  .refine((b) => b.targetPrice !== undefined || b.sizes !== undefined, { message: 'give targetPrice or sizes' });
export type FavoriteUpdateBody = z.infer<typeof FavoriteUpdateBodySchema>;

/** The `{id}` of `/inventory/api/v1/favorite/{id}`: a product id. */
export const FavoriteParamsSchema = z.object({ id: IdSchema });

/**
 * GET /inventory/api/v1/favorite (spec §7 "Collection list: from 0, to 1, sort CREATE_TIME, asc
 * true"): the page window `from`/`to`, `sort` and `asc` ('true' or 'false'; default newest first).
 */
export const FavoriteListQuerySchema = refinePageWindow(
  z.object({
    ...pageWindowShape(24),
    sort: z.enum(FAVORITE_SORTS).default('CREATE_TIME'),
    asc: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  }),
);
export type FavoriteListQuery = z.infer<typeof FavoriteListQuerySchema>;

/** One saved product with what changed since it was saved. */
export const FavoriteItemSchema = z.object({
  /** The favourite id: the product's id. */
  id: z.number().int(),
  product: ProductCardSchema,
  /** When it was saved (ISO 8601). */
  savedAt: z.string(),
  /** The product's best total when it was saved, cents; null when it had no offer then. */
  savedPrice: CentsSchema.nullable(),
  /** Its best total now, cents; null when no merchant offers it now. */
  currentPrice: CentsSchema.nullable(),
  /** currentPrice − savedPrice, cents (negative: cheaper now); null when either is unknown. */
  change: CentsSchema.nullable(),
  /** The same as a whole percent of savedPrice; null when unknown. */
  changePct: z.number().int().nullable(),
  /** The shopper's price target, cents; null when none (the default drop rule applies). */
  targetPrice: CentsSchema.nullable(),
  /** Sizes the shopper watches (empty: any). */
  sizes: z.array(z.string()),
  /** Every size the product comes in, in size order. */
  productSizes: z.array(z.string()),
  /** The sizes some merchant has in stock now. */
  sizesInStock: z.array(z.string()),
  /** Daily best total of the last 90 days, oldest first; days nobody observed are absent (the sparkline). */
  history: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), price: CentsSchema })),
  /** The price the alerts watch now (decision 0017): the lowest in-stock total of the watched sizes, or of any offer; cents, null when none is in stock. Added 2026-11-29. */
  watchedPrice: CentsSchema.nullable(),
  /** True when that price already meets the target (core `targetMet`). Added 2026-11-29. */
  targetMet: z.boolean(),
});
export type FavoriteItem = z.infer<typeof FavoriteItemSchema>;

/** Answer of GET /inventory/api/v1/favorite: `total` saved products and the page of them. */
export const FavoriteListSchema = z.object({ total: z.number().int(), items: z.array(FavoriteItemSchema) });
export type FavoriteList = z.infer<typeof FavoriteListSchema>;

/** GET /inventory/api/v1/favorite/ids: every saved product id of the shopper (for the hearts on cards). */
export const FavoriteIdsSchema = z.object({ ids: z.array(z.number().int()) });
export type FavoriteIds = z.infer<typeof FavoriteIdsSchema>;

/** Answer of POST and PATCH: the saved product's settings and the account's new total. */
export const FavoriteSavedSchema = z.object({
  id: z.number().int(),
  savedAt: z.string(),
  savedPrice: CentsSchema.nullable(),
  targetPrice: CentsSchema.nullable(),
  sizes: z.array(z.string()),
  total: z.number().int(),
  /** The price the alerts watch now, cents; null when none of the watched sizes or offers is in stock (see FavoriteItemSchema). Added 2026-11-29. */
  watchedPrice: CentsSchema.nullable(),
  /** True when it already meets the target: the target alert goes at the next price check (core `targetMet`). Added 2026-11-29. */
  targetMet: z.boolean(),
});
export type FavoriteSaved = z.infer<typeof FavoriteSavedSchema>;

/** Answer of DELETE /inventory/api/v1/favorite/{id}: the account's new total (also when the product was not saved). */
export const FavoriteRemovedSchema = z.object({ total: z.number().int() });

/** POST /inventory/api/v1/favorite/subscribe-discount (spec §3, §7): works signed in or out; double opt-in. */
export const SubscribeDiscountBodySchema = z.object({
  type: z.literal('DISCOUNT'),
  favoriteId: z.literal('ALL'),
  email: EmailSchema,
});
export type SubscribeDiscountBody = z.infer<typeof SubscribeDiscountBodySchema>;

/** POST /inventory/api/v1/favorite/subscribe-discount/confirm: the token of the confirmation mail's link. */
export const ConfirmDiscountBodySchema = z.object({ token: z.string().min(20).max(200) });

/**
 * DELETE /inventory/api/v1/favorite/unsubscribe-discount (spec §7, "with a body"): the token of a
 * mail's unsubscribe link, or, signed in, `email` (the shopper's own address).
 */
export const UnsubscribeDiscountBodySchema = z
  .object({
    type: z.literal('DISCOUNT'),
    favoriteId: z.literal('ALL'),
    email: EmailSchema.optional(),
    token: z.string().min(20).max(200).optional(),
  })
  .refine((b) => b.email !== undefined || b.token !== undefined, { message: 'give the token of the unsubscribe link, or your e-mail address when signed in' });
export type UnsubscribeDiscountBody = z.infer<typeof UnsubscribeDiscountBodySchema>;

/** GET/PUT /inventory/api/v1/favorite/alert-settings: whether price-drop alerts are e-mailed to the signed-in shopper. */
export const AlertSettingsSchema = z.object({ priceAlertMails: z.boolean() });
export type AlertSettings = z.infer<typeof AlertSettingsSchema>;

/** POST /inventory/api/v1/mail/one-click-unsubscribe?token= (RFC 8058): the body a mail client posts. */
export const OneClickQuerySchema = z.object({ token: z.string().min(20).max(200) });
