/**
 * Issue 17, the upload half of image search (spec §3, §7): the signature call, the embedded
 * storage host's checks (signature, expiry, size range, key prefix, content type, magic bytes),
 * metadata stripping (EXIF GPS gone) and temporary URLs, against the real app over HTTP on PGlite;
 * and the S3-compatible driver against a stand-in S3 server (signature, reads, presigned URLs).
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadSignatureSchema, type UploadSignature } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { createTestDatabase } from '@b-deals/db/testing';
import { buildApp } from '../src/app.ts';
import { readUploadedObject, signImageUpload, signPolicy, type S3Settings } from '../src/uploads/index.ts';
import { testAppOptions } from './test-app.ts';

const SECRET = 'test-upload-secret-0123456789abcdefghijklmnop';
const KEYS = { secret: SECRET, accessKeyId: 'b-deals-embedded', region: 'local', bucket: 'b-deals-uploads' };

/** A small JPEG carrying an EXIF GPS position (51°30'N 0°7'W) and a camera make. */
const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'T-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 4, background: '#2a6' } })
    .png()
    .toBuffer();

describe('image-search uploads (embedded storage host)', () => {
  let db: Database;
  let app: FastifyInstance;
  let base: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bdeals-upload-test-'));

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    app = await buildApp(testAppOptions(db, { uploads: { dataDir, secret: SECRET, perMinute: 1000 } }));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const signature = async (): Promise<UploadSignature> => {
    const res = await fetch(`${base}/inventory/api/v1/upload/images/post-signature`);
    expect(res.status).toBe(200);
    return UploadSignatureSchema.parse(await res.json());
  };

  /** Posts the spec §7 form for `bytes` (fields in order, `file` last); `over` replaces fields. */
  const upload = async (s: UploadSignature, bytes: Buffer, opts: { type?: string; key?: string; over?: Record<string, string> } = {}) => {
    const fields: Record<string, string> = {
      success_action_status: '200',
      policy: s.policy,
      'x-oss-signature': s.signature,
      'x-oss-signature-version': s.x_oss_signature_version,
      'x-oss-credential': s.x_oss_credential,
      'x-oss-date': s.x_oss_date,
      key: opts.key ?? `${s.dir}photo-1.jpg`,
      ...opts.over,
    };
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: opts.type ?? 'image/jpeg' }), 'photo.jpg');
    const res = await fetch(new URL(s.host, base), { method: 'POST', body: form });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('documents the signature, temporary-URL and storage routes in the OpenAPI document', () => {
    const paths = Object.keys((app.swagger() as { paths: Record<string, unknown> }).paths);
    for (const p of ['/inventory/api/v1/upload/images/post-signature', '/inventory/api/v1/upload/images/temp-url', '/storage/api/v1/oss'])
      expect(paths).toContain(p);
  });

  it('takes multipart bodies only on the storage host, and refuses a form without a file or a JSON body there', async () => {
    const form = new FormData();
    form.append('q', 'dress');
    expect((await fetch(`${base}/inventory/api/v1/search/condition`, { method: 'POST', body: form })).status).toBe(415);
    const noFile = await fetch(`${base}/storage/api/v1/oss`, { method: 'POST', body: form });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { code: string }).code).toBe('invalid_form');
    const json = await fetch(`${base}/storage/api/v1/oss`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(400);
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=x']) {
      const malformed = await fetch(`${base}/storage/api/v1/oss`, { method: 'POST', headers: { 'content-type': contentType }, body: 'garbage' });
      expect(malformed.status).toBe(400);
      expect(((await malformed.json()) as { code: string }).code).toBe('invalid_form');
    }
  });

  it('signs a policy with the spec fields, bound to a fresh directory and the embedded host', async () => {
    const s = await signature();
    expect(s.x_oss_signature_version).toBe('OSS4-HMAC-SHA256');
    expect(s.host).toBe('/storage/api/v1/oss');
    expect(s.dir).toMatch(/^image-search\/\d{8}\/[\w-]{16}\/$/);
    expect(s.x_oss_credential).toBe(`b-deals-embedded/${s.x_oss_date.slice(0, 8)}/local/oss/aliyun_v4_request`);
    const policy = JSON.parse(Buffer.from(s.policy, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['starts-with', '$key', s.dir]);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 10 * 1024 * 1024]);
    expect(s.fields).toEqual({
      success_action_status: '200',
      policy: s.policy,
      'x-oss-signature': s.signature,
      'x-oss-signature-version': 'OSS4-HMAC-SHA256',
      'x-oss-credential': s.x_oss_credential,
      'x-oss-date': s.x_oss_date,
    });
    expect((await signature()).dir).not.toBe(s.dir);
  });

  it('stores a good upload re-encoded, with its EXIF (GPS position included) stripped', async () => {
    const input = await jpegWithGps();
    const exifIn = exifReader((await sharp(input).metadata()).exif!);
    expect(exifIn.GPSInfo?.GPSLatitudeRef).toBe('N');
    const s = await signature();
    const res = await upload(s, input);
    expect(res).toEqual({ status: 200, body: { fileName: 'photo-1.jpg', dir: s.dir } });
    const stored = await readUploadedObject({ dataDir }, `${s.dir}photo-1.jpg`);
    expect(stored).not.toBeNull();
    const meta = await sharp(stored!).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([64, 48]);
    expect(meta.exif).toBeUndefined();
    expect(stored!.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('refuses an expired policy', async () => {
    const old = signImageUpload(KEYS, new Date(Date.now() - 16 * 60_000));
    const res = await upload({ ...old, host: '/storage/api/v1/oss' }, await jpegWithGps(), { key: `${old.dir}a.jpg` });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('policy_expired');
  });

  it('refuses a key outside the signed directory', async () => {
    const s = await signature();
    const res = await upload(s, await jpegWithGps(), { key: 'image-search/20260101/someone-else/a.jpg' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'policy_condition_failed', details: { condition: ['starts-with', '$key', s.dir] } });
    const traversal = await upload(s, await jpegWithGps(), { key: `${s.dir}../../../escape.jpg` });
    expect(traversal.status).toBe(400);
    expect(traversal.body.code).toBe('invalid_key');
    expect(await readUploadedObject({ dataDir }, `${s.dir}../../../escape.jpg`)).toBeNull();
  });

  it('refuses a file over the size range, even when the policy is re-signed with our secret but a smaller range', async () => {
    const s = await signature();
    const policy = JSON.parse(Buffer.from(s.policy, 'base64').toString('utf8')) as { conditions: unknown[] };
    policy.conditions = policy.conditions.map((c) => (Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 1, 100] : c));
    const small = Buffer.from(JSON.stringify(policy)).toString('base64');
    const res = await upload({ ...s, policy: small, signature: signPolicy(KEYS, s.x_oss_date.slice(0, 8), small) }, await jpegWithGps());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'entity_too_large', details: { maxBytes: 100 } });
    // Past the 10 MiB of the real policy: refused by the storage host.
    const huge = Buffer.concat([await jpegWithGps(), Buffer.alloc(10 * 1024 * 1024)]);
    const big = await upload(s, huge);
    expect([400, 413]).toContain(big.status);
    expect(['entity_too_large', 'payload_too_large']).toContain(big.body.code);
  });

  it('refuses a tampered policy (signature mismatch)', async () => {
    const s = await signature();
    const policy = JSON.parse(Buffer.from(s.policy, 'base64').toString('utf8')) as { conditions: unknown[] };
    policy.conditions = policy.conditions.map((c) => (Array.isArray(c) && c[0] === 'starts-with' ? ['starts-with', '$key', ''] : c));
    const tampered = Buffer.from(JSON.stringify(policy)).toString('base64');
    const res = await upload({ ...s, policy: tampered }, await jpegWithGps(), { key: 'anywhere/a.jpg' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('signature_mismatch');
    const forged = await upload(s, await jpegWithGps(), { over: { 'x-oss-signature': '0'.repeat(64) } });
    expect(forged.body.code).toBe('signature_mismatch');
  });

  it('refuses bytes that are not the declared image type (magic bytes)', async () => {
    const s = await signature();
    const text = await upload(s, Buffer.from('GIF89a this is not a jpeg at all'), {});
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ code: 'invalid_image', details: { declared: 'image/jpeg' } });
    const pngAsJpeg = await upload(s, await png(), { type: 'image/jpeg', key: `${s.dir}b.jpg` });
    expect(pngAsJpeg.body).toMatchObject({ code: 'invalid_image', details: { declared: 'image/jpeg', detected: 'png' } });
  });

  it('refuses a content type outside JPG, PNG, WEBP, and a key whose extension names another type', async () => {
    const s = await signature();
    const gif = await upload(s, await jpegWithGps(), { type: 'image/gif', key: `${s.dir}c.gif` });
    expect(gif.status).toBe(403);
    expect(gif.body).toMatchObject({
      code: 'policy_condition_failed',
      details: { condition: ['in', '$content-type', ['image/jpeg', 'image/png', 'image/webp']] },
    });
    const wrongExtension = await upload(s, await png(), { type: 'image/png', key: `${s.dir}c.jpg` });
    expect(wrongExtension.body.code).toBe('invalid_key');
    const goodPng = await upload(s, await png(), { type: 'image/png', key: `${s.dir}c.png` });
    expect(goodPng.status).toBe(200);
  });

  it('serves an upload through a short-lived signed URL, and 403s a changed signature or an expired link', async () => {
    const s = await signature();
    expect((await upload(s, await jpegWithGps(), { key: `${s.dir}d.jpg` })).status).toBe(200);
    const res = await fetch(`${base}/inventory/api/v1/upload/images/temp-url?key=${encodeURIComponent(`${s.dir}d.jpg`)}`);
    expect(res.status).toBe(200);
    const { url, expires } = (await res.json()) as { url: string; expires: number };
    expect(expires).toBeGreaterThan(Date.now() / 1000);
    const image = await fetch(new URL(url, base));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('jpeg');
    // A forged link is signature_mismatch whatever its expiry; url_expired is for a link we signed, once past (report M7).
    const answer = async (u: URL) => {
      const r = await fetch(u);
      return [r.status, ((await r.json()) as { code: string }).code];
    };
    const bad = new URL(url, base);
    bad.searchParams.set('signature', 'a'.repeat(64));
    expect(await answer(bad)).toEqual([403, 'signature_mismatch']);
    bad.searchParams.set('expires', '9999999999');
    expect(await answer(bad)).toEqual([403, 'signature_mismatch']);
    bad.searchParams.set('expires', '1');
    expect(await answer(bad)).toEqual([403, 'signature_mismatch']);
    const later = new URL(url, base);
    later.searchParams.set('expires', String(expires + 3600));
    expect(await answer(later)).toEqual([403, 'signature_mismatch']);
    const past = Math.floor(Date.now() / 1000) - 1;
    const { signObjectUrl } = await import('../src/uploads/index.ts');
    const expired = new URL(url, base);
    expired.searchParams.set('expires', String(past));
    expired.searchParams.set('signature', signObjectUrl(KEYS, `${s.dir}d.jpg`, past));
    expect(await answer(expired)).toEqual([403, 'url_expired']);
    const missing = await fetch(`${base}/inventory/api/v1/upload/images/temp-url?key=${encodeURIComponent(`${s.dir}none.jpg`)}`);
    expect(missing.status).toBe(404);
  });
});

