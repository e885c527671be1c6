/**
 * The S3-compatible upload driver (issue 17; DESIGN.md "Image upload": production points the same
 * flow at OSS or S3), used instead of the embedded storage host when `UPLOAD_S3_BUCKET` is set.
 * Works with AWS S3 and with S3-compatible stores (Alibaba OSS's S3 endpoint, MinIO, R2) through
 * `UPLOAD_S3_ENDPOINT`.
 *
 * - Signing: a browser POST policy from `@aws-sdk/s3-presigned-post` (AWS4-HMAC-SHA256, the S3
 *   counterpart of OSS4-HMAC-SHA256) admitting 1 B–10 MiB under a fresh directory, answered in the
 *   spec's shape: `policy`, `signature`, `x_oss_credential`, `x_oss_date` carry the policy's
 *   `Policy`, `X-Amz-Signature`, `X-Amz-Credential`, `X-Amz-Date`, `host` is the bucket's URL and
 *   `fields` the exact form fields (the browser posts them, then `key`, then `file`).
 * - S3 runs no code of ours at upload time, so the checks the embedded host makes on arrival
 *   (magic bytes, re-encoding without metadata) run when the image is read
 *   ({@link readS3Image}); the bucket keeps what the shopper sent. Content type and extension
 *   are checked there too (an S3 POST policy has no "one of" condition).
 * - Temporary URLs are presigned GetObject URLs (`@aws-sdk/s3-request-presigner`) that answer
 *   with the key's image type.
 */
import { randomBytes } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { UPLOAD_MAX_BYTES } from '@b-deals/core';
import type { UploadSignature } from '@b-deals/contracts';
import { DomainError } from '../errors.ts';
import { POLICY_TTL_SECONDS, TEMP_URL_TTL_SECONDS, ossDate } from './signing.ts';
import { cleanImage, typeOfKey } from './storage.ts';

/** Settings of the S3 driver (UPLOAD_S3_* variables). Without keys the SDK's default credential chain is used (an IAM role). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (OSS, MinIO, R2); null for AWS. */
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Path-style URLs (`{endpoint}/{bucket}/{key}`), as MinIO and most local stores need. */
  forcePathStyle: boolean;
}

const clients = new Map<string, S3Client>();

/** One S3 client per settings (they are reused across requests). */
export function s3Client(s: S3Settings): S3Client {
  const id = JSON.stringify(s);
  let client = clients.get(id);
  if (!client) {
    client = new S3Client({
      region: s.region,
      ...(s.endpoint ? { endpoint: s.endpoint } : {}),
      forcePathStyle: s.forcePathStyle,
      ...(s.accessKeyId && s.secretAccessKey ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } } : {}),
    });
    clients.set(id, client);
  }
  return client;
}

/** Signs a browser upload to the bucket (see the module comment). */
export async function signS3Upload(s: S3Settings, now = new Date()): Promise<UploadSignature> {
  const dir = `image-search/${ossDate(now).slice(0, 8)}/${randomBytes(12).toString('base64url')}/`;
  const post = await createPresignedPost(s3Client(s), {
    Bucket: s.bucket,
    Key: `${dir}\${filename}`,
    Conditions: [['content-length-range', 1, UPLOAD_MAX_BYTES]],
    Fields: { success_action_status: '200' },
    Expires: POLICY_TTL_SECONDS,
  });
  const { key: _key, ...fields } = post.fields;
  void _key;
  return {
    policy: fields.Policy!,
    signature: fields['X-Amz-Signature']!,
    x_oss_credential: fields['X-Amz-Credential']!,
    x_oss_date: fields['X-Amz-Date']!,
    x_oss_signature_version: 'AWS4-HMAC-SHA256',
    dir,
    host: post.url,
    expire: Math.floor(now.getTime() / 1000) + POLICY_TTL_SECONDS,
    max_size: UPLOAD_MAX_BYTES,
    fields,
  };
}

const missing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Whether the bucket holds `key`. */
export async function s3ObjectExists(s: S3Settings, key: string): Promise<boolean> {
  try {
    await s3Client(s).send(new HeadObjectCommand({ Bucket: s.bucket, Key: key }));
    return true;
  } catch (err) {
    if (missing(err)) return false;
    throw err;
  }
}

/** A presigned GetObject URL for `key`, valid {@link TEMP_URL_TTL_SECONDS} s, answering with the key's image type. */
export async function s3TempUrl(s: S3Settings, key: string, now = Date.now()): Promise<{ url: string; expires: number }> {
  const type = typeOfKey(key);
  const url = await getSignedUrl(s3Client(s), new GetObjectCommand({ Bucket: s.bucket, Key: key, ...(type ? { ResponseContentType: type } : {}) }), {
    expiresIn: TEMP_URL_TTL_SECONDS,
  });
  return { url, expires: Math.floor(now / 1000) + TEMP_URL_TTL_SECONDS };
}

/**
 * The image stored at `key`, checked and re-encoded without metadata ({@link cleanImage}), or
 * null when there is no such object, its key names no accepted type, or its bytes are not an
 * image of that type.
 */
export async function readS3Image(s: S3Settings, key: string): Promise<Buffer | null> {
  const type = typeOfKey(key);
  if (!type) return null;
  let bytes: Buffer;
  try {
    const answer = await s3Client(s).send(new GetObjectCommand({ Bucket: s.bucket, Key: key }));
    if ((answer.ContentLength ?? 0) > UPLOAD_MAX_BYTES) return null;
    bytes = Buffer.from(await answer.Body!.transformToByteArray());
  } catch (err) {
    if (missing(err)) return null;
    throw err;
  }
  try {
    return await cleanImage(bytes, type);
  } catch (err) {
    if (err instanceof DomainError) return null;
    throw err;
  }
}
