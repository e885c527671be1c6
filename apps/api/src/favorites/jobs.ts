/**
 * The favourites domain's jobs (issue 14 §6–§7; decision 0012). Idempotent.
 *
 * - `price-alerts` (every 30 minutes, at start, and after every ingest: see
 *   {@link watchIngests}): evaluates every saved product against its target or the drop rule,
 *   then sends the due alert mails (one per shopper per day).
 * - `discount-digest` (Thursdays 15:00 UTC): the weekly e-mail of the best real discounts.
 */
import type { Database } from '@b-deals/db';
import type { JobDefinition, JobQueue } from '../jobs/index.ts';
import type { Mailer } from '../mail.ts';
import { evaluatePriceAlerts } from './alerts.ts';
import { sendAlertMails } from './alert-mails.ts';
import { sendDiscountDigest } from './digest.ts';
import type { MailLinks } from './mails.tsx';

export interface FavoriteJobDeps {
  db: Database;
  mailer: Mailer;
  links: MailLinks;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Host part of alert mails' Message-IDs: the public URL's host. */
const messageIdHost = (links: MailLinks) => new URL(links.publicUrl).hostname;

/** The favourites domain's job definitions. */
export function favoriteJobs(deps: FavoriteJobDeps): JobDefinition[] {
  const { db, mailer, links, log } = deps;
  return [
    {
      name: 'price-alerts',
      cron: '*/30 * * * *',
      runAtStart: true,
      handler: async () => {
        const evaluation = await evaluatePriceAlerts(db);
        const mails = await sendAlertMails({
          db,
          mailer,
          links,
          messageIdHost: messageIdHost(links),
          onError: (err, mailId) => log.error({ err, mailId }, 'alert mail refused'),
        });
        if (evaluation.fired || mails.sent || mails.failed || mails.unconfirmed) log.info({ ...evaluation, ...mails }, 'price alerts');
      },
    },
    {
      name: 'discount-digest',
      cron: '0 15 * * 4',
      handler: async () => {
        const report = await sendDiscountDigest({ db, mailer, links, onError: (err) => log.error({ err }, 'digest mail refused') });
        log.info(report, 'discount digest');
      },
    },
  ];
}

/**
 * Sends `price-alerts` after every committed ingest (the catalogue's `catalog_changed`
 * announcement, migration 0006). Runs never overlap: the embedded queue runs one job's runs in
 * turn, and on pg-boss the evaluation's advisory lock serialises them; a run after another finds
 * nothing new to raise. Resolves to a function that stops listening.
 */
export async function watchIngests(db: Database, jobs: JobQueue, onError: (err: unknown) => void): Promise<() => Promise<void>> {
  return db.listen('catalog_changed', () => {
    jobs.send('price-alerts').catch(onError);
  });
}
