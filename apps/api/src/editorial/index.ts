/**
 * Editorial domain (issue 3 §3, §5): deals (GMC promotions feeds, `promotions-ingest.ts`),
 * articles (Markdown in `content/`, loaded by `content.ts`) and home modules, their queries
 * (`queries.ts`) and routes (`routes.ts`).
 */
export { ingestPromotions, isPromotionsFile, readPromotion, type IngestPromotionsOptions } from './promotions-ingest.ts';
export { dealRoutes, articleRoutes, modeRoutes, type EditorialRouteOptions } from './routes.ts';
export type { PromotionRow, PromotionFields, ArticleRow, HomeModuleRow } from './rows.ts';
