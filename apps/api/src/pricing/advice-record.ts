/**
 * The buy-or-wait advice's track record (issue 16 §3, "never a confidence the evidence does not
 * back"), pure: no I/O. The model's probability is not a promise a shopper can read: it was fitted
 * on a history that is not our catalogue (content/price-advice-model.json names it). What the pages
 * show instead is how often advice like it turned out right on the held-out part of the backtest
 * (backtest.ts: decisions on or after the split day, which nothing was fitted on), by band of the
 * model's drop probability:
 *
 * - a **BUY** ("no drop of 3 % or more expected within the horizon") was right when the price did
 *   not fall {@link ADVICE_MIN_DROP} (3 %) or more below the day's price within the horizon: the
 *   saving it said was not coming did not come;
 * - a **WAIT** was right when waiting (the backtest's alert execution: one alert at 3 % under the
 *   day's price, else the horizon's last in-stock day) paid no more than buying at once, the
 *   backtest's no-worse; its band also counts how often the 3 % drop came (the saving reached).
 *
 * The model's probability of a decision is read from that day's features, which read nothing after
 * the day (`adviceFeaturesAt`); only the outcome, the label, looks at the horizon. Bands are fixed
 * edges plus the model's WAIT threshold, so every band holds one kind of advice. A band with fewer
 * than {@link RECORD_MIN_DECISIONS} decisions gives no figure. Shares are shown rounded down
 * (core `casesOf100`), never above what was observed.
 */
import { ADVICE_MIN_DROP, dropProbability, type AdviceModel } from './advice.ts';
import type { Decision } from './backtest.ts';

/** Band edges of the model's drop probability (the model's WAIT threshold is added to them). */
export const RECORD_EDGES = [0, 0.01, 0.02, 0.03, 0.05, 0.07, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1] as const;
/** Fewest held-out decisions in a band before its share is shown (below it, a share moves by more than a point with one decision). */
export const RECORD_MIN_DECISIONS = 100;

/** One band of the record: drop probabilities in [from, to) (the last band includes 1), its advice, and counts of held-out decisions. */
export interface RecordBand {
  from: number;
  to: number;
  advice: 'BUY' | 'WAIT';
  /** Held-out decisions whose probability fell in the band. */
  decisions: number;
  /** Of them, how many turned out right (see the module comment). */
  right: number;
  /** Of them, how many saw the price fall 3 % or more within the horizon. */
  drops: number;
}

/** The record of one horizon's model, as kept in the model file beside the model. */
export interface AdviceRecord {
  /** The held-out days it was measured on, YYYY-MM-DD, inclusive (decision days). */
  measured: [string, string];
  /** A short name of the history for the pages ("Hong Kong personal care and baby goods"). */
  history: string;
  bands: RecordBand[];
}

/** What one advice carries of the record: its band's figures (shares 0..1, null under RECORD_MIN_DECISIONS decisions). */
export interface AdviceTrack {
  band: [number, number];
  decisions: number;
  /** Share of the band's decisions that turned out right; null when too few. */
  right: number | null;
  /** Share of them that saw a drop of 3 % or more; null when too few. */
  drops: number | null;
  history: string;
  measured: [string, string];
}

const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** The band edges for a model with WAIT threshold `threshold` (a threshold outside (0, 1) adds none). */
export function recordEdges(threshold: number): number[] {
  const edges = new Set<number>(RECORD_EDGES);
  if (threshold > 0 && threshold < 1) edges.add(threshold);
  return [...edges].sort((a, b) => a - b);
}

/** Index of the band of `edges` holding probability `p` (0..1; 1 falls in the last band). */
function bandIndex(edges: readonly number[], p: number): number {
  for (let k = edges.length - 2; k >= 0; k--) if (p >= edges[k]!) return k;
  return 0;
}

/**
 * The record of `model` over `decisions` (the backtest's held-out decisions of the model's
 * horizon), named `history`. Deterministic; counts only, so equal inputs give equal files. Throws
 * when there are no decisions (a record of nothing would show nothing honestly anyway).
 */
export function adviceRecord(model: AdviceModel, decisions: readonly Decision[], history: string): AdviceRecord {
  if (decisions.length === 0) throw new Error('advice record: no held-out decisions to measure');
  const edges = recordEdges(model.threshold);
  const bands: RecordBand[] = edges.slice(0, -1).map((from, k) => ({
    from,
    to: edges[k + 1]!,
    advice: from >= model.threshold ? 'WAIT' : 'BUY',
    decisions: 0,
    right: 0,
    drops: 0,
  }));
  let first = Infinity;
  let last = -Infinity;
  for (const d of decisions) {
    const p = dropProbability(model, d.features);
    const band = bands[bandIndex(edges, p)]!;
    const dropped = d.bestPrice <= d.price * (1 - ADVICE_MIN_DROP);
    band.decisions++;
    if (dropped) band.drops++;
    if (p >= model.threshold ? d.waitPrice <= d.price : !dropped) band.right++;
    first = Math.min(first, d.day);
    last = Math.max(last, d.day);
  }
  return { measured: [iso(first), iso(last)], history, bands: bands.filter((b) => b.decisions > 0) };
}

/** The figures of the band of `record` holding drop probability `p`; null when no band holds it (a record without decisions there). */
export function trackOf(record: AdviceRecord, p: number): AdviceTrack | null {
  const band = record.bands.find((b) => p >= b.from && (p < b.to || (b.to === 1 && p === 1)));
  if (!band) return null;
  const enough = band.decisions >= RECORD_MIN_DECISIONS;
  return {
    band: [band.from, band.to],
    decisions: band.decisions,
    right: enough ? band.right / band.decisions : null,
    drops: enough ? band.drops / band.decisions : null,
    history: record.history,
    measured: record.measured,
  };
}
