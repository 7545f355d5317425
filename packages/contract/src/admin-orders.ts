// The back-office's orders and payments (docs/decisions/024): search, an order's
// detail with its history, refunds (full or partial, idempotent by the Idempotency-Key header) and
// the shopper's strikes, removable with a reason. Every path is staff only (/api/admin).
import { z } from 'zod';
import { adminListQuery, adminPage, Reason } from './admin';
import { Cents, Instant, Uuid } from './common';
import { DeskMarkView } from './desk-marks';
import { OrderStatus } from './orders';

export const ADMIN_ORDER_SORTS = ['createdAt', 'paidAt', 'total', 'status'] as const;

/** GET /api/admin/orders: q matches the shopper's email or handle, the order number (id prefix), SKU or title. */
export const AdminOrdersQuery = adminListQuery(ADMIN_ORDER_SORTS, 'createdAt').extend({
  status: OrderStatus.optional(),
});
export type AdminOrdersQuery = z.input<typeof AdminOrdersQuery>;

export const AdminOrderRow = z.object({
  id: Uuid,
  /** First 8 characters of the id. */
  number: z.string(),
  status: OrderStatus,
  statusLabel: z.string(),
  productTitle: z.string(),
  sku: z.string(),
  shopper: z.object({ id: Uuid, email: z.string(), handle: z.string(), name: z.string() }),
  finalAmountCents: Cents,
  /** What was charged for this order (its share of premium and taxes included); null until paid. */
  totalCents: Cents.nullable(),
  refundedCents: Cents,
  createdAt: Instant,
  paidAt: Instant.nullable(),
  paymentDueAt: Instant,
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;

export const AdminOrdersResponse = adminPage(AdminOrderRow);
export type AdminOrdersResponse = z.infer<typeof AdminOrdersResponse>;

export const TIMELINE_KINDS = [
  'won',
  'reminder',
  'paid',
  'staged',
  'scheduled',
  'completed',
  'cancelled',
  'strike',
  'strike_removed',
  'refund',
  'refunded',
] as const;

export const TimelineEvent = z.object({
  at: Instant,
  kind: z.enum(TIMELINE_KINDS),
  /** One line: 'Won at $120.00', 'Refunded $20.00'. */
  label: z.string(),
  /** A second line when there is one (a reason, who did it). */
  detail: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof TimelineEvent>;

export const AdminRefund = z.object({
  id: Uuid,
  paymentId: Uuid,
  orderId: Uuid.nullable(),
  amountCents: Cents,
  reason: z.string(),
  createdAt: Instant,
  createdBy: z.string().nullable(),
  providerRefundId: z.string().nullable(),
  /** Recorded but not yet confirmed by the payment provider: try again (same key, never twice). */
  pending: z.boolean(),
  /** Only for a pending refund: the key to send again. */
  idempotencyKey: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof AdminRefund>;

export const AdminPayment = z.object({
  id: Uuid,
  provider: z.enum(['stripe', 'test']),
  providerPaymentId: z.string().nullable(),
  status: z.enum(['paid', 'refunded']),
  totalCents: Cents,
  refundedCents: Cents,
  paidAt: Instant,
  refundedAt: Instant.nullable(),
  /** How many orders this payment (one checkout) paid for. */
  orderCount: z.number().int(),
});
export type AdminPayment = z.infer<typeof AdminPayment>;

export const AdminStrike = z.object({
  id: Uuid,
  orderId: Uuid.nullable(),
  /** The strike was given for this order. */
  thisOrder: z.boolean(),
  reason: z.string(),
  createdAt: Instant,
  removedAt: Instant.nullable(),
  removedReason: z.string().nullable(),
  removedBy: z.string().nullable(),
});
export type AdminStrike = z.infer<typeof AdminStrike>;

export const AdminOrderDetail = z.object({
  serverTime: Instant,
  order: z.object({
    id: Uuid,
    number: z.string(),
    status: OrderStatus,
    statusLabel: z.string(),
    finalAmountCents: Cents,
    premiumCents: Cents.nullable(),
    pstCents: Cents.nullable(),
    gstCents: Cents.nullable(),
    totalCents: Cents.nullable(),
    createdAt: Instant,
    paymentDueAt: Instant,
    paidAt: Instant.nullable(),
    readyAt: Instant.nullable(),
    completedAt: Instant.nullable(),
    cancelledAt: Instant.nullable(),
    refundedAt: Instant.nullable(),
    locationName: z.string(),
    product: z.object({ id: Uuid, title: z.string(), slug: z.string(), sku: z.string() }),
  }),
  shopper: z.object({
    id: Uuid,
    email: z.string(),
    handle: z.string(),
    name: z.string(),
    status: z.enum(['active', 'suspended']),
    activeStrikes: z.number().int(),
  }),
  /** Refunded so far on this order, and what may still be refunded (0 when nothing can be). */
  refundedCents: Cents,
  refundableCents: Cents,
  /** Why nothing can be refunded, when refundableCents is 0. */
  refundBlockedReason: z.string().nullable(),
  payments: z.array(AdminPayment),
  refunds: z.array(AdminRefund),
  strikes: z.array(AdminStrike),
  appointment: z
    .object({
      status: z.enum(['scheduled', 'completed', 'cancelled', 'missed']),
      shortCode: z.string().nullable(),
      startsAt: Instant,
      timeLabel: z.string(),
      date: z.string(),
      completedAt: Instant.nullable(),
    })
    .nullable(),
  /** Oldest first. */
  timeline: z.array(TimelineEvent),
  /** The pickup desk found the item missing or damaged (decision 057); null when it did not. */
  deskMark: DeskMarkView.omit({ refundId: true, refundedCents: true }).nullable(),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

/** POST /api/admin/orders/:id/refunds with an Idempotency-Key header. */
export const RefundRequest = z.object({
  amountCents: z
    .number({ error: 'Enter the amount to refund.' })
    .int({ error: 'Enter the amount in cents.' })
    .min(1, { error: 'The refund must be at least $0.01.' })
    .max(100_000_000),
  reason: Reason,
});
export type RefundRequest = z.infer<typeof RefundRequest>;

/** An Idempotency-Key: one per refund the staff member confirms; a retry sends it again. */
export const IdempotencyKeyHeader = z.string().trim().min(8).max(200);

export const RefundResponse = z.object({
  refund: AdminRefund,
  /** True when this key had already made this refund: nothing new happened. */
  replayed: z.boolean(),
  orderStatus: OrderStatus,
  refundableCents: Cents,
  message: z.string(),
});
export type RefundResponse = z.infer<typeof RefundResponse>;

/** POST /api/admin/orders/:id/strikes/:strikeId/remove. */
export const RemoveStrikeRequest = z.object({ reason: Reason });
export type RemoveStrikeRequest = z.infer<typeof RemoveStrikeRequest>;

export const SUSPENSION_OUTCOMES = ['not_suspended', 'lifted', 'still_suspended', 'kept_by_staff'] as const;

export const RemoveStrikeResponse = z.object({
  strike: AdminStrike,
  activeStrikes: z.number().int(),
  userStatus: z.enum(['active', 'suspended']),
  /**
   * not_suspended: nothing to lift; lifted: below the threshold again, bidding restored;
   * still_suspended: still at the threshold; kept_by_staff: a staff member suspended the account by
   * hand, so removing a strike does not restore it (People does).
   */
  suspension: z.enum(SUSPENSION_OUTCOMES),
  message: z.string(),
});
export type RemoveStrikeResponse = z.infer<typeof RemoveStrikeResponse>;
