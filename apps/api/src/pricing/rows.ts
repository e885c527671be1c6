/** The pricing domain's slice of the schema as raw-query rows (`SqlRow`): price runs. */
import type { SqlRow, schema } from '@b-deals/db';

export type PriceObservationRow = SqlRow<typeof schema.priceObservations>;
