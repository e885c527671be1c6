/**
 * Catalogue domain: merchants, brands, standard products and their offers. Writes of the ingest
 * (`writes.ts`), derived product columns (`refresh.ts`), reads for pages (`directory.ts`,
 * `product.ts`, `landing.ts`, `cards.ts`), media URLs (`media.ts`) and the routes (`routes.ts`).
 */
export { upsertMerchant, upsertBrands, merchantOffers, writeOffers, insertNewProducts } from './writes.ts';
export { refileCategories, refileProducts } from './refile.ts';
export { refreshTitles, renameProducts } from './titles.ts';
export {
  insertProducts,
  productCategoryTerms,
  refreshProducts,
  refreshCategoryTerms,
  refreshSearchVectors,
  forgetPlaceholderBrands,
  syncImages,
  vacuumCatalogue,
  type NewProductRow,
} from './refresh.ts';
export { CARD_COLUMNS, toCard, categoryIdsOf, type CardRow, type PriceTruthColumn } from './cards.ts';
export { listMerchants, listBrands, brandDetail } from './directory.ts';
export { productWithRecommend } from './product.ts';
export { landingTabs, topSelling, lowestPrice, recordClick, refreshClickCounts } from './landing.ts';
export { publicMediaUrl, thumbnailMediaUrl, logoMediaUrl, imageObject } from './media.ts';
export {
  fetchPendingImages,
  fetchRemoteImage,
  imageReport,
  readFetchedImage,
  remoteImageKey,
  DEFAULT_IMAGE_FETCH,
  type ImageFetchOptions,
  type MerchantImageReport,
} from './image-fetch.ts';
export { Params } from './sql.ts';
export { catalogRoutes, type CatalogRouteOptions } from './routes.ts';
export type { MerchantRow, BrandRow, ProductRow, OfferRow, ImageRow } from './rows.ts';
export { catalogJobs, imageJobs, watchIngestsForImages, type ImageJobDeps } from './jobs.ts';
export { lookupOfferByLink } from './offers.ts';
