/**
 * The in-memory search index behind POST /inventory/api/v1/search/condition (issue 2 §11, §14;
 * decision 0003).
 *
 * PostgreSQL stays the source of truth and the text analyser: every product's weighted
 * tsvector (title A > brand B > category C > description D) is built by PostgreSQL at ingest,
 * and query words are turned into lexemes by PostgreSQL's own `english` configuration. What
 * this module keeps in memory is an image of the searchable products (offer_count > 0), built
 * once per catalogue version, so that one search costs a few array passes instead of several
 * scans of tens of thousands of rows:
 *
 * - a column per filter and sort key (typed arrays: category code index, brand, price cents,
 *   merchants as CSR lists, marketplace and label bit masks, discount, popularity, clicks,
 *   creation time);
 * - an inverted file: the sorted lexicon of every tsvector lexeme and, per lexeme, the products
 *   carrying it with the sum of their occurrence weights (A 1.0, B 0.4, C 0.2, D 0.1 —
 *   PostgreSQL's default ts_rank weights).
 *
 * Matching has the semantics of `search @@ to_tsquery('english', 'w1 & w2 & w3:*')`: every
 * word is required, the last one as a prefix (unless it is a word of the catalogue itself); words
 * PostgreSQL drops as stop words are ignored; a query of stop words only matches nothing. A word
 * matches where it stands on its own, not as the modifier of a compound name or a part of a
 * hyphenated word (issue 11 §6; `match.ts`, the snapshot's `postHead`).
 *
 * Freshness: the API process `watch`es the database's announcements (an ingest run committed, a
 * click recorded, from any process) and rebuilds as soon as the catalogue changes; unwatched, a
 * search compares the catalogue version (newest ingest run) with the snapshot's and rebuilds
 * when an ingest has landed. Outbound clicks since the snapshot
 * (which change popularity and "Best Sellers") are applied in place; a snapshot older than
 * `maxAgeMs` is rebuilt in the background (the daily click recount).
 */
import { synonymsOf } from '@b-deals/core';
import type { Database, Queryable } from '@b-deals/db';
import type { ProductRow } from '../catalog/index.ts';
import type { Term } from './match.ts';
import { withAudience } from './audience.ts';
import { buildSnapshot, readVersion, type Snapshot } from './snapshot.ts';
import { analysed } from './vocabulary.ts';

/**
 * Holds the current snapshot and rebuilds it when the catalogue changes. One build runs at a
 * time; concurrent searches wait for it. Memory measured at 100,000 products (bench:search):
 * about 200 MiB of heap, i.e. about 2 KB a product, most of it card strings and postings.
 */
export class SearchIndex {
  private current: Snapshot | null = null;
  private building: Promise<Snapshot> | null = null;
  private readonly stems = new Map<string, string[]>();
  private checking: Promise<{ version: number; clickId: number }> | null = null;
  /** While watching: the newest catalogue version and click id announced by the database (null = read it). */
  private known: { version: number; clickId: number } | null = null;
  /** Counts announcements, so a version read that raced one is not trusted. */
  private epoch = 0;
  private watching = false;
  private readonly waiters: Array<{ version: number; resolve: (s: Snapshot) => void }> = [];
  private readonly buildWaiters: Array<() => void> = [];

  constructor(private readonly maxAgeMs = 10 * 60_000) {}

  /**
   * The snapshot for the catalogue as it is now (rebuilt after an ingest; clicks applied).
   * While {@link watch}ing, the version comes from the database's announcements and a search
   * costs no version query; otherwise searches arriving while a version check is in flight share
   * it (one query per burst).
   */
  async snapshot(db: Queryable): Promise<Snapshot> {
    const { version, clickId } = this.known ?? (await this.readKnown(db));
    let s = this.current;
    // A build already under way (the age rebuild) may predate this version: then build again.
    if (!s || s.version !== version) s = await this.rebuild(db);
    if (s.version < version) s = await this.rebuild(db);
    else if (Date.now() - s.builtAt > this.maxAgeMs && !this.building) void this.rebuild(db).catch(() => undefined);
    if (clickId > s.clickId) await this.applyClicks(db, s, clickId);
    return s;
  }

  private readKnown(db: Queryable): Promise<{ version: number; clickId: number }> {
    const epoch = this.epoch;
    this.checking ??= readVersion(db)
      .then((v) => {
        if (this.watching && epoch === this.epoch) this.known = v;
        return v;
      })
      .finally(() => (this.checking = null));
    return this.checking;
  }