describe('image-search uploads (S3-compatible driver)', () => {
  let db: Database;
  let app: FastifyInstance;
  let base: string;
  let s3: http.Server;
  const objects = new Map<string, Buffer>();
  const seen: string[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bdeals-upload-s3-test-'));
  let settings: S3Settings;

  beforeAll(async () => {
    // A stand-in for the third-party store: path-style GET and HEAD of /{bucket}/{key}.
    s3 = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://s3');
      seen.push(`${req.method} ${url.pathname}`);
      const key = decodeURIComponent(url.pathname.replace(/^\/shop-uploads\//, ''));
      const body = objects.get(key);
      if (!body) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        return res.end(req.method === 'HEAD' ? undefined : '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
    await new Promise<void>((r) => s3.listen(0, '127.0.0.1', r));
    const { port } = s3.address() as AddressInfo;
    settings = {
      bucket: 'shop-uploads',
      region: 'eu-central-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      forcePathStyle: true,
    };
    db = await createTestDatabase('pglite');
    app = await buildApp(testAppOptions(db, { uploads: { dataDir, secret: SECRET, perMinute: 1000, s3: settings } }));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await new Promise((r) => s3?.close(r));
  });

  it('signs an S3 POST policy (AWS4-HMAC-SHA256) in the spec shape, with the form fields to post and the bucket as host', async () => {
    const s = UploadSignatureSchema.parse(await (await fetch(`${base}/inventory/api/v1/upload/images/post-signature`)).json());
    expect(s.x_oss_signature_version).toBe('AWS4-HMAC-SHA256');
    expect(s.host).toBe(`${settings.endpoint}/shop-uploads`);
    expect(s.fields).toMatchObject({ success_action_status: '200', Policy: s.policy, 'X-Amz-Signature': s.signature, 'X-Amz-Credential': s.x_oss_credential });
    expect(s.fields).not.toHaveProperty('key');
    const policy = JSON.parse(Buffer.from(s.policy, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['starts-with', '$key', s.dir]);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 10 * 1024 * 1024]);
    // The signature is SigV4's over the base64 policy (key derived from the secret, date, region, s3).
    const day = s.x_oss_date.slice(0, 8);
    const h = (k: Buffer | string, d: string) => createHmac('sha256', k).update(d).digest();
    const signingKey = h(h(h(h(`AWS4${settings.secretAccessKey}`, day), settings.region), 's3'), 'aws4_request');
    expect(h(signingKey, s.policy).toString('hex')).toBe(s.signature);
    expect(s.x_oss_credential).toBe(`AKIDEXAMPLE/${day}/eu-central-1/s3/aws4_request`);
  });

  it('reads an object from the bucket re-encoded without EXIF, and null for a missing or non-image object', async () => {
    objects.set('image-search/20261124/abc/p.jpg', await jpegWithGps());
    objects.set('image-search/20261124/abc/fake.jpg', Buffer.from('not an image'));
    const where = { dataDir, uploadS3: settings };
    const image = await readUploadedObject(where, 'image-search/20261124/abc/p.jpg');
    expect(image).not.toBeNull();
    expect((await sharp(image!).metadata()).exif).toBeUndefined();
    expect(await readUploadedObject(where, 'image-search/20261124/abc/fake.jpg')).toBeNull();
    expect(await readUploadedObject(where, 'image-search/20261124/abc/none.jpg')).toBeNull();
    expect(seen).toContain('GET /shop-uploads/image-search/20261124/abc/p.jpg');
  });

  it('answers a presigned GET URL as the temporary URL, and 404 for a missing object', async () => {
    objects.set('image-search/20261124/abc/t.png', await png());
    const res = await fetch(`${base}/inventory/api/v1/upload/images/temp-url?key=${encodeURIComponent('image-search/20261124/abc/t.png')}`);
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe(`${settings.endpoint}/shop-uploads/image-search/20261124/abc/t.png`);
    expect(u.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(u.searchParams.get('response-content-type')).toBe('image/png');
    expect(u.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const missing = await fetch(`${base}/inventory/api/v1/upload/images/temp-url?key=${encodeURIComponent('image-search/20261124/abc/gone.png')}`);
    expect(missing.status).toBe(404);
  });
});
