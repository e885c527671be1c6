/**
 * Merchants' images under /media/remote (issue 11 item 5) in the storefront's MEDIA_DIR mode: a
 * fetched file is served; a missing one answers the placeholder with 404 and no-store, like the API.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_PLACEHOLDER_SVG } from '@b-deals/core';
import { createWebServer, type WebServer } from '../server/app.ts';
import { writeStubBuild } from './stub-build.ts';

let web: WebServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'web-remote-media-'));
  writeStubBuild(dir);
  mkdirSync(path.join(dir, 'media', 'remote'), { recursive: true });
  writeFileSync(path.join(dir, 'media', 'remote', 'abc-320.webp'), 'RIFF....WEBP');
  web = await createWebServer({ port: 0, apiUrl: 'http://127.0.0.1:9', mediaDir: path.join(dir, 'media'), buildDir: dir });
});

afterAll(async () => {
  await web?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('/media/remote in MEDIA_DIR mode', () => {
  it('serves a fetched file', async () => {
    const res = await fetch(`${web.url}/media/remote/abc-320.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(await res.text()).toBe('RIFF....WEBP');
  });

  it('answers the placeholder with 404 and no-store for a file not fetched (yet)', async () => {
    const res = await fetch(`${web.url}/media/remote/0123456789abcdef0123456789abcdef.webp`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toBe(IMAGE_PLACEHOLDER_SVG);
  });

  it('keeps other missing media a plain 404', async () => {
    const res = await fetch(`${web.url}/media/demo/missing.png`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  });
});
