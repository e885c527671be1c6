/**
 * Drizzle schema of B-Deals (PostgreSQL; PGlite embedded or a real server, DESIGN.md).
 *
 * Money columns end in `_cents` and hold integer US cents. Times are `timestamptz`.
 * Data flows feeds → these tables → API; only apps/api and packages/feeds touch them.
 */
import { sql } from 'drizzle-orm';
import { productLinkKeySql, type Availability, type Condition, type Marketplace, type MatchMethod, type Region } from '@b-deals/core';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Merchants: stores that send feeds (spec §3 marketplace and region keys). */
export const merchants = pgTable('merchants', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** US | EUROPEAN | OTHERS */
  region: text('region').$type<Region>().notNull().default('US'),
  /** OUTLET | ECO | LUXURY | EUROPEAN, or null */
  marketplace: text('marketplace').$type<Marketplace>(),
  homepage: text('homepage'),
  logoUrl: text('logo_url'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Brands, display names cleaned per spec §5; `parentId` links a sub-brand ("Northvale Kids") to its brand. */
export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('brands_parent_idx').on(t.parentId)],
);

/**
 * Standard products: one per real-world product. Offer-derived columns (prices, counts, merchant
 * ids, marketplaces, search vector) are recomputed from active offers after every ingest.
 */
export const products = pgTable(
  'products',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    brandId: integer('brand_id'),
    /** Category code in the core tree (prefix semantics, DESIGN.md). */
    categoryCode: text('category_code').notNull(),
    /** Terms of the category trail ("Women's Clothing Women's Coats Blazers"), for the search vector. */
    categoryTerms: text('category_terms').notNull().default(''),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    colors: text('colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sizes: text('sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * GMC `age_group` (newborn | infant | toddler | kids | adult) its active offers state, the most
     * common one; null when none states it (then the category tree and sizes say whom it is for:
     * core `itemAgeGroups`). ShopGeni reads it (issue 18).
     */
    ageGroup: text('age_group'),
    gtin: text('gtin'),
    mpn: text('mpn'),
    /**
     * Best price: the total (item plus US shipping) of the best offer by core's `bestOffer` rule
     * (decision 0006), cents; null when no active offer. Cards, sorts, bands and rails read this.
     */
    priceCents: integer('price_cents'),
    /** Item price of the best offer (sale price when on sale), cents; null when no active offer. */
    itemPriceCents: integer('item_price_cents'),
    /** US shipping of the best offer, cents; null when its merchant does not state it (or no active offer). */
    shippingCents: integer('shipping_cents'),
    /** Regular item price of the best offer when it is on sale, cents; else null. */
    wasPriceCents: integer('was_price_cents'),
    discountPct: integer('discount_pct').notNull().default(0),
    offerCount: integer('offer_count').notNull().default(0),
    merchantIds: integer('merchant_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    marketplaces: text('marketplaces')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    inStock: boolean('in_stock').notNull().default(false),
    /** Outbound clicks in the last 30 days (popularity signal). */
    clicks30d: integer('clicks_30d').notNull().default(0),
    /** Lowest daily best total (offers not out of stock) of the last 365 days, cents; refreshed after ingest. */
    low365Cents: integer('low_365_cents'),
    /** Average of the daily lowest total over the observed days of the last 90, cents; refreshed after ingest. */
    avg90Cents: integer('avg_90_cents'),
    /**
     * Lowest daily best total over the observed days among the 30, 90 and 365 days before today
     * (UTC), cents; null when none of those days was observed. Refreshed daily and after a batch
     * of ingests (pricing `refreshPriceStats`); the price badges and lowest-price events compare
     * today's price with them (issue 16).
     */
    low30PriorCents: integer('low_30_prior_cents'),
    low90PriorCents: integer('low_90_prior_cents'),
    low365PriorCents: integer('low_365_prior_cents'),
    /** How many of the 30, 90 and 365 days before today had an observed price (a badge never speaks for unobserved days). */
    observedDays30: integer('observed_days_30').notNull().default(0),
    observedDays90: integer('observed_days_90').notNull().default(0),
    observedDays365: integer('observed_days_365').notNull().default(0),
    /**
     * The was-price of the best offer checked against its observed history (issue 16 §2; EU
     * Omnibus Directive Art. 6a reference price): 'verified' when it is no higher than the
     * offer's lowest observed price in the 30 days before its current price began, 'inflated'
     * when it is higher, 'claimed' when we did not observe the offer in those 30 days; null when
     * the best offer is not on sale. Written with the derived columns after every ingest.
     */
    wasCheck: text('was_check').$type<'verified' | 'claimed' | 'inflated'>(),
    /** That reference price (lowest observed item price of the best offer in the 30 days before its current price), cents; null when unknown. */
    referencePriceCents: integer('reference_price_cents'),
    /** Popularity score for "Our Recommendation" (merchants carrying it, clicks, discount); higher first. */
    popularity: doublePrecision('popularity').notNull().default(0),
    /** Weighted full-text vector: title A, brand B, category terms C, description D. */
    search: tsvector('search'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('products_category_idx').using('btree', sql`${t.categoryCode} text_pattern_ops`),
    index('products_brand_idx').on(t.brandId),
    // No index on price_cents, popularity or merchant_ids (migration 0021): listings, search and facets read
    // them from the in-memory search index (decision 0003), no query looks a product up by them, and every
    // ingest rewrites them for each product it touches (docs/scaling.md).
  ],
);

/** Exact matching keys of standard products (one product per key): `gtin:<gtin14>`, `mpn:<brand-slug>:<MPN>`, `title:<brand-slug>:<normalised title>[:<colour>]`. */
export const productKeys = pgTable(
  'product_keys',
  {
    key: text('key').primaryKey(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
  },
  // A merge moves every key of the product merged away (matching/review.ts moveOffer).
  (t) => [index('product_keys_product_idx').on(t.productId)],
);

/**
 * Blocking keys of standard products for offer matching (apps/api src/matching/blocking.ts,
 * issue 11 §1): `m:<model key>` for each model number and `w:<word>` for each informative title
 * word of the offer that started the product. Unlike product_keys a key has many products; the
 * primary key answers "which products hold it" and "how many" (counted up to a bound), the
 * product index moves a product's keys when it is merged away.
 */
export const productBlockingKeys = pgTable(
  'product_blocking_keys',
  {
    key: text('key').notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.productId] }), index('product_blocking_keys_product_idx').on(t.productId)],
);

