/**
 * `npm run eval:data`: builds the third-party evaluation data the evals read into this folder,
 * from the public repositories it comes from (each sub-folder's SOURCE.md names the repository,
 * commit, files and licence). The data is not committed: run this once after cloning.
 *
 *   npm run eval:data -- walmart-amazon <megagonlabs/ditto: a checkout at 5298556, or a git directory>
 *   npm run eval:data -- magento <magento/magento2-sample-data: a checkout at 53807565, or a git directory>
 *   npm run eval:data -- myntra <styles.csv of the Fashion Product Images dataset>
 *   npm run eval:data -- myntra-copies <git directories of the public partial copies of that styles.csv, see MYNTRA_COPIES>
 *
 * Given a git directory (a bare clone or a `.git` folder) it reads the files at the pinned commit
 * (`git show`); given a checkout it reads the working files. Every output is checked against the
 * SHA-256 the published figures were measured with (a mismatch is reported, and the file kept).
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** SHA-256 of each output the recorded figures were measured with. */
const EXPECTED: Record<string, string> = {
  'matching/walmart-amazon/training.tsv': '98271fe72c556384a6a77206e38f6ed66b3b621549656772db3d9795dd075463',
  'matching/walmart-amazon/development.tsv': '4448987b00798cf89c3fd8b7a56ecb515a8380321ce055ef7fa935e14b497d0d',
  'matching/walmart-amazon/heldout.tsv': '76cec0487217dccb81712e0e66f2e19d60fcb821db25fee5d0e30c2749244197',
  'categories/myntra/styles.csv': '62fd04c705069a57fff566893c536ad5ecfbbf4edddaf44f26a6c82baf7ae8c2',
  'magento-sample/fixtures/CatalogSampleData__SimpleProduct_products_gear_bags.csv': 'b1a97ddfc0bdb1dbb21055e40f00ff09f9f8df1ebe5273c93466778acaf5d938',
  'magento-sample/fixtures/CatalogSampleData__SimpleProduct_products_gear_fitness_equipment.csv':
    '3e41d9ce27d6623bb4f125917ead4d28ceca2ab2164f5c1ac037c1ac27cc2ca8',
  'magento-sample/fixtures/CatalogSampleData__SimpleProduct_products_gear_fitness_equipment_ball.csv':
    '7366ca3edaf5ffa43c7bcc1952f9f981f950b18f698bc9a4e7217131fefb5bf6',
  'magento-sample/fixtures/CatalogSampleData__SimpleProduct_products_gear_fitness_equipment_strap.csv':
    'e3cd173ecb61144d3411b08b6e8562c0f067fb2e709811f84917a8d4b8f88ef4',
  'magento-sample/fixtures/CatalogSampleData__SimpleProduct_products_gear_watches.csv': '78b75d524604c7a1a39a02e3d753e1a303fabdf59af2ef8ff320696c26b49c44',
  'magento-sample/fixtures/ConfigurableSampleData__products.csv': '4cdee0a21f6c124e93dc273f97a8d4875e99d933300a538fb6ca2dd54a2ae45b',
};

