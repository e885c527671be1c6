/**
 * The embedded object store of image-search uploads (DESIGN.md "Image upload": the embedded
 * storage host; production points the same flow at OSS or S3): files under
 * `{dataDir}/uploads/{key}`, written whole (temporary file, then rename) after the image has
 * been checked and re-encoded by {@link cleanImage}.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { UPLOAD_IMAGE_TYPES } from '@b-deals/core';
import { UploadKeySchema } from '@b-deals/contracts';
import { DomainError } from '../errors.ts';

/** MIME type of an accepted image (spec §5). */
export type UploadImageType = keyof typeof UPLOAD_IMAGE_TYPES;

/** sharp's format name for each accepted type. */
const SHARP_FORMAT: Record<UploadImageType, 'jpeg' | 'png' | 'webp'> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };
/** MIME type by file extension of a stored key. */
const TYPE_BY_EXTENSION: Record<string, UploadImageType> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
/** Largest decoded image, pixels (a 10 MiB file can claim far more; decompression bombs stop here). */
const MAX_INPUT_PIXELS = 50_000_000;

/** The folder that holds uploads. */
export const uploadsRoot = (dataDir: string) => path.join(path.resolve(dataDir), 'uploads');

/**
 * The file of `key` under the uploads folder, or null when `key` is not a valid key (see
 * contracts `UploadKeySchema`: no `..`, no absolute path, no backslash) or would leave the folder.
 */
export function uploadPath(dataDir: string, key: string): string | null {
  if (!UploadKeySchema.safeParse(key).success || key.split('/').some((s) => s === '.' || s === '..')) return null;
  const root = uploadsRoot(dataDir);
  const file = path.resolve(root, key);
  return file.startsWith(root + path.sep) ? file : null;
}

/** The MIME type a key's extension names, or null when it names no accepted image type. */
export function typeOfKey(key: string): UploadImageType | null {
  return TYPE_BY_EXTENSION[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? null;
}

/**
 * Checks that `bytes` are an image of the declared type by their content (magic bytes, read by
 * sharp/libvips) and re-encodes them in that format, upright (EXIF orientation applied) and
 * without any metadata (EXIF, including GPS position, XMP, IPTC and ICC profiles are dropped; sharp
 * keeps none unless asked). Throws DomainError 400 `invalid_image` when the content is not an
 * image, or is an image of another type than `declared`.
 */
export async function cleanImage(bytes: Buffer, declared: UploadImageType): Promise<Buffer> {
  const format = SHARP_FORMAT[declared];
  let actual: string | undefined;
  try {
    actual = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    actual = undefined;
  }
  if (actual !== format) throw new DomainError(400, 'invalid_image', `The file's content is not a ${declared} image.`, { declared, detected: actual ?? null });
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .toFormat(format, format === 'png' ? { compressionLevel: 8 } : { quality: 90 })
      .toBuffer();
  } catch {
    throw new DomainError(400, 'invalid_image', 'The image could not be decoded.', { declared });
  }
}

/** Writes `bytes` as the object `key` (whole or not at all). Throws DomainError 400 `invalid_key` for a key outside the folder. */
export async function writeUploadedObject(config: { dataDir: string }, key: string, bytes: Buffer): Promise<void> {
  const file = uploadPath(config.dataDir, key);
  if (!file) throw new DomainError(400, 'invalid_key', 'The key is not a valid object key.');
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.part`;
  try {
    await writeFile(temp, bytes, { flag: 'wx' });
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** The bytes of the embedded store's object `key`, or null when there is none or the key is not valid. See `readUploadedObject` (objects.ts). */
export async function readEmbeddedObject(config: { dataDir: string }, key: string): Promise<Buffer | null> {
  const file = uploadPath(config.dataDir, key);
  if (!file) return null;
  try {
    return await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
    throw err;
  }
}
