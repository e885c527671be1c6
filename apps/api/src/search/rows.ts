/** The search domain's slice of the schema as raw-query rows (`SqlRow`): vocabulary, shoppers' searches, curated hot words. */
import type { SqlRow, schema } from '@b-deals/db';

export type SearchWordRow = SqlRow<typeof schema.searchWords>;
export type SearchTermRow = SqlRow<typeof schema.searchTerms>;
export type HotWordRow = SqlRow<typeof schema.hotWords>;
