/**
 * Editorial content (issue 3): articles written in Markdown (`content/articles/*.md`, YAML front
 * matter title, slug, summary, publishedAt), loaded into the `articles` table at start-up when
 * they changed, and home modules (spec §7 tapestry modes) seeded from `content/home-modules.json`
 * when the table is empty — after that the table is the data operators edit.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import type { Queryable } from '@b-deals/db';

/** The repository's content folder. */
export const CONTENT_DIR = fileURLToPath(new URL('../../../content', import.meta.url));

/** Reading time in whole minutes at 230 words a minute (at least 1). */
export const readingMinutes = (markdown: string): number => Math.max(1, Math.round((markdown.match(/[\p{L}\p{N}]+/gu) ?? []).length / 230));

/** Upserts every article of `dir` (by slug). Throws when an article lacks title, slug, summary or a valid publishedAt. */
export async function syncArticles(db: Queryable, dir = path.join(CONTENT_DIR, 'articles')): Promise<number> {
  if (!existsSync(dir)) return 0;
  const rows = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => {
      const { data, content } = matter(readFileSync(path.join(dir, f), 'utf8'));
      const published = new Date(String(data.publishedAt));
      if (!data.title || !data.slug || !data.summary || Number.isNaN(published.getTime()))
        throw new Error(`${f}: front matter needs title, slug, summary and publishedAt`);
      return {
        slug: String(data.slug),
        title: String(data.title),
        summary: String(data.summary),
        markdown: content.trim(),
        published_at: published.toISOString(),
      };
    });
  await db.query(
    `INSERT INTO articles (slug, title, summary, markdown, published_at)
     SELECT slug, title, summary, markdown, published_at FROM jsonb_to_recordset($1::jsonb) AS r(slug text, title text, summary text, markdown text, published_at timestamptz)
     ON CONFLICT (slug) DO UPDATE SET title = EXCLUDED.title, summary = EXCLUDED.summary, markdown = EXCLUDED.markdown, published_at = EXCLUDED.published_at
     WHERE (articles.title, articles.summary, articles.markdown, articles.published_at) IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.summary, EXCLUDED.markdown, EXCLUDED.published_at)`,
    [JSON.stringify(rows)],
  );
  return rows.length;
}

/** Seeds home modules from `file` when the table is empty. */
export async function seedHomeModules(db: Queryable, file = path.join(CONTENT_DIR, 'home-modules.json')): Promise<void> {
  const n = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM home_modules`);
  if (n.rows[0]!.n > 0 || !existsSync(file)) return;
  const modules = JSON.parse(readFileSync(file, 'utf8')) as Array<{
    type: string;
    title: string;
    subtitle?: string;
    href?: string;
    imageUrl?: string;
    config?: object;
    position: number;
  }>;
  await db.query(
    `INSERT INTO home_modules (type, title, subtitle, href, image_url, config, position)
     SELECT type, title, subtitle, href, image_url, coalesce(config, '{}'), position
       FROM jsonb_to_recordset($1::jsonb) AS r(type text, title text, subtitle text, href text, image_url text, config jsonb, position int)`,
    [JSON.stringify(modules.map((m) => ({ ...m, image_url: m.imageUrl ?? null })))],
  );
}
