/**
 * Image-search upload routes (issue 17; spec §2.5, §3, §7):
 *
 * - `GET /inventory/api/v1/upload/images/post-signature` → `{policy, signature, x_oss_credential,
 *   x_oss_date, x_oss_signature_version, dir, host, expire, max_size}` (signing.ts).
 * - `GET /inventory/api/v1/upload/images/temp-url?key=` → `{url, expires}`: a signed URL valid
 *   {@link TEMP_URL_TTL_SECONDS} s; 404 when no such object.
 * - The embedded storage host, under `/storage/api/v1` (proxied by the storefront, so the browser
 *   posts to its own origin): `POST /oss` takes the multipart form (`success_action_status`,
 *   `policy`, `x-oss-signature`, `x-oss-signature-version`, `x-oss-credential`, `x-oss-date`,
 *   `key`, then `file`), checks signature, expiry and every policy condition (size range, key
 *   prefix, content type), the file's magic bytes, re-encodes it without metadata and stores it at
 *   `key`; answers 200 `{fileName, dir}`. `GET /objects/{key}?expires=&signature=` serves an
 *   object to a valid temporary URL, 403 otherwise.
 *
 * Errors: `{code, message, details}` — 400 `validation_failed`, `invalid_form`, `invalid_policy`,
 * `entity_too_large`, `entity_too_small`, `invalid_image`, `invalid_key`; 403 `signature_mismatch`
 * (also a temporary URL we did not sign), `policy_expired`, `policy_condition_failed`, `url_expired`
 * (a temporary URL we signed, past its `expires`); 404; 413 (body over
 * BODY_LIMITS.upload); 429 `rate_limited`.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BODY_LIMITS, UPLOAD_MAX_BYTES } from '@b-deals/core';
import {
  ErrorBodySchema,
  intFromText,
  TempUrlQuerySchema,
  TempUrlSchema,
  UploadKeySchema,
  UploadResultSchema,
  UploadSignatureSchema,
} from '@b-deals/contracts';
import { DomainError, notFound } from '../errors.ts';
import { TEMP_URL_TTL_SECONDS, checkConditions, checkObjectUrl, signImageUpload, signObjectUrl, verifySignature, type SigningKeys } from './signing.ts';
import { cleanImage, readEmbeddedObject, typeOfKey, uploadPath, writeUploadedObject } from './storage.ts';
import { s3ObjectExists, s3TempUrl, signS3Upload, type S3Settings } from './s3.ts';
import { stat } from 'node:fs/promises';

/** Path prefix of the embedded storage host (registered by app.ts, proxied by the storefront). */
export const STORAGE_PREFIX = '/storage/api/v1';
/** Where the embedded storage host takes uploads. */
export const EMBEDDED_UPLOAD_HOST = `${STORAGE_PREFIX}/oss`;

/** Settings of the upload routes. */
export interface UploadSettings {
  /** Uploads live under `{dataDir}/uploads`. */
  dataDir: string;
  keys: SigningKeys;
  /** The S3-compatible driver (s3.ts) instead of the embedded host for new uploads; null or absent: embedded. */
  s3?: S3Settings | null;
  /** Signatures and temporary URLs per client address per minute (default 30). */
  perMinute?: number;
}

/** Image types as served. */
const CONTENT_TYPES = { 'image/jpeg': 'image/jpeg', 'image/png': 'image/png', 'image/webp': 'image/webp' } as const;

