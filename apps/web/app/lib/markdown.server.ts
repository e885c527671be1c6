/**
 * Markdown → HTML for documents and articles (CommonMark + GFM via `marked`), made safe to
 * inject: raw HTML in the source is escaped (shown as text, never parsed), and link or image
 * URLs other than http(s), mailto and site-relative ones are replaced by `#`, so no script URL
 * can come through. External links open in a new tab with rel="noopener nofollow". Tables sit
 * in a box of their own that scrolls sideways (a focusable, labelled region, so it scrolls from
 * the keyboard too), so a wide table never widens the page on a phone (issue 20 §10).
 */
import { Marked, Renderer, type Tokens } from 'marked';

/** marked's own table markup, wrapped below. */
const plainRenderer = new Renderer();

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** True for URLs a document may link to: http(s), mailto, or relative to this site. */
function safeUrl(href: string): boolean {
  if (/^(\/(?!\/)|#|\.\.?\/)/.test(href)) return true;
  return /^(https?:|mailto:)/i.test(href.trim());
}

/** Tables rendered so far by the current renderMarkdown call (rendering is synchronous). */
let tableCount = 0;

const marked = new Marked({
  gfm: true,
  walkTokens(token) {
    if (token.type === 'link' || token.type === 'image') {
      const t = token as Tokens.Link | Tokens.Image;
      if (!safeUrl(t.href)) t.href = '#';
    }
  },
  renderer: {
    table(token) {
      const inner = plainRenderer.table.call(this, token);
      // Each region needs a name of its own (axe landmark-unique): its number and its columns.
      const columns = token.header.map((c) => c.text).join(', ');
      const label = escapeHtml(`Table ${++tableCount}: ${columns}`);
      return `<div class="table-scroll" role="region" aria-label="${label}" tabindex="0">${inner}</div>\n`;
    },
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }) {
      const inner = this.parser.parseInline(tokens);
      const external = /^https?:/i.test(href);
      const attrs = external ? ' target="_blank" rel="noopener nofollow"' : '';
      const t = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(href)}"${t}${attrs}>${inner}</a>`;
    },
  },
});

/** Renders Markdown to safe HTML (synchronous; throws only on a bug in the parser). */
export function renderMarkdown(markdown: string): string {
  tableCount = 0;
  return marked.parse(markdown, { async: false });
}
