/**
 * Analytics domain (issue 19): the first-party collector of the storefront's events
 * (`collector.ts`, `routes.ts`) and, for the operator, what they add up to (`summary.ts`).
 */
export { storeEvents, MAX_AGE_MS } from './collector.ts';
export { analyticsRoutes, ANALYTICS_BODY_LIMIT, type AnalyticsRouteOptions } from './routes.ts';
export type { AnalyticsEventRow } from './rows.ts';
export { analyticsSummary } from './summary.ts';