/** The signature and temporary-URL routes, under `/inventory/api/v1`. */
export const uploadRoutes: FastifyPluginAsyncZod<UploadSettings> = async (r, opts) => {
  const limit = { rateLimit: { max: opts.perMinute ?? 30, timeWindow: 60_000 } };
  r.get(
    '/upload/images/post-signature',
    {
      config: limit,
      schema: {
        description:
          'Signs a browser upload of one image for image search (spec §7; OSS V4 POST policy, OSS4-HMAC-SHA256). Post a multipart form to `host` with ' +
          '`success_action_status` 200, `policy`, `x-oss-signature` (= signature), `x-oss-signature-version`, `x-oss-credential`, `x-oss-date`, ' +
          '`key` (dir + a generated name + the extension) and `file` last. The policy admits 1 B–10 MiB of image/jpeg, image/png or image/webp under `dir` for 15 minutes.',
        response: { 200: UploadSignatureSchema, 429: ErrorBodySchema },
      },
    },
    async (_req, reply) => {
      void reply.header('cache-control', 'no-store');
      return opts.s3 ? signS3Upload(opts.s3) : { ...signImageUpload(opts.keys), host: EMBEDDED_UPLOAD_HOST };
    },
  );
  r.get(
    '/upload/images/temp-url',
    {
      config: limit,
      schema: {
        description: `A signed URL that serves an uploaded image for ${TEMP_URL_TTL_SECONDS} seconds (spec §7); 403 after that or with a changed signature.`,
        querystring: TempUrlQuerySchema,
        response: { 200: TempUrlSchema, 400: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const { key } = req.query;
      void reply.header('cache-control', 'no-store');
      if (opts.s3) {
        if (!(await s3ObjectExists(opts.s3, key))) throw notFound('The uploaded image');
        return s3TempUrl(opts.s3, key);
      }
      const file = uploadPath(opts.dataDir, key);
      if (!file || !(await stat(file).catch(() => null))?.isFile()) throw notFound('The uploaded image');
      const expires = Math.floor(Date.now() / 1000) + TEMP_URL_TTL_SECONDS;
      const path = key.split('/').map(encodeURIComponent).join('/');
      return { url: `${STORAGE_PREFIX}/objects/${path}?expires=${expires}&signature=${signObjectUrl(opts.keys, key, expires)}`, expires };
    },
  );
};

/** Form fields of the upload, by lower-case name (the file excluded). */
const FORM_FIELDS = new Set(['success_action_status', 'policy', 'x-oss-signature', 'x-oss-signature-version', 'x-oss-credential', 'x-oss-date', 'key']);

/** The embedded storage host, under {@link STORAGE_PREFIX}. */
export const storageRoutes: FastifyPluginAsyncZod<UploadSettings> = async (r, opts) => {
  const { keys } = opts;
  await r.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 16, fieldSize: 8 * 1024, parts: 17, fieldNameSize: 64, headerPairs: 50 },
  });
  r.post(
    '/oss',
    {
      bodyLimit: BODY_LIMITS.upload,
      config: { rateLimit: { max: opts.perMinute ?? 30, timeWindow: 60_000 } },
      // A body announced as larger than the cap is refused before any of it is read.
      onRequest: async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > BODY_LIMITS.upload)
          throw new DomainError(413, 'payload_too_large', `The request body is larger than ${BODY_LIMITS.upload} bytes.`);
      },
      schema: {
        description:
          'The embedded storage host of image-search uploads (multipart/form-data, the fields of post-signature, `file` last). Checks the signature, ' +
          'expiry and policy conditions, the magic bytes, re-encodes the image without metadata and stores it at `key`.',
        consumes: ['multipart/form-data'],
        response: { 200: UploadResultSchema, 400: ErrorBodySchema, 403: ErrorBodySchema, 413: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new DomainError(400, 'invalid_form', 'Post the upload as multipart/form-data.');
      const fields: Record<string, string> = {};
      let stored: { fileName: string; dir: string } | null = null;
      // Errors while writing are ours (500); any other error of the form's parsing is the client's.
      let writing = false;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'field') {
            const name = part.fieldname.toLowerCase();
            if (FORM_FIELDS.has(name) && typeof part.value === 'string') fields[name] = part.value;
            continue;
          }
          if (part.fieldname !== 'file' || stored) throw new DomainError(400, 'invalid_form', 'Send one `file` part, after the other fields.');
          // Signature and expiry are checked before the file is read.
          const policy = verifySignature(keys, fields);
          const bytes = await part.toBuffer();
          const key = fields.key ?? '';
          const declared = part.mimetype;
          checkConditions(policy, { ...fields, bucket: keys.bucket, 'content-type': declared }, bytes.length);
          const type = typeOfKey(key);
          if (!type || type !== declared) throw new DomainError(400, 'invalid_key', "The key's extension must match the file's type.", { key, type: declared });
          if (!uploadPath(opts.dataDir, key)) throw new DomainError(400, 'invalid_key', 'The key is not a valid object key.');
          const clean = await cleanImage(bytes, type);
          writing = true;
          await writeUploadedObject(opts, key, clean);
          writing = false;
          const slash = key.lastIndexOf('/');
          stored = { fileName: key.slice(slash + 1), dir: key.slice(0, slash + 1) };
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new DomainError(400, 'entity_too_large', `The file is larger than ${UPLOAD_MAX_BYTES} bytes.`, { maxBytes: UPLOAD_MAX_BYTES });
        if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
          throw new DomainError(413, 'payload_too_large', 'The form has too many parts.');
        if (writing || err instanceof DomainError) throw err;
        throw new DomainError(400, 'invalid_form', 'The body is not a well-formed multipart form.');
      }
      if (!stored) throw new DomainError(400, 'invalid_form', 'The form has no `file` part.');
      return stored;
    },
  );
  r.get(
    '/objects/*',
    {
      schema: {
        description: 'An uploaded image, to a temporary URL from `GET /inventory/api/v1/upload/images/temp-url`.',
        params: z.object({ '*': UploadKeySchema }),
        querystring: z.object({ expires: intFromText(z.number().int().positive()), signature: z.string().regex(/^[0-9a-fA-F]{64}$/) }),
        response: {
          200: z.unknown().describe('The image (image/jpeg, image/png or image/webp)'),
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      const key = req.params['*'];
      const { expires, signature } = req.query;
      checkObjectUrl(keys, key, expires, signature);
      const bytes = await readEmbeddedObject(opts, key);
      const type = typeOfKey(key);
      if (!bytes || !type) throw notFound('The uploaded image');
      const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
      return reply
        .header('content-type', CONTENT_TYPES[type])
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
