/** The analytics domain's slice of the schema as raw-query rows (`SqlRow`). */
import type { SqlRow, schema } from '@b-deals/db';

export type AnalyticsEventRow = SqlRow<typeof schema.analyticsEvents>;
