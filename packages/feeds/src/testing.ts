/**
 * `@b-deals/feeds/testing`: helpers other workspaces' tests share (issue 10 §6): small GMC RSS
 * feeds built from `TestItem`s. Never imported by production code.
 */
export { rssFeed, type TestItem } from '../test/ingest/feed-builder.ts';
