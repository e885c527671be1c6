/**
 * ShopGeni, the gift assistant (issue 18; spec §1, §2.1 `/nestor`, §7 `POST /inventory/api/v3/discover`):
 * the request and answer of one natural-language gift request, and the conversation turn of
 * `POST /nestor/api/v1/conversation` (streamed as server-sent events, WHATWG HTML §9.2).
 * Money is integer US cents; every product and price in an answer comes from the catalogue.
 */
import { z } from 'zod';
import { CentsSchema, textSchema } from './common.ts';
import { ProductCardSchema } from './search.ts';

/** Characters of one shopper message, at most. */
export const GIFT_MESSAGE_MAX = 300;
/** Picks in one answer. */
export const GIFT_PICKS = 6;
/** Products a conversation remembers as shown (for "something else"), at most. */
export const GIFT_SHOWN_MAX = 60;

export const AGE_GROUPS = ['baby', 'kid', 'teen', 'adult', 'senior'] as const;
export const GENDERS = ['female', 'male'] as const;
/** How the shopper stated the budget: a ceiling ("under $50"), a target ("around 100"), a range, or one amount. */
export const BUDGET_KINDS = ['max', 'around', 'range', 'amount'] as const;
/** What a turn asked for (NLP.js intents of apps/api/src/assistant/understand.ts). */
export const GIFT_INTENTS = [
  'gift.find',
  'refine.cheaper',
  'refine.other',
  'refine.more_like',
  'refine.recipient',
  'refine.attribute',
  'greeting',
  'none',
] as const;
/** Slots the assistant asks for when missing (`interests`: none of those said is one the catalogue serves, issue 18). */
export const GIFT_MISSING = ['budget', 'recipient', 'interests'] as const;

const word = textSchema(40);

/** The budget understood, cents: the total (item plus stated US shipping) must not exceed `max`. */
export const GiftBudgetSchema = z.object({
  kind: z.enum(BUDGET_KINDS),
  min: CentsSchema.min(0).max(100_000_000).nullable(),
  max: CentsSchema.min(1).max(100_000_000),
});
export type GiftBudget = z.infer<typeof GiftBudgetSchema>;

/** The slots of a gift request (issue 18 §2). Lists hold lower-case words as the shopper wrote them. */
export const GiftSlotsSchema = z.object({
  /** Who the gift is for, as said ("dad", "girlfriend", "teenager"). */
  recipient: word.nullable(),
  /** The relation behind it: parent, partner, sibling, child, grandparent, friend, colleague, relative, self. */
  relation: word.nullable(),
  /** Age in years when stated. */
  age: z.number().int().min(0).max(120).nullable(),
  ageGroup: z.enum(AGE_GROUPS).nullable(),
  gender: z.enum(GENDERS).nullable(),
  occasion: word.nullable(),
  budget: GiftBudgetSchema.nullable(),
  interests: z.array(word).max(8),
  style: z.array(word).max(8),
  colours: z.array(word).max(8),
  /** Things to avoid (words or category names). */
  avoid: z.array(word).max(8),
});
export type GiftSlots = z.infer<typeof GiftSlotsSchema>;

/** One recommended product with the reason it was picked (from its real attributes). */
export const GiftPickSchema = z.object({
  product: ProductCardSchema,
  /** One line: why this product (category, price position, deal rating). */
  why: z.string(),
});
export type GiftPick = z.infer<typeof GiftPickSchema>;

/** A quick reply the page offers (spec: who, occasion, budget, interests). */
export const GiftChipSchema = z.object({ slot: z.enum(['recipient', 'occasion', 'budget', 'interests', 'refine']), label: z.string(), message: z.string() });
export type GiftChip = z.infer<typeof GiftChipSchema>;

/** POST /inventory/api/v3/discover body: one natural-language gift request. */
export const DiscoverRequestSchema = z
  .object({
    q: textSchema(GIFT_MESSAGE_MAX)
      .transform((s) => s.trim())
      .refine((s) => s.length > 0, { message: 'must not be empty' }),
  })
  .strict();
export type DiscoverRequest = z.infer<typeof DiscoverRequestSchema>;

/** POST /inventory/api/v3/discover answer. */
export const DiscoverResponseSchema = z.object({
  intent: z.enum(GIFT_INTENTS),
  slots: GiftSlotsSchema,
  /** Slots still needed before products are picked (the budget is asked, never guessed). */
  missing: z.array(z.enum(GIFT_MISSING)),
  /** Category codes the interests and recipient were mapped to (packages/core categories). */
  categoryIds: z.array(z.string()),
  items: z.array(GiftPickSchema),
  /** The reply text (the assistant's words; prices in it come from `items`). */
  reply: z.string(),
  chips: z.array(GiftChipSchema),
  /** Which understanding ran: the embedded NLP (`embedded`) or an OpenAI-compatible model (`llm`). */
  mode: z.enum(['embedded', 'llm']),
});
export type DiscoverResponse = z.infer<typeof DiscoverResponseSchema>;

/** What the browser keeps of a conversation and sends back with each turn (no server-side session). */
export const GiftContextSchema = z.object({
  slots: GiftSlotsSchema,
  /** Product ids of the last answer, in order ("more like the second one"). */
  lastPicks: z.array(z.number().int().positive()).max(GIFT_PICKS),
  /** Every product id shown so far ("something else" never repeats them). */
  shown: z.array(z.number().int().positive()).max(GIFT_SHOWN_MAX),
});
export type GiftContext = z.infer<typeof GiftContextSchema>;

/** POST /nestor/api/v1/conversation body: start (no context) or continue a conversation. */
export const ConversationRequestSchema = z
  .object({
    message: DiscoverRequestSchema.shape.q,
    context: GiftContextSchema.optional(),
  })
  .strict();
export type ConversationRequest = z.infer<typeof ConversationRequestSchema>;

/**
 * The events of the conversation stream (`text/event-stream`), in order: `meta` (mode), `slots`,
 * `delta` (reply text in pieces, repeated), `products`, `chips`, `context`, then `done`; `error`
 * replaces the rest when the turn fails.
 */
export const ConversationEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('meta'), data: z.object({ mode: z.enum(['embedded', 'llm']) }) }),
  z.object({ event: z.literal('slots'), data: z.object({ intent: z.enum(GIFT_INTENTS), slots: GiftSlotsSchema, missing: z.array(z.enum(GIFT_MISSING)) }) }),
  z.object({ event: z.literal('delta'), data: z.object({ text: z.string() }) }),
  z.object({ event: z.literal('products'), data: z.object({ items: z.array(GiftPickSchema) }) }),
  z.object({ event: z.literal('chips'), data: z.object({ chips: z.array(GiftChipSchema) }) }),
  z.object({ event: z.literal('context'), data: GiftContextSchema }),
  z.object({ event: z.literal('done'), data: z.object({}) }),
  z.object({ event: z.literal('error'), data: z.object({ code: z.string(), message: z.string() }) }),
]);
export type ConversationEvent = z.infer<typeof ConversationEventSchema>;

/** GET /nestor/api/v1/status: which mode answers (the page says it). */
export const AssistantStatusSchema = z.object({ mode: z.enum(['embedded', 'llm']), model: z.string().nullable() });
export type AssistantStatus = z.infer<typeof AssistantStatusSchema>;
