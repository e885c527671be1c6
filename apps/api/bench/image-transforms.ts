/**
 * Transformed copies of a catalogue image for the image-search benchmark and tests (issue 17 §4):
 * a centre crop to 80 %, a 10° rotation, brightness ±25 %, JPEG at quality 70, the item cut out of
 * its plain background and pasted on a busy generated background, and all of them combined.
 * Pixel work is sharp's; randomness comes from a seeded generator, so a run is repeatable.
 */
import sharp from 'sharp';

export type TransformName = 'crop80' | 'rotate10' | 'brightness' | 'jpeg70' | 'busy-background' | 'combined';
export const TRANSFORMS: readonly TransformName[] = ['crop80', 'rotate10', 'brightness', 'jpeg70', 'busy-background', 'combined'];

/** mulberry32: a small seeded generator of floats in [0, 1). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PALETTE = ['#e63946', '#2a9d8f', '#e9c46a', '#264653', '#f4a261', '#8ab17d', '#6d597a', '#118ab2', '#ef476f', '#073b4c', '#ffd166', '#06d6a0'];

/** A busy background of `size`² pixels: overlapping coloured rectangles, circles and stripes (SVG rendered by sharp). */
export function busyBackground(size: number, rand: () => number): Promise<Buffer> {
  const pick = () => PALETTE[Math.floor(rand() * PALETTE.length)]!;
  const parts: string[] = [`<rect width="${size}" height="${size}" fill="${pick()}"/>`];
  for (let i = 0; i < 40; i++) {
    const x = Math.round(rand() * size);
    const y = Math.round(rand() * size);
    const w = Math.round(20 + rand() * size * 0.4);
    if (i % 3 === 0) parts.push(`<circle cx="${x}" cy="${y}" r="${w / 2}" fill="${pick()}" opacity="${(0.5 + rand() / 2).toFixed(2)}"/>`);
    else if (i % 3 === 1)
      parts.push(
        `<rect x="${x - w / 2}" y="${y - w / 4}" width="${w}" height="${w / 2}" fill="${pick()}" transform="rotate(${Math.round(rand() * 90)} ${x} ${y})"/>`,
      );
    else parts.push(`<line x1="0" y1="${y}" x2="${size}" y2="${(y + rand() * 200) % size}" stroke="${pick()}" stroke-width="${Math.round(4 + rand() * 16)}"/>`);
  }
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${parts.join('')}</svg>`))
    .png()
    .toBuffer();
}

/** The item of a product image with its plain background made transparent (pixels close to the corner colour). */
async function cutOut(img: Buffer): Promise<{ png: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const out = Buffer.alloc(info.width * info.height * 4);
  const [br, bg, bb] = [data[0]!, data[1]!, data[2]!];
  for (let p = 0, q = 0; p < data.length; p += 3, q += 4) {
    out[q] = data[p]!;
    out[q + 1] = data[p + 1]!;
    out[q + 2] = data[p + 2]!;
    const dist = Math.abs(data[p]! - br) + Math.abs(data[p + 1]! - bg) + Math.abs(data[p + 2]! - bb);
    out[q + 3] = dist < 24 ? 0 : 255;
  }
  const png = await sharp(out, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
  return { png, width: info.width, height: info.height };
}

/** Pastes the cut-out item, scaled to 55–75 % of a 640-pixel busy background, at a random place. */
async function pasteOnBusy(img: Buffer, rand: () => number): Promise<Buffer> {
  const size = 640;
  const item = await cutOut(img);
  const edge = Math.round(size * (0.55 + rand() * 0.2));
  const scaled = await sharp(item.png).resize(edge, edge, { fit: 'inside' }).png().toBuffer();
  const left = Math.round(rand() * (size - edge));
  const top = Math.round(rand() * (size - edge));
  return sharp(await busyBackground(size, rand))
    .composite([{ input: scaled, left, top }])
    .png()
    .toBuffer();
}

async function crop80(img: Buffer): Promise<Buffer> {
  const m = await sharp(img).metadata();
  const w = Math.round(m.width! * 0.8);
  const h = Math.round(m.height! * 0.8);
  return sharp(img)
    .extract({ left: Math.round((m.width! - w) / 2), top: Math.round((m.height! - h) / 2), width: w, height: h })
    .png()
    .toBuffer();
}

const rotate10 = (img: Buffer, rand: () => number) =>
  sharp(img)
    .rotate(rand() < 0.5 ? -10 : 10, { background: '#ffffff' })
    .png()
    .toBuffer();
const brightness = (img: Buffer, rand: () => number) =>
  sharp(img)
    .modulate({ brightness: rand() < 0.5 ? 0.75 : 1.25 })
    .png()
    .toBuffer();
const jpeg70 = (img: Buffer) => sharp(img).jpeg({ quality: 70 }).toBuffer();

/** The transformed copy `name` of the encoded image `img` (any format sharp reads), encoded as PNG or JPEG. */
export async function transformImage(img: Buffer, name: TransformName, rand: () => number): Promise<Buffer> {
  switch (name) {
    case 'crop80':
      return crop80(img);
    case 'rotate10':
      return rotate10(img, rand);
    case 'brightness':
      return brightness(img, rand);
    case 'jpeg70':
      return jpeg70(img);
    case 'busy-background':
      return pasteOnBusy(img, rand);
    case 'combined':
      return jpeg70(await brightness(await rotate10(await crop80(await pasteOnBusy(img, rand)), rand), rand));
  }
}
