import { MATCH_THRESHOLD, matchScore } from '../src/matching/index.ts';
import { dataDir, readings } from './matching/pairs.ts';
const dir = dataDir()!;
const dev = await readings(dir, 'development');
for (const d of dev) {
  console.log('=== reading titleOnly', d.titleOnly);
  for (const p of d.pairs) {
    if (!p.match) continue;
    const s = matchScore(p.a, p.b, d.stats);
    if (p.blocked && s.score >= MATCH_THRESHOLD) continue;
    console.log(`${s.score.toFixed(3)} veto=${s.veto ?? '-'} blocked=${p.blocked}\n   A[${p.a.brand}|${p.a.models.join(',')}|${p.a.mpn}] ${p.a.title}\n   B[${p.b.brand}|${p.b.models.join(',')}|${p.b.mpn}] ${p.b.title}`);
  }
  if (!d.titleOnly) {} 
}
