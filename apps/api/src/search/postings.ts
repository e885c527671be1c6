/**
 * The inverted file as the snapshot builds it (decision 0003): per lexeme, the rows carrying it,
 * in row order, with each occurrence's weight (A 1.0 … D 0.1), whether it stands in a strong field
 * (title, brand, category words: 1) and its first strong position (0 for none); `heads` marks the
 * sparse postings that modify another word (snapshot `postHead`). `snapshot.ts` packs it into
 * typed arrays; `colours.ts` and `audience.ts` add postings of their own.
 */

/** One lexeme's postings while the snapshot is built. */
export interface Posting {
  rows: number[];
  weights: number[];
  strong: number[];
  pos: number[];
  heads?: Map<number, string>;
}

/** Postings by lexeme. */
export type Postings = Map<string, Posting>;

/** Appends row `row`'s posting of `lexeme` (weight, strong 0 | 1, first strong position) and returns the lexeme's postings. */
export function addPosting(postings: Postings, lexeme: string, row: number, weight: number, strong: 0 | 1, pos: number): Posting {
  let p = postings.get(lexeme);
  if (!p) postings.set(lexeme, (p = { rows: [], weights: [], strong: [], pos: [] }));
  p.rows.push(row);
  p.weights.push(weight);
  p.strong.push(strong);
  p.pos.push(pos);
  return p;
}
