/**
 * Checkout and orders (issue 15; spec §7 `/order/api/v1/shoppingcart/express-buy`,
 * `/order/api/v1/order`, `/order/api/v1/orders`, `/order/api/v1/orders/stat`,
 * `/api/v1/basic-data/world-areas/US`). The spec does not show the payloads; these are ours.
 * Money is integer US cents; prices are re-read from the offer on the server, never taken from
 * the client.
 */
import { z } from 'zod';
import { US_ZIP } from '@b-deals/core';
import { EmailSchema } from './auth.ts';
import { CentsSchema, ImageSchema, intFromText, jsonNumber, JsonIdSchema, PAGE_FROM_MAX, PAGE_SIZE_MAX, textSchema } from './common.ts';

/** Most units of one item in an express buy. */
export const MAX_QUANTITY = 10;

/** POST /order/api/v1/shoppingcart/express-buy: one offer of a product, in a size and colour when it has them. */
export const ExpressBuyBodySchema = z.object({
  productId: JsonIdSchema,
  offerId: JsonIdSchema,
  size: textSchema(40).trim().min(1).optional(),
  color: textSchema(60).trim().min(1).optional(),
  quantity: jsonNumber().int().min(1).max(MAX_QUANTITY).default(1),
});
export type ExpressBuyBody = z.infer<typeof ExpressBuyBodySchema>;

/** Which payment provider takes the payment: the labelled test provider, or Stripe PaymentIntents. */
export const PaymentProviderSchema = z.enum(['test', 'stripe']);

/** The item of a checkout or order, as it was priced when the checkout began. */
export const OrderItemSchema = z.object({
  productId: z.number().int(),
  productSlug: z.string(),
  productName: z.string(),
  image: ImageSchema.nullable(),
  offerId: z.number().int(),
  merchant: z.object({ slug: z.string(), name: z.string() }),
  size: z.string().nullable(),
  color: z.string().nullable(),
  quantity: z.number().int(),
  /** Item price per unit at the offer when the checkout began (the sale price when on sale), cents. */
  unitPrice: CentsSchema,
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** A checkout session: what will be bought, at which price, from whom (valid until `expiresAt`). */
export const CheckoutSessionSchema = z.object({
  id: z.string().uuid(),
  status: z.enum(['open', 'completed', 'expired']),
  expiresAt: z.string(),
  item: OrderItemSchema,
  /** Item price × quantity, cents. */
  subtotal: CentsSchema,
  /** The merchant's stated US shipping for the order, cents. */
  shipping: CentsSchema,
  currency: z.literal('USD'),
  payment: z.object({
    provider: PaymentProviderSchema,
    /** True with the test provider: no real money moves; the page says so. */
    testMode: z.boolean(),
    /** Stripe.js publishable key when the provider is Stripe. */
    publishableKey: z.string().nullable(),
  }),
});
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;

export const CheckoutParamsSchema = z.object({ id: z.string().uuid() });

/** A US shipping address (states, DC, territories and military codes of `GET /api/v1/basic-data/world-areas/US`). */
export const ShippingAddressSchema = z.object({
  firstName: textSchema(60).trim().min(1, 'Enter the first name.'),
  lastName: textSchema(60).trim().min(1, 'Enter the last name.'),
  line1: textSchema(120).trim().min(3, 'Enter the street address.'),
  line2: textSchema(120).trim().optional(),
  city: textSchema(80).trim().min(2, 'Enter the city.'),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Choose a state or territory.'),
  zip: z.string().trim().regex(US_ZIP, 'Enter a 5-digit ZIP code (or ZIP+4).'),
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

/** A card as the test provider takes it (test mode only; with Stripe the card never reaches us). */
export const TestCardSchema = z.object({
  number: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number.')),
  expMonth: jsonNumber().int().min(1).max(12),
  expYear: jsonNumber().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3- or 4-digit security code.'),
});

/** POST /order/api/v1/order (header `Idempotency-Key` required). */
export const PlaceOrderBodySchema = z.object({
  checkoutId: z.string().uuid(),
  contact: z.object({ email: EmailSchema, phone: textSchema(30).trim().optional() }),
  shippingAddress: ShippingAddressSchema,
  payment: z.union([z.object({ card: TestCardSchema }), z.object({ paymentMethodId: z.string().regex(/^pm_[A-Za-z0-9_]{1,100}$/) })]),
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBodySchema>;

/** Order statuses: placed (waiting for payment), paid, forwarded to the merchant, shipped, cancelled, or payment failed. */
export const ORDER_STATUSES = ['placed', 'paid', 'forwarded', 'shipped', 'cancelled', 'payment_failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const OrderSchema = z.object({
  id: z.number().int(),
  /** The number shown to the shopper, e.g. "BD-000042". */
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusHistory: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: z.string(), note: z.string().nullable() })),
  createdAt: z.string(),
  items: z.array(OrderItemSchema),
  subtotal: CentsSchema,
  shipping: CentsSchema,
  /** Sales tax estimated from the state's rate (core `salesTaxEstimateCents`): an estimate, cents. */
  taxEstimate: CentsSchema,
  total: CentsSchema,
  currency: z.literal('USD'),
  contactEmail: z.string(),
  shippingAddress: ShippingAddressSchema,
  payment: z.object({ provider: PaymentProviderSchema, testMode: z.boolean(), last4: z.string().nullable() }),
});
export type Order = z.infer<typeof OrderSchema>;

/** GET /order/api/v1/orders?f=0&t=500&d=true (spec §7, §9): `f` from, `t` to (exclusive; at most 500 apart), `d` newest first (descending). */
export const OrdersQuerySchema = z
  .object({
    f: intFromText(z.number().int().min(0).max(PAGE_FROM_MAX).default(0)),
    t: intFromText(
      z
        .number()
        .int()
        .min(1)
        .max(PAGE_FROM_MAX + PAGE_SIZE_MAX.orders)
        .default(PAGE_SIZE_MAX.orders),
    ),
    d: z.enum(['true', 'false']).default('true'),
  })
  .refine((q) => q.t > q.f && q.t - q.f <= PAGE_SIZE_MAX.orders, {
    message: `\`t\` must be greater than \`f\` and at most ${PAGE_SIZE_MAX.orders} more`,
    path: ['t'],
  });
export type OrdersQuery = z.infer<typeof OrdersQuerySchema>;
export const OrdersResponseSchema = z.object({ total: z.number().int(), items: z.array(OrderSchema) });
export type OrdersResponse = z.infer<typeof OrdersResponseSchema>;
export const OrdersStatSchema = z.object({ count: z.number().int() });

/** GET /api/v1/basic-data/world-areas/US: states, DC, territories and military codes. */
export const WorldAreasSchema = z.object({
  country: z.literal('US'),
  areas: z.array(z.object({ code: z.string(), name: z.string(), type: z.enum(['state', 'district', 'territory', 'military']) })),
});
export type WorldAreas = z.infer<typeof WorldAreasSchema>;
