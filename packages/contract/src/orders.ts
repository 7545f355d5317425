// Orders, the cart, checkout and payment (docs/product.md "Auctions and orders";
// docs/product.md "Prices, premium and taxes"). The server decides every amount and status.
import { ORDER_STATUSES } from '@rebound/core/orders';
import { z } from 'zod';
import { ProductImage, TaxConfig } from './catalog';
import { Cents, Instant, Uuid } from './common';
import { CART_MAX_ITEMS, ORDER_TEXT } from './orders-text';
import { OrderReturnInfo } from './returns';

/** The statuses are core's (packages/core/src/orders.ts), with their labels and transitions. */
export const ORDER_STATUS_VALUES = ORDER_STATUSES;
export const OrderStatus = z.enum(ORDER_STATUS_VALUES);

// The texts and the cart's size live in a module without zod (the web's first bundle imports them).
export { CART_MAX_ITEMS, ORDER_TEXT } from './orders-text';

/** One pickup booked for an order (filled by the pickup issue). */
export const OrderPickup = z.object({
  /** The visit (docs/decisions/058): orders with the same id are picked up together. */
  appointmentId: Uuid,
  /** Vancouver date, YYYY-MM-DD. */
  date: z.string(),
  timeLabel: z.string(),
  startsAt: Instant,
  notes: z.string().nullable(),
});

/** An order as its owner sees it (Orders tab). */
export const OrderView = z.object({
  id: Uuid,
  /** First 8 characters of the id, as the Appointments tab shows it. */
  number: z.string(),
  auctionId: Uuid,
  product: z.object({
    title: z.string(),
    slug: z.string(),
    description: z.string(),
    image: ProductImage.nullable(),
  }),
  /** The winning price (before premium and taxes). */
  finalAmountCents: Cents,
  /** What was charged, once paid (premium and taxes included, this order's share). */
  totalPaidCents: Cents.nullable(),
  status: OrderStatus,
  /** The status label: 'Payment Required', 'Payment Received', ... */
  statusLabel: z.string(),
  /** When the order was made: the auction's end ('Won on'). */
  createdAt: Instant,
  auctionEndedAt: Instant,
  /** Pay by then (core PAYMENT_WINDOW_HOURS after the end); null once paid or cancelled. */
  paymentDueAt: Instant.nullable(),
  paidAt: Instant.nullable(),
  cancelledAt: Instant.nullable(),
  needsPayment: z.boolean(),
  canSchedulePickup: z.boolean(),
  isPickupScheduled: z.boolean(),
  isCompleted: z.boolean(),
  pickup: OrderPickup.nullable(),
  locationName: z.string(),
  /**
   * Storage owed now: $5 per item per day from `storageFeeFrom` while paid and not collected, frozen
   * at the handover, 0 for unpaid, cancelled and refunded orders (core orderStorageFeeCents).
   */
  storageFeeCents: Cents,
  /** The first charged day (Vancouver date): the day after the last pickup date of the window. */
  storageFeeFrom: z.string(),
  /** Why a refunded order was refunded, when the pickup desk settled it (decision 057); else null. */
  refundNote: z.string().nullable(),
  /** Returns (returns.ts): whether one can be asked, and the order's return with its history. */
  returnInfo: OrderReturnInfo.optional(),
});
export type OrderView = z.infer<typeof OrderView>;

/** A non-payment strike, as its shopper sees it in the account. */
export const StrikeView = z.object({
  id: Uuid,
  reason: z.string(),
  createdAt: Instant,
  orderId: Uuid.nullable(),
  /** Removed by staff: shown struck through, no longer counted. */
  removedAt: Instant.nullable(),
});
export type StrikeView = z.infer<typeof StrikeView>;

/** GET /api/me/orders: the shopper's orders, newest first, with their strikes. */
export const MyOrdersResponse = z.object({
  serverTime: Instant,
  orders: z.array(OrderView),
  strikes: z.array(StrikeView),
  /** Active strikes (not removed); at MAX_ACTIVE_STRIKES bidding is suspended. */
  activeStrikes: z.number().int(),
  biddingSuspended: z.boolean(),
});
export type MyOrdersResponse = z.infer<typeof MyOrdersResponse>;

const OrderIds = z
  .array(z.string().min(1).max(100))
  .max(CART_MAX_ITEMS, { error: `A cart holds at most ${CART_MAX_ITEMS} items.` });

/** POST /api/cart/quote: the browser's list of order ids; the server rebuilds every line. */
export const CartQuoteRequest = z.object({ orderIds: OrderIds });
export type CartQuoteRequest = z.infer<typeof CartQuoteRequest>;