/** Reads a repository's files: from a git directory at `commit`, or from a checkout's working files. */
function repository(source: string, commit: string): { read: (file: string) => Buffer; list: (dir: string) => string[] } {
  const gitDir = existsSync(path.join(source, 'objects')) && existsSync(path.join(source, 'HEAD'));
  if (gitDir) {
    const git = (...args: string[]) => execFileSync('git', [`--git-dir=${source}`, ...args], { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
    return {
      read: (file) => git('show', `${commit}:${file}`),
      list: (dir) =>
        git('ls-tree', '-r', '--name-only', commit, dir)
          .toString('utf8')
          .split('\n')
          .filter(Boolean)
          .map((f) => f.slice(dir.length + 1)),
    };
  }
  return {
    read: (file) => readFileSync(path.join(source, file)),
    list: (dir) => readdirSync(path.join(source, dir), { recursive: true, encoding: 'utf8' }).map((f) => f.split(path.sep).join('/')),
  };
}

/** Writes an output and checks it against {@link EXPECTED}; returns false on a mismatch. */
function write(rel: string, bytes: Buffer | string): boolean {
  const file = path.join(HERE, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  const sha = createHash('sha256').update(bytes).digest('hex');
  const expected = EXPECTED[rel];
  const verdict = !expected ? 'no recorded checksum' : sha === expected ? 'checksum ok' : `CHECKSUM MISMATCH (expected ${expected})`;
  console.log(`${rel}: ${sha} ${verdict}`);
  return !expected || sha === expected;
}

/** The attributes of each side of a Ditto Walmart-Amazon line, in the order of the TSV's columns. */
const WA_ATTRIBUTES = ['title', 'brand', 'modelno', 'category', 'price'] as const;

/**
 * One line of Ditto's serialised form (`left TAB right TAB label`, each side a run of
 * `COL <attribute> VAL <value>`) → the TSV's row: label, then the walmart (left) and the amazon
 * (right) offer's attributes, values trimmed.
 */
function dittoRow(line: string): string[] {
  const parts = line.split('\t');
  if (parts.length !== 3) throw new Error(`expected 3 tab-separated parts, got ${parts.length}: ${line.slice(0, 80)}`);
  const [left, right, label] = parts as [string, string, string];
  const side = (text: string) => {
    const values = new Map<string, string>();
    for (const m of text.matchAll(/COL (\w+) VAL (.*?)(?= COL \w+ VAL |$)/g)) values.set(m[1]!, m[2]!.trim());
    return WA_ATTRIBUTES.map((a) => {
      const v = values.get(a);
      if (v === undefined) throw new Error(`attribute ${a} missing: ${text.slice(0, 80)}`);
      if (/[\t\n"]/.test(v)) throw new Error(`value of ${a} holds a tab, newline or quote: ${v}`);
      return v;
    });
  };
  if (label.trim() !== '0' && label.trim() !== '1') throw new Error(`label is neither 0 nor 1: ${label}`);
  return [label.trim(), ...side(left), ...side(right)];
}

/**
 * Ditto's Walmart-Amazon (structured) train.txt → training.tsv and valid.txt → development.tsv (both
 * development data: the scorer is fitted and its threshold chosen on them), test.txt → heldout.tsv.
 */
function walmartAmazon(source: string): boolean {
  const repo = repository(source, '5298556');
  const header = ['label', ...['walmart', 'amazon'].flatMap((p) => WA_ATTRIBUTES.map((a) => `${p}_${a}`))];
  let ok = true;
  for (const [from, to] of [
    ['train.txt', 'training.tsv'],
    ['valid.txt', 'development.tsv'],
    ['test.txt', 'heldout.tsv'],
  ] as const) {
    const rows = repo.read(`data/er_magellan/Structured/Walmart-Amazon/${from}`).toString('utf8').split('\n').filter(Boolean).map(dittoRow);
    console.log(`${to} ← ${from}: ${rows.length} pairs, ${rows.filter((r) => r[0] === '1').length} true`);
    ok = write(`matching/walmart-amazon/${to}`, [header, ...rows].map((r) => r.join('\t') + '\n').join('')) && ok;
  }
  return ok;
}

/** The fixture CSVs the Luma evals read (eval/categories.ts, eval/search.ts), as paths under app/code/Magento. */
const MAGENTO_FIXTURES = /^(ConfigurableSampleData\/fixtures\/products\.csv|CatalogSampleData\/fixtures\/SimpleProduct\/products_gear_[^/]*\.csv)$/;

/** Magento's fixture CSVs, copied unchanged as `<Module>__<path under fixtures/, '/' → '_'>.csv`. */
function magento(source: string): boolean {
  const repo = repository(source, '53807565ba9f23c9409268c02bb995cf39ef553d');
  let ok = true;
  for (const rel of repo.list('app/code/Magento').sort()) {
    if (!MAGENTO_FIXTURES.test(rel)) continue;
    const [module, , ...rest] = rel.split('/');
    ok = write(`magento-sample/fixtures/${module}__${rest.join('_')}`, repo.read(`app/code/Magento/${rel}`)) && ok;
  }
  return ok;
}

/** The dataset's styles.csv, copied unchanged. */
function myntra(source: string): boolean {
  return write('categories/myntra/styles.csv', readFileSync(source));
}

/** The columns of the dataset's styles.csv, in its order. */
const MYNTRA_COLUMNS = ['id', 'gender', 'masterCategory', 'subCategory', 'articleType', 'baseColour', 'season', 'year', 'usage', 'productDisplayName'];

/**
 * Public GitHub repositories holding a part of the dataset's styles.csv with its original columns
 * (the whole file, 4.3 MB, is in none that can be fetched here): repository → [commit, path]. In
 * order of precedence where both hold an id (their rows agree but for the year's spelling, `2011`
 * / `2011.0`).
 */
const MYNTRA_COPIES: ReadonlyArray<[repo: string, commit: string, file: string]> = [
  ['PreetiNalawade/Product-Recommendations-Streamlit-App-', '4a8ab8fefb4ca36913fda0be91ab1a097fcf2a57', 'styles.csv'],
  ['rlokprasaath/MultiModalRecommender', 'be1cce30e9ade7a1b526a98e55d7d4f624aac966', 'data/styles.csv'],
];

/**
 * styles.csv rebuilt from the public partial copies ({@link MYNTRA_COPIES}; each source a git
 * directory of one of them): the union of their rows by id, the dataset's columns only, sorted by
 * id, written as CSV (csv-stringify, quoted where needed).
 */
function myntraCopies(sources: string[]): boolean {
  const rows = new Map<number, string[]>();
  const found = new Set<string>();
  for (const [repo, commit, file] of MYNTRA_COPIES) {
    for (const source of sources) {
      let bytes: Buffer;
      try {
        bytes = repository(source, commit).read(file);
      } catch {
        continue; // not this copy's repository
      }
      found.add(repo);
      const records = parse(bytes, { columns: true, skip_empty_lines: true, relax_column_count: true }) as Record<string, string>[];
      let added = 0;
      for (const r of records) {
        const id = Number(r.id);
        if (!Number.isInteger(id) || rows.has(id)) continue;
        rows.set(
          id,
          MYNTRA_COLUMNS.map((c) => (r[c] ?? '').trim()),
        );
        added++;
      }
      console.log(`${repo}@${commit.slice(0, 8)}:${file}: ${records.length} rows, ${added} new`);
      break;
    }
  }
  for (const [repo] of MYNTRA_COPIES) if (!found.has(repo)) console.log(`${repo}: not among the sources (its rows are missing)`);
  const sorted = [...rows].sort(([a], [b]) => a - b).map(([, r]) => r);
  return write('categories/myntra/styles.csv', stringify([MYNTRA_COLUMNS, ...sorted]));
}

const [command, ...sources] = process.argv.slice(2);
const commands: Record<string, (sources: string[]) => boolean> = {
  'walmart-amazon': ([source]) => walmartAmazon(source!),
  magento: ([source]) => magento(source!),
  myntra: ([source]) => myntra(source!),
  'myntra-copies': myntraCopies,
};
if (!command || sources.length === 0 || !commands[command] || (command !== 'myntra-copies' && sources.length !== 1)) {
  console.error('usage: npm run eval:data -- walmart-amazon|magento|myntra <source> | myntra-copies <git dir> [<git dir> …] (see apps/api/eval/data/build.ts)');
  process.exit(1);
}
if (!commands[command](sources)) process.exitCode = 1;
