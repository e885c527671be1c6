/**
 * Offer matching (issue 11 point 1): identifiers, brands, prepared records, blocking and the
 * pairwise score. See docs/decisions/0010.
 */
export { gtinKey, modelKey, isModelToken, extractModelNumbers, compareModels, type ModelAgreement } from './identifiers.ts';
export { brandKey, inferBrand, BrandLexicon } from './brands.ts';
export { prepareRecord, modelNumbers, type MatchInput, type MatchRecord } from './record.ts';
export {
  matchScore,
  bestMatch,
  titleSimilarity,
  WordStats,
  DEFAULT_WEIGHTS,
  MATCH_THRESHOLD,
  type PairScore,
  type PairMethod,
  type ScoreWeights,
} from './score.ts';
export { blockingKeys, RARE_WORDS } from './blocking.ts';
