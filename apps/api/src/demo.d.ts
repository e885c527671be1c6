import type { IngestReport } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { type FxTable } from '@b-deals/feeds';
export interface DemoProgress {
    /** Called with the phase, done and total units of that phase. */
    (phase: 'generate' | 'ingest', done: number, total: number): void;
}
/** Generates (when needed) and ingests the demo catalogue. Returns one report per file. */
export declare function loadDemoCatalogue(db: Database, opts: {
    dataDir: string;
    mediaDir: string;
    products: number;
    fx: FxTable;
    onProgress?: DemoProgress;
}): Promise<IngestReport[]>;
