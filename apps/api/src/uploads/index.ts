/**
 * Uploads domain (issue 17; spec §2.5, §3, §7): image-search uploads signed as OSS V4 POST
 * policies (`signing.ts`), the embedded storage host and its files under `DATA_DIR/uploads`
 * (`storage.ts`), the S3-compatible driver used when configured (`s3.ts`), and the routes (`routes.ts`). Other domains read an upload with
 * {@link readUploadedObject}.
 */
export { readUploadedObject, type UploadLocation } from './objects.ts';
export { cleanImage, readEmbeddedObject, uploadPath, uploadsRoot, typeOfKey, type UploadImageType } from './storage.ts';
export { signS3Upload, s3TempUrl, s3ObjectExists, readS3Image, s3Client, type S3Settings } from './s3.ts';
export {
  signImageUpload,
  verifySignature,
  checkConditions,
  signPolicy,
  signingKey,
  signObjectUrl,
  verifyObjectUrl,
  checkObjectUrl,
  ossDate,
  SIGNATURE_VERSION,
  POLICY_TTL_SECONDS,
  TEMP_URL_TTL_SECONDS,
  type SigningKeys,
  type SignedPolicy,
  type PostPolicy,
  type PolicyCondition,
} from './signing.ts';
export { uploadRoutes, storageRoutes, STORAGE_PREFIX, EMBEDDED_UPLOAD_HOST, type UploadSettings } from './routes.ts';
