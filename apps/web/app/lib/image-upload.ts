/**
 * The image-search upload (issue 17; spec §2.5, §3, §5, §7, §8, §9), browser only and loaded
 * lazily with the panel (image-search-flow.tsx) so first-load JavaScript does not carry it:
 *
 * 1. {@link isAcceptedImage}: only image/jpeg, image/png and image/webp (spec §5).
 * 2. {@link compressForSearch}: browser-image-compression to at most 1 MB and 768 px on the
 *    longest side, up to 10 iterations; the library itself multiplies quality by 0.95 each
 *    iteration (0.85 for PNG), as spec §9 asks. Its worker loads the library from our own
 *    origin (`libURL`, a hashed asset of the build; no CDN). Its errors keep the library's texts
 *    ('The file given is not an instance of Blob or File', 'The file given is not an image').
 * 3. {@link uploadImage}: `GET /inventory/api/v1/upload/images/post-signature`, then a multipart
 *    POST to the signed `host` (fields of spec §7, `file` last) by XMLHttpRequest, whose upload
 *    progress fetch cannot report; resolves to `{fileName, dir}`.
 */
import imageCompression from 'browser-image-compression';
// The library's UMD build, emitted by Vite as a hashed asset: the compression worker importScripts it from our origin.
import compressorUrl from 'browser-image-compression/dist/browser-image-compression.js?url';
import type { UploadResult, UploadSignature } from '@b-deals/contracts';
import { browserApi } from './auth-client';

/** Accepted image types (spec §5), with the extension a stored key gets. */
export const ACCEPTED_IMAGE_TYPES: Readonly<Record<string, string>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
/** The `accept` attribute of the file inputs. */
export const ACCEPT_ATTRIBUTE = Object.keys(ACCEPTED_IMAGE_TYPES).join(',');
/** Toast of spec §5 for any other type. */
export const WRONG_TYPE_MESSAGE = 'Please upload an image in JPG, JPEG, PNG, or WEBP format.';
/** Toast of spec §8 when the upload cannot reach the storage host. */
export const NETWORK_ERROR_MESSAGE = 'Network Error';
/** Toast when the storage host refuses the upload (an upload error of spec §4). */
export const UPLOAD_FAILED_MESSAGE = 'The image could not be uploaded. Please try another one.';
/** Toast duration in the image flow, ms (spec §8: 3000 ms). */
export const IMAGE_TOAST_MS = 3000;
/** Compression limits of spec §9. */
export const COMPRESSION = { maxSizeMB: 1, maxWidthOrHeight: 768, maxIteration: 10 } as const;

/** Whether `file` is an image type the search takes (spec §5). */
export const isAcceptedImage = (file: Blob): boolean => Object.hasOwn(ACCEPTED_IMAGE_TYPES, file.type);

/**
 * Compresses `file` for upload (see the module comment); rejects with the library's error when
 * it cannot (the caller then uploads the original, spec §8), or with `signal.reason` once aborted.
 */
export function compressForSearch(file: File, signal: AbortSignal): Promise<File> {
  return imageCompression(file, { ...COMPRESSION, useWebWorker: true, libURL: new URL(compressorUrl, window.location.href).href, signal });
}

/** The upload could not reach the storage host (spec §8 'Network Error'). */
export class UploadNetworkError extends Error {
  constructor() {
    super(NETWORK_ERROR_MESSAGE);
    this.name = 'UploadNetworkError';
  }
}

/** The storage host answered with an error status. */
export class UploadRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(UPLOAD_FAILED_MESSAGE);
    this.name = 'UploadRefusedError';
  }
}

const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');

/** A generated object name (spec §7: dir + a generated name + the file's extension). */
export const objectKey = (dir: string, type: string) => `${dir}${crypto.randomUUID()}.${ACCEPTED_IMAGE_TYPES[type] ?? 'jpg'}`;

/**
 * Posts `file` to the signed storage host: the signature's `fields` (for OSS and the embedded
 * host `success_action_status` 200, `policy`, `x-oss-signature`, `x-oss-signature-version`,
 * `x-oss-credential`, `x-oss-date`), then `key`, then `file` (spec §7). `onProgress` gets whole percentages 0–100. Rejects with
 * {@link UploadNetworkError} when the request fails, {@link UploadRefusedError} on an error
 * status, an AbortError DOMException when `signal` aborts (the request is aborted).
 */
export function postToStorage(
  signature: UploadSignature,
  file: Blob,
  key: string,
  opts: { onProgress: (percent: number) => void; signal: AbortSignal },
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    if (opts.signal.aborted) return reject(abortError());
    const form = new FormData();
    for (const [name, value] of Object.entries(signature.fields)) form.append(name, value);
    form.append('key', key);
    form.append('file', file, key.slice(key.lastIndexOf('/') + 1));
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    opts.signal.addEventListener('abort', onAbort, { once: true });
    const done = () => opts.signal.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress(Math.min(100, Math.floor((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      done();
      if (xhr.status < 200 || xhr.status >= 300) {
        let code: string | undefined;
        try {
          code = (JSON.parse(xhr.responseText) as { code?: string }).code;
        } catch {
          code = undefined;
        }
        return reject(new UploadRefusedError(xhr.status, code));
      }
      opts.onProgress(100);
      // OSS answers an empty body to success_action_status 200; the embedded host answers {fileName, dir}.
      const slash = key.lastIndexOf('/');
      resolve({ fileName: key.slice(slash + 1), dir: key.slice(0, slash + 1) });
    };
    xhr.onerror = () => {
      done();
      reject(new UploadNetworkError());
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.open('POST', signature.host);
    xhr.send(form);
  });
}

/**
 * Signs and uploads `file` (see {@link postToStorage}); the signature call's failure is a
 * {@link UploadNetworkError} too (status 0) or an ApiRequestError from the API client.
 */
export async function uploadImage(file: Blob, opts: { onProgress: (percent: number) => void; signal: AbortSignal }): Promise<UploadResult> {
  let signature: UploadSignature;
  try {
    signature = await browserApi().request<UploadSignature>('/inventory/api/v1/upload/images/post-signature', { signal: opts.signal });
  } catch (err) {
    if (opts.signal.aborted) throw abortError();
    if (err instanceof TypeError) throw new UploadNetworkError();
    throw err;
  }
  return postToStorage(signature, file, objectKey(signature.dir, file.type), opts);
}

/** The page of an image search's results (spec §2.1, §2.5): origin = dir + file name, URL-encoded. */
export const discoverImageHref = (uploaded: UploadResult) => `/discover-image/?origin=${encodeURIComponent(uploaded.dir + uploaded.fileName)}`;
