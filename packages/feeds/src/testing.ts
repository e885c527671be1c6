/**
 * `@b-deals/feeds/testing`: helpers other workspaces' tests and benchmarks share (issue 10 §6):
 * small GMC RSS feeds built from `TestItem`s, and the demo catalogue's plan and feed writer for
 * benchmarks that need a large realistic feed. Never imported by production code.
 */
export { rssFeed, type TestItem } from '../test/ingest/feed-builder.ts';
export { MERCHANT_DEFS, type MerchantDef } from './demo/merchants-data.ts';
export { rssFeed as demoRssFeed, type FeedRow } from './demo/feed-writers.ts';
export { planDemoCatalogue, type DemoOffer, type DemoProduct } from './demo/plan.ts';
