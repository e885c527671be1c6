/** The ingest's slice of the schema as raw-query rows (`SqlRow`): one row per ingested file, whose id is the catalogue version. */
import type { SqlRow, schema } from '@b-deals/db';

export type IngestRunRow = SqlRow<typeof schema.ingestRuns>;
