import { describe, expect, it } from 'vitest';
import {
  canMarkAtDesk,
  deskMarkedRefusal,
  deskMarkNotice,
  deskMarkReason,
  deskMarkResult,
  deskMarkStatusLabel,
} from './desk-notices';
import { ORDER_STATUSES } from './orders';

describe('desk marks', () => {
  it('are allowed on paid orders the desk has not handed over', () => {
    expect(ORDER_STATUSES.filter(canMarkAtDesk)).toEqual(['paid', 'ready_for_pickup', 'pickup_scheduled']);
  });

  it("say on the desk's day list what happened to the item", () => {
    expect(deskMarkStatusLabel('missing', true)).toBe('Marked missing — refunded');
    expect(deskMarkStatusLabel('damaged', false)).toBe('Marked damaged — refund pending');
  });

  it('tell the desk why a marked item is not handed over', () => {
    expect(deskMarkedRefusal('missing')).toBe(
      'This item was marked missing at the desk and is being refunded: it cannot be handed over.',
    );
  });

  it('tell the shopper what happened and what was refunded', () => {
    expect(deskMarkNotice('missing', 12_345, 'Blue kettle')).toBe(
      'Sorry: Blue kettle could not be found at the pickup desk. We refunded $123.45 in full to your card; it arrives in 5-10 business days.',
    );
    expect(deskMarkNotice('damaged', 500, 'Lamp')).toContain('Lamp was found damaged at the pickup desk');
    expect(deskMarkReason('damaged')).toBe('Item damaged at pickup');
    expect(deskMarkResult(1999, false)).toBe('Refunded $19.99 to the card.');
    expect(deskMarkResult(1999, true)).toBe('Already marked: $19.99 was refunded to the card.');
  });
});
