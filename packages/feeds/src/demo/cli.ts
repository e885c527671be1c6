/**
 * CLI of the demo-catalogue generator:
 *   npx tsx packages/feeds/src/demo/cli.ts --out DIR --media DIR [--products N] [--merchants N]
 *     [--brands N] [--days N] [--seed S] [--now YYYY-MM-DD]
 * `--now` defaults to today's UTC date (the only place the clock is read). Prints a summary
 * line with counts and elapsed ms; exits 1 with a one-line message on bad arguments or errors.
 */
import { parseArgs } from 'node:util';
import { generateDemoCatalogue } from './generate.ts';

function int(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new RangeError(`--${name} must be an integer`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      media: { type: 'string' },
      products: { type: 'string' },
      merchants: { type: 'string' },
      brands: { type: 'string' },
      days: { type: 'string' },
      seed: { type: 'string' },
      now: { type: 'string' },
    },
  });
  if (!values.out || !values.media)
    throw new RangeError('usage: cli.ts --out DIR --media DIR [--products N] [--merchants N] [--brands N] [--days N] [--seed S] [--now YYYY-MM-DD]');
  const clock = new Date();
  const now = values.now ? new Date(`${values.now}T00:00:00Z`) : new Date(Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate()));
  if (Number.isNaN(now.getTime())) throw new RangeError('--now must be YYYY-MM-DD');
  const started = performance.now();
  let lastPhase = '';
  const result = await generateDemoCatalogue({
    outDir: values.out,
    mediaDir: values.media,
    products: int(values.products, 'products'),
    merchants: int(values.merchants, 'merchants'),
    brands: int(values.brands, 'brands'),
    days: int(values.days, 'days'),
    seed: int(values.seed, 'seed'),
    now,
    onProgress: (done, total, phase) => {
      if (phase !== lastPhase) process.stderr.write(`${phase}: ${total} to do (${Math.round(performance.now() - started)} ms)\n`);
      lastPhase = phase;
    },
  });
  const ms = Math.round(performance.now() - started);
  console.log(`demo catalogue: ${result.products} products, ${result.offers} offers, ${result.feeds.length} feeds, ${result.images} images in ${ms} ms`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
