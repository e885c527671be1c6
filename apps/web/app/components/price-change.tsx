import { priceChangeText } from '../lib/price-change';

const TONE = { down: 'text-emerald-700', up: 'text-red-700', same: 'text-stone-600' } as const;

/**
 * How a saved product's price moved since it was saved (issue 14; lib/price-change
 * `priceChangeText`, amounts formatted like every price by core `formatPrice`): "↓ $12 (−15%)
 * since you saved it" in green when cheaper, "↑ …" in red when dearer; the arrow and the words say
 * it too, so colour is never the only sign. `change` in cents (negative when cheaper now),
 * `changePct` whole percent; nothing when either is null.
 */
export function PriceChange({ change, changePct }: { change: number | null; changePct: number | null }) {
  const c = priceChangeText(change, changePct);
  if (!c) return null;
  return (
    <span data-testid="price-change" data-tone={c.tone} className={`text-sm font-medium ${TONE[c.tone]}`}>
      <span aria-hidden>{c.text}</span>
      <span className="sr-only">{c.spoken}</span>
    </span>
  );
}
