import { z } from 'zod';

/**
 * Answer of `GET /inventory/api/v1/upload/images/post-signature` (spec §3 "Upload signature
 * response", §7): the fields of an OSS V4 browser POST (signature version OSS4-HMAC-SHA256).
 * The browser posts a multipart form to `host` with `success_action_status` 200, `policy`,
 * `x-oss-signature` (= `signature`), `x-oss-signature-version`, `x-oss-credential`, `x-oss-date`,
 * `key` (`dir` + a generated name + the file's extension) and `file` last.
 */
export const UploadSignatureSchema = z.object({
  policy: z.string().describe('The POST policy: base64 of its JSON (expiration, conditions)'),
  signature: z.string().describe('Hex HMAC-SHA256 of `policy` under the derived signing key (OSS V4); sent as x-oss-signature'),
  x_oss_credential: z.string().describe('{accessKeyId}/{yyyymmdd}/{region}/oss/aliyun_v4_request'),
  x_oss_date: z.string().describe('Signing time, ISO 8601 basic format (20261124T182000Z)'),
  x_oss_signature_version: z
    .enum(['OSS4-HMAC-SHA256', 'AWS4-HMAC-SHA256'])
    .describe('OSS4-HMAC-SHA256 (OSS, the embedded host); AWS4-HMAC-SHA256 when the API is configured for an S3 bucket'),
  dir: z.string().describe('Key prefix every uploaded key must start with (ends with "/")'),
  host: z.string().describe('Where the form is posted: an absolute URL, or a path on the storefront origin (embedded storage)'),
  expire: z.number().int().describe('When the policy expires, Unix seconds'),
  max_size: z.number().int().describe('Largest file the policy admits, bytes'),
  fields: z
    .record(z.string(), z.string())
    .describe('The exact form fields to post, in order, before `key` and `file` (DESIGN.md "Image upload"; they name the same values as above)'),
});
export type UploadSignature = z.infer<typeof UploadSignatureSchema>;

/** Answer of the storage host to a successful upload (spec §3 "Upload result"): the stored object's file name and directory. */
export const UploadResultSchema = z.object({
  fileName: z.string().describe('File name under `dir` (generated name + extension)'),
  dir: z.string(),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;

/** An uploaded object's key: `dir` + file name; letters, digits, '.', '_', '-' in '/'-separated segments, no '..'. */
export const UploadKeySchema = z
  .string()
  .min(3)
  .max(256)
  .regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/, 'must be a path of letters, digits, ".", "_" and "-" segments');

/** Query of `GET /inventory/api/v1/upload/images/temp-url`. */
export const TempUrlQuerySchema = z.object({ key: UploadKeySchema });

/** Answer of `GET /inventory/api/v1/upload/images/temp-url`: a short-lived signed URL that serves the object. */
export const TempUrlSchema = z.object({
  url: z.string().describe('Signed URL (a path on the storefront origin for embedded storage); 403 after `expires`'),
  expires: z.number().int().describe('Unix seconds'),
});
export type TempUrl = z.infer<typeof TempUrlSchema>;