/**
 * The operator's review decisions on borderline pairs (`npm run matches -- review`): offer
 * (merchant + offer key) and product are, or are not, the same thing. Honoured by every later
 * ingest and rematch.
 */
export const matchDecisions = pgTable(
  'match_decisions',
  {
    merchantId: integer('merchant_id').notNull(),
    offerKey: text('offer_key').notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    /** accept | reject */
    decision: text('decision').notNull(),
    decidedAt: ts('decided_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.offerKey, t.productId] })],
);

/** Offers: one per merchant listing (GMC item, or item group of variants). */
export const offers = pgTable(
  'offers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id').notNull(),
    /** GMC `item_group_id` when the listing has variants, else GMC `id`. */
    offerKey: text('offer_key').notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    /** gtin | brand_mpn | brand_title | model | title | reviewed | new (core MATCH_METHODS) */
    matchMethod: text('match_method').$type<MatchMethod>().notNull(),
    /**
     * Pairwise match score 0..1 (apps/api src/matching): 1 for an exact key (GTIN, brand + MPN,
     * brand + title), the score for 'model', the best candidate's score (below the threshold) for
     * 'new', null when there was no candidate.
     */
    matchScore: doublePrecision('match_score'),
    /** The product the score was taken against: the joined one for 'model', the best rejected one for 'new' (the review queue's pair). */
    matchCandidateId: bigint('match_candidate_id', { mode: 'number' }),
    title: text('title').notNull(),
    link: text('link').notNull(),
    imageUrl: text('image_url'),
    /** Regular price (GMC `price`), cents. */
    priceCents: integer('price_cents').notNull(),
    /** GMC `sale_price` when effective, cents. */
    salePriceCents: integer('sale_price_cents'),
    shippingCents: integer('shipping_cents'),
    originalAmount: bigint('original_amount', { mode: 'number' }),
    originalCurrency: text('original_currency'),
    /** Date (UTC day) of the exchange rate that converted the original price; null for USD. */
    fxRateDate: date('fx_rate_date', { mode: 'string' }),
    /** Where that rate came from: ecb | peg | operator (packages/feeds parse/fx.ts); null for USD. */
    fxRateSource: text('fx_rate_source').$type<'ecb' | 'peg' | 'operator'>(),
    availability: text('availability').$type<Availability>().notNull(),
    condition: text('condition').$type<Condition>().notNull().default('new'),
    sizes: text('sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    colors: text('colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Sizes in stock now (GMC `size` of the listing's items whose `availability` is in_stock) →
     * the lowest item price (sale price when on sale) of those items, cents. B-LOVED size
     * alerts read it (issue 14 §3).
     */
    sizeStock: jsonb('size_stock')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    gtin: text('gtin'),
    mpn: text('mpn'),
    /** GMC ids of the items behind this listing. */
    itemIds: text('item_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    googleProductCategory: text('google_product_category'),
    productType: text('product_type'),
    /** GMC `age_group` of the lead item, normalised (packages/feeds `normalizeAgeGroup`); null when the feed does not state it. */
    ageGroup: text('age_group'),
    /**
     * GMC `gender` of the lead item, normalised (male | female | unisex; packages/feeds
     * `normalizeGender`); null when the feed does not state it, or the offer was last written
     * before migration 0023 (then `category_code` is null too). The category mapper reads it again
     * when its rule changes (apps/api `refileCategories`).
     */
    gender: text('gender').$type<'male' | 'female' | 'unisex'>(),
    /**
     * Category code the feed's category mapper (packages/feeds `mapCategory`) gave the lead item
     * when the listing was last written ('' when it mapped nowhere); null for an offer last written
     * before migration 0023. A product is filed where its first offer (lowest id) is: the listing
     * that started it (issue 11 §2; apps/api catalog `refile.ts`).
     */
    categoryCode: text('category_code'),
    /**
     * Leaves the mapper lists the lead item under as well (packages/feeds `mapCategory`'s `alsoIn`:
     * an item for either gender whose kind both the women's and the men's subtree carry, decision
     * 0026); empty for most offers, and for an offer last written before migration 0024 until its
     * product is filed again. The search lists a product under its first offer's too.
     */
    alsoCategoryCodes: text('also_category_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The merchant's colour variants of one item share it (apps/api matching `Listing.variantGroup`):
     * GMC `item_group_id`, else `~brand:title` with colour and sizes taken out; null when unknown, and
     * for an offer last written before migration 0029. The product page links a product's other
     * colours through it (issue 11 §3: one product, and one card, per colour).
     */
    variantGroup: text('variant_group'),
    /** False once a later full feed no longer lists it (kept with its history). */
    active: boolean('active').notNull().default(true),
    /** Hash of the normalised listing; unchanged hash means nothing to write. */
    contentHash: text('content_hash').notNull(),
    firstSeenAt: ts('first_seen_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
  },
  (t) => [
    uniqueIndex('offers_merchant_key_idx').on(t.merchantId, t.offerKey),
    index('offers_variant_group_idx')
      .on(t.merchantId, t.variantGroup)
      .where(sql`variant_group IS NOT NULL`),
    index('offers_product_idx').on(t.productId),
    // Looking a product up by a pasted merchant link (core productLinkKeySql; issue 16 §6).
    index('offers_link_key_idx').using('btree', sql.raw(productLinkKeySql('link'))),
  ],
);

/**
 * Price history as change points with observed intervals (DESIGN.md): a run is one price and
 * availability seen from `validFrom` to `lastSeenAt`. A new run starts when the price or
 * availability changes, or after a gap in observation, so no price is claimed for days
 * nobody saw.
 */
export const priceObservations = pgTable(
  'price_observations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    offerId: bigint('offer_id', { mode: 'number' }).notNull(),
    /** What the shopper paid: sale price when on sale, else price; cents. */
    priceCents: integer('price_cents').notNull(),
    /** Regular price at the time, cents. */
    regularPriceCents: integer('regular_price_cents').notNull(),
    availability: text('availability').$type<Availability>().notNull(),
    validFrom: ts('valid_from').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
  },
  (t) => [index('price_observations_offer_idx').on(t.offerId, t.validFrom)],
);

/** Product images (spec §3 image object: full and thumbnail URLs). */
export const images = pgTable(
  'images',
  {
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] })],
);

/**
 * Merchants' image URLs fetched by the `image-fetch` job (issue 11 item 5): one row per URL once
 * it has been tried. `url_hash` (the first 32 hex digits of the URL's SHA-256) names the files
 * `media/remote/{url_hash}.webp` and `{url_hash}-320.webp`. A `failed` row keeps its reason code
 * (timeout, too_large, not_an_image, http_4xx, http_5xx, network, blocked) and is retried after a
 * back-off that grows with `attempts`, counted from `fetched_at` (the last attempt).
 */
export const imageFiles = pgTable('image_files', {
  urlHash: text('url_hash').primaryKey(),
  url: text('url').notNull(),
  status: text('status').$type<'ok' | 'failed'>().notNull(),
  error: text('error'),
  /** Size of the source file as downloaded, bytes. */
  bytes: integer('bytes'),
  /** Source image's pixel size. */
  width: integer('width'),
  height: integer('height'),
  attempts: integer('attempts').notNull().default(1),
  fetchedAt: ts('fetched_at').notNull().defaultNow(),
});

/** One row per ingest of a feed: its bytes' hash, the report, and when. */
export const ingestRuns = pgTable(
  'ingest_runs',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    feed: text('feed').notNull(),
    format: text('format').notNull(),
    sha256: text('sha256').notNull(),
    report: jsonb('report').notNull(),
    observedAt: ts('observed_at').notNull(),
    finishedAt: ts('finished_at').notNull().defaultNow(),
  },
  (t) => [index('ingest_runs_merchant_feed_idx').on(t.merchantId, t.feed)],
);