/** A cart line, built by the server from one of the shopper's own unpaid orders. */
export const CartItem = z.object({
  /** 'order-' + the order id: the cart item's id. */
  id: z.string(),
  orderId: Uuid,
  auctionId: Uuid,
  productTitle: z.string(),
  productSlug: z.string(),
  productImage: ProductImage.nullable(),
  finalAmountCents: Cents,
  /** 'Won on': the auction's end. */
  wonDate: Instant,
  paymentDueAt: Instant,
});
export type CartItem = z.infer<typeof CartItem>;

export const CART_DROP_REASONS = ['not_found', 'paid', 'cancelled', 'not_payable'] as const;

/** An id the server left out of the cart, and why (shown as a note; the browser forgets it). */
export const DroppedCartItem = z.object({
  orderId: z.string(),
  reason: z.enum(CART_DROP_REASONS),
  message: z.string(),
});
export type DroppedCartItem = z.infer<typeof DroppedCartItem>;

export const PriceBreakdown = z.object({
  subtotalCents: Cents,
  premiumCents: Cents,
  pstCents: Cents,
  gstCents: Cents,
  totalCents: Cents,
});
export type PriceBreakdown = z.infer<typeof PriceBreakdown>;

export const CartQuoteResponse = z.object({
  items: z.array(CartItem),
  dropped: z.array(DroppedCartItem),
  /** The shopper's pickup location (its rates price the cart); null when none is chosen. */
  location: z.object({ id: Uuid, name: z.string() }).nullable(),
  /** The rates used (the location's, or the defaults without one): the labels show these. */
  rates: TaxConfig,
  totals: PriceBreakdown,
  /** Checkout is possible: items left and a pickup location chosen. */
  canCheckout: z.boolean(),
});
export type CartQuoteResponse = z.infer<typeof CartQuoteResponse>;

/** POST /api/checkout: pay for these orders (the cart's ids). */
export const CreateCheckoutRequest = z.object({
  orderIds: OrderIds.min(1, { error: ORDER_TEXT.emptyCartCheckout }),
});
export type CreateCheckoutRequest = z.infer<typeof CreateCheckoutRequest>;

export const CreateCheckoutResponse = z.object({
  /** The hosted checkout page (Stripe's, or the built-in test page). */
  url: z.string(),
  sessionId: z.string(),
  provider: z.enum(['stripe', 'test']),
  totals: PriceBreakdown,
});
export type CreateCheckoutResponse = z.infer<typeof CreateCheckoutResponse>;

/**
 * GET /api/checkout/pay-all: what 'Pay all' would charge now. The server picks the orders (every
 * pending order of the shopper whose payment deadline has not passed, at most CART_MAX_ITEMS, the
 * soonest due first) and prices them with the cart's own computation (checkout/cart.ts buildCart).
 */
export const PayAllQuoteResponse = z.object({
  orderIds: z.array(Uuid),
  totals: PriceBreakdown,
  /** Checkout is possible: orders to pay and a pickup location chosen. */
  canCheckout: z.boolean(),
});
export type PayAllQuoteResponse = z.infer<typeof PayAllQuoteResponse>;

/**
 * POST /api/checkout/pay-all: one checkout for every order the quote would take now. The total the
 * button showed may be sent: when the server's total differs (a win arrived, a deadline passed), it
 * refuses with pay_all_changed and charges nothing.
 */
export const PayAllRequest = z.object({ expectedTotalCents: Cents.optional() });
export type PayAllRequest = z.infer<typeof PayAllRequest>;

/** POST /api/checkout/verify {sessionId}: the success page's check (runs the same sync as the webhook). */
export const VerifyPaymentRequest = z.object({ sessionId: z.string().min(1).max(300) });
export type VerifyPaymentRequest = z.infer<typeof VerifyPaymentRequest>;

/** Payment verification: success, payment_status, amount. */
export const VerifyPaymentResponse = z.object({
  success: z.boolean(),
  paymentStatus: z.enum(['paid', 'unpaid', 'refunded', 'expired']),
  /** The total charged (cents). */
  amountCents: Cents,
  orderIds: z.array(Uuid),
  message: z.string(),
  /**
   * A storage-fee payment (docs/decisions/059-storage-fees-and-ledger.md): what it paid for, one line
   * per order ('Storage: Desk lamp (3 days)'); absent or empty for an order payment.
   */
  storageFees: z.array(z.object({ orderId: Uuid, title: z.string(), amountCents: Cents })).optional(),
  /** The seller's GST/HST and PST registration numbers, which the receipt page prints (server config). */
  taxRegistration: z.object({ gstNumber: z.string(), pstNumber: z.string() }),
});
export type VerifyPaymentResponse = z.infer<typeof VerifyPaymentResponse>;
