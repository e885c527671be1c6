/** The accounts domain's slice of the schema as raw-query rows (`SqlRow`): users, OAuth tokens, one-time tokens. */
import type { SqlRow, schema } from '@b-deals/db';

export type UserRow = SqlRow<typeof schema.users>;
export type AuthTokenRow = SqlRow<typeof schema.authTokens>;
export type OneTimeTokenRow = SqlRow<typeof schema.oneTimeTokens>;
