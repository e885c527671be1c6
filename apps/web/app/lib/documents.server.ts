/**
 * The site documents of spec §2.1 (privacy, terms, shipping, payment, return/refund,
 * disclosure, about us, contact us, FAQs, affiliates), read from the repository's
 * `content/pages/{name}.md`: front matter `title`, `description`, `updatedAt` (ISO date), then
 * Markdown. Files are read once and kept in memory.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderMarkdown } from './markdown.server';

export interface SiteDocument {
  title: string;
  description: string;
  updatedAt: string;
  /** Safe HTML of the body. */
  html: string;
}

/** Route path segment → file name under content/pages (without .md). */
export const DOCUMENT_FILES: Readonly<Record<string, string>> = {
  privacy: 'privacy',
  termsofservices: 'termsofservices',
  'shipping-policy': 'shipping-policy',
  'payment-policy': 'payment-policy',
  returnRefund: 'returnRefund',
  disclosure: 'disclosure',
  aboutus: 'aboutus',
  contactus: 'contactus',
  faqs: 'faqs',
  affiliates: 'affiliates',
  cookies: 'cookies',
};

/** The first `content/pages` folder found walking up from this module (source or build). */
function pagesDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'content', 'pages');
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('content/pages not found above ' + import.meta.url);
    dir = parent;
  }
}

/**
 * Splits `---\nkey: "value"\n---\nbody`. Values may be quoted with double quotes (JSON
 * escapes) or bare. Throws when the front matter is missing or lacks `title`.
 */
export function parseFrontMatter(source: string): { meta: Record<string, string>; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!m) throw new Error('document has no front matter');
  const meta: Record<string, string> = {};
  for (const line of m[1]!.split(/\r?\n/)) {
    const kv = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!kv) continue;
    const raw = kv[2]!.trim();
    meta[kv[1]!] = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  }
  if (!meta.title) throw new Error('document front matter lacks a title');
  return { meta, body: m[2]! };
}

const cache = new Map<string, Promise<SiteDocument>>();

/** The document for a route segment (a key of DOCUMENT_FILES), or null when there is none. Throws on a malformed file. */
export function loadDocument(segment: string): Promise<SiteDocument> | null {
  const file = DOCUMENT_FILES[segment];
  if (!file) return null;
  let doc = cache.get(file);
  if (!doc) {
    doc = readFile(path.join(pagesDir(), `${file}.md`), 'utf8').then((source) => {
      const { meta, body } = parseFrontMatter(source);
      return {
        title: meta.title!,
        description: meta.description ?? '',
        updatedAt: meta.updatedAt ?? '',
        html: renderMarkdown(body),
      };
    });
    doc.catch(() => cache.delete(file));
    cache.set(file, doc);
  }
  return doc;
}
