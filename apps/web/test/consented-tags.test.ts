/**
 * Issue 19 §1–§2 and §4 on the storefront's server: `GTM_CONTAINER_ID` and `AFFILIATE_SCRIPT_URL`
 * are validated at start-up, add their hosts to every page's CSP and reach loaders as
 * `context.tags`; without them the policy and the context stay empty. `/sw.js` is served with
 * `Cache-Control: no-cache`. The server build is a stub whose document entry echoes the load context.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebServer, GTM_CSP_SOURCES, type WebServer } from '../server/app.ts';
import { loadWebConfig } from '../server/env.ts';
import { NO_CSP_SOURCES } from '../server/security-headers.ts';
import { writeStubBuild } from './stub-build.ts';

const GTM = 'GTM-AB12CD';
const AFFILIATE = 'https://track.affiliate.example/conversion.js';

let dir: string;
const servers: WebServer[] = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'web-tags-'));
  writeStubBuild(
    dir,
    `(request, status, headers, routerContext, loadContext) => new Response(JSON.stringify(loadContext), { status: 200, headers: { 'content-type': 'application/json' } })`,
  );
  writeFileSync(path.join(dir, 'client/sw.js'), 'self.addEventListener("fetch", () => {});');
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function serve(env: NodeJS.ProcessEnv): Promise<WebServer> {
  const config = loadWebConfig(env);
  const web = await createWebServer({ port: 0, apiUrl: 'http://127.0.0.1:9', buildDir: dir, cspSources: config.cspSources, tags: config.tags });
  servers.push(web);
  return web;
}

describe('consent-gated tags from configuration', () => {
  it('are off by default: no host in the policy, no tag in the loaders’ context', async () => {
    const config = loadWebConfig({});
    expect(config.tags).toEqual({ gtmContainerId: null, affiliateScriptUrl: null });
    expect(config.cspSources).toEqual(NO_CSP_SOURCES);
    const web = await serve({});
    const res = await fetch(`${web.url}/`);
    expect(res.headers.get('content-security-policy')).not.toMatch(/googletagmanager|affiliate/);
    expect(((await res.json()) as AppLoadContext).tags).toEqual({ gtmContainerId: null, affiliateScriptUrl: null });
  });

  it('GTM_CONTAINER_ID and AFFILIATE_SCRIPT_URL add their hosts to every page’s CSP and reach the loaders', async () => {
    const web = await serve({ GTM_CONTAINER_ID: GTM, AFFILIATE_SCRIPT_URL: AFFILIATE, STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' });
    const res = await fetch(`${web.url}/prod/x/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain('https://www.googletagmanager.com');
    expect(directive('script-src')).toContain('https://track.affiliate.example');
    expect(directive('script-src')).toContain('https://js.stripe.com');
    for (const host of GTM_CSP_SOURCES.connect) expect(directive('connect-src')).toContain(host);
    expect(directive('connect-src')).toContain('https://track.affiliate.example');
    expect(directive('img-src')).toContain('https:');
    expect(((await res.json()) as AppLoadContext).tags).toEqual({ gtmContainerId: GTM, affiliateScriptUrl: AFFILIATE });
  });

  it('refuses a malformed container id or a script URL that is not https, naming the variable', () => {
    expect(() => loadWebConfig({ GTM_CONTAINER_ID: 'UA-12345-1' })).toThrow(/GTM_CONTAINER_ID: must be a Google Tag Manager container id/);
    expect(() => loadWebConfig({ AFFILIATE_SCRIPT_URL: 'http://track.affiliate.example/c.js' })).toThrow(/AFFILIATE_SCRIPT_URL: must be an absolute https URL/);
  });
});

describe('/sw.js', () => {
  it('is served with Cache-Control: no-cache (each update check reaches the server)', async () => {
    const web = await serve({});
    const res = await fetch(`${web.url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
  });
});