/**
 * Outbound clicks to merchants (popularity signal for Top Selling and Best Sellers). `visitor`
 * (migration 0025): the clicking client's key for the day (apps/api `clickVisitor`: a hash of its
 * address and the UTC date, never the address), at most one row per product and key; null for
 * clicks recorded before it, or by the API's own callers.
 */
export const outboundClicks = pgTable(
  'outbound_clicks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    offerId: bigint('offer_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    at: ts('at').notNull().defaultNow(),
    visitor: text('visitor'),
  },
  (t) => [
    index('outbound_clicks_product_idx').on(t.productId, t.at),
    uniqueIndex('outbound_clicks_visitor_idx')
      .on(t.productId, t.visitor)
      .where(sql`visitor IS NOT NULL`),
  ],
);

/** Curated popular search words (spec §3 hot words), highest weight first. */
export const hotWords = pgTable('hot_words', {
  word: text('word').primaryKey(),
  weight: integer('weight').notNull().default(0),
});

/**
 * The version of each rule that derives stored catalogue columns from other data (issue 11 §6),
 * as last applied to the whole catalogue: `category_terms` → core `CATEGORY_TERMS_RULE` (the
 * products' category search words and with them `products.search`), `search_vector` → core
 * `SEARCH_VECTOR_RULE` (the analysis of `products.search`: stop words kept as words, words the stemmer conflates kept whole). The API
 * rewrites what an older or unknown version wrote when it starts (apps/api `refreshCategoryTerms`,
 * `refreshSearchVectors`).
 */
