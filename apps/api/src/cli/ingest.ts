/**
 * Ingest CLI (issue 2 §6): `npm run ingest -- <file-or-folder>... [--merchant <slug>] [--json] [--partial]`.
 *
 * Works whether or not the storefront runs: PGlite admits one process at a time, so when a
 * server holds the embedded database (DATA_DIR/api.json names a live one) each file is handed
 * to it over the operator route POST /admin/api/v1/feeds and the new products appear in the
 * running storefront at once; otherwise the CLI opens the database itself.
 *
 * Output: a table per feed for people, or with --json one JSON object per feed on stdout
 * `{feed, format, merchant, items, accepted, warnings, rejected, reasons}`. Exit codes: 0 when
 * every feed was read (even with rejected items), 1 when a feed could not be read at all
 * (one line on stderr saying why), 2 for bad arguments.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { IngestReport } from '@b-deals/contracts';
import { finishIngest, ingestSource, isHistoryFile } from '../ingest/index.ts';
import { isPromotionsFile } from '../editorial/index.ts';
import { loadConfig, type Config } from '../env.ts';
import { loadFx, openConfiguredDatabase, runningServer } from '../runtime.ts';

const FEED_EXT = /\.(xml|rss|atom|csv|tsv|txt)$/i;

/** Expands folders into their feed files (sorted; history files after feeds so offers exist first). */
export function expandInputs(inputs: string[]): string[] {
  const files: string[] = [];
  for (const input of inputs) {
    if (!existsSync(input)) throw new UsageError(`No such file or folder: ${input}`);
    if (statSync(input).isDirectory()) {
      for (const f of readdirSync(input).sort()) if (FEED_EXT.test(f)) files.push(path.join(input, f));
    } else files.push(input);
  }
  // Product feeds first: histories and promotions refer to merchants and offers the feeds create.
  const later = (f: string) => isHistoryFile(f) || isPromotionsFile(f);
  return [...files.filter((f) => !later(f)), ...files.filter(later)];
}

class UsageError extends Error {}

async function viaServer(url: string, config: Config, file: string, merchant: string | undefined, full: boolean): Promise<IngestReport> {
  const q = new URLSearchParams({ filename: path.basename(file), full: String(full) });
  if (merchant) q.set('merchant', merchant);
  const res = await fetch(`${url}/admin/api/v1/feeds?${q}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${config.operatorToken}`, 'content-type': 'application/octet-stream' },
    body: readFileSync(file),
  });
  const body = (await res.json()) as IngestReport & { code?: string; message?: string };
  if (!res.ok) throw new FeedError(body.message ?? `server answered ${res.status}`);
  return body;
}

class FeedError extends Error {}

/** Formats a report as an aligned table for people. */
export function formatReport(r: IngestReport): string {
  const rows: Array<[string, string]> = [
    ['feed', r.feed],
    ['format', r.format],
    ['merchant', r.merchant],
    ['items', String(r.items)],
    ['accepted', `${r.accepted}${r.warnings ? ` (${r.warnings} with warnings)` : ''}`],
    ['rejected', String(r.rejected)],
  ];
  if (r.unchanged) rows.push(['note', 'unchanged since the last ingest: nothing written']);
  if (r.offersKept) rows.push(['note', "no item accepted: the merchant's offers were left as they were"]);
  if (r.matchMethods && Object.keys(r.matchMethods).length)
    rows.push([
      'matched by',
      Object.entries(r.matchMethods)
        .sort((a, b) => b[1] - a[1])
        .map(([m, n]) => `${m} ${n}`)
        .join(', '),
    ]);
  for (const [code, n] of Object.entries(r.reasons).sort((a, b) => b[1] - a[1])) {
    const currencies = code === 'unknown_currency' && r.unknownCurrencies ? Object.entries(r.unknownCurrencies) : [];
    const named = currencies.length
      ? ` (${currencies.map(([c, k]) => `${c} ${k}`).join(', ')}: no exchange rate known; add one to the operator's table, FX_OPERATOR_RATES_FILE)`
      : '';
    rows.push([`  ${code}`, `${n}${named}`]);
  }
  const w = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(w)}  ${v}`).join('\n');
}

async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { merchant: { type: 'string' }, json: { type: 'boolean' }, partial: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    process.stderr.write(`ingest: ${(err as Error).message}\n`);
    return 2;
  }
  if (args.values.help || args.positionals.length === 0) {
    process.stdout.write('Usage: npm run ingest -- <file-or-folder>... [--merchant <slug>] [--json] [--partial]\n');
    return args.values.help ? 0 : 2;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    process.stderr.write(`ingest: ${(err as Error).message}\n`);
    return 2;
  }
  let files: string[];
  try {
    files = expandInputs(args.positionals);
  } catch (err) {
    process.stderr.write(`ingest: ${(err as Error).message}\n`);
    return 2;
  }
  const full = !args.values.partial;
  let server: string | null;
  try {
    server = config.databaseUrl ? null : await runningServer(config);
  } catch (err) {
    process.stderr.write(`ingest: ${(err as Error).message}\n`);
    return 1;
  }
  // The running server converts prices with the rate tables it loaded at its own start, not this process's.
  if (server && (config.fxOperatorRatesFile || config.fxRatesFile))
    process.stderr.write(
      `ingest: the storefront at ${server} ingests these files with the exchange rates it loaded at start; FX_OPERATOR_RATES_FILE / FX_RATES_FILE set here are not read (restart it with them to use new rates)\n`,
    );
  const db = server ? null : await openConfiguredDatabase(config);
  const fx = loadFx(config);
  let failed = 0;
  try {
    for (const file of files) {
      try {
        const report = server
          ? await viaServer(server, config, file, args.values.merchant, full)
          : await ingestSource(db!, {
              bytes: readFileSync(file),
              filename: file,
              fx,
              full,
              merchant: args.values.merchant ? { slug: args.values.merchant } : undefined,
              skipMaintenance: true,
            });
        process.stdout.write(args.values.json ? `${JSON.stringify(report)}\n` : `${formatReport(report)}\n\n`);
      } catch (err) {
        failed++;
        process.stderr.write(`ingest: ${path.basename(file)}: ${(err as Error).message.split('\n')[0]}\n`);
      }
    }
    if (db) await finishIngest(db);
  } finally {
    await db?.close();
  }
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
