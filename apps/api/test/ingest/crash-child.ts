/**
 * Child process for the crash test: `first` ingests a feed, `crash` ingests a changed feed and
 * SIGKILLs itself inside the transaction after the listings are written, `rerun` ingests the
 * changed feed to completion.
 */
import { openDatabase } from '@b-deals/db';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { ingestFeed } from '../../src/index.ts';

const [dir, mode] = process.argv.slice(2) as [string, string];
const first: TestItem[] = [
  { id: 'A', title: 'Linen Maxi Dress', price: '80.00 USD', brand: 'Harbor' },
  { id: 'B', title: 'Pleated Skirt', price: '45.00 USD', brand: 'Harbor' },
];
const changed: TestItem[] = [
  { id: 'A', title: 'Linen Maxi Dress', price: '70.00 USD', brand: 'Harbor' },
  { id: 'B', title: 'Pleated Skirt', price: '40.00 USD', brand: 'Harbor' },
  { id: 'C', title: 'Cotton Tee', price: '30.00 USD', brand: 'Harbor' },
];
const db = await openDatabase({ kind: 'pglite', dataDir: dir });
await ingestFeed(db, {
  bytes: rssFeed('alpha', mode === 'first' ? first : changed),
  feed: 'alpha.xml',
  merchant: { slug: 'alpha', name: 'Alpha' },
  fx: loadDefaultFxTable(),
  onStage: mode === 'crash' ? () => void process.kill(process.pid, 'SIGKILL') : undefined,
});
await db.close();
