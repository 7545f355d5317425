// Order statuses and their transitions (docs/product.md "Auctions and orders").
//
//   pending ('Payment Required') -> paid ('Payment Received') -> ready_for_pickup (staff staged
//   the item) -> pickup_scheduled -> completed (handed over after an ID check)
//
// Beside the main line:
// - pending -> cancelled: unpaid 72 h after the auction end (non-payment strike).
// - paid -> pickup_scheduled directly: pickup can be scheduled for paid orders too, before
//   staff have staged the item. Moving an appointment keeps the order pickup_scheduled.
// - pickup_scheduled -> paid / ready_for_pickup: the shopper cancels the appointment; the order
//   goes back to where it was (ready_for_pickup once staff staged it) and can be booked again.
// - paid / ready_for_pickup -> completed: the desk hands over an order without an appointment
//   (the shopper walked in), after the same ID check.
// - paid / ready_for_pickup / pickup_scheduled -> refunded: the seller refunds a paid order it
//   cannot hand over.
// - completed -> refunded: a return within 7 days of pickup is refunded.
// - cancelled and refunded are final.

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'ready_for_pickup',
  'pickup_scheduled',
  'completed',
  'cancelled',
  'refunded',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = Object.freeze({
  pending: 'Payment Required',
  paid: 'Payment Received',
  ready_for_pickup: 'Ready for Pickup',
  pickup_scheduled: 'Pickup Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
});

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = Object.freeze({
  pending: Object.freeze(['paid', 'cancelled'] as const),
  paid: Object.freeze(['ready_for_pickup', 'pickup_scheduled', 'completed', 'refunded'] as const),
  ready_for_pickup: Object.freeze(['pickup_scheduled', 'completed', 'refunded'] as const),
  pickup_scheduled: Object.freeze(['paid', 'ready_for_pickup', 'completed', 'refunded'] as const),
  completed: Object.freeze(['refunded'] as const),
  cancelled: Object.freeze([] as const),
  refunded: Object.freeze([] as const),
});

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function orderStatusLabel(status: OrderStatus): string {
  return ORDER_STATUS_LABELS[status];
}

/** Whether a status change is allowed. Staying in the same status is not a transition. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The statuses from which `to` may be reached (the guard of a status UPDATE). */
export function orderSourcesOf(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => canTransition(from, to));
}

/** Pickup can be scheduled for paid and ready_for_pickup orders. */
export function canSchedulePickup(status: OrderStatus): boolean {
  return status === 'paid' || status === 'ready_for_pickup';
}

/**
 * A pickup can be booked, moved, staged or handed over: the order is paid and not yet collected
 * (paid, ready_for_pickup or pickup_scheduled).
 */
export function isPickupOpen(status: OrderStatus): boolean {
  return canSchedulePickup(status) || status === 'pickup_scheduled';
}

/** The statuses of an order that was paid at some point (refunded ones included). */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = Object.freeze([
  'paid',
  'ready_for_pickup',
  'pickup_scheduled',
  'completed',
  'refunded',
] as const);

/** The order was paid (its totals with premium and taxes are the amounts that count). */
export function wasPaid(status: OrderStatus): boolean {
  return PAID_ORDER_STATUSES.includes(status);
}

/** The order waits for payment ('Pay Now' in the account, may go into the cart). */
export function needsPayment(status: OrderStatus): boolean {
  return status === 'pending';
}

/** No further change is possible. */
export function isFinalOrderStatus(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length === 0;
}

/**
 * Three active (not removed) non-payment strikes suspend bidding
 * (docs/product.md "Payment deadlines and strikes").
 */
export const MAX_ACTIVE_STRIKES = 3;

export function isSuspendedByStrikes(activeStrikes: number): boolean {
  return activeStrikes >= MAX_ACTIVE_STRIKES;
}

/**
 * The heading over a shopper's strikes: how many count, and the number that suspends bidding
 * (docs/decisions/014-payment-deadline-and-strikes.md). Strikes are not capped, so this is never
 * 'N of 3': 'Non-payment strikes: 19 active (bidding is suspended at 3)'.
 */
export function strikesHeading(activeStrikes: number): string {
  if (activeStrikes <= 0) return 'Non-payment strikes: none active';
  return `Non-payment strikes: ${activeStrikes} active (bidding is suspended at ${MAX_ACTIVE_STRIKES})`;
}

/**
 * Payment reminders go out this long before the deadline, each once: the first (24 hours), then the
 * last (2 hours). The deadline job's marks and every text naming them read these.
 */
export const PAYMENT_REMINDERS_HOURS = [24, 2] as const;

const [FIRST_REMINDER_HOURS, LAST_REMINDER_HOURS] = PAYMENT_REMINDERS_HOURS;
const HOUR_MS = 3_600_000;

export type PaymentDeadlineAction = 'none' | 'remind_24h' | 'remind_2h' | 'cancel';

/**
 * What the deadline job does with a pending order at `nowMs`: cancel it at or past the deadline;
 * otherwise the reminder whose time has come and that was not sent yet (the 2-hour one wins when
 * both are due, and then the 24-hour one is not sent late).
 */
export function paymentDeadlineAction(
  o: { paymentDueAt: number; reminder24hSent: boolean; reminder2hSent: boolean },
  nowMs: number,
): PaymentDeadlineAction {
  const left = o.paymentDueAt - nowMs;
  if (left <= 0) return 'cancel';
  if (left <= LAST_REMINDER_HOURS * HOUR_MS) return o.reminder2hSent ? 'none' : 'remind_2h';
  if (left <= FIRST_REMINDER_HOURS * HOUR_MS) return o.reminder24hSent ? 'none' : 'remind_24h';
  return 'none';
}
