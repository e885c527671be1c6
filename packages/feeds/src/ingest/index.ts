/** Ingest pipeline: feeds and price histories into the catalogue. */
export * from './ingest.ts';
export * from './history.ts';
export * from './listings.ts';
export * from './refresh.ts';
export * from './promotions.ts';
export * from './review.ts';
