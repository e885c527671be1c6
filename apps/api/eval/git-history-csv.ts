/**
 * Builds a development price history for `npm run backtest` (issue 16 §4) from the git history of a
 * public file that a scraper commits: each commit that touched the file is a dated snapshot.
 *
 *   tsx apps/api/eval/git-history-csv.ts <git dir> <path in repo> <out.csv> [--format shopify|tracker|pricewatch]
 *       [--currency USD] [--base https://store] [--category REGEX]
 *
 * Writes the CSV form `commit_date,commit,id,link,title,size,price,availability` (one row
 * per item per snapshot, `price` as `12.34 USD`, `commit_date` the committer date, ISO 8601 with
 * offset), row by row as it reads the commits (a long history does not have to fit in memory).
 * Formats:
 * - `shopify`: a Shopify `products.json` (`{products: [{id, handle, title, variants: [{title, price, available}]}]}`),
 *   one row per variant (`size` = the variant's title);
 * - `tracker`: a tracker's list `{products: [{id, title, url, price, available}]}` whose `price` is
 *   what a shopper pays that hour (for example lumibricks-sale-tracker's docs/data/current.json);
 * - `pricewatch`: the Hong Kong Consumer Council's Online Price Watch list, as published
 *   (`[{code, brand: {en}, name: {en}, cat1Name: {en}, prices: [{supermarketCode, price}]}]`) or as
 *   re-published keyed by merchant (`cat1`, `prices: {CODE: {price}}`, a list or a map by code):
 *   one row per product per merchant, id `code@MERCHANT` (each merchant's offer is its own
 *   series), currency HKD unless `--currency` says otherwise. A listed price is a shelf price on
 *   sale that day (in stock); the multi-buy `offers` text is not a unit price and is left out.
 * `--category REGEX` keeps the items whose category (pricewatch: cat1 in English; shopify:
 * product_type) matches, case-insensitive. Snapshots that are not valid JSON are skipped and
 * counted. Nothing is fetched: the git directory must already be on disk (a bare mirror is fine).
 * Exit 2 for bad arguments.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';

/** One CSV row of the history form. */
export interface HistoryRow {
  commit_date: string;
  commit: string;
  id: string;
  link: string;
  title: string;
  size: string;
  price: string;
  availability: string;
}

const COLUMNS = ['commit_date', 'commit', 'id', 'link', 'title', 'size', 'price', 'availability'] as const;
/** RFC 4180 field: quoted when it holds a comma, quote or line break. */
const field = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The CSV lines of `rows` (no header), each ending in a line break. */
const csvLines = (rows: readonly HistoryRow[]): string => rows.map((r) => `${COLUMNS.map((c) => field(r[c])).join(',')}\n`).join('');

/** The rows as the CSV text, header first. */
export const toCsv = (rows: readonly HistoryRow[]): string => `${COLUMNS.join(',')}\n${csvLines(rows)}`;

/** Formats `rowsOfSnapshot` reads. */
export const FORMATS = ['shopify', 'tracker', 'pricewatch'] as const;
export type SnapshotFormat = (typeof FORMATS)[number];

const money = (value: unknown, currency: string): string | null => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? `${n.toFixed(2)} ${currency}` : null;
};
const stock = (available: unknown) => (available === false ? 'out_of_stock' : 'in_stock');

/**
 * The rows of one snapshot (`json`, parsed) committed as `commit` at `date`, in `format` (see the
 * module comment). Items without a readable positive price are left out (they were not offered at
 * a price that day), and so are items whose category does not match `meta.category`.
 */
