/** @b-deals/feeds: merchant-feed parsing, normalisation, matching and ingest; the demo catalogue. */
export * from './types.ts';
export { parseFeed, loadFxTable, loadDefaultFxTable, readOperatorRates, withOperatorRates, convertToUsd, toUsdCents, type FxTable } from './parse/index.ts';
export * from './ingest/index.ts';
export * from './source.ts';
export { generateDemoCatalogue, demoMerchantInput, type DemoCatalogueOptions, type DemoCatalogueResult, type DemoMerchantEntry } from './demo/generate.ts';
