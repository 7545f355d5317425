import { describe, expect, it } from 'vitest';
import {
  canSchedulePickup,
  canTransition,
  isFinalOrderStatus,
  isOrderStatus,
  isPickupOpen,
  isSuspendedByStrikes,
  MAX_ACTIVE_STRIKES,
  needsPayment,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
  orderSourcesOf,
  orderStatusLabel,
  PAID_ORDER_STATUSES,
  PAYMENT_REMINDERS_HOURS,
  paymentDeadlineAction,
  strikesHeading,
  wasPaid,
} from './orders';

describe('order statuses', () => {
  it('lists the seven statuses in lifecycle order', () => {
    expect(ORDER_STATUSES).toEqual([
      'pending',
      'paid',
      'ready_for_pickup',
      'pickup_scheduled',
      'completed',
      'cancelled',
      'refunded',
    ]);
  });

  it.each([
    ['pending', 'Payment Required'],
    ['paid', 'Payment Received'],
    ['ready_for_pickup', 'Ready for Pickup'],
    ['pickup_scheduled', 'Pickup Scheduled'],
    ['completed', 'Completed'],
    ['cancelled', 'Cancelled'],
    ['refunded', 'Refunded'],
  ] as const)('labels %s as %s', (status, label) => {
    expect(orderStatusLabel(status)).toBe(label);
  });

  it('recognises statuses', () => {
    for (const status of ORDER_STATUSES) expect(isOrderStatus(status)).toBe(true);
    expect(isOrderStatus('active')).toBe(false);
    expect(isOrderStatus('PAID')).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
    expect(isOrderStatus('toString')).toBe(false);
  });
});

describe('canSchedulePickup / needsPayment', () => {
  it('allows scheduling only for paid and ready_for_pickup', () => {
    const schedulable = ORDER_STATUSES.filter(canSchedulePickup);
    expect(schedulable).toEqual(['paid', 'ready_for_pickup']);
  });

  it('asks for payment only while pending', () => {
    expect(ORDER_STATUSES.filter(needsPayment)).toEqual(['pending']);
  });

  it('keeps pickup open (book, move, stage, hand over) from payment until collected', () => {
    expect(ORDER_STATUSES.filter(isPickupOpen)).toEqual(['paid', 'ready_for_pickup', 'pickup_scheduled']);
  });

  it('counts an order as paid from payment on, refunded ones included', () => {
    expect(ORDER_STATUSES.filter(wasPaid)).toEqual([
      'paid',
      'ready_for_pickup',
      'pickup_scheduled',
      'completed',
      'refunded',
    ]);
    expect(PAID_ORDER_STATUSES).toEqual(ORDER_STATUSES.filter(wasPaid));
  });
});

