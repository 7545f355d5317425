import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { returnRefundReason } from './notices-returns';
import {
  canBookDropOff,
  canReturnTransition,
  isReturnExpired,
  RETURN_DROP_OFF_GRACE_MINUTES,
  RETURN_STATES,
  RETURN_TRANSITIONS,
  type ReturnEligibilityInput,
  returnDeadline,
  returnEligibility,
  returnExpiresAt,
  returnLastDayKey,
  returnRefundCents,
  returnSourcesOf,
} from './returns';
import { shopInstant } from './shop-clock';

// Handed over Fri, Nov 20, 2026 at 3:00 p.m. PT: returns run until the end of Fri, Nov 27.
const HANDED = shopInstant(2026, 11, 20, 15, 0);

function input(over: Partial<ReturnEligibilityInput> = {}): ReturnEligibilityInput {
  return {
    orderStatus: 'completed',
    handedOverAt: HANDED,
    saleTerms: 'standard',
    nonReturnableKind: null,
    hasReturn: false,
    now: shopInstant(2026, 11, 22, 10, 0),
    ...over,
  };
}

describe('the return window', () => {
  it('runs through the 7th calendar day after the hand-over (PT)', () => {
    expect(returnLastDayKey(HANDED)).toBe('2026-11-27');
    expect(returnDeadline(HANDED).toISOString()).toBe(shopInstant(2026, 11, 28, 0, 0).toISOString());
  });

  it('accepts on the last day, even a minute before midnight', () => {
    expect(returnEligibility(input({ now: shopInstant(2026, 11, 27, 23, 59) })).ok).toBe(true);
  });

  it('refuses on day 8', () => {
    const r = returnEligibility(input({ now: shopInstant(2026, 11, 28, 0, 0) }));
    expect(r).toMatchObject({ ok: false, reason: 'window_closed', lastDayKey: '2026-11-27' });
  });

  it('a hand-over late in the evening still counts its own day as day 0', () => {
    const late = shopInstant(2026, 11, 20, 23, 30);
    expect(returnLastDayKey(late)).toBe('2026-11-27');
  });
});

describe('eligibility', () => {
  it('needs a collected order', () => {
    expect(returnEligibility(input({ orderStatus: 'paid', handedOverAt: null }))).toMatchObject({
      ok: false,
      reason: 'not_collected',
    });
    expect(returnEligibility(input({ orderStatus: 'refunded' }))).toMatchObject({
      ok: false,
      reason: 'not_collected',
    });
  });

  it('refuses Final Sale, As-Is and the non-returnable kinds on any day', () => {
    expect(returnEligibility(input({ saleTerms: 'final_sale' }))).toMatchObject({ reason: 'final_sale' });
    expect(returnEligibility(input({ saleTerms: 'as_is' }))).toMatchObject({ reason: 'as_is' });
    expect(returnEligibility(input({ nonReturnableKind: 'gift_card' }))).toMatchObject({
      reason: 'non_returnable_kind',
    });
  });

  it('refuses a second return of the same order', () => {
    expect(returnEligibility(input({ hasReturn: true }))).toMatchObject({ reason: 'already_requested' });
  });
});

describe('the state machine', () => {
  it('follows requested -> drop_off_booked -> received -> refunded | refused', () => {
    expect(canReturnTransition('requested', 'drop_off_booked')).toBe(true);
    expect(canReturnTransition('drop_off_booked', 'received')).toBe(true);
    expect(canReturnTransition('received', 'refunded')).toBe(true);
    expect(canReturnTransition('received', 'refused')).toBe(true);
  });

  it('withdraws and expires only before the item is received', () => {
    expect(returnSourcesOf('withdrawn')).toEqual(['requested', 'drop_off_booked']);
    expect(returnSourcesOf('expired')).toEqual(['requested', 'drop_off_booked']);
    expect(canReturnTransition('received', 'withdrawn')).toBe(false);
  });

  it('final states go nowhere', () => {
    for (const s of ['refunded', 'refused', 'withdrawn', 'expired'] as const) {
      expect(RETURN_TRANSITIONS[s]).toEqual([]);
    }
    for (const s of RETURN_STATES) expect(canReturnTransition(s, s)).toBe(false);
  });
});

describe('drop-off and expiry', () => {
  const deadline = returnDeadline(HANDED);

  it('books only slots starting before the deadline', () => {
    expect(canBookDropOff(shopInstant(2026, 11, 27, 16, 30), deadline)).toBe(true);
    expect(canBookDropOff(deadline, deadline)).toBe(false);
  });

  it('expires at the deadline, or after a late slot plus the grace', () => {
    expect(returnExpiresAt(deadline, null)).toEqual(deadline);
    const early = shopInstant(2026, 11, 23, 10, 30);
    expect(returnExpiresAt(deadline, early)).toEqual(deadline);
    const late = shopInstant(2026, 11, 27, 23, 0);
    expect(returnExpiresAt(deadline, late).getTime()).toBe(
      late.getTime() + RETURN_DROP_OFF_GRACE_MINUTES * 60_000,
    );
  });

  it('only open returns expire', () => {
    expect(isReturnExpired('requested', deadline, deadline)).toBe(true);
    expect(isReturnExpired('drop_off_booked', deadline, new Date(deadline.getTime() - 1))).toBe(false);
    expect(isReturnExpired('received', deadline, new Date(deadline.getTime() + 1e9))).toBe(false);
  });
});

describe('the refund amount', () => {
  it('is the price plus its premium and taxes', () => {
    expect(
      returnRefundCents({
        finalAmountCents: 10_000,
        premiumCents: 1_500,
        pstCents: 805,
        gstCents: 575,
        refundableCents: 1_000_000,
      }),
    ).toBe(12_880);
  });

  it('never exceeds what is left to refund, never goes below 0, never includes storage', () => {
    const cents = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(
        cents,
        fc.option(cents),
        fc.option(cents),
        fc.option(cents),
        fc.integer({ min: -1_000, max: 50_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (price, premium, pst, gst, refundable, storage) => {
          const base = {
            finalAmountCents: price,
            premiumCents: premium,
            pstCents: pst,
            gstCents: gst,
          };
          const amount = returnRefundCents({ ...base, refundableCents: refundable });
          const owed = price + (premium ?? 0) + (pst ?? 0) + (gst ?? 0);
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(amount).toBeLessThanOrEqual(Math.max(0, refundable));
          expect(amount).toBeLessThanOrEqual(owed);
          // Whatever was paid on top (storage fees), the amount owed does not move.
          expect(returnRefundCents({ ...base, refundableCents: refundable + storage })).toBe(
            Math.max(0, Math.min(owed, refundable + storage)),
          );
          if (refundable >= owed) expect(amount).toBe(owed);
        },
      ),
    );
  });
});

describe('returnRefundReason', () => {
  it('names the item, never an internal id', () => {
    expect(returnRefundReason('Oak Bookshelf')).toBe('Return of Oak Bookshelf accepted');
  });
});
