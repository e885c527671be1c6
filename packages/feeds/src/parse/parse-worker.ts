/**
 * Worker thread of {@link parseFeedInParallel} (parallel.ts): parses the XML text it is given
 * (`workerData`, a {@link ParseWorkerInput}) with `parseFeed` and posts the ParsedFeed back. A
 * FeedReadError or any other failure ends the worker with an error, which the caller answers by
 * parsing the whole feed on its own thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseFeed } from './index.ts';
import type { ParseWorkerInput } from './parallel.ts';

const { text, opts } = workerData as ParseWorkerInput;
parentPort!.postMessage(parseFeed(text, opts));
