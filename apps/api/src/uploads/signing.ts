/**
 * Browser-upload signatures in the style of Alibaba Cloud OSS's V4 POST signature
 * (OSS4-HMAC-SHA256; spec §3 "Upload signature response", §7; DESIGN.md "Image upload"): the API
 * signs a POST policy, the browser posts its form to the storage host, and the storage host
 * checks the policy's signature, expiry and conditions before storing anything.
 *
 * - The policy is JSON `{expiration, conditions}`; the string to sign is its base64.
 * - The signing key is derived from the secret by HMAC-SHA256 over the date (yyyymmdd), the
 *   region, the service `oss` and `aliyun_v4_request`, each step keyed by the last
 *   (`aliyun_v4` + secret first); the signature is the hex HMAC-SHA256 of the string to sign.
 * - Conditions follow the POST-policy grammar: `{field: value}` and `["eq", "$field", value]`
 *   (exact), `["starts-with", "$field", prefix]`, `["in", "$field", [values]]`,
 *   `["content-length-range", min, max]` (bytes, inclusive).
 *
 * Temporary URLs (spec §7 `upload/images/temp-url`) carry `expires` (Unix seconds) and a hex
 * HMAC-SHA256 of `{key}\n{expires}` under a key derived from the same secret.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@b-deals/core';
import { DomainError } from '../errors.ts';

/** The signature version the form names (`x-oss-signature-version`). */
export const SIGNATURE_VERSION = 'OSS4-HMAC-SHA256';
/** The last element of the credential scope. */
const SCOPE_TERMINATOR = 'aliyun_v4_request';
/** How long a signed policy admits an upload, seconds. */
export const POLICY_TTL_SECONDS = 15 * 60;
/** How long a temporary URL serves its object, seconds. */
export const TEMP_URL_TTL_SECONDS = 5 * 60;

/** What signing needs: the secret, and the access-key id and region the credential names. */
export interface SigningKeys {
  secret: string;
  accessKeyId: string;
  region: string;
  /** The bucket the policy names (`{"bucket": …}`). */
  bucket: string;
}

/** A POST-policy condition (see the module comment). */
export type PolicyCondition = Record<string, string> | [string, string | number, string | number | string[]];

