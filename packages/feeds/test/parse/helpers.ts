/** Shared test helpers: fixture loading and a small hand-checkable FX table. */
import { readFileSync } from 'node:fs';
import { loadFxTable } from '../../src/parse/fx.ts';
import { parseFeed } from '../../src/parse/index.ts';
import type { FeedItem, ParsedFeed, ParsedItem } from '../../src/types.ts';

export const fixturePath = (name: string): string => new URL(`../fixtures/${name}`, import.meta.url).pathname;
export const fixture = (name: string): Buffer => readFileSync(fixturePath(name));

/**
 * Test rates (units per EUR): 2026-01-02 USD 1.25, JPY 125, GBP 0.8, KWD 0.4;
 * 2026-02-02 USD 1.1, JPY 160, GBP 0.85, BDT 130.
 */
export const testFx = loadFxTable(readFileSync(fixturePath('fx-test-rates.xml'), 'utf8'));
/** A day between the two cubes: the 2026-01-02 rates apply. */
export const JAN_15 = new Date('2026-01-15T12:00:00Z');

export function parseFixture(name: string, opts: { defaultCurrency?: string; now?: Date } = {}): ParsedFeed {
  return parseFeed(fixture(name), {
    filename: name,
    fx: testFx,
    now: opts.now ?? JAN_15,
    defaultCurrency: opts.defaultCurrency,
  });
}

/** The parsed item with this id (throws when absent, so a test cannot pass vacuously). */
export function byId(feed: ParsedFeed, id: string): ParsedItem {
  const found = feed.items.find((i) => i.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
}

/** The accepted FeedItem with this id (throws when absent or rejected). */
export function accepted(feed: ParsedFeed, id: string): FeedItem {
  const p = byId(feed, id);
  if (!p.item) throw new Error(`item ${id} was rejected: ${p.rejection?.code}`);
  return p.item;
}

export const warningCodes = (p: ParsedItem): string[] => p.warnings.map((w) => w.code);
