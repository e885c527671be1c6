/**
 * Favourites domain (issue 14; spec §3 Favourite, §6, §7): B-LOVED saved products
 * (`saved.ts`), mail subscriptions with double opt-in and one-click unsubscribe
 * (`subscriptions.ts`), price-drop alert evaluation (`alerts.ts`, rules in core
 * `price-alerts.ts`) and sending (`alert-mails.ts`), the weekly discount digest (`digest.ts`),
 * their e-mails (`mails.tsx`), routes (`routes.ts`) and jobs (`jobs.ts`).
 */
export { addFavorite, updateFavorite, removeFavorite, favoriteIds, listFavorites, SPARKLINE_DAYS } from './saved.ts';
export {
  subscribeDiscount,
  confirmDiscount,
  unsubscribe,
  alertSubscription,
  alertSettings,
  setAlertSettings,
  CONFIRM_TTL_MS,
  CONFIRM_RESEND_MS,
} from './subscriptions.ts';
export { evaluatePriceAlerts, type EvaluationReport } from './alerts.ts';
export { sendAlertMails, SEND_LEASE_MS, MAX_ATTEMPTS, RETRY_BASE_MS, type AlertMailDeps, type SendReport } from './alert-mails.ts';
export { sendDiscountDigest, digestProducts, DIGEST_MIN_DISCOUNT } from './digest.ts';
export { subscriptionConfirmMail, subscribedMail, priceAlertMail, discountDigestMail, unsubscribeParts, type MailLinks } from './mails.tsx';
export { favoriteRoutes, type FavoriteRouteOptions } from './routes.ts';
export { favoriteJobs, watchIngests, type FavoriteJobDeps } from './jobs.ts';
export type { FavoriteRow, MailSubscriptionRow, PriceAlertRow, AlertMailRow } from './rows.ts';
