/** @b-deals/core: pure rules from the spec, no I/O. */
export * from './slug.ts';
export * from './brand.ts';
export * from './price.ts';
export * from './best-offer.ts';
export * from './sizes.ts';
export * from './price-bands.ts';
export * from './gtin.ts';
export * from './categories.ts';
export * from './sort.ts';
export * from './marketplace.ts';
export * from './links.ts';
export * from './password.ts';
export * from './http-limits.ts';
export * from './price-truth.ts';
export * from './price-alerts.ts';
export * from './us-areas.ts';
export * from './media.ts';
