/**
 * Parsing a large XML feed on two cores (issue 11 §1, `bench:ingest`): the feed is cut in two at
 * an item boundary, a worker thread parses the second half while this thread parses the first,
 * and the halves are joined into exactly what {@link parseFeed} returns for the whole feed (item
 * positions, and the duplicate-`id` rule carried across the cut). Anything that stops the split
 * or the worker (a CSV feed, no safe cut, no worker) falls back to {@link parseFeed}, so the
 * result does not depend on which path ran; only the time does. The cut is made at an `</item>`
 * (`</entry>`) outside CDATA and comments; a feed so malformed that a lenient single pass would not
 * end an item there (an unescaped `</item>` in raw description HTML) is the one case the two could
 * read differently, item by item still.
 */
import { Worker } from 'node:worker_threads';
import { type ParsedFeed, type ParsedItem } from '../types.ts';
import { decodeFeedText, parseFeed, type ParseFeedOptions } from './index.ts';
import { itemIssue } from './reasons.ts';

/** Feeds smaller than this (bytes) are parsed on one thread: a worker takes about half a second to load the parser. */
export const PARALLEL_PARSE_MIN_BYTES = 8 * 2 ** 20;

/**
 * The worker's share of the feed: less than half, as it starts about 0.5 s late (loading the
 * parser) and its items cost this thread about 0.4 s per 50,000 to receive (measured on the
 * 100,000-item `bench:ingest` feed: 2.9 s for the first part, 3.1 s until the second arrived).
 */
const WORKER_SHARE = 0.42;

/** Options of {@link parseFeedInParallel} beyond {@link ParseFeedOptions}. */
export interface ParallelParseOptions extends ParseFeedOptions {
  /** Smallest feed (bytes, or UTF-16 code units of a string) parsed on two threads; default {@link PARALLEL_PARSE_MIN_BYTES}. */
  minBytes?: number;
  /** Tests only: throw instead of falling back to one thread when the worker cannot run. */
  requireWorker?: boolean;
}

/** What the worker is given (structured-cloned): the second half as XML text and the parse options. */
export interface ParseWorkerInput {
  text: string;
  opts: ParseFeedOptions;
}

/** The first position of `needle` at or after `from` that lies outside CDATA sections and comments, or -1. */
function indexOutsideMarkup(text: string, needle: RegExp | string, from: number): number {
  for (let at = from; ;) {
    let pos: number;
    if (typeof needle === 'string') pos = text.indexOf(needle, at);
    else {
      needle.lastIndex = at;
      pos = needle.exec(text)?.index ?? -1;
    }
    if (pos < 0) return -1;
    const inCdata = text.lastIndexOf('<![CDATA[', pos) > text.lastIndexOf(']]>', pos);
    const inComment = text.lastIndexOf('<!--', pos) > text.lastIndexOf('-->', pos);
    if (!inCdata && !inComment) return pos;
    at = pos + 1;
  }
}

/**
 * Cuts an RSS (`<item>`) or Atom (`<entry>`) document into two documents at the first item end
 * after `1 - share` of its length: the first keeps the head and the first items and ends with the
 * original closing tags; the second repeats the head (so namespace declarations and the channel
 * stay) before the other items. Returns null when there is no safe cut (fewer than two items, or
 * items not written as plain `<item>`/`<entry>` elements).
 */
export function splitXmlFeed(text: string, share = 0.5): [string, string] | null {
  const first = indexOutsideMarkup(text, /<(item|entry)[\s>]/g, 0);
  if (first < 0) return null;
  const tag = text.startsWith('<item', first) ? 'item' : 'entry';
  const close = `</${tag}>`;
  const last = text.lastIndexOf(close);
  const mid = indexOutsideMarkup(text, close, Math.max(first, Math.floor(text.length * (1 - share))));
  const cut = mid < 0 || mid >= last ? indexOutsideMarkup(text, close, first) : mid;
  if (cut < 0 || cut >= last) return null;
  const end = cut + close.length;
  return [text.slice(0, end) + text.slice(last + close.length), text.slice(0, first) + text.slice(end)];
}

/**
 * Parses the worker's half of a feed in a worker thread: parse-worker-boot.mjs registers tsx's
 * loader (every process of the project runs TypeScript through tsx; a worker inherits none from
 * vitest, and refuses the V8 flags of its parent) and runs parse-worker.ts.
 */
function parseInWorker(input: ParseWorkerInput): Promise<ParsedFeed> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./parse-worker-boot.mjs', import.meta.url), { workerData: input, execArgv: [] });
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
  return new Promise<ParsedFeed>((resolve, reject) => {
    worker.once('message', (feed: ParsedFeed) => resolve(feed));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`feed parse worker exited with code ${code}`)));
  });
}

/**
 * {@link parseFeed} of a large XML feed on two threads (same result, item for item). The second
 * half's items are re-numbered after the first's, and an item of the second half whose `id` the
 * first half already holds is rejected `duplicate_id`, as a single pass rejects it.
 *
 * @throws FeedReadError as {@link parseFeed} does (the error of the single-thread parse).
 */
export async function parseFeedInParallel(input: Buffer | string, opts: ParallelParseOptions): Promise<ParsedFeed> {
  const { minBytes = PARALLEL_PARSE_MIN_BYTES, requireWorker = false, ...parseOpts } = opts;
  if (input.length < minBytes) return parseFeed(input, parseOpts);
  const text = decodeFeedText(input).trimStart();
  const halves = text.startsWith('<') ? splitXmlFeed(text, WORKER_SHARE) : null;
  if (!halves) {
    if (requireWorker) throw new Error('parseFeedInParallel: no item boundary to cut the feed at');
    return parseFeed(text, parseOpts);
  }
  const second = parseInWorker({ text: halves[1], opts: parseOpts });
  // Stop an unobserved rejection while this thread is busy: the outcome is read right after.
  second.catch(() => undefined);
  let head: ParsedFeed;
  try {
    head = parseFeed(halves[0], parseOpts);
  } catch {
    return parseFeed(text, parseOpts);
  }
  let tail: ParsedFeed;
  try {
    tail = await second;
  } catch (err) {
    if (requireWorker) throw err;
    return parseFeed(text, parseOpts);
  }
  const seen = new Set<string>();
  for (const p of head.items) if (p.id !== null) seen.add(p.id);
  const offset = head.items.length;
  const items: ParsedItem[] = head.items;
  for (const p of tail.items) {
    const index = p.index + offset;
    items.push(p.id !== null && seen.has(p.id) ? { index, id: p.id, item: null, warnings: [], rejection: itemIssue('duplicate_id', 'id') } : { ...p, index });
  }
  return { ...head, items };
}
