/**
 * The "since you saved it" line of a B-LOVED product (issue 14; contracts FavoriteItem `change`,
 * `changePct`). Pure; money in integer US cents.
 */
import { formatPrice } from '@b-deals/core';

/** How a price moved since the product was saved: direction, and the words to show and to read. */
export interface PriceChangeText {
  /** 'down' (cheaper now), 'up' (dearer now) or 'same'. */
  tone: 'down' | 'up' | 'same';
  /** What the page shows, e.g. "↓ $12 (−15%) since you saved it". */
  text: string;
  /** The same for a screen reader, without arrows, e.g. "Down $12 (15%) since you saved it". */
  spoken: string;
}

/**
 * The change line of a saved product from contracts `change` (cents, negative when cheaper now)
 * and `changePct` (whole percent of the saved price): "↓ $12 (−15%) since you saved it",
 * "↑ $3.50 (+4%) since you saved it", "Same price as when you saved it"; null when either price is
 * unknown. A percentage that rounds to 0 is left out.
 */
export function priceChangeText(change: number | null, changePct: number | null): PriceChangeText | null {
  if (change === null) return null;
  if (change === 0) return { tone: 'same', text: 'Same price as when you saved it', spoken: 'Same price as when you saved it' };
  const down = change < 0;
  const amount = formatPrice(Math.abs(change));
  const pct = changePct !== null && changePct !== 0 ? Math.abs(changePct) : null;
  const shown = pct === null ? '' : ` (${down ? '\u2212' : '+'}${pct}%)`;
  const spokenPct = pct === null ? '' : ` (${pct}%)`;
  return {
    tone: down ? 'down' : 'up',
    text: `${down ? '\u2193' : '\u2191'} ${amount}${shown} since you saved it`,
    spoken: `${down ? 'Down' : 'Up'} ${amount}${spokenPct} since you saved it`,
  };
}
