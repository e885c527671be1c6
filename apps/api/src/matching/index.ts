/**
 * Matching domain (issue 11 point 1; decision 0010): offers into standard products.
 * - listings and their exact keys from feed items (`listings.ts`);
 * - identifiers, brands, prepared records, blocking and the pairwise score (`identifiers.ts`,
 *   `brands.ts`, `record.ts`, `blocking.ts`, `score.ts`): pure, no I/O;
 * - resolution inside the ingest's transaction (`resolve.ts`);
 * - the operator's review queue and the whole-catalogue rematch (`review.ts`, `npm run matches`).
 */
export { gtinKey, modelKey, isModelToken, extractModelNumbers, fittedModelNumbers, compareModels, prefixedModel, type ModelAgreement } from './identifiers.ts';
export { brandKey, inferBrand, BrandLexicon } from './brands.ts';
export { prepareRecord, modelNumbers, type MatchInput, type MatchRecord } from './record.ts';
export {
  matchScore,
  bestMatch,
  titleSimilarity,
  trigramJaccard,
  WordStats,
  pairFeatures,
  applyModel,
  FEATURES,
  MATCH_MODEL,
  MATCH_THRESHOLD,
  type PairScore,
  type PairMethod,
  type FeatureName,
  type MatchModel,
  type PairEvidence,
} from './score.ts';
export {
  indexKeys,
  queryKeys,
  blockCandidates,
  MemoryBlockingIndex,
  RARE_WORDS,
  MAX_KEY_PRODUCTS,
  MAX_CANDIDATES,
  type BlockingIndex,
  type BlockingOptions,
} from './blocking.ts';
export { groupListings, normaliseTitle, effectivePrice, type Listing } from './listings.ts';
export {
  resolveListings,
  loadDecisions,
  loadCandidates,
  catalogueLexicon,
  indexProducts,
  DbBlockingIndex,
  type KnownOffer,
  type Resolution,
  type Candidate,
} from './resolve.ts';
export { reviewQueue, decideMatch, rematch, ReviewError, REVIEW_MARGIN, type ReviewPair, type RematchReport } from './review.ts';
export type { ProductKeyRow, MatchDecisionRow } from './rows.ts';
