/**
 * Worker-thread entry of the image embedder (`embedder.ts`): loads the model once, then answers
 * each `{id, bytes}` message with `{id, model, colour}` (Float32Arrays, transferred) or `{id, error}`.
 * Decoding (sharp, off the main thread already) and inference run here so the API never stalls.
 */
import { parentPort } from 'node:worker_threads';
import { colourSignature, modelInput } from './features.ts';
import { loadFeatureModel } from './model.ts';

if (!parentPort) throw new Error('embed-worker.ts runs as a worker thread');
const port = parentPort;
const model = loadFeatureModel();
void model.then(
  (m) => port.postMessage({ ready: true, backend: m.backend }),
  (err: Error) => port.postMessage({ ready: false, error: err.message }),
);

let queue = Promise.resolve();
port.on('message', (msg: { id: number; bytes: Uint8Array }) => {
  queue = queue.then(async () => {
    try {
      const m = await model;
      const rgb = await modelInput(msg.bytes);
      const colour = await colourSignature(rgb);
      const vector = m.embed(rgb);
      port.postMessage({ id: msg.id, model: vector, colour }, [vector.buffer as ArrayBuffer, colour.buffer as ArrayBuffer]);
    } catch (err) {
      port.postMessage({ id: msg.id, error: (err as Error).message });
    }
  });
});
