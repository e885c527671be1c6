import { describe, expect, it } from 'vitest';
import { loadDocument, parseFrontMatter } from '../app/lib/documents.server';
import { renderMarkdown } from '../app/lib/markdown.server';

describe('renderMarkdown', () => {
  it('renders Markdown and escapes raw HTML', () => {
    const html = renderMarkdown('# Hi\n\n<script>alert(1)</script>\n\nText <img src=x onerror=alert(1)>');
    expect(html).toContain('<h1>Hi</h1>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });
  it('drops script URLs and marks external links', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).toContain('href="#"');
    expect(renderMarkdown('[x](https://a.example)')).toContain('rel="noopener nofollow"');
    expect(renderMarkdown('[x](/faqs/)')).toContain('href="/faqs/"');
  });
});

describe('documents', () => {
  it('parses front matter', () => {
    const { meta, body } = parseFrontMatter('---\ntitle: "A \\"B\\""\nupdatedAt: 2026-01-02\n---\nBody');
    expect(meta).toEqual({ title: 'A "B"', updatedAt: '2026-01-02' });
    expect(body).toBe('Body');
    expect(() => parseFrontMatter('no front matter')).toThrow();
  });
  it('loads a content page and knows no others', async () => {
    const doc = (await loadDocument('privacy'))!;
    expect(doc.title).toBe('Privacy Policy');
    expect(doc.html).toContain('<h2');
    expect(loadDocument('secrets')).toBeNull();
  });
  it('puts each table in a box of its own that scrolls sideways (issue 20 §10)', () => {
    const html = renderMarkdown('| Day | Price |\n|---|---|\n| Mon | $10 |\n');
    expect(html).toMatch(/^<div class="table-scroll" role="region" aria-label="Table 1: Day, Price" tabindex="0"><table>/);
    // Two tables on a page are two regions with names of their own.
    const two = renderMarkdown('| A |\n|---|\n| 1 |\n\ntext\n\n| A |\n|---|\n| 2 |\n');
    expect(two).toContain('aria-label="Table 1: A"');
    expect(two).toContain('aria-label="Table 2: A"');
    expect(html).toContain('<td>$10</td>');
    expect(html.trim()).toMatch(/<\/table>\s*<\/div>$/);
  });
});
