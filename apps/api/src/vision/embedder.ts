/**
 * The image embedder (issue 17): decoding and MobileNetV2 inference in a `node:worker_threads`
 * thread (`embed-worker.ts`), so neither ingest's background job nor an image-search request blocks
 * the API's event loop. One thread by default; requests queue inside it in arrival order.
 *
 * Errors: `embed` rejects with {@link ImageDecodeError} for bytes that are not a readable image,
 * and with an Error when the model cannot load or the thread exits.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { combineVector } from './features.ts';

/** The features of one image: the raw model vector (576 floats) and the colour signature (28). */
export interface RawFeatures {
  model: Float32Array;
  colour: Float32Array;
}

/** Bytes that sharp could not read as an image (the message is sharp's). */
export class ImageDecodeError extends Error {}

/** Embeds images off the main thread. */
export interface ImageEmbedder {
  /** Raw features of the encoded image `bytes` (JPEG, PNG, WebP, …). */
  embed(bytes: Uint8Array): Promise<RawFeatures>;
  /** The combined unit vector (`combineVector`) of `bytes`. */
  vector(bytes: Uint8Array): Promise<Float32Array>;
  /** Resolves once the model is loaded, with the tfjs backend's name (`wasm`, or `cpu` as a fallback). */
  ready(): Promise<string>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
/** tsx's registration API: the worker runs TypeScript through tsx, as every entry of the project does. */
const TSX_API = pathToFileURL(require.resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
/** The thread's first script: registers tsx, then imports the worker module. */
const BOOTSTRAP = `const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((tsx) => { tsx.register(); return import(workerData.entry); });`;

type Reply = { id: number; model?: Float32Array; colour?: Float32Array; error?: string } | { ready: boolean; backend?: string; error?: string };

/** Starts one worker thread lazily (on the first call). */
export function createImageEmbedder(): ImageEmbedder {
  let worker: Worker | null = null;
  let readyPromise: Promise<string> | null = null;
  let next = 1;
  const pending = new Map<number, { resolve: (f: RawFeatures) => void; reject: (e: Error) => void }>();

  const start = (): Promise<string> => {
    if (readyPromise) return readyPromise;
    const w = new Worker(BOOTSTRAP, { eval: true, workerData: { entry: new URL('./embed-worker.ts', import.meta.url).href, tsx: TSX_API } });
    worker = w;
    readyPromise = new Promise<string>((resolve, reject) => {
      w.on('message', (msg: Reply) => {
        if ('ready' in msg) {
          if (msg.ready) resolve(msg.backend ?? 'unknown');
          else reject(new Error(`image model did not load: ${msg.error}`));
          return;
        }
        const p = pending.get(msg.id);
        if (!p) return;
        pending.delete(msg.id);
        if (msg.error !== undefined) p.reject(new ImageDecodeError(msg.error));
        else p.resolve({ model: msg.model!, colour: msg.colour! });
      });
      const fail = (err: Error) => {
        reject(err);
        for (const p of pending.values()) p.reject(err);
        pending.clear();
        worker = null;
        readyPromise = null;
      };
      w.on('error', fail);
      w.on('exit', (code) => fail(new Error(`image embedder thread exited (${code})`)));
    });
    readyPromise.catch(() => {});
    return readyPromise;
  };

  const embed = async (bytes: Uint8Array): Promise<RawFeatures> => {
    void start();
    const w = worker!;
    const id = next++;
    return new Promise<RawFeatures>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      w.postMessage({ id, bytes });
    });
  };

  return {
    embed,
    async vector(bytes) {
      const f = await embed(bytes);
      return combineVector(f.model, f.colour);
    },
    ready: start,
    async close() {
      const w = worker;
      worker = null;
      readyPromise = null;
      if (w) {
        w.removeAllListeners('exit');
        await w.terminate();
      }
      for (const p of pending.values()) p.reject(new Error('image embedder closed'));
      pending.clear();
    },
  };
}
