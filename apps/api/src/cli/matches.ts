/**
 * `npm run matches -- review [--limit N] [--json]`: the borderline pairs of offer matching (an
 * offer and the product it scored just under the threshold against), with both titles and
 * prices. `npm run matches -- accept <offerId>` / `reject <offerId>` records the operator's
 * decision; every later ingest honours it. `npm run matches -- rematch [--json]` re-runs matching
 * over the whole catalogue after the matcher changed, keeping every offer's price history
 * (apps/api/src/matching/review.ts).
 *
 * Exit codes: 0 done; 1 the decision could not be taken (unknown offer, no candidate) or the
 * embedded database is held by a running server; 2 bad arguments.
 */
import { parseArgs } from 'node:util';
import { formatPrice } from '@b-deals/core';
import { ReviewError, decideMatch, rematch, reviewQueue, type ReviewPair } from '../matching/index.ts';
import { loadConfig } from '../env.ts';
import { openConfiguredDatabase, runningServer } from '../runtime.ts';

const USAGE = 'Usage: npm run matches -- review [--limit N] [--json] | accept <offerId> | reject <offerId> | rematch [--json]\n';

const price = (cents: number | null) => (cents === null ? '—' : formatPrice(cents));

/** One pair as three lines: score and offer id, the offer, the product. */
export function formatPair(p: ReviewPair): string {
  return [
    `offer ${p.offerId}  score ${p.score.toFixed(3)}`,
    `  ${p.merchant}: ${p.offerTitle}  ${price(p.offerPriceCents)}`,
    `  product ${p.productId}: ${p.productTitle}  ${price(p.productPriceCents)}`,
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        limit: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    process.stderr.write(`matches: ${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, id, ...extra] = args.positionals;
  if (args.values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const limit = args.values.limit === undefined ? 50 : Number(args.values.limit);
  const offerId = Number(id);
  const valid =
    (command === 'review' && id === undefined && Number.isInteger(limit) && limit > 0) ||
    (command === 'rematch' && id === undefined) ||
    ((command === 'accept' || command === 'reject') && Number.isInteger(offerId) && offerId > 0 && extra.length === 0);
  if (!valid) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = loadConfig();
  const held = config.databaseUrl ? null : await runningServer(config).catch((err: Error) => err.message);
  if (held) {
    process.stderr.write(
      `matches: the storefront server holds the embedded database; stop it first (or use DATABASE_URL)${held.startsWith('http') ? '' : ` (${held})`}\n`,
    );
    return 1;
  }
  const db = await openConfiguredDatabase(config);
  try {
    if (command === 'rematch') {
      const report = await rematch(db, {
        onBatch: (done, total) => process.stderr.write(`rematch: ${done}/${total} offers\n`),
      });
      process.stdout.write(
        args.values.json
          ? `${JSON.stringify(report)}\n`
          : `offers looked at ${report.offers}, moved ${report.moved}, split out into products of their own ${report.split}, products removed ${report.removedProducts}, model keys added ${report.keysAdded}\n`,
      );
      return 0;
    }
    if (command === 'review') {
      const pairs = await reviewQueue(db, { limit });
      if (args.values.json) process.stdout.write(`${JSON.stringify(pairs)}\n`);
      else process.stdout.write(pairs.length ? `${pairs.map(formatPair).join('\n\n')}\n` : 'No borderline pairs to review.\n');
      return 0;
    }
    await decideMatch(db, offerId, command as 'accept' | 'reject');
    process.stdout.write(
      `offer ${offerId}: ${command === 'accept' ? 'accepted, joined to its candidate product' : 'rejected; it will not be joined to that product'}\n`,
    );
    return 0;
  } catch (err) {
    if (err instanceof ReviewError) {
      process.stderr.write(`matches: ${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