/** A decoded POST policy. */
export interface PostPolicy {
  expiration: string;
  conditions: PolicyCondition[];
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** `20261124T182000Z` (ISO 8601 basic, UTC, whole seconds). */
export const ossDate = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The derived signing key of OSS V4 for a day (`yyyymmdd`). */
export function signingKey(keys: SigningKeys, day: string): Buffer {
  const kDate = hmac(`aliyun_v4${keys.secret}`, day);
  const kRegion = hmac(kDate, keys.region);
  const kService = hmac(kRegion, 'oss');
  return hmac(kService, SCOPE_TERMINATOR);
}

/** Hex signature of a base64 policy for the day its credential names. */
export const signPolicy = (keys: SigningKeys, day: string, policyBase64: string) => hmac(signingKey(keys, day), policyBase64).toString('hex');

/** The signed fields of one upload (the body of `GET /inventory/api/v1/upload/images/post-signature`, without `host`). */
export interface SignedPolicy {
  policy: string;
  signature: string;
  x_oss_credential: string;
  x_oss_date: string;
  x_oss_signature_version: 'OSS4-HMAC-SHA256';
  dir: string;
  expire: number;
  max_size: number;
  /** The form fields to post before `key` and `file` (spec §7's list, under their form names). */
  fields: Record<string, string>;
}

/**
 * Signs a policy for one image upload under a fresh, unguessable directory
 * `image-search/{yyyymmdd}/{random}/`: a 1 B–10 MiB file, a key under that directory, a content
 * type of spec §5 (image/jpeg, image/png, image/webp), `success_action_status` 200, valid for
 * {@link POLICY_TTL_SECONDS}.
 */
export function signImageUpload(keys: SigningKeys, now = new Date()): SignedPolicy {
  const date = ossDate(now);
  const day = date.slice(0, 8);
  const dir = `image-search/${day}/${randomBytes(12).toString('base64url')}/`;
  const credential = `${keys.accessKeyId}/${day}/${keys.region}/oss/${SCOPE_TERMINATOR}`;
  const expire = Math.floor(now.getTime() / 1000) + POLICY_TTL_SECONDS;
  const policy: PostPolicy = {
    expiration: new Date(expire * 1000).toISOString(),
    conditions: [
      { bucket: keys.bucket },
      ['content-length-range', 1, UPLOAD_MAX_BYTES],
      ['starts-with', '$key', dir],
      ['in', '$content-type', Object.keys(UPLOAD_IMAGE_TYPES)],
      { success_action_status: '200' },
      { 'x-oss-signature-version': SIGNATURE_VERSION },
      { 'x-oss-credential': credential },
      { 'x-oss-date': date },
    ],
  };
  const encoded = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  const signature = signPolicy(keys, day, encoded);
  return {
    policy: encoded,
    signature,
    x_oss_credential: credential,
    x_oss_date: date,
    x_oss_signature_version: SIGNATURE_VERSION,
    dir,
    expire,
    max_size: UPLOAD_MAX_BYTES,
    fields: {
      success_action_status: '200',
      policy: encoded,
      'x-oss-signature': signature,
      'x-oss-signature-version': SIGNATURE_VERSION,
      'x-oss-credential': credential,
      'x-oss-date': date,
    },
  };
}

const denied = (code: string, message: string, details?: unknown) => new DomainError(403, code, message, details);

/** Constant-time comparison of two hex strings. */
function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks a posted form's signature and decodes its policy. `fields` are the form's fields by
 * lower-case name. Throws DomainError 403 `signature_mismatch` (unknown version or credential,
 * wrong signature), 400 `invalid_policy` (not base64 JSON of the policy shape), 403
 * `policy_expired` (past `expiration` at `now`).
 */
export function verifySignature(keys: SigningKeys, fields: Record<string, string>, now = new Date()): PostPolicy {
  const policyBase64 = fields.policy ?? '';
  if (fields['x-oss-signature-version'] !== SIGNATURE_VERSION) throw denied('signature_mismatch', `The form must be signed with ${SIGNATURE_VERSION}.`);
  const [accessKeyId, day, region, service, terminator, ...rest] = (fields['x-oss-credential'] ?? '').split('/');
  const date = fields['x-oss-date'] ?? '';
  if (
    accessKeyId !== keys.accessKeyId ||
    region !== keys.region ||
    service !== 'oss' ||
    terminator !== SCOPE_TERMINATOR ||
    rest.length > 0 ||
    !/^\d{8}$/.test(day ?? '') ||
    !date.startsWith(day!)
  )
    throw denied('signature_mismatch', 'The credential is not one this storage host issued.');
  if (!sameHex(signPolicy(keys, day!, policyBase64), (fields['x-oss-signature'] ?? '').toLowerCase()))
    throw denied('signature_mismatch', 'The signature does not match the policy.');
  let policy: PostPolicy;
  try {
    policy = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8')) as PostPolicy;
  } catch {
    throw new DomainError(400, 'invalid_policy', 'The policy is not base64-encoded JSON.');
  }
  if (typeof policy?.expiration !== 'string' || !Array.isArray(policy.conditions) || Number.isNaN(Date.parse(policy.expiration)))
    throw new DomainError(400, 'invalid_policy', 'The policy needs an expiration and a list of conditions.');
  if (Date.parse(policy.expiration) <= now.getTime()) throw denied('policy_expired', 'The upload policy has expired; ask for a new signature.');
  return policy;
}

/**
 * Checks every condition of `policy` against the form: `fields` by lower-case name (with
 * `bucket` and `content-type` filled in by the caller) and the file's size in bytes. Throws
 * DomainError 400 `entity_too_large` / `entity_too_small` for the size range, 403
 * `policy_condition_failed` (naming the condition) for any other unmet condition.
 */
export function checkConditions(policy: PostPolicy, fields: Record<string, string>, fileBytes: number): void {
  const field = (name: string) => fields[String(name).replace(/^\$/, '').toLowerCase()];
  const fail = (condition: unknown) => denied('policy_condition_failed', 'The upload does not meet the policy.', { condition });
  for (const c of policy.conditions) {
    if (!Array.isArray(c)) {
      if (typeof c !== 'object' || c === null) throw fail(c);
      for (const [name, value] of Object.entries(c)) if (field(name) !== value) throw fail(c);
      continue;
    }
    const [op, a, b] = c;
    switch (String(op).toLowerCase()) {
      case 'content-length-range':
        if (fileBytes > Number(b)) throw new DomainError(400, 'entity_too_large', `The file is larger than ${Number(b)} bytes.`, { maxBytes: Number(b) });
        if (fileBytes < Number(a)) throw new DomainError(400, 'entity_too_small', `The file is smaller than ${Number(a)} bytes.`, { minBytes: Number(a) });
        break;
      case 'eq':
        if (field(String(a)) !== b) throw fail(c);
        break;
      case 'starts-with':
        if (!(field(String(a)) ?? '').startsWith(String(b))) throw fail(c);
        break;
      case 'in':
        if (!Array.isArray(b) || !b.includes(field(String(a)) ?? '')) throw fail(c);
        break;
      default:
        throw fail(c);
    }
  }
}

/** The temporary-URL signature of `key` until `expires` (Unix seconds). */
export function signObjectUrl(keys: SigningKeys, key: string, expires: number): string {
  return hmac(hmac(`aliyun_v4${keys.secret}`, 'temp-url'), `${key}\n${expires}`).toString('hex');
}

/** Whether a temporary URL's `expires` and `signature` are valid for `key` at `now`. */
export function verifyObjectUrl(keys: SigningKeys, key: string, expires: number, signature: string, now = new Date()): boolean {
  return expires * 1000 > now.getTime() && sameHex(signObjectUrl(keys, key, expires), signature.toLowerCase());
}

/**
 * Checks a temporary URL of `key` (`expires` Unix seconds, `signature` hex) at `now`. The signature
 * first: a link we did not sign (a changed key, `expires` or signature) throws DomainError 403
 * `signature_mismatch`, whatever its `expires`; a link we signed throws 403 `url_expired` only once
 * `expires` is past (API robustness report M7).
 */
export function checkObjectUrl(keys: SigningKeys, key: string, expires: number, signature: string, now = new Date()): void {
  if (!sameHex(signObjectUrl(keys, key, expires), signature.toLowerCase()))
    throw denied('signature_mismatch', 'This link was not issued by this storage host.');
  if (expires * 1000 <= now.getTime()) throw denied('url_expired', 'This link has expired.');
}
