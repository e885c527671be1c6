/**
 * The composition root shared by the three entries (issue 10 §2; DESIGN.md "Where this is
 * heading"): the API server (`server.ts`, `npm run start:api`), the worker (`worker.ts`,
 * `npm run start:worker`) and `npm start` build their long-lived services here, from one parsed
 * configuration and one open database, so each entry only decides what it runs.
 *
 * Roles:
 * - `api`: the search index, kept fresh by the database's announcements; jobs are only sent.
 * - `worker`: jobs are worked (pg-boss on PostgreSQL); no search index.
 * - `all`: both in one process — always on PGlite (it admits one process), and on PostgreSQL
 *   unless `JOBS=worker` says a separate worker runs them.
 */
import type { Database } from '@b-deals/db';
import type { FxTable } from '@b-deals/feeds';
import { loadDefaultFxTable } from '@b-deals/feeds';
import type { Logger } from 'pino';
import { SearchIndex } from './search/index.ts';
import { catalogJobs, imageJobs, watchIngestsForImages } from './catalog/index.ts';
import { EmbeddedQueue, PgBossQueue, type JobQueue } from './jobs/index.ts';
import { pricingJobs } from './pricing/index.ts';
import { favoriteJobs, watchIngests } from './favorites/index.ts';
import { orderJobs, StripePaymentProvider, TestPaymentProvider, type PaymentProvider } from './orders/index.ts';
import { createMailer, type Mailer } from './mail.ts';
import { VisionService, visionJobs, watchCatalogForImages } from './vision/index.ts';
import type { Config } from './env.ts';

export type ServicesRole = 'api' | 'worker' | 'all';

export interface Services {
  config: Config;
  db: Database;
  fx: FxTable;
  /** The in-memory search index (decision 0003); absent in a worker. */
  searchIndex: SearchIndex | null;
  jobs: JobQueue;
  /** Outgoing mail of the background jobs (SMTP_URL, else the outbox table). */
  mailer: Mailer;
  /** Checkout's payment provider: Stripe with STRIPE_SECRET_KEY, else the labelled test provider. */
  payments: PaymentProvider;
  /** Image search (issue 17): the embedder thread (started on first use), the vector matrix and the `image-embed` job's work. */
  vision: VisionService;
  role: ServicesRole;
  /** Stops jobs (waiting for runs in progress) and the index's watch. The database stays open: it is the caller's. */
  close(): Promise<void>;
}

/** Loads the FX table (FX_RATES_FILE or the bundled one, plus FX_OPERATOR_RATES_FILE when set). */
export const loadFx = (config: Config): FxTable => loadDefaultFxTable(config.fxRatesFile ?? undefined, config.fxOperatorRatesFile);

/** Checkout's payment provider under `config`: Stripe PaymentIntents with STRIPE_SECRET_KEY, else the test provider (test mode). */
export function paymentProvider(config: Config, db: Database): PaymentProvider {
  return config.stripe ? new StripePaymentProvider(config.stripe.secretKey, config.stripe.publishableKey, config.stripe.apiUrl) : new TestPaymentProvider(db);
}

/** The role an entry that wants to serve the API takes under `config` (see the module comment). */
export function apiRole(config: Config): ServicesRole {
  return config.databaseUrl && config.jobs === 'worker' ? 'api' : 'all';
}

/**
 * Builds and starts the services of `role` over `db`: the search index is built (before any port
 * opens, so the first search does not wait) and watched; the job queue is started, working jobs
 * unless the role is `api`. Errors: those of building the index or starting pg-boss.
 */
export async function createServices(config: Config, db: Database, role: ServicesRole, log: Logger, opts: { mailer?: Mailer } = {}): Promise<Services> {
  const fx = loadFx(config);
  const onJobError = (err: unknown, job: string) => log.error({ err, job }, 'background job failed');
  const jobs: JobQueue = db.kind === 'postgres' && config.databaseUrl ? new PgBossQueue(config.databaseUrl, onJobError) : new EmbeddedQueue(onJobError);
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log });
  const links = { publicUrl: config.publicUrl };
  const payments = paymentProvider(config, db);
  const vision = new VisionService(db, { mediaDir: config.mediaDir });
  // Every domain's jobs (a new domain adds its own list here).
  await jobs.start(
    [
      ...catalogJobs(db),
      ...imageJobs({ db, mediaDir: config.mediaDir, log }),
      ...pricingJobs(db),
      ...favoriteJobs({ db, mailer, links, log }),
      ...orderJobs({ db, mailer, payments, publicUrl: config.publicUrl, log }),
      ...visionJobs(vision, (r) => log.info(r, 'image vectors updated')),
    ],
    { work: role !== 'api' },
  );
  // Price-drop alerts follow every ingest, in the processes that work jobs.
  const unwatchIngests = role !== 'api' ? await watchIngests(db, jobs, (err) => onJobError(err, 'price-alerts')) : null;
  // …and so does fetching the new merchants' images (issue 11 item 5).
  const unwatchImages = role !== 'api' ? await watchIngestsForImages(db, jobs, (err) => onJobError(err, 'image-fetch')) : null;
  // Image vectors are computed in the background after start and after every ingest (issue 17):
  // the storefront serves at once; image search covers the catalogue as the job advances.
  const unwatchEmbedding = role !== 'api' && config.imageEmbedding ? await watchCatalogForImages(db, jobs, (err) => onJobError(err, 'image-embed')) : null;
  let searchIndex: SearchIndex | null = null;
  let unwatch: (() => Promise<void>) | null = null;
  if (role !== 'worker') {
    searchIndex = new SearchIndex();
    unwatch = await searchIndex.watch(db);
    await searchIndex.rebuild(db);
  }
  let closed = false;
  return {
    config,
    db,
    fx,
    searchIndex,
    jobs,
    mailer,
    payments,
    vision,
    role,
    async close() {
      if (closed) return;
      closed = true;
      await unwatch?.();
      await unwatchIngests?.();
      await unwatchImages?.();
      await unwatchEmbedding?.();
      // Before the queue's stop: an embedding run in progress ends at its next image instead of holding the stop.
      await vision.close();
      await jobs.stop();
    },
  };
}
