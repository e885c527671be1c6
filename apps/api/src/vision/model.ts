/**
 * The image model of image search (issue 17; DESIGN.md "image similarity"): MobileNetV2 as shipped
 * inside the `nsfwjs` npm package (4.3.0; a Keras layers model whose topology and weights the package
 * bundles as base64 modules under `dist/models/mobilenet_v2/`), cut at the mid layer
 * `block_13_expand_relu` (14×14×576 at a 224×224 input) and pooled over space into 576 floats.
 * The classifier's last layers were trained for another task; the mid layer keeps shape, texture
 * and part features that survive crops and compression. The pooling is a weighted average: each of
 * the 14×14 places counts by the square of the last feature layer's (`out_relu`, 7×7) total
 * activation there, relative to its maximum — where the network sees the object, not the plain
 * background or the white corners a rotation adds (decision 0021 has the measurements).
 *
 * Runs on @tensorflow/tfjs with the WebAssembly backend, whose `.wasm` files are read from the
 * installed `@tensorflow/tfjs-backend-wasm` package folder: nothing is downloaded at run time.
 * Load it inside a worker thread (`embedder.ts`): one inference takes tens of milliseconds.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

/** Input edge of the network, pixels. */
export const MODEL_INPUT = 224;
/** The layer whose activations, averaged over space, are the image's vector. */
export const FEATURE_LAYER = 'block_13_expand_relu';
/** The layer whose activation energy weights the pooling of {@link FEATURE_LAYER}. */
export const WEIGHT_LAYER = 'out_relu';
/** Floats in the model vector (channels of {@link FEATURE_LAYER}). */
export const MODEL_DIMS = 576;

const require = createRequire(import.meta.url);

/** Folder of the installed nsfwjs package (its `exports` hide the model files, so they are read by path). */
function nsfwjsRoot(): string {
  // require.resolve('nsfwjs') → <root>/dist/cjs/index.js
  return path.resolve(path.dirname(require.resolve('nsfwjs')), '..', '..');
}

/**
 * The bundled MobileNetV2 as tfjs model artifacts, read from disk. Each bundled file is a UMD
 * module: `model.min.js` exports the model.json object, `group1-shardNofM.min.js` a base64 string.
 */
export function bundledModelArtifacts(): tf.io.ModelArtifacts {
  const dir = path.join(nsfwjsRoot(), 'dist', 'models', 'mobilenet_v2');
  const json = require(path.join(dir, 'model.min.js')) as { modelTopology: object; weightsManifest: tf.io.WeightsManifestConfig };
  const shards = readdirSync(dir)
    .filter((f) => f.startsWith('group1-shard'))
    .sort();
  const bytes = Buffer.concat(shards.map((f) => Buffer.from(require(path.join(dir, f)) as string, 'base64')));
  return {
    modelTopology: json.modelTopology,
    weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
    weightData: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  };
}

/** A loaded feature extractor: `embed` takes 224×224 RGB bytes (row-major, 3 bytes a pixel). */
export interface FeatureModel {
  backend: string;
  /** {@link FEATURE_LAYER} activations of one image pooled by the {@link WEIGHT_LAYER} weights, {@link MODEL_DIMS} floats (not normalised). */
  embed(rgb: Uint8Array): Float32Array;
  dispose(): void;
}

let backendReady: Promise<string> | null = null;

/** Selects the WebAssembly backend (the package's own .wasm files); falls back to the CPU backend when WebAssembly fails. */
function readyBackend(): Promise<string> {
  backendReady ??= (async () => {
    setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}${path.sep}`);
    const ok = await tf.setBackend('wasm').catch(() => false);
    if (!ok) await tf.setBackend('cpu');
    await tf.ready();
    return tf.getBackend();
  })();
  return backendReady;
}

/** Loads the model cut at {@link FEATURE_LAYER}. Throws when the package files are missing or unreadable. */
export async function loadFeatureModel(): Promise<FeatureModel> {
  const backend = await readyBackend();
  const full = await tf.loadLayersModel(tf.io.fromMemory(bundledModelArtifacts()));
  const cut = tf.model({
    inputs: full.inputs,
    outputs: [full.getLayer(FEATURE_LAYER).output as tf.SymbolicTensor, full.getLayer(WEIGHT_LAYER).output as tf.SymbolicTensor],
  });
  return {
    backend,
    embed(rgb) {
      if (rgb.length !== MODEL_INPUT * MODEL_INPUT * 3) throw new RangeError(`expected ${MODEL_INPUT}×${MODEL_INPUT} RGB bytes, got ${rgb.length}`);
      return tf.tidy(() => {
        // nsfwjs feeds the network pixels scaled to [0, 1].
        const x = tf.tensor4d(rgb, [1, MODEL_INPUT, MODEL_INPUT, 3], 'int32').toFloat().div(255);
        const [mid, deep] = cut.predict(x) as [tf.Tensor4D, tf.Tensor4D];
        const energy = tf.image.resizeNearestNeighbor(deep.sum(3, true) as tf.Tensor4D, [mid.shape[1], mid.shape[2]]);
        const weight = energy.div(energy.max().add(1e-6)).square();
        return mid.mul(weight).sum([1, 2]).div(weight.sum().add(1e-6)).dataSync() as Float32Array;
      });
    },
    dispose() {
      full.dispose();
    },
  };
}
