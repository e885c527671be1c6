import { formatPrice } from '@b-deals/core';
import { sparkline } from '../lib/favorites';

const WIDTH = 120;
const HEIGHT = 36;

/**
 * A small inline price line (issue 14, B-LOVED): the daily best total of the last 90 days
 * (`history`, cents, oldest first, unobserved days absent) as a 120 × 36 SVG with a dot on the
 * latest day. Named for screen readers by its lowest, highest and latest price; "No price history
 * yet" when there is none.
 */
export function Sparkline({ history }: { history: ReadonlyArray<{ date: string; price: number }> }) {
  const line = sparkline(history, WIDTH, HEIGHT, 3);
  if (!line) return <p className="text-xs text-stone-600">No price history yet</p>;
  const latest = history[history.length - 1]!.price;
  const label = `Price over the last 90 days: lowest ${formatPrice(line.min)}, highest ${formatPrice(line.max)}, latest ${formatPrice(latest)}`;
  return (
    <div className="flex flex-col items-start gap-0.5">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        className="overflow-visible text-accent-600"
        data-testid="sparkline"
      >
        <path d={line.path} fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinejoin="round" strokeLinecap="round" />
        <circle cx={line.last.x} cy={line.last.y} r="2.75" fill="currentColor" />
      </svg>
      <p aria-hidden className="text-xs text-stone-600">
        90 days · low {formatPrice(line.min)}
      </p>
    </div>
  );
}
