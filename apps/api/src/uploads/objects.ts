/**
 * Reading uploads, whichever driver stored them (issue 17): the embedded store under
 * `{dataDir}/uploads` (storage.ts), or the S3-compatible bucket when `uploadS3` is configured
 * (s3.ts). This is how other domains (image similarity) read an uploaded image.
 */
import { readS3Image, type S3Settings } from './s3.ts';
import { readEmbeddedObject } from './storage.ts';

/** Where uploads are: `Config` of env.ts fits. */
export interface UploadLocation {
  dataDir: string;
  /** The S3 driver's settings when configured; null or absent for the embedded store. */
  uploadS3?: S3Settings | null;
}

/**
 * The bytes of an uploaded image by its key (`dir` + file name, as the upload form posted it),
 * re-encoded and without metadata (EXIF, GPS position included), or null when there is no such
 * object or the key is not valid: a key that would leave `{config.dataDir}/uploads` (`..`, an
 * absolute path) is never read. With S3 the object is fetched and checked on the way (s3.ts
 * `readS3Image`: null too when it is not an image of its key's type). Throws only on storage
 * failures (disk, network).
 */
export function readUploadedObject(config: UploadLocation, key: string): Promise<Buffer | null> {
  return config.uploadS3 ? readS3Image(config.uploadS3, key) : readEmbeddedObject(config, key);
}
