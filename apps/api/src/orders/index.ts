/**
 * Orders domain (issue 15; spec §7): express buy and checkout sessions (`checkout.ts`), orders
 * with idempotency, status history and crash recovery (`orders.ts`), payment providers
 * (`payments.ts`: the labelled test provider, Stripe PaymentIntents), the confirmation mail
 * (`mails.tsx`), routes and the recovery job.
 */
export { expressBuy, getCheckout, CHECKOUT_TTL_MS } from './checkout.ts';
export { placeOrder, listOrders, orderStat, getOrder, recoverOrders, advanceOrder, orderNumber, RECOVERY_AGE_MS, type OrderDeps } from './orders.ts';
export {
  TestPaymentProvider,
  StripePaymentProvider,
  luhnValid,
  TEST_CARDS,
  type PaymentProvider,
  type PaymentOutcome,
  type PaymentRequest,
} from './payments.ts';
export { orderConfirmationMail } from './mails.tsx';
export { orderRoutes, worldAreaRoutes, type OrderRouteOptions } from './routes.ts';
export { orderJobs } from './jobs.ts';
