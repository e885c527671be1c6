/**
 * Builds a development price history for `npm run backtest` (issue 16 §4) from the git history of a
 * public file that a scraper commits: each commit that touched the file is a dated snapshot.
 *
 *   tsx apps/api/eval/git-history-csv.ts <git dir> <path in repo> <out.csv> [--format shopify|tracker] [--currency USD] [--base https://store]
 *
 * Writes the CSV form `commit_date,commit,id,link,title,size,price,availability` (one row
 * per item per snapshot, `price` as `12.34 USD`, `commit_date` the committer date, ISO 8601 with
 * offset). Formats:
 * - `shopify`: a Shopify `products.json` (`{products: [{id, handle, title, variants: [{title, price, available}]}]}`),
 *   one row per variant (`size` = the variant's title);
 * - `tracker`: a tracker's list `{products: [{id, title, url, price, available}]}` whose `price` is
 *   what a shopper pays that hour (for example lumibricks-sale-tracker's docs/data/current.json).
 * Snapshots that are not valid JSON are skipped and counted on stderr. Nothing is fetched: the git
 * directory must already be on disk (a bare mirror is fine). Exit 2 for bad arguments.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
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

/** The rows as the CSV text, header first. */
export const toCsv = (rows: readonly HistoryRow[]): string =>
  [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => field(r[c])).join(','))].join('\n') + '\n';

const money = (value: unknown, currency: string): string | null => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? `${n.toFixed(2)} ${currency}` : null;
};
const stock = (available: unknown) => (available === false ? 'out_of_stock' : 'in_stock');

/**
 * The rows of one snapshot (`json`, parsed) committed as `commit` at `date`. Items without a
 * readable positive price are left out (they were not offered at a price that day).
 */
export function rowsOfSnapshot(
  json: unknown,
  format: 'shopify' | 'tracker',
  meta: { commit: string; date: string; currency: string; base: string },
): HistoryRow[] {
  const products = (json as { products?: unknown[] } | null)?.products;
  if (!Array.isArray(products)) return [];
  const rows: HistoryRow[] = [];
  for (const raw of products) {
    const p = raw as Record<string, unknown>;
    if (p.id == null) continue;
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

function main(argv: string[]): number {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { format: { type: 'string', default: 'shopify' }, currency: { type: 'string', default: 'USD' }, base: { type: 'string', default: '' } },
  });
  const [gitDir, file, out] = positionals;
  const format = values.format;
  if (!gitDir || !file || !out || (format !== 'shopify' && format !== 'tracker')) {
    process.stderr.write('usage: git-history-csv <git dir> <path in repo> <out.csv> [--format shopify|tracker] [--currency USD] [--base https://store]\n');
    return 2;
  }
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const commits = git('log', '--format=%H %cI', '--', file)
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(' ') as [string, string])
    .reverse();
  const rows: HistoryRow[] = [];
  let skipped = 0;
  for (const [commit, date] of commits) {
    try {
      rows.push(
        ...rowsOfSnapshot(JSON.parse(git('show', `${commit}:${file}`)), format, {
          commit,
          date,
          currency: values.currency,
          base: values.base.replace(/\/$/, ''),
        }),
      );
    } catch {
      skipped++;
    }
  }
  writeFileSync(out, toCsv(rows));
  const items = new Set(rows.map((r) => `${r.id}|${r.size}`)).size;
  process.stdout.write(
    `${commits.length} commits (${skipped} unreadable), ${rows.length} rows, ${items} items, ${commits[0]?.[1] ?? '-'} … ${commits.at(-1)?.[1] ?? '-'}\n`,
  );
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
