/**
 * The catalogue's scheduled jobs (issue 10 §2: background work runs as jobs, never on a timer
 * inside a request handler). Idempotent: running one twice leaves the same state.
 *
 * - `click-recount` (daily 03:15 UTC, and at start): recounts every product's outbound clicks of
 *   the last 30 days, so clicks older than that stop counting toward Top Selling and Best Sellers
 *   (spec §9 "sale"; issue 3 §1).
 * - `search-terms-prune` (daily 03:25 UTC): forgets the searchers of terms older than 31 days
 *   (search/hot-words.ts; hot words read 30).
 * - `image-fetch` (every 15 minutes, at start, and after every ingest: see {@link watchIngestsForImages}):
 *   fetches a batch of merchants' image URLs not yet on disk into the media folder (image-fetch.ts;
 *   issue 11 item 5) and logs what it did, with the per-merchant state after the run.
 */
import type { Database } from '@b-deals/db';
import type { JobDefinition, JobQueue } from '../jobs/index.ts';
import { fetchPendingImages, imageReport, type ImageFetchOptions } from './image-fetch.ts';
import { refreshClickCounts } from './landing.ts';
import { pruneSearchTermSearchers } from '../search/index.ts';

/** The catalogue's job definitions over `db`. */
export function catalogJobs(db: Database): JobDefinition[] {
  return [
    { name: 'click-recount', cron: '15 3 * * *', runAtStart: true, handler: () => refreshClickCounts(db) },
    { name: 'search-terms-prune', cron: '25 3 * * *', runAtStart: false, handler: () => pruneSearchTermSearchers(db) },
  ];
}

export interface ImageJobDeps {
  db: Database;
  /** The folder served at /media (the API's MEDIA folder); images go to its `remote/` folder. */
  mediaDir: string;
  log: { info(obj: object, msg: string): void };
  /** Overrides of the fetcher's limits (tests). */
  fetch?: Partial<ImageFetchOptions>;
}

/** The `image-fetch` job (see the module comment). */
export function imageJobs(deps: ImageJobDeps): JobDefinition[] {
  const { db, mediaDir, log } = deps;
  return [
    {
      name: 'image-fetch',
      cron: '*/15 * * * *',
      runAtStart: true,
      // Never holds the API's start: every image of a new catalogue of real feeds may take minutes.
      background: true,
      handler: async () => {
        const run = await fetchPendingImages(db, mediaDir, deps.fetch);
        if (run.tried === 0) return;
        // The per-merchant state after the run (GET /admin/api/v1/images/report), one line per merchant with remote images.
        const merchants = (await imageReport(db)).map((m) => ({
          merchant: m.merchant.slug,
          images: m.images,
          ok: m.ok,
          failed: m.failed,
          pending: m.pending,
          reasons: m.reasons,
        }));
        log.info({ ...run, merchants }, 'merchant images fetched');
      },
    },
  ];
}

/**
 * Sends `image-fetch` after every committed ingest (the catalogue's `catalog_changed`
 * announcement, migration 0006), so a new feed's images follow it within a run. Resolves to a
 * function that stops listening.
 */
export async function watchIngestsForImages(db: Database, jobs: JobQueue, onError: (err: unknown) => void): Promise<() => Promise<void>> {
  return db.listen('catalog_changed', () => {
    jobs.send('image-fetch').catch(onError);
  });
}