export const ruleVersions = pgTable('rule_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
  appliedAt: ts('applied_at').notNull().defaultNow(),
});

/** Search terms shoppers typed, per day, for hot words and suggestions: `count` is the day's searchers (search_term_searchers; searches before migration 0026). */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.term, t.day] })],
);

/**
 * Who searched a term on a day (migration 0026): the searcher's key for that day (apps/api
 * `dailyVisitorKey`, no address), so `search_terms.count` counts searchers, not searches, and one
 * visitor repeating a query cannot make it a hot word. Rows older than 31 days are pruned daily.
 */
export const searchTermSearchers = pgTable(
  'search_term_searchers',
  {
    term: text('term').notNull(),
    day: date('day').notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.term, t.day, t.visitor] })],
);

/** Vocabulary of catalogue words (titles, brands, categories) with document counts, for typo correction with pg_trgm. */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    ndoc: integer('ndoc').notNull(),
  },
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

/** Shopper accounts (issue 4). `email` is stored lower-cased; the password only as an argon2id hash. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  emailVerifiedAt: ts('email_verified_at'),
  passwordChangedAt: ts('password_changed_at').notNull().defaultNow(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * OAuth 2.0 tokens (RFC 6749), opaque to clients and stored only as SHA-256 hashes. Refresh
 * tokens rotate on every use: the used one gets `rotatedAt`, and presenting a rotated one again
 * revokes its whole `familyId` (refresh-token reuse detection, RFC 9700 §4.14).
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    /** access | refresh */
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: text('family_id').notNull(),
    clientId: text('client_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId), index('auth_tokens_family_idx').on(t.familyId)],
);

