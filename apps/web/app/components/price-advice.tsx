import { formatPrice, formatProbability } from '@b-deals/core';
import { Link } from '../lib/router-links';
import type { AdviceView } from '../lib/price-advice';

/**
 * The AI Price Hunter's buy-or-wait note (issue 16 §3) for one offer: WAIT with the chance of
 * the drop (its confidence), the window (the model's horizon) and the expected saving; BUY with its
 * confidence; or "not
 * enough price history yet" when the offer was watched too few days. Render nothing when there is
 * no advice (no fitted model): none is invented. `compact` is the one-line form of lists.
 */
export function AdviceNote({ advice, compact = false }: { advice: AdviceView | undefined; compact?: boolean }) {
  if (!advice) return null;
  if (advice.kind === 'short') {
    return (
      <p data-testid="price-advice" data-advice="short" className="text-sm text-stone-600">
        Buy or wait: not enough price history yet ({advice.observedDays} of {advice.neededDays} days watched), so no advice.
      </p>
    );
  }
  const wait = advice.kind === 'WAIT';
  // A WAIT's confidence is the chance of the drop, which can be small where waiting risks little: said as a chance, not as certainty.
  const detail = wait
    ? `${formatProbability(advice.confidence)} chance of a drop of 3% or more within ${advice.horizon} days; expected saving ${formatPrice(advice.saving)}`
    : `No drop of 3% or more expected within ${advice.horizon} days · confidence ${formatProbability(advice.confidence)}`;
  return (
    <p
      data-testid="price-advice"
      data-advice={advice.kind}
      className={
        compact ? 'text-sm text-stone-700' : `rounded-lg border px-3 py-2 text-sm ${wait ? 'border-amber-300 bg-amber-50' : 'border-emerald-300 bg-emerald-50'}`
      }
    >
      <strong className={wait ? 'text-amber-900' : 'text-emerald-800'}>{wait ? 'Wait' : 'Buy now'}</strong>
      {` · ${detail}. `}
      {compact ? null : (
        <Link to="/ai-price-hunter/#buy-or-wait" className="text-accent-700 underline">
          How the AI Price Hunter advises
        </Link>
      )}
    </p>
  );
}