describe('canTransition', () => {
  const allowed: Array<[OrderStatus, OrderStatus]> = [
    ['pending', 'paid'],
    ['pending', 'cancelled'],
    ['paid', 'ready_for_pickup'],
    ['paid', 'pickup_scheduled'],
    ['paid', 'completed'],
    ['paid', 'refunded'],
    ['ready_for_pickup', 'pickup_scheduled'],
    ['ready_for_pickup', 'completed'],
    ['ready_for_pickup', 'refunded'],
    ['pickup_scheduled', 'paid'],
    ['pickup_scheduled', 'ready_for_pickup'],
    ['pickup_scheduled', 'completed'],
    ['pickup_scheduled', 'refunded'],
    ['completed', 'refunded'],
  ];

  it('allows exactly the listed transitions', () => {
    const key = (from: string, to: string) => `${from}->${to}`;
    const expected = new Set(allowed.map(([from, to]) => key(from, to)));
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        expect(canTransition(from, to), key(from, to)).toBe(expected.has(key(from, to)));
      }
    }
  });

  it('lists, for each target, exactly the statuses that may reach it', () => {
    for (const to of ORDER_STATUSES) {
      expect(orderSourcesOf(to), to).toEqual(ORDER_STATUSES.filter((from) => canTransition(from, to)));
    }
    expect(orderSourcesOf('pending')).toEqual([]);
    expect(orderSourcesOf('completed')).toEqual(['paid', 'ready_for_pickup', 'pickup_scheduled']);
  });

  it('lets a cancelled appointment go back to paid or ready, and a walk-in be handed over', () => {
    expect(canTransition('pickup_scheduled', 'paid')).toBe(true);
    expect(canTransition('pickup_scheduled', 'ready_for_pickup')).toBe(true);
    expect(canTransition('paid', 'completed')).toBe(true);
    expect(canTransition('ready_for_pickup', 'completed')).toBe(true);
    expect(canTransition('ready_for_pickup', 'paid')).toBe(false);
  });

  it('never goes back to unpaid, never skips payment, never leaves a final state', () => {
    expect(canTransition('paid', 'pending')).toBe(false);
    expect(canTransition('pending', 'pickup_scheduled')).toBe(false);
    expect(canTransition('pending', 'completed')).toBe(false);
    expect(canTransition('pending', 'refunded')).toBe(false);
    expect(canTransition('completed', 'pickup_scheduled')).toBe(false);
    expect(canTransition('cancelled', 'paid')).toBe(false);
    expect(canTransition('refunded', 'paid')).toBe(false);
  });

  it('only cancelled and refunded are final, and every status is reachable from pending', () => {
    expect(ORDER_STATUSES.filter(isFinalOrderStatus)).toEqual(['cancelled', 'refunded']);
    const reached = new Set<OrderStatus>(['pending']);
    const queue: OrderStatus[] = ['pending'];
    for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
      for (const next of ORDER_TRANSITIONS[s]) {
        if (!reached.has(next)) {
          reached.add(next);
          queue.push(next);
        }
      }
    }
    expect([...reached].sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

describe('paymentDeadlineAction', () => {
  const due = Date.parse('2026-06-18T18:00:00Z');
  const H = 3_600_000;
  const fresh = { paymentDueAt: due, reminder24hSent: false, reminder2hSent: false };

  it('does nothing more than 24 hours out, reminds at 24 h and 2 h, cancels at the deadline', () => {
    expect(paymentDeadlineAction(fresh, due - 25 * H)).toBe('none');
    expect(paymentDeadlineAction(fresh, due - 24 * H)).toBe('remind_24h');
    expect(paymentDeadlineAction({ ...fresh, reminder24hSent: true }, due - 3 * H)).toBe('none');
    expect(paymentDeadlineAction({ ...fresh, reminder24hSent: true }, due - 2 * H)).toBe('remind_2h');
    expect(paymentDeadlineAction({ ...fresh, reminder24hSent: true, reminder2hSent: true }, due - 1)).toBe(
      'none',
    );
    expect(paymentDeadlineAction({ ...fresh, reminder24hSent: true, reminder2hSent: true }, due)).toBe(
      'cancel',
    );
  });

  it('reminds at the marks of PAYMENT_REMINDERS_HOURS (24 h, then 2 h), not a millisecond before', () => {
    expect(PAYMENT_REMINDERS_HOURS).toEqual([24, 2]);
    const [first, last] = PAYMENT_REMINDERS_HOURS;
    expect(paymentDeadlineAction(fresh, due - first * H - 1)).toBe('none');
    expect(paymentDeadlineAction(fresh, due - first * H)).toBe('remind_24h');
    const reminded = { ...fresh, reminder24hSent: true };
    expect(paymentDeadlineAction(reminded, due - last * H - 1)).toBe('none');
    expect(paymentDeadlineAction(reminded, due - last * H)).toBe('remind_2h');
  });

  it('sends the 2-hour reminder rather than a late 24-hour one, and cancels even without reminders', () => {
    expect(paymentDeadlineAction(fresh, due - H)).toBe('remind_2h');
    expect(paymentDeadlineAction(fresh, due + H)).toBe('cancel');
  });
});

describe('strikes', () => {
  it('three active strikes suspend bidding', () => {
    expect(MAX_ACTIVE_STRIKES).toBe(3);
    expect(isSuspendedByStrikes(2)).toBe(false);
    expect(isSuspendedByStrikes(3)).toBe(true);
    expect(isSuspendedByStrikes(4)).toBe(true);
  });
});

describe('strikesHeading', () => {
  it('says how many strikes count and the number that suspends bidding, never "19 of 3"', () => {
    expect(strikesHeading(0)).toBe('Non-payment strikes: none active');
    expect(strikesHeading(1)).toBe('Non-payment strikes: 1 active (bidding is suspended at 3)');
    expect(strikesHeading(19)).toBe('Non-payment strikes: 19 active (bidding is suspended at 3)');
  });
});
