/**
 * Image search's background job (issue 17; decision 0012): `image-embed` embeds every product image
 * that has no current vector. It is sent once when the services start and again after every ingest
 * (the `catalog_changed` announcement), so the storefront serves at once and image search covers
 * the catalogue as the job advances (`GET …/image-search/status`). Idempotent: a second run finds
 * nothing left to do.
 */
import type { Database } from '@b-deals/db';
import type { JobDefinition, JobQueue } from '../jobs/index.ts';
import type { EmbedRunReport, VisionService } from './service.ts';

export const IMAGE_EMBED_JOB = 'image-embed';

/** The vision domain's job definitions. `log` hears each run's counts. */
export function visionJobs(vision: VisionService, log?: (r: EmbedRunReport) => void): JobDefinition[] {
  return [
    {
      name: IMAGE_EMBED_JOB,
      handler: async () => {
        const r = await vision.embedPending();
        log?.(r);
      },
    },
  ];
}

/** Sends `image-embed` now and after every committed ingest; resolves to an unsubscribe function. */
export async function watchCatalogForImages(db: Database, jobs: JobQueue, onError: (err: unknown) => void): Promise<() => Promise<void>> {
  const send = () => void jobs.send(IMAGE_EMBED_JOB).catch(onError);
  const unlisten = await db.listen('catalog_changed', (payload) => {
    if (payload !== null) send();
  });
  send();
  return unlisten;
}
