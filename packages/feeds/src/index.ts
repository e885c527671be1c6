/**
 * @b-deals/feeds: reading merchant files into our types — GMC feed parsing and normalisation,
 * currencies, the merchant a feed names — and the demo catalogue's generator. Writing what was
 * read into the catalogue is the API's ingest (`apps/api/src/ingest`), by domain.
 */
export * from './types.ts';
export { parseFeed, loadFxTable, loadDefaultFxTable, readOperatorRates, withOperatorRates, convertToUsd, toUsdCents, type FxTable } from './parse/index.ts';
export { parseFeedInParallel, splitXmlFeed, PARALLEL_PARSE_MIN_BYTES, type ParallelParseOptions } from './parse/parallel.ts';
export { CATEGORY_MAP_RULE, mapCategory, type CategoryInput, type CategoryMatch } from './parse/category-map.ts';
export { googleCategoryPath, isGoogleCategoryWord } from './parse/taxonomy.ts';
export { merchantFromFeed, type MerchantInput } from './merchant.ts';
export { perDistinctValue } from './parse/text.ts';
export { generateDemoCatalogue, demoMerchantInput, type DemoCatalogueOptions, type DemoCatalogueResult, type DemoMerchantEntry } from './demo/generate.ts';