export function rowsOfSnapshot(
  json: unknown,
  format: SnapshotFormat,
  meta: { commit: string; date: string; currency: string; base: string; category?: RegExp },
): HistoryRow[] {
  if (format === 'pricewatch') return rowsOfPriceWatch(json, meta);
  const products = (json as { products?: unknown[] } | null)?.products;
  if (!Array.isArray(products)) return [];
  const rows: HistoryRow[] = [];
  for (const raw of products) {
    const p = raw as Record<string, unknown>;
    if (p.id == null) continue;
    if (meta.category && !meta.category.test(String(p.product_type ?? ''))) continue;
    if (format === 'tracker') {
      const price = money(p.price, meta.currency);
      if (price)
        rows.push({
          commit_date: meta.date,
          commit: meta.commit,
          id: String(p.id),
          link: String(p.url ?? ''),
          title: String(p.title ?? ''),
          size: '',
          price,
          availability: stock(p.available),
        });
      continue;
    }
    for (const rawVariant of Array.isArray(p.variants) ? p.variants : []) {
      const v = rawVariant as Record<string, unknown>;
      const price = money(v.price, meta.currency);
      if (!price) continue;
      rows.push({
        commit_date: meta.date,
        commit: meta.commit,
        id: String(p.id),
        link: p.handle ? `${meta.base}/products/${String(p.handle)}` : '',
        title: String(p.title ?? ''),
        size: v.title && v.title !== 'Default Title' ? String(v.title) : '',
        price,
        availability: stock(v.available),
      });
    }
  }
  return rows;
}

/** English text of an Online Price Watch `{en, zh-Hant, …}` field (or a plain string). */
const english = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'object' && v ? String((v as { en?: unknown }).en ?? '') : '');

/** Rows of an Online Price Watch snapshot (see the module comment): one per product and merchant. */
function rowsOfPriceWatch(json: unknown, meta: { commit: string; date: string; currency: string; category?: RegExp }): HistoryRow[] {
  const items = Array.isArray(json) ? json : json && typeof json === 'object' ? Object.values(json) : [];
  const rows: HistoryRow[] = [];
  for (const raw of items) {
    const p = raw as Record<string, unknown>;
    if (p?.code == null) continue;
    if (meta.category && !meta.category.test(english(p.cat1Name ?? p.cat1))) continue;
    const prices = Array.isArray(p.prices) ? p.prices : p.prices && typeof p.prices === 'object' ? Object.values(p.prices) : [];
    const title = [english(p.brand), english(p.name)].filter(Boolean).join(' ');
    for (const rawPrice of prices) {
      const q = rawPrice as Record<string, unknown>;
      const price = money(q.price, meta.currency);
      if (!price || !q.supermarketCode) continue;
      rows.push({
        commit_date: meta.date,
        commit: meta.commit,
        id: `${String(p.code)}@${String(q.supermarketCode)}`,
        link: '',
        title,
        size: '',
        price,
        availability: 'in_stock',
      });
    }
  }
  return rows;
}

function main(argv: string[]): number {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'shopify' },
      currency: { type: 'string' },
      base: { type: 'string', default: '' },
      category: { type: 'string' },
    },
  });
  const [gitDir, file, out] = positionals;
  const format = values.format as SnapshotFormat;
  if (!gitDir || !file || !out || !FORMATS.includes(format)) {
    process.stderr.write(
      'usage: git-history-csv <git dir> <path in repo> <out.csv> [--format shopify|tracker|pricewatch] [--currency USD] [--base https://store] [--category REGEX]\n',
    );
    return 2;
  }
  const currency = values.currency ?? (format === 'pricewatch' ? 'HKD' : 'USD');
  const category = values.category ? new RegExp(values.category, 'i') : undefined;
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const commits = git('log', '--format=%H %cI', '--', file)
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(' ') as [string, string])
    .reverse();
  const fd = openSync(out, 'w');
  writeSync(fd, `${COLUMNS.join(',')}\n`);
  const items = new Set<string>();
  let rowCount = 0;
  let skipped = 0;
  for (const [commit, date] of commits) {
    let rows: HistoryRow[];
    try {
      rows = rowsOfSnapshot(JSON.parse(git('show', `${commit}:${file}`)), format, { commit, date, currency, base: values.base.replace(/\/$/, ''), category });
    } catch {
      skipped++;
      continue;
    }
    writeSync(fd, csvLines(rows));
    rowCount += rows.length;
    for (const r of rows) items.add(`${r.id}|${r.size}`);
  }
  closeSync(fd);
  process.stdout.write(
    `${commits.length} commits (${skipped} unreadable), ${rowCount} rows, ${items.size} items, ${commits[0]?.[1] ?? '-'} … ${commits.at(-1)?.[1] ?? '-'}\n`,
  );
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
