/**
 * The favourites domain's slice of the schema as raw-query rows (`SqlRow`: SQL column names,
 * Drizzle's `$inferSelect` types): B-LOVED, mail subscriptions, price alerts and alert mails.
 */
import type { SqlRow, schema } from '@b-deals/db';

export type FavoriteRow = SqlRow<typeof schema.favorites>;
export type MailSubscriptionRow = SqlRow<typeof schema.mailSubscriptions>;
export type PriceAlertRow = SqlRow<typeof schema.priceAlerts>;
export type AlertMailRow = SqlRow<typeof schema.alertMails>;
