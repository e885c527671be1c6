/**
 * @b-deals/contracts: zod schemas and types of every API request and response. The API
 * validates and serialises with these; the web client types its calls with them.
 * Money is always integer cents in USD (DESIGN.md).
 */
export * from './common.ts';
export * from './catalog.ts';
export * from './search.ts';
export * from './product.ts';
export * from './ingest.ts';
export * from './auth.ts';
export * from './content.ts';
export * from './pricing.ts';
export * from './analytics.ts';
export * from './favorites.ts';
export * from './orders.ts';
export * from './uploads.ts';
export * from './assistant.ts';
export * from './image-search.ts';