/** Single-use tokens sent by e-mail (address verification, password reset), stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    /** verify_email | reset_password */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Every sign-in attempt at the token endpoint (issue 4 "sign-ins recorded"). */
export const signIns = pgTable(
  'sign_ins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id'),
    clientId: text('client_id').notNull(),
    grantType: text('grant_type').notNull(),
    success: boolean('success').notNull(),
    /** RFC 6749 error code when it failed. */
    error: text('error'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('sign_ins_user_idx').on(t.userId, t.at)],
);

/** Mail kept when no SMTP server is configured (the embedded default), newest last. */
export const outbox = pgTable('outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** Extra headers of the message (Message-ID, List-Unsubscribe, List-Unsubscribe-Post, …). */
  headers: jsonb('headers').$type<Record<string, string>>(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Merchant promotions (deals), from GMC promotions feeds (attribute names of the Merchant Center
 * promotions feed: promotion_id, long_title, offer_type, generic_redemption_code, percent_off,
 * money_off_amount, minimum_purchase_amount, promotion_effective_dates …).
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    /** GMC promotion_id. */
    promotionId: text('promotion_id').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    couponCode: text('coupon_code'),
    discountPercent: integer('discount_percent'),
    discountAmountCents: integer('discount_amount_cents'),
    minimumOrderCents: integer('minimum_order_cents'),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at'),
    terms: text('terms').notNull().default(''),
    link: text('link').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('promotions_merchant_promo_idx').on(t.merchantId, t.promotionId), index('promotions_ends_idx').on(t.endsAt)],
);

/** Articles, written in Markdown (content/articles) and loaded at start-up. */
export const articles = pgTable('articles', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  markdown: text('markdown').notNull(),
  publishedAt: ts('published_at').notNull(),
});

/** Home modules (spec §7 tapestry modes): banners, product rails, brand walls; editable as data. */
export const homeModules = pgTable('home_modules', {
  id: serial('id').primaryKey(),
  /** banner | product_rail | brand_wall */
  type: text('type').notNull(),
  title: text('title').notNull(),
  subtitle: text('subtitle'),
  href: text('href'),
  imageUrl: text('image_url'),
  /** product_rail: a search condition; brand_wall: { brands?: slug[], limit?: n }. */
  config: jsonb('config')
    .notNull()
    .default(sql`'{}'::jsonb`),
  position: integer('position').notNull(),
  active: boolean('active').notNull().default(true),
});

