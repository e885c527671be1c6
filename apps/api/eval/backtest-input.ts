/**
 * Inputs of `npm run backtest` (issue 16 §4): observed price histories as offer id → daily points
 * (oldest first), from
 * - a CSV with the columns `commit_date,commit,id,link,title,size,price,availability` (one row per
 *   item per snapshot; `price` as the feed writes it, e.g. `139.99 USD`; `commit_date` ISO 8601
 *   with offset), e.g. built from the git history of a public merchant feed, plain or gzipped
 *   (`.gz`: a long history is stored compressed, see {@link readHistoryCsv}); or
 * - a folder of dated feed snapshots (files whose names start with YYYY-MM-DD, any format
 *   `parseFeed` reads), read in date order; or
 * - a runs file (`*.runs.tsv`, plain or gzipped): the observed days of each offer already laid
 *   out, one row per stretch of consecutive observed days at one price and stock
 *   (`id, from, to, price, availability`; dates inclusive, `price` in minor units), which
 *   {@link runsOfSeries} writes from any of the above: the compact form in which a long history
 *   is kept in the repository.
 *
 * A snapshot observes the items it lists on its day. Snapshots of a git history are commits,
 * made when the file changed, so an item's state holds until the next snapshot: each state is
 * carried to the days before the next snapshot, at most `maxGapDays` (a longer silence is left
 * unobserved). Several snapshots on one UTC day: the last one counts. Amounts are minor units of
 * the feed's currency (cents for USD); an item's prices are only compared with each other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { parseMoney } from '@b-deals/core';
import { loadDefaultFxTable, parseFeed } from '@b-deals/feeds';
import { dayNumber, type PricePoint } from '../src/pricing/advice.ts';

/** One snapshot: its UTC day and each listed item's price (minor units) and stock. */
interface Snapshot {
  day: number;
  items: Map<string, { price: number; inStock: boolean }>;
}

/** Turns snapshots (any order) into series, carrying states up to `maxGapDays` (see the module comment). */
export function seriesFromSnapshots(snapshots: readonly Snapshot[], maxGapDays = 31): Map<string, PricePoint[]> {
  const byDay = new Map<number, Snapshot>();
  for (const s of snapshots) byDay.set(s.day, { day: s.day, items: new Map([...(byDay.get(s.day)?.items ?? []), ...s.items]) });
  const days = [...byDay.keys()].sort((a, b) => a - b);
  const out = new Map<string, PricePoint[]>();
  days.forEach((day, k) => {
    const next = days[k + 1] ?? day + 1;
    for (const [id, state] of byDay.get(day)!.items) {
      let points = out.get(id);
      if (!points) out.set(id, (points = []));
      for (let d = day; d < Math.min(next, day + maxGapDays); d++) points.push({ day: d, price: state.price, inStock: state.inStock });
    }
  });
  return out;
}

const inStock = (availability: string | undefined) => !/out|sold|unavailable/i.test(availability ?? '');

