/**
 * Tunes interests.ts `NEAR_SIMILARITY` and `NEAR_MARGIN` (issue 18 follow-up point 2) on the
 * development interests only: the interests of `dev-3.jsonl` and `dev-2.jsonl` that no lexicon or
 * category word names, each labelled with the hobbies whose gifts would be sensible, or none (the
 * answer must be a question). Prints, for each pair of constants, the interests mapped to a sensible
 * hobby, the wild guesses (mapped to another hobby, or mapped when a question was right) and the
 * questions where a sensible hobby existed.
 *
 *   npx tsx apps/api/eval/shopgeni-tune.ts
 */
import { matchInterest } from '../src/assistant/interests.ts';
import { WordVectors } from '../src/assistant/word-vectors.ts';

/** Development interests → sensible hobbies of the lexicon ([] = nothing in the catalogue: ask). */
const DEV: Record<string, string[]> = {
  birdwatching: ['hiking', 'camping', 'outdoors'],
  judo: ['boxing', 'fitness'],
  hunting: ['camping', 'hiking', 'outdoors'],
  snorkeling: ['swimming', 'beach'],
  softball: ['team sports'],
  rowing: ['fitness', 'swimming', 'running'],
  pottery: [],
  chess: [],
  knitting: [],
  astronomy: [],
  baking: [],
  photography: [],
  anime: [],
  'vinyl records': [],
  painting: [],
  wine: [],
  cats: [],
  history: [],
  cars: [],
  cooking: [],
  sunglasses: [],
};

const vectors = await WordVectors.load();
console.log('similarity | margin | sensible | wild | asked instead');
for (const similarity of [0.5, 0.55, 0.6, 0.65, 0.7, 0.75])
  for (const margin of [0, 0.03, 0.05, 0.08, 0.1]) {
    let sensible = 0;
    const wild: string[] = [];
    const asked: string[] = [];
    for (const [interest, ok] of Object.entries(DEV)) {
      const m = matchInterest(interest, vectors, { similarity, margin });
      if (m.how !== 'near') {
        if (ok.length) asked.push(interest);
        else sensible++;
      } else if (ok.includes(m.near!)) sensible++;
      else wild.push(`${interest}→${m.near}`);
    }
    console.log([similarity, margin, `${sensible}/${Object.keys(DEV).length}`, wild.join(' ') || '-', asked.join(' ') || '-'].join(' | '));
  }
