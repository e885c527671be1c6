/** Text clean-up shared by the readers and the normaliser. */
import { Parser } from 'htmlparser2';

/** Elements whose boundaries separate words (HTML block and line-break elements). */
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);
/** Elements whose content is not prose. */
const SKIP = new Set(['script', 'style', 'template', 'noscript']);

/** Collapses runs of white space (including NBSP) to one space and trims. */
export function collapseWhitespace(text: string): string {
  return text.replace(/[\s\u00a0\u200b\ufeff]+/g, ' ').trim();
}

let out: string[] = [];
let skipDepth = 0;
/** One parser reused for every call (reset before each); parsing is synchronous, so calls never overlap. */
const parser = new Parser(
  {
    onopentag(name) {
      if (SKIP.has(name)) skipDepth++;
      else if (BLOCK.has(name)) out.push(' ');
    },
    onclosetag(name) {
      if (SKIP.has(name)) skipDepth = Math.max(0, skipDepth - 1);
      else if (BLOCK.has(name)) out.push(' ');
    },
    ontext(text) {
      if (skipDepth === 0) out.push(text);
    },
  },
  { decodeEntities: true },
);

/**
 * Turns an HTML fragment (GMC `description` often holds HTML, raw or escaped) into plain text:
 * tags removed (block elements and `<br>` become spaces, script/style content dropped), HTML
 * entities decoded (named, decimal, hex), white space collapsed. Plain text passes through with
 * only white space collapsed. Never throws.
 */
export function htmlToText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return collapseWhitespace(html);
  out = [];
  skipDepth = 0;
  parser.reset();
  parser.end(html);
  return collapseWhitespace(out.join(''));
}

/**
 * `fn` remembering its answers per distinct value: a feed spells a size or an availability a handful
 * of ways over all its items. Keeps up to 10,000 values of at most 64 characters, so a feed of long
 * or ever-new junk values cannot grow it. `fn` must be pure.
 */
export function perDistinctValue<T>(fn: (value: string) => T): (value: string) => T {
  const seen = new Map<string, T>();
  return (value) => {
    if (seen.has(value)) return seen.get(value) as T;
    const answer = fn(value);
    if (value.length <= 64 && seen.size < 10_000) seen.set(value, answer);
    return answer;
  };
}
