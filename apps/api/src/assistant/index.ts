/**
 * Assistant domain (issue 18): ShopGeni, the gift recommender of `/nestor`.
 * - understanding (`understand.ts`, NLP.js) and the words it knows (`lexicon.ts`);
 * - interests onto the category tree (`interests.ts`, word vectors of `word-vectors.ts`);
 * - retrieval and choice through the storefront search (`recommend.ts`);
 * - the conversation turn (`assistant.ts`), the optional OpenAI-compatible model (`llm.ts`);
 * - the routes (`routes.ts`): POST /inventory/api/v3/discover and POST /nestor/api/v1/conversation.
 */
export { understand, understandingEngine, emptySlots, ageGroupOf, type Understood, type GiftIntent } from './understand.ts';
export { WordVectors } from './word-vectors.ts';
export { mapInterest, giftCategories, INTEREST_SIMILARITY } from './interests.ts';
export { fitsRecipient } from './recipients.ts';
export { pickGifts, withinBudget, dealScore, whyThis } from './recommend.ts';
export { takeTurn, mergeSlots, chipsFor, type AssistantDeps, type TurnResult } from './assistant.ts';
export { discoverRoutes, conversationRoutes, sharedVectors, ASSISTANT_RATE_LIMIT, type AssistantRouteOptions } from './routes.ts';
export { OpenAiCompatibleModel, keepsToCatalogue, type GiftModel } from './llm.ts';
