import { formatPrice } from '@b-deals/core';
import { Link } from '../lib/router-links';
import type { AdviceView, TrackView } from '../lib/price-advice';

/** "in our backtest on Hong Kong pharmacy and supermarket prices, 2025–2026": where a track record was measured. */
const where = (t: TrackView) => `in our backtest on ${t.history}, ${t.years}`;

/**
 * What the note says of how far to trust the advice: never the model's own probability (fitted
 * on a history that is not our catalogue), only how advice like it did on the held-out backtest,
 * as whole cases of 100 rounded down (lib/price-advice.ts `trackView`).
 * - BUY: right when no drop of 3% or more came within the horizon.
 * - WAIT: right when waiting paid no more than buying at once; with how often the drop came.
 * Too few similar cases, or no record published: it says so, and gives no figure.
 */
export function trackSentence(kind: 'BUY' | 'WAIT', t: TrackView | null): string {
  if (!t) return 'We have no backtest record to show for it yet';
  if (t.right === null || t.drops === null) return `Too few similar cases (${t.cases}) ${where(t)} to say how often it is right`;
  return kind === 'BUY'
    ? `Right in ${t.right} of 100 similar cases ${where(t)}`
    : `In similar cases ${where(t)}, waiting cost nothing in ${t.right} of 100 and the price fell 3% or more in ${t.drops} of 100`;
}

/**
 * The AI Price Hunter's buy-or-wait note (issue 16 §3) for one offer: WAIT with the window (the
 * model's horizon) and the expected saving, BUY; each with its track record ({@link trackSentence});
 * or "not enough price history yet" when the offer was watched too few days. Render nothing when
 * there is no advice (no fitted model): none is invented. `compact` is the one-line form of lists.
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
  const detail = wait
    ? `expected saving ${formatPrice(advice.saving)} within ${advice.horizon} days. ${trackSentence('WAIT', advice.track)}`
    : `No drop of 3% or more expected within ${advice.horizon} days. ${trackSentence('BUY', advice.track)}`;
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
