/**
 * NEW badges of spec §4: shown for one nav link at a time in the order Top Selling, Sports &
 * Outdoors, Lowest Price; clicking a link records a 'seen' timestamp (ms since epoch) in
 * localStorage and advances the badge; none shows when all three are seen.
 */

/** The badge order, as nav hrefs. */
export const NEW_BADGE_ORDER = ['/top-selling/', '/sports-outdoors/', '/lowest-price/'] as const;
/** localStorage key holding `{[href]: seenAtMs}`. */
export const NEW_BADGE_KEY = 'NEW_BADGE_SEEN';

/** The href that shows the NEW badge given the seen map, or null when all are seen. */
export function currentNewBadge(seen: Readonly<Record<string, number>>): string | null {
  return NEW_BADGE_ORDER.find((href) => !seen[href]) ?? null;
}

/** Reads the seen map from storage; a missing or corrupt value reads as nothing seen. */
export function readSeen(storage: Pick<Storage, 'getItem'>): Record<string, number> {
  try {
    const v: unknown = JSON.parse(storage.getItem(NEW_BADGE_KEY) ?? '{}');
    return v && typeof v === 'object' ? (v as Record<string, number>) : {};
  } catch {
    return {};
  }
}
