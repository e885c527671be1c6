/**
 * Inputs of `npm run backtest` (issue 16 §4): observed price histories as offer id → daily points
 * (oldest first), from
 * - a CSV with the columns `commit_date,commit,id,link,title,size,price,availability` (one row per
 *   item per snapshot; `price` as the feed writes it, e.g. `139.99 USD`; `commit_date` ISO 8601
 *   with offset), e.g. built from the git history of a public merchant feed, plain or gzipped
 *   (`.gz`: a long history is stored compressed, see {@link readHistoryCsv}); or
 * - a folder of dated feed snapshots (files whose names start with YYYY-MM-DD, any format
 *   `parseFeed` reads), read in date order.
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
