/**
 * Pricing domain: price runs of offers (`observations.ts`), imported price histories
 * (`history.ts`) and product price statistics (`stats.ts`). The pure price rules (cents,
 * best offer, bands) live in `@b-deals/core`.
 */
export { OBSERVATION_GAP_MS, confirmPrices, recordObservations } from './observations.ts';
export { ingestPriceHistory, type IngestHistoryOptions } from './history.ts';
export { refreshPriceStats } from './stats.ts';
export type { PriceObservationRow } from './rows.ts';
export { pricingJobs } from './jobs.ts';
export { referencePriceSql } from './reference.ts';
export { lowestPriceEvents } from './events.ts';
export { pricingRoutes, type PricingRouteOptions } from './routes.ts';
export { priceHistory, merchantPriceSummaries, dailyLowestTotals } from './queries.ts';
export { yearInPrices } from './year.ts';
export { advise, adviceFeatures, fitLogistic, ADVICE_HORIZONS, ADVICE_MIN_DAYS, type AdviceModel, type PricePoint, type Advice } from './advice.ts';
export {
  loadAdviceModels,
  priceAdvice,
  productsAdvice,
  waitingPays,
  adviceModelInfo,
  offerHistories,
  offerHistoriesOf,
  ADVICE_MODEL_FILE,
  type AdviceModels,
} from './advice-service.ts';
export { backtest, score, decisionsOf, guardedHistory, LookAheadError, type Policy, type BacktestResult } from './backtest.ts';
