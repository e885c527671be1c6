/**
 * The storefront's own configuration (issue 10 §3, issue 12 §1), parsed once from the
 * environment with zod; fails fast with a message listing every bad variable. The storefront
 * never reads the API's configuration, files or data folder.
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | `NODE_ENV` | production | read by React, React Router and Express when loaded (production-mode.ts sets the default before they load); `development` renders with React's slower checking build |
 * | `PORT` | 3000 | port the storefront listens on |
 * | `HOST` | 127.0.0.1 | interface to bind |
 * | `API_URL` | http://127.0.0.1:4000 | base URL of the B-Deals API (loaders and the same-origin proxy) |
 * | `OAUTH_WEB_CLIENT_ID` / `OAUTH_WEB_CLIENT_SECRET` | b-deals-web / the development secret | the web platform's OAuth client (RFC 6749 §2.3.1), added to the browser's token calls |
 * | `MEDIA_DIR` | unset | a folder to serve `/media/` from; unset, `/media/` is fetched from the API (or a media origin in front of it) |
 * | `REDIS_URL` | unset | Redis shared by several storefront processes or machines: the HTML cache keeps its pages there too (redis-page-store.ts), and /ready checks it |
 * | `HTML_CACHE_SECONDS` | 60 | how long an anonymous page stays fresh in the full-page cache (decision 0014); 0 turns the cache off |
 * | `WEB_WORKERS` | the number of cores | server processes sharing the port (Node's cluster module); 1 runs the server in this process |
 * | `STRIPE_PUBLISHABLE_KEY` | unset | set when the API takes payments through Stripe: the pages' CSP then admits Stripe.js and its frames (security-headers.ts); the key itself reaches the page from the API's checkout session |
 * | `GTM_CONTAINER_ID` | unset | a Google Tag Manager container (`GTM-XXXX`): loaded in the browser only after the cookie banner's consent and never under Global Privacy Control (app/lib/tags.ts); the pages' CSP admits its hosts. Unset: no tag manager |
 * | `AFFILIATE_SCRIPT_URL` | unset | an https URL of the affiliate network's conversion script (spec §7), loaded like the GTM container, after consent only; the CSP admits its origin. Unset: nothing loads |
 * | `UPLOAD_STORAGE_ORIGIN` | unset | the origin of the S3/OSS bucket image-search uploads go to when the API is configured with `UPLOAD_S3_BUCKET` (e.g. `https://shop-uploads.s3.eu-central-1.amazonaws.com`): the CSP's `connect-src` admits it. Unset: uploads go to the embedded storage host on this origin |
 */
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import type { ThirdPartyTags } from '../app/lib/tags.ts';
import { GTM_CSP_SOURCES, NO_CSP_SOURCES, STRIPE_CSP_SOURCES, mergeCspSources, scriptOriginSources, type CspSources } from './security-headers.ts';

const WebEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  API_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:4000'),
  OAUTH_WEB_CLIENT_ID: z.string().min(3).default('b-deals-web'),
  OAUTH_WEB_CLIENT_SECRET: z.string().min(16, 'must be at least 16 characters').default('dev-web-secret-change-me'),
  MEDIA_DIR: z.string().min(1).optional(),
  WEB_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  HTML_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  GTM_CONTAINER_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, 'must be a Google Tag Manager container id (GTM-XXXX)')
    .optional(),
  AFFILIATE_SCRIPT_URL: z.url({ protocol: /^https$/, error: 'must be an absolute https URL' }).optional(),
  UPLOAD_STORAGE_ORIGIN: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional(),
});

/** The parsed storefront configuration. */
export interface WebConfig {
  port: number;
  host: string;
  /** Absolute http(s) URL without a trailing slash. */
  apiUrl: string;
  oauthClient: { id: string; secret: string };
  mediaDir: string | null;
  /** Server processes (issue 12 §2: use every core). */
  workers: number;
  /** Freshness of the full-page HTML cache, ms; 0 = off. */
  htmlCacheFreshMs: number;
  /** Redis shared by the storefront processes (HTML cache), or null. */
  redisUrl: string | null;
  /** Third-party origins the configured integrations add to every page's CSP. */
  cspSources: CspSources;
  /** Consent-gated third-party tags handed to the browser (app/lib/tags.ts). */
  tags: ThirdPartyTags;
}

/** Parses `env` (default process.env); an empty variable counts as unset. Throws an Error naming each invalid variable. */
export function loadWebConfig(env: NodeJS.ProcessEnv = process.env): WebConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = WebEnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    apiUrl: e.API_URL.replace(/\/+$/, ''),
    oauthClient: { id: e.OAUTH_WEB_CLIENT_ID, secret: e.OAUTH_WEB_CLIENT_SECRET },
    mediaDir: e.MEDIA_DIR ?? null,
    workers: e.WEB_WORKERS ?? availableParallelism(),
    htmlCacheFreshMs: e.HTML_CACHE_SECONDS * 1000,
    redisUrl: e.REDIS_URL ?? null,
    cspSources: mergeCspSources(
      e.STRIPE_PUBLISHABLE_KEY ? STRIPE_CSP_SOURCES : NO_CSP_SOURCES,
      e.GTM_CONTAINER_ID ? GTM_CSP_SOURCES : NO_CSP_SOURCES,
      e.AFFILIATE_SCRIPT_URL ? scriptOriginSources(e.AFFILIATE_SCRIPT_URL) : NO_CSP_SOURCES,
      e.UPLOAD_STORAGE_ORIGIN ? { script: [], frame: [], connect: [new URL(e.UPLOAD_STORAGE_ORIGIN).origin] } : NO_CSP_SOURCES,
    ),
    tags: { gtmContainerId: e.GTM_CONTAINER_ID ?? null, affiliateScriptUrl: e.AFFILIATE_SCRIPT_URL ?? null },
  };
}