/** The text of a history CSV file, gunzipped when its name ends in `.gz`. Throws when it cannot be read. */
export function readHistoryCsv(file: string): string {
  const bytes = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

/** Snapshots of a history CSV (text). Rows whose price cannot be read are skipped and counted. */
export function snapshotsFromCsv(text: string): { snapshots: Snapshot[]; skipped: number } {
  const rows = parse(text, { columns: true, skip_empty_lines: true, bom: true }) as Array<Record<string, string>>;
  const byCommit = new Map<string, Snapshot>();
  let skipped = 0;
  for (const r of rows) {
    const money = parseMoney(r.price ?? '');
    const when = new Date(r.commit_date ?? '');
    if (!money || Number.isNaN(when.getTime()) || !r.id) {
      skipped++;
      continue;
    }
    const key = r.commit || r.commit_date!;
    let snap = byCommit.get(key);
    if (!snap) byCommit.set(key, (snap = { day: dayNumber(when), items: new Map() }));
    const id = r.size ? `${r.id}|${r.size}` : r.id;
    snap.items.set(id, { price: money.amount, inStock: inStock(r.availability) });
  }
  // Later commits of one day replace earlier ones: order by day, keeping the file's order within a day.
  return { snapshots: [...byCommit.values()].sort((a, b) => a.day - b.day), skipped };
}

/** Snapshots of a folder of dated feed files (names starting YYYY-MM-DD). */
export function snapshotsFromFolder(dir: string): Snapshot[] {
  const fx = loadDefaultFxTable();
  return readdirSync(dir)
    .filter((f) => /^\d{4}-\d{2}-\d{2}/.test(f))
    .sort()
    .map((f) => {
      const day = dayNumber(new Date(`${f.slice(0, 10)}T00:00:00Z`));
      const parsed = parseFeed(readFileSync(path.join(dir, f)), { filename: f, fx, now: new Date(day * 86_400_000) });
      const items = new Map<string, { price: number; inStock: boolean }>();
      for (const p of parsed.items) {
        if (!p.item) continue;
        items.set(p.item.id, { price: p.item.salePriceCents ?? p.item.priceCents, inStock: p.item.availability !== 'out_of_stock' });
      }
      return { day, items };
    });
}

/** True when `file` is a runs file (`*.runs.tsv` or `*.runs.tsv.gz`). */
export const isRunsFile = (file: string): boolean => /\.runs\.tsv(\.gz)?$/.test(file);

const isoDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/**
 * The runs-file text of `series` (see the module comment): a header line, then one row per
 * stretch of consecutive observed days of an offer with one price and stock, offers in id order.
 * {@link seriesFromRuns} reads it back to the same series.
 */
export function runsOfSeries(series: ReadonlyMap<string, readonly PricePoint[]>): string {
  const lines = ['id\tfrom\tto\tprice\tavailability'];
  for (const id of [...series.keys()].sort()) {
    if (/[\t\n]/.test(id)) throw new Error(`runs file: offer id ${JSON.stringify(id)} holds a tab or a line break`);
    const points = series.get(id)!;
    let start = 0;
    for (let i = 1; i <= points.length; i++) {
      const a = points[start]!;
      const b = points[i];
      if (b && b.day === points[i - 1]!.day + 1 && b.price === a.price && b.inStock === a.inStock) continue;
      lines.push(`${id}\t${isoDay(a.day)}\t${isoDay(points[i - 1]!.day)}\t${a.price}\t${a.inStock ? 'in_stock' : 'out_of_stock'}`);
      start = i;
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The series of a runs file's text (offer id → observed points, oldest first). Throws on a row
 * whose dates or price cannot be read, naming its line.
 */
export function seriesFromRuns(text: string): Map<string, PricePoint[]> {
  const out = new Map<string, PricePoint[]>();
  const lines = text.split('\n');
  if (lines[0]?.trim() !== 'id\tfrom\tto\tprice\tavailability')
    throw new Error('runs file: the first line must be id, from, to, price, availability (tab-separated)');
  for (let k = 1; k < lines.length; k++) {
    const line = lines[k]!;
    if (!line.trim()) continue;
    const [id, from, to, price, availability] = line.split('\t');
    const a = Date.parse(`${from}T00:00:00Z`);
    const b = Date.parse(`${to}T00:00:00Z`);
    const cents = Number(price);
    if (!id || Number.isNaN(a) || Number.isNaN(b) || b < a || !Number.isInteger(cents))
      throw new Error(`runs file: line ${k + 1} cannot be read: ${line.slice(0, 80)}`);
    let points = out.get(id);
    if (!points) out.set(id, (points = []));
    for (let d = a / 86_400_000; d <= b / 86_400_000; d++) points.push({ day: d, price: cents, inStock: availability === 'in_stock' });
  }
  return out;
}