/**
 * First-party analytics events (issue 19; spec §4, §7): what the storefront's browser code sends
 * to `POST /analytics/api/v1/events` after the shopper's consent, one row per event. `name` is a
 * GA4 event name or one of the spec's ('search_action', 'web_page_open', 'link_gift'); `params`
 * its validated parameters. `anonymousId` is the browser's random id (no personal data); `userId`
 * the account id of a signed-in shopper (GA4 `user_id`), never an e-mail address.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    anonymousId: text('anonymous_id').notNull(),
    /** GA4 `user_id`: the signed-in shopper's account id as sent (pseudonymous); null when signed out. Migration 0014. */
    userId: text('user_id'),
    /** Path of the page the event happened on. */
    page: text('page').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** When the browser says it happened (bounded to the last day at the collector). */
    occurredAt: ts('occurred_at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [index('analytics_events_name_time_idx').on(t.name, t.occurredAt), index('analytics_events_time_idx').on(t.occurredAt)],
);

/**
 * B-LOVED (issue 14; spec §3 Favourite type PRODUCT): the products a shopper saved, with the
 * price when saved, an optional price target and the sizes watched, and the alert rules' state.
 * One row per shopper and product; the favourite id of the spec is the product id.
 */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id').notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The product's best total when saved, cents; null when it had no active offer then. */
    savedPriceCents: integer('saved_price_cents'),
    /** The shopper's target (best total at or below it alerts), cents; null: the default drop rule. */
    targetPriceCents: integer('target_price_cents'),
    /** Sizes watched; empty: any size (and products without sizes). */
    sizes: text('sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The price the default drop rule measures from: the saved price, then the price of each alert, cents. */
    alertBaselineCents: integer('alert_baseline_cents'),
    /** Target rule hysteresis: false after a target alert until the price rises above the target's re-arm level. */
    targetArmed: boolean('target_armed').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('favorites_product_idx').on(t.productId),
    index('favorites_user_time_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Mail subscriptions (issue 14 §4; spec §3 Favourite type DISCOUNT): the weekly discount digest
 * (`discount`, double opt-in) and a shopper's price-drop alerts (`price_alert`). Every mail of a
 * kind carries the row's unsubscribe token (RFC 8058 one-click). E-mails are lower-cased.
 */
export const mailSubscriptions = pgTable(
  'mail_subscriptions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'discount' | 'price_alert'>().notNull(),
    email: text('email').notNull(),
    userId: integer('user_id'),
    status: text('status').$type<'pending' | 'confirmed' | 'unsubscribed'>().notNull(),
    /** SHA-256 of the confirmation link's token while pending. */
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmSentAt: ts('confirm_sent_at'),
    /** Random capability of the unsubscribe links (only unsubscribes; kept so each mail can carry it). */
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    confirmedAt: ts('confirmed_at'),
    unsubscribedAt: ts('unsubscribed_at'),
    /** When the last weekly digest went to this address. */
    lastDigestAt: ts('last_digest_at'),
  },
  (t) => [uniqueIndex('mail_subscriptions_kind_email_idx').on(t.kind, t.email)],
);

/**
 * Price-drop alerts (issue 14 §6): one row per rule that fired for a saved product, with the
 * observed price and offer that fired it. States: pending → sending → sent; failed (retried
 * with its mail); suppressed (the shopper turned alert mails off); unconfirmed (the process died
 * while its mail was being handed to the mail server: never sent again).
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    /** target | drop */
    rule: text('rule').$type<'target' | 'drop'>().notNull(),
    /** The observed best total that fired it, cents. */
    priceCents: integer('price_cents').notNull(),
    /** What it is measured against: the target, or the drop rule's baseline, cents. */
    thresholdCents: integer('threshold_cents').notNull(),
    /** The offer (at its merchant) with that price, and the size when sizes are watched. */
    offerId: bigint('offer_id', { mode: 'number' }).notNull(),
    size: text('size'),
    state: text('state').$type<'pending' | 'sending' | 'sent' | 'failed' | 'suppressed' | 'unconfirmed'>().notNull().default('pending'),
    mailId: bigint('mail_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('price_alerts_state_idx').on(t.state, t.userId), index('price_alerts_mail_idx').on(t.mailId)],
);

/**
 * Alert mails (issue 14 §6): at most one per shopper per UTC day (a unique index, not a check),
 * each with a stable Message-ID that is its idempotency key. `sending` rows hold a lease; a row
 * whose lease ran out was being sent when its process died and is marked `unconfirmed`, never
 * sent again.
 */
export const alertMails = pgTable(
  'alert_mails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    state: text('state').$type<'sending' | 'sent' | 'failed' | 'unconfirmed'>().notNull(),
    messageId: text('message_id').notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: ts('lease_until'),
    nextAttemptAt: ts('next_attempt_at'),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [uniqueIndex('alert_mails_user_day_idx').on(t.userId, t.day), index('alert_mails_state_idx').on(t.state)],
);

/**
 * Checkout sessions (issue 15 §1): one offer of a product, priced from the offer when the
 * checkout began (never from the client), valid for 30 minutes. `userId` is null for a visitor
 * (the order itself needs a signed-in shopper).
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id'),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    offerId: bigint('offer_id', { mode: 'number' }).notNull(),
    size: text('size'),
    color: text('color'),
    quantity: integer('quantity').notNull(),
    /** Item price per unit at the offer when the session began, cents. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** The merchant's stated US shipping, cents. */
    shippingCents: integer('shipping_cents').notNull(),
    status: text('status').$type<'open' | 'completed' | 'expired'>().notNull().default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId)],
);

