/**
 * Pixels and vectors of image search (issue 17). Decoding and resizing use sharp; the colour
 * signature and the combination of both vectors are ours (they are what image similarity is).
 *
 * - `modelInput`: any image sharp reads (JPEG, PNG, WebP, …) → 224×224 sRGB bytes, EXIF rotation
 *   applied, scaled to cover the square (centre crop), alpha flattened on white.
 * - `colourSignature`: an HSV histogram of a 64×64 thumbnail with {@link COLOUR_DIMS} bins (12 hues
 *   × 2 saturation levels for coloured pixels, 4 relative grey levels for pixels of low saturation),
 *   weighted toward the centre (a product is usually in the middle of its photo), as the square
 *   roots of the bin shares (a unit vector: the dot product of two is the Bhattacharyya coefficient).
 * - `combineVector`: model vector (power-normalised, unit length) and colour signature in one
 *   unit vector, so one dot product (or pgvector's inner product) is the weighted score
 *   `w·cos(model) + (1−w)·BC(colour)`.
 */
import sharp from 'sharp';
import { MODEL_DIMS, MODEL_INPUT } from './model.ts';

/** Bins of the colour signature. */
export const COLOUR_DIMS = 28;
/** Floats of a combined vector. */
export const VECTOR_DIMS = MODEL_DIMS + COLOUR_DIMS;
/** Default weight of the model part in the combined score (tuned on the development split by `npm run bench:image-search`). */
export const DEFAULT_MODEL_WEIGHT = 0.95;

const THUMB = 64;
const HUES = 12;

/** Largest input accepted, bytes (an upload is at most 1 MB after compression, spec §9; merchant images are bounded too). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** 224×224 RGB bytes for the model. Throws sharp's error for bytes that are not a readable image. */
export async function modelInput(bytes: Uint8Array): Promise<Uint8Array> {
  const { data } = await sharp(bytes, { limitInputPixels: 40_000_000 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(MODEL_INPUT, MODEL_INPUT, { fit: 'cover', position: 'centre' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * The colour signature of 224×224 RGB bytes (see the module comment): {@link COLOUR_DIMS} floats of
 * unit length. Hue and saturation do not change when a photo is uniformly darker or brighter, so
 * coloured pixels are binned by them (12 hues × 2 saturation levels); grey pixels by their value
 * relative to the photo's bright end (98th percentile), 4 levels.
 */
export async function colourSignature(rgb: Uint8Array): Promise<Float32Array> {
  const { data } = await sharp(rgb, { raw: { width: MODEL_INPUT, height: MODEL_INPUT, channels: 3 } })
    .resize(THUMB, THUMB, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const n = THUMB * THUMB;
  const hsv = new Float32Array(n * 3);
  const values = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const r = data[p * 3]! / 255;
    const g = data[p * 3 + 1]! / 255;
    const b = data[p * 3 + 2]! / 255;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const d = max - min;
    let h = d === 0 ? 0 : max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    if (h < 0) h += 6;
    hsv[p * 3] = h / 6;
    hsv[p * 3 + 1] = max === 0 ? 0 : d / max;
    hsv[p * 3 + 2] = max;
    values[p] = max;
  }
  const ref = Math.max(0.05, values.sort()[Math.floor(n * 0.98)]!);
  const bins = new Float64Array(COLOUR_DIMS);
  const c = (THUMB - 1) / 2;
  const sigma2 = 2 * (THUMB * 0.35) ** 2;
  for (let y = 0; y < THUMB; y++) {
    for (let x = 0; x < THUMB; x++) {
      const p = y * THUMB + x;
      const h = hsv[p * 3]!;
      const s = hsv[p * 3 + 1]!;
      const v = Math.min(1, hsv[p * 3 + 2]! / ref);
      const weight = Math.exp(-((x - c) ** 2 + (y - c) ** 2) / sigma2);
      const bin = s < 0.2 || v < 0.15 ? HUES * 2 + Math.min(3, Math.floor(v * 4)) : Math.min(HUES - 1, Math.floor(h * HUES)) * 2 + (s < 0.6 ? 0 : 1);
      bins[bin]! += weight;
    }
  }
  let total = 0;
  for (const v of bins) total += v;
  const out = new Float32Array(COLOUR_DIMS);
  for (let i = 0; i < COLOUR_DIMS; i++) out[i] = Math.sqrt(bins[i]! / total);
  return out;
}

/** Scales `v` to unit length in place (a zero vector stays zero) and returns it. */
export function normalise(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n);
  if (n > 0) for (let i = 0; i < v.length; i++) v[i]! /= n;
  return v;
}

/**
 * One unit vector of {@link VECTOR_DIMS} floats from the raw model vector and the colour signature:
 * the model part is square-rooted (ReLU activations are non-negative; the root damps a few
 * dominant channels) and normalised, then scaled by √w, the colour part by √(1−w).
 */
export function combineVector(model: Float32Array, colour: Float32Array, modelWeight = DEFAULT_MODEL_WEIGHT): Float32Array {
  if (model.length !== MODEL_DIMS || colour.length !== COLOUR_DIMS) throw new RangeError(`expected ${MODEL_DIMS}+${COLOUR_DIMS} floats`);
  const m = normalise(Float32Array.from(model, (x) => Math.sqrt(Math.max(0, x))));
  const out = new Float32Array(VECTOR_DIMS);
  const a = Math.sqrt(modelWeight);
  const b = Math.sqrt(1 - modelWeight);
  for (let i = 0; i < MODEL_DIMS; i++) out[i] = m[i]! * a;
  for (let i = 0; i < COLOUR_DIMS; i++) out[MODEL_DIMS + i] = colour[i]! * b;
  return out;
}
