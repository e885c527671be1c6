/** The matching domain's slice of the schema as raw-query rows (`SqlRow`): matching keys and the operator's decisions. */
import type { SqlRow, schema } from '@b-deals/db';

export type ProductKeyRow = SqlRow<typeof schema.productKeys>;
export type ProductBlockingKeyRow = SqlRow<typeof schema.productBlockingKeys>;
export type MatchDecisionRow = SqlRow<typeof schema.matchDecisions>;
