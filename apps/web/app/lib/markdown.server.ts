/**
 * Markdown → HTML for documents and articles (CommonMark + GFM via `marked`), made safe to
 * inject: raw HTML in the source is escaped (shown as text, never parsed), and link or image
 * URLs other than http(s), mailto and site-relative ones are replaced by `#`, so no script URL
 * can come through. External links open in a new tab with rel="noopener nofollow".
 */
import { Marked, type Tokens } from 'marked';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** True for URLs a document may link to: http(s), mailto, or relative to this site. */
function safeUrl(href: string): boolean {
  if (/^(\/(?!\/)|#|\.\.?\/)/.test(href)) return true;
  return /^(https?:|mailto:)/i.test(href.trim());
}

const marked = new Marked({
  gfm: true,
  walkTokens(token) {
    if (token.type === 'link' || token.type === 'image') {
      const t = token as Tokens.Link | Tokens.Image;
      if (!safeUrl(t.href)) t.href = '#';
    }
  },
  renderer: {
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
  return marked.parse(markdown, { async: false });
}