/**
 * Orders (issue 15 §4): immutable records of what was bought, at which price, from which
 * merchant (`item` is the priced item as the checkout showed it), written before the payment is
 * taken. One per shopper and `Idempotency-Key` (a unique index, not a check). The current status
 * is kept here; its history in `order_events`.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    checkoutId: uuid('checkout_id').notNull(),
    status: text('status').$type<'placed' | 'paid' | 'forwarded' | 'shipped' | 'cancelled' | 'payment_failed'>().notNull(),
    item: jsonb('item').$type<Record<string, unknown>>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxEstimateCents: integer('tax_estimate_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone'),
    shippingAddress: jsonb('shipping_address').$type<Record<string, string>>().notNull(),
    /** test | stripe */
    paymentProvider: text('payment_provider').$type<'test' | 'stripe'>().notNull(),
    /** The provider's payment reference (a PaymentIntent id with Stripe). */
    paymentReference: text('payment_reference'),
    /** Stripe PaymentMethod id (never a card number), kept to ask Stripe again after a crash. */
    paymentMethodId: text('payment_method_id'),
    /** Last four digits of the card, the only card data ever stored. */
    cardLast4: text('card_last4'),
    /** Why the payment failed (a decline code), when it did. */
    paymentError: text('payment_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_user_key_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_time_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status),
  ],
);

/** The status history of orders: one row per status an order entered, oldest first. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    note: text('note'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

/**
 * The test payment provider's own ledger (issue 15 §3; test mode only): what a real provider
 * would keep on its side, one row per idempotency key, so a retried or recovered payment is
 * answered with its first outcome and never charged twice. Only the last four digits are kept.
 */
export const testPayments = pgTable('test_payments', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').$type<'succeeded' | 'declined'>().notNull(),
  declineCode: text('decline_code'),
  last4: text('last4').notNull(),
  reference: text('reference').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Image-search vectors (issue 17; spec §2.5): one row per product for its card image
 * (`products.image_url`), written by the API's `image-embed` job after an ingest. `imageUrl` and
 * `contentHash` (SHA-256 of the image bytes, hex) let the job skip images that did not change;
 * `model` names the network and layer, so a new model re-embeds everything. Vectors are stored
 * portably as `real[]` (no pgvector needed): `modelVector` holds MobileNetV2's averaged
 * `block_13_expand_relu` activations (576 floats), `colour` the HSV colour signature (28 floats).
 */
export const imageVectors = pgTable(
  'image_vectors',
  {
    productId: bigint('product_id', { mode: 'number' }).primaryKey(),
    imageUrl: text('image_url').notNull(),
    contentHash: text('content_hash').notNull(),
    model: text('model').notNull(),
    modelVector: real('model_vector').array().notNull(),
    colour: real('colour').array().notNull(),
    embeddedAt: ts('embedded_at').notNull().defaultNow(),
  },
  (t) => [index('image_vectors_hash_idx').on(t.contentHash)],
);
