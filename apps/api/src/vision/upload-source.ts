/**
 * Where image search reads an uploaded photo (spec §2.5, §7): the embedded storage host keeps each
 * upload at `DATA_DIR/uploads/{key}`, `key` being the upload's directory plus generated file name
 * and extension — the `origin` of `/discover-image/?origin=…`. This one function is the seam to the
 * upload side (the integrator may point it at the uploads domain's own reader).
 *
 * Path-traversal safe: a key is relative, made of letters, digits and `-_.` segments joined by `/`,
 * with no empty, `.` or `..` segment, at most 512 characters; the resolved path must stay inside
 * the uploads folder.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The folder uploads live in under `dataDir`. */
export const uploadsDir = (dataDir: string): string => path.join(dataDir, 'uploads');

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** True when `key` is a well-formed upload key (see the module comment). */
export function isUploadKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.split('/').some((s) => s === '.' || s === '..');
}

/** Largest upload read, bytes (the upload policy caps uploads lower; spec §9 compresses to 1 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * The bytes of upload `key` under `dataDir`, or null when the key is malformed, the file is missing
 * or larger than {@link MAX_UPLOAD_BYTES}. Other read errors (permissions, I/O) are thrown.
 */
export async function readUploadedObject(config: { dataDir: string }, key: string): Promise<Buffer | null> {
  if (!isUploadKey(key)) return null;
  const root = path.resolve(uploadsDir(config.dataDir));
  const file = path.resolve(root, key);
  if (!file.startsWith(root + path.sep)) return null;
  try {
    const bytes = await readFile(file);
    return bytes.length > MAX_UPLOAD_BYTES ? null : bytes;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw err;
  }
}
