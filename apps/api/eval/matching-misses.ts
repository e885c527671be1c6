/**
 * `npm run eval:matching-misses`: the development part's missed true pairs (and, with `--fp`, its
 * false matches and the false pairs blocked together and scoring within 0.2 under the threshold),
 * each with its score (the committed `MATCH_MODEL`, in-sample), reading (F with the fields, T titles
 * only), file, and both offers as the matcher read them (brand key, model keys, fitted devices,
 * price), grouped by cause: the veto that fired, not blocked together, or under the threshold by
 * model agreement (`compareModels`). For studying where recall is lost; it reads the development
 * part only (`training.tsv`, `development.tsv`), never the held-out file.
 *
 * Options: `--reading fields|titles` (default both), `--fp` (false pairs instead of missed true
 * ones), `--limit N` lines per group (default 400).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MATCH_THRESHOLD, matchScore, type MatchRecord } from '../src/matching/index.ts';
import { dataDir, readings } from './matching/pairs.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const show = (r: MatchRecord) =>
  `${r.title} [brand ${r.brand ?? '-'}; models ${r.models.join(',') || '-'}${r.fits.length ? `; fits ${r.fits.join(',')}` : ''}; $${r.priceCents === null ? '-' : (r.priceCents / 100).toFixed(2)}]`;

async function main(): Promise<void> {
  const dir = dataDir();
  if (!dir) return console.log('labelled pairs not found');
  const files = existsSync(path.join(dir, 'training.tsv')) ? (['training', 'development'] as const) : (['development'] as const);
  const reading = arg('reading');
  const fp = process.argv.includes('--fp');
  const limit = Number(arg('limit') ?? 400);
  const groups = new Map<string, string[]>();
  for (const f of files)
    for (const r of await readings(dir, f)) {
      if (reading && (reading === 'titles') !== r.titleOnly) continue;
      for (const p of r.pairs) {
        if (p.match === fp) continue;
        const s = matchScore(p.a, p.b, r.stats);
        const predicted = p.blocked && s.score >= MATCH_THRESHOLD;
        if (predicted !== fp && !(fp && s.score >= MATCH_THRESHOLD - 0.2 && p.blocked)) continue;
        const cause = s.veto ? `veto ${s.veto}` : !p.blocked ? 'not blocked' : predicted ? 'matched' : `under the threshold, model numbers ${s.models}`;
        const line = `${s.score.toFixed(3)} ${r.titleOnly ? 'T' : 'F'} ${f}\n  W ${show(p.a)}\n  A ${show(p.b)}`;
        groups.set(cause, [...(groups.get(cause) ?? []), line]);
      }
    }
  for (const [cause, lines] of [...groups].sort((x, y) => y[1].length - x[1].length)) {
    console.log(`== ${cause}: ${lines.length}`);
    for (const l of lines.sort().slice(0, limit)) console.log(l);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