  /**
   * Keeps the index fresh from the database's announcements (migration 0006: `catalog_changed`
   * after every ingest run, `click_recorded` after every outbound click, from any process): the
   * snapshot is rebuilt as soon as a catalogue change commits, not at the next search. Resolves
   * to a function that stops watching. Errors: those of `db.listen`.
   */
  async watch(db: Database): Promise<() => Promise<void>> {
    const announced = (kind: 'version' | 'clickId') => (payload: string | null) => {
      this.epoch++;
      const n = payload === null ? NaN : Number(payload);
      if (this.known && Number.isFinite(n)) this.known = { ...this.known, [kind]: Math.max(this.known[kind], n) };
      else this.invalidate(); // a lost connection may have missed announcements: read the version again
      if (kind === 'version' || payload === null) void this.snapshot(db).catch(() => undefined);
    };
    const offCatalog = await db.listen('catalog_changed', announced('version'));
    const offClicks = await db.listen('click_recorded', announced('clickId'));
    this.watching = true;
    return async () => {
      this.watching = false;
      this.known = null;
      await offCatalog();
      await offClicks();
    };
  }

  /** Time the current snapshot took to build, ms (metrics); null before the first. */
  lastBuildMs: number | null = null;

  /** Products in the current snapshot (0 before the first). */
  get size(): number {
    return this.current?.rowById.size ?? 0;
  }

  /** True once a snapshot has been built (readiness). */
  get ready(): boolean {
    return this.current !== null;
  }

  /** Resolves with the first snapshot whose catalogue version is at least `version` (tests and tools). */
  built(version: number): Promise<Snapshot> {
    if (this.current && this.current.version >= version) return Promise.resolve(this.current);
    return new Promise((resolve) => this.waiters.push({ version, resolve }));
  }

  /** Resolves once the next snapshot has been built (long-polls for the catalogue version). */
  nextBuild(): Promise<void> {
    return new Promise((resolve) => this.buildWaiters.push(resolve));
  }

  /** Makes the next search read the catalogue version afresh (call after an ingest in this process). */
  invalidate(): void {
    this.checking = null;
    this.known = null;
  }

  /** Rebuilds now (single flight). */
  rebuild(db: Queryable): Promise<Snapshot> {
    const started = performance.now();
    this.building ??= buildSnapshot(db)
      .then((s) => {
        this.current = s;
        this.lastBuildMs = performance.now() - started;
        this.buildWaiters.splice(0).forEach((w) => w());
        for (let i = this.waiters.length - 1; i >= 0; i--) {
          if (this.waiters[i]!.version <= s.version) this.waiters.splice(i, 1)[0]!.resolve(s);
        }
        return s;
      })
      .finally(() => (this.building = null));
    return this.building;
  }

  /** Refreshes clicks and popularity of the products clicked since the snapshot's newest click. */
  private async applyClicks(db: Queryable, s: Snapshot, clickId: number): Promise<void> {
    const from = s.clickId;
    s.clickId = clickId;
    const res = await db.query<Pick<ProductRow, 'id' | 'clicks_30d' | 'popularity'>>(
      `SELECT id, clicks_30d, popularity FROM products WHERE id IN (SELECT product_id FROM outbound_clicks WHERE id > $1 AND id <= $2)`,
      [from, clickId],
    );
    for (const r of res.rows) {
      const row = s.rowById.get(Number(r.id));
      if (row === undefined) continue;
      s.clicks[row] = r.clicks_30d;
      s.popularity[row] = r.popularity;
    }
  }

  /**
   * Query terms of `words` (core `queryWords`), lexemes by PostgreSQL's `english` configuration,
   * the last word a prefix. A word's common synonyms (core `synonymsOf`: trainers → sneaker) are
   * alternatives of its term; a hyphenated compound (`t-shirt`) is its compound lexeme alone, not
   * also its parts. Stop words yield no term; a word of several lexemes (rare) requires each of
   * them, without synonyms. A men's, women's, boys' or girls' word beside another word also
   * matches the products naming no gender (`audience.ts` `withAudience`). Lexemes of a word are
   * remembered (they depend only on the configuration).
   */
  async terms(db: Queryable, words: readonly string[]): Promise<Term[]> {
    const asked = [...new Set(words.flatMap((w) => [w, ...synonymsOf(w)]))];
    const unknown = asked.filter((w) => !this.stems.has(w));
    if (unknown.length) {
      const res = await db.query<{ w: string; lexemes: string[] }>(`SELECT w, tsvector_to_array(${analysed('w')}) AS lexemes FROM unnest($1::text[]) AS x(w)`, [
        unknown,
      ]);
      if (this.stems.size > 50_000) this.stems.clear();
      for (const r of res.rows) this.stems.set(r.w, r.lexemes);
    }
    const lexemesOf = (w: string): string[] => {
      const all = this.stems.get(w) ?? [];
      const compound = w.includes('-') ? all.filter((l) => l.includes('-')) : [];
      return compound.length ? compound : all;
    };
    const termsOf = words.map((w, i): Term[] => {
      const prefix = i === words.length - 1;
      const own = lexemesOf(w);
      if (own.length !== 1) return own.map((lexeme) => ({ lexemes: [lexeme], prefix }));
      const alternatives = synonymsOf(w).flatMap((syn) => {
        const l = lexemesOf(syn);
        return l.length === 1 ? l : [];
      });
      return [{ lexemes: [...new Set([own[0]!, ...alternatives])], prefix }];
    });
    return withAudience(words, termsOf);
  }
}
