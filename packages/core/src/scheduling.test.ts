import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auctionCancelledNotice, secondChanceOfferNotice } from './notices';
import {
  dateToVancouverLocal,
  dropEndTimes,
  dropLotAmounts,
  dropProblems,
  effectiveStart,
  isCancellable,
  isEditable,
  lotMoneyProblems,
  offerExpiresAt,
  productStatusAfterCancel,
  SCHEDULING_LIMITS,
  type ScheduleInput,
  scheduleProblems,
  secondChanceCandidates,
  shopDateTimeLabel,
  vancouverLocalToDate,
} from './scheduling';

const MAX = 10_000_000;
const NOW = Date.UTC(2026, 10, 24, 18, 0, 0);
const MIN = 60_000;

const ok: ScheduleInput = {
  startMs: NOW + 10 * MIN,
  endMs: NOW + 24 * 60 * MIN,
  startingBidCents: 100,
  increment: { mode: 'table' },
  reserveCents: null,
  softCloseSeconds: 60,
};

describe('scheduleProblems', () => {
  it('accepts a sound schedule', () => {
    expect(scheduleProblems(ok, NOW, MAX)).toEqual([]);
  });

  it('lets a start typed as "now" be a little in the past, and refuses an older one', () => {
    expect(scheduleProblems({ ...ok, startMs: NOW - 4 * MIN }, NOW, MAX)).toEqual([]);
    expect(scheduleProblems({ ...ok, startMs: NOW - 6 * MIN }, NOW, MAX)).toEqual(['start_in_past']);
    expect(effectiveStart(NOW - 4 * MIN, NOW)).toBe(NOW);
    expect(effectiveStart(NOW + MIN, NOW)).toBe(NOW + MIN);
  });

  it('refuses an end before the start, in the past, or too far', () => {
    expect(scheduleProblems({ ...ok, endMs: ok.startMs }, NOW, MAX)).toEqual(['end_before_start']);
    expect(scheduleProblems({ ...ok, endMs: NOW - MIN }, NOW, MAX)).toEqual(['end_in_past']);
    expect(scheduleProblems({ ...ok, endMs: ok.startMs + 31 * 24 * 60 * MIN }, NOW, MAX)).toEqual([
      'too_long',
    ]);
    expect(scheduleProblems({ ...ok, startMs: NOW + 400 * 24 * 60 * MIN }, NOW, MAX)).toContain(
      'start_too_far',
    );
  });

  it('keeps money within 1 cent and the bid bound', () => {
    expect(scheduleProblems({ ...ok, startingBidCents: 0 }, NOW, MAX)).toEqual(['starting_bid_out_of_range']);
    expect(scheduleProblems({ ...ok, startingBidCents: MAX + 1 }, NOW, MAX)).toEqual([
      'starting_bid_out_of_range',
    ]);
    expect(scheduleProblems({ ...ok, startingBidCents: 1.5 }, NOW, MAX)).toEqual([
      'starting_bid_out_of_range',
    ]);
    expect(scheduleProblems({ ...ok, increment: { mode: 'fixed', cents: 0 } }, NOW, MAX)).toEqual([
      'increment_out_of_range',
    ]);
    expect(scheduleProblems({ ...ok, increment: { mode: 'fixed', cents: MAX + 1 } }, NOW, MAX)).toEqual([
      'increment_out_of_range',
    ]);
    expect(scheduleProblems({ ...ok, increment: { mode: 'fixed', cents: 100 } }, NOW, MAX)).toEqual([]);
    expect(scheduleProblems({ ...ok, reserveCents: 0 }, NOW, MAX)).toEqual(['reserve_out_of_range']);
    expect(scheduleProblems({ ...ok, reserveCents: MAX }, NOW, MAX)).toEqual([]);
  });

  it('keeps soft close within 0..600 s', () => {
    expect(scheduleProblems({ ...ok, softCloseSeconds: 0 }, NOW, MAX)).toEqual([]);
    expect(scheduleProblems({ ...ok, softCloseSeconds: 600 }, NOW, MAX)).toEqual([]);
    expect(scheduleProblems({ ...ok, softCloseSeconds: 601 }, NOW, MAX)).toEqual(['soft_close_out_of_range']);
    expect(scheduleProblems({ ...ok, softCloseSeconds: -1 }, NOW, MAX)).toEqual(['soft_close_out_of_range']);
  });
});

describe('drops', () => {
  it('staggers the ends lot by lot', () => {
    expect(dropEndTimes(1000, 30, 3)).toEqual([1000, 31_000, 61_000]);
    expect(dropEndTimes(1000, 0, 2)).toEqual([1000, 1000]);
  });

  it('checks the stagger, the lot count and the last end', () => {
    const drop = { ...ok, staggerSeconds: 30, lotCount: 20 };
    expect(dropProblems(drop, NOW, MAX)).toEqual([]);
    expect(dropProblems({ ...drop, staggerSeconds: 3601 }, NOW, MAX)).toEqual(['stagger_out_of_range']);
    expect(dropProblems({ ...drop, lotCount: 0 }, NOW, MAX)).toEqual(['too_many_lots']);
    expect(dropProblems({ ...drop, lotCount: SCHEDULING_LIMITS.maxDropLots + 1 }, NOW, MAX)).toEqual([
      'too_many_lots',
    ]);
    // 500 lots an hour apart end 499 hours after the first: beyond 30 days from the start.
    const long = { ...drop, endMs: ok.startMs + 29 * 24 * 60 * MIN, staggerSeconds: 3600, lotCount: 500 };
    expect(dropProblems(long, NOW, MAX)).toEqual(['too_long']);
  });

  it('property: every valid drop has non-decreasing ends (strictly increasing with a stagger), all after the start', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 60 * 24 }),
        fc.integer({ min: 1, max: 60 * 24 * 20 }),
        fc.integer({ min: 0, max: 3600 }),
        fc.integer({ min: 1, max: 500 }),
        (startMin, durationMin, stagger, count) => {
          const input = {
            ...ok,
            startMs: NOW + startMin * MIN,
            endMs: NOW + (startMin + durationMin) * MIN,
            staggerSeconds: stagger,
            lotCount: count,
          };
          if (dropProblems(input, NOW, MAX).length > 0) return;
          const ends = dropEndTimes(input.endMs, stagger, count);
          const start = effectiveStart(input.startMs, NOW);
          expect(ends).toHaveLength(count);
          for (const [i, end] of ends.entries()) {
            expect(end).toBeGreaterThan(start);
            expect(end).toBeGreaterThan(NOW);
            if (i > 0) {
              if (stagger > 0) expect(end).toBeGreaterThan(ends[i - 1]!);
              else expect(end).toBe(ends[i - 1]);
            }
          }
        },
      ),
    );
  });
});

describe('editing, cancelling, offers', () => {
  it('edits only a scheduled auction that has not opened', () => {
    expect(isEditable('scheduled', NOW + 1, NOW)).toBe(true);
    expect(isEditable('scheduled', NOW, NOW)).toBe(false);
    expect(isEditable('live', NOW + 1, NOW)).toBe(false);
  });

  it('cancels scheduled and live auctions only', () => {
    expect(['scheduled', 'live', 'ended', 'cancelled'].map(isCancellable)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('sends a cancelled product back to relist when people had bid, else to draft', () => {
    expect(productStatusAfterCancel(0)).toBe('draft');
    expect(productStatusAfterCancel(3)).toBe('to_relist');
  });

  it('gives offers a deadline of 48 h by default, within 1 h and 7 days', () => {
    expect(offerExpiresAt(NOW)).toBe(NOW + 48 * 60 * MIN);
    expect(offerExpiresAt(NOW, 1)).toBe(NOW + 60 * MIN);
    expect(() => offerExpiresAt(NOW, 0)).toThrow(RangeError);
    expect(() => offerExpiresAt(NOW, 169)).toThrow(RangeError);
  });

  it('ranks second-chance candidates by their maximum, earlier first on a tie, without the excluded', () => {
    const maxes = [
      { userId: 'a', amountCents: 5000, setAtMs: 1 },
      { userId: 'b', amountCents: 4000, setAtMs: 3 },
      { userId: 'c', amountCents: 4000, setAtMs: 2 },
      { userId: 'd', amountCents: 1000, setAtMs: 0 },
    ];
    expect(secondChanceCandidates(maxes, ['a']).map((m) => m.userId)).toEqual(['c', 'b', 'd']);
    expect(secondChanceCandidates(maxes, ['a', 'c', 'b', 'd'])).toEqual([]);
  });
});

describe('Vancouver wall-clock times', () => {
  it('reads a datetime-local value as Vancouver time and back', () => {
    // 24 Nov 2026 is UTC-7: British Columbia no longer falls back (shop-clock.ts).
    expect(vancouverLocalToDate('2026-11-24T10:30')?.toISOString()).toBe('2026-11-24T17:30:00.000Z');
    // 24 Nov 2025 was PST (UTC-8).
    expect(vancouverLocalToDate('2025-11-24T10:30')?.toISOString()).toBe('2025-11-24T18:30:00.000Z');
    // July is PDT (UTC-7).
    expect(vancouverLocalToDate('2026-07-01T09:00')?.toISOString()).toBe('2026-07-01T16:00:00.000Z');
    expect(dateToVancouverLocal(new Date('2026-11-24T17:30:00Z'))).toBe('2026-11-24T10:30');
    expect(dateToVancouverLocal(new Date('2027-01-15T20:00:00Z'))).toBe('2027-01-15T13:00');
    expect(vancouverLocalToDate('2026-02-30T10:00')).toBeNull();
    expect(vancouverLocalToDate('tomorrow')).toBeNull();
    expect(vancouverLocalToDate('2026-11-24T25:00')).toBeNull();
  });

  it('property: a round trip keeps the minute', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 * 365 * 24 * 60 }), (minutes) => {
        const d = new Date(Date.UTC(2026, 0, 1) + minutes * MIN);
        const back = vancouverLocalToDate(dateToVancouverLocal(d));
        // From 2026 no hour repeats (no fall back): every minute comes back exactly.
        expect(back?.getTime()).toBe(d.getTime());
      }),
    );
  });
});

describe('labels', () => {
  it('writes Vancouver date-times and the notices', () => {
    expect(shopDateTimeLabel(new Date('2026-11-26T18:30:00Z'))).toBe('Thu, Nov 26, 11:30 a.m. PT');
    expect(auctionCancelledNotice('Drill', 'Damaged in storage.')).toContain('Drill was cancelled: Damaged');
    expect(secondChanceOfferNotice('Drill', 4500, 'Thu, Nov 26, 10:30 a.m. PT')).toBe(
      'Second chance: Drill is yours for your maximum bid of $45.00 if you accept by Thu, Nov 26, 10:30 a.m. PT.',
    );
  });
});

describe('a lot’s own amounts (drops with a starting bid and reserve per lot)', () => {
  it('a reserve below the starting bid is refused, for one auction and for a lot alike', () => {
    expect(scheduleProblems({ ...ok, startingBidCents: 1_000, reserveCents: 999 }, NOW, MAX)).toEqual([
      'reserve_below_starting_bid',
    ]);
    expect(scheduleProblems({ ...ok, startingBidCents: 1_000, reserveCents: 1_000 }, NOW, MAX)).toEqual([]);
    expect(lotMoneyProblems({ startingBidCents: 5_000, reserveCents: 4_000 }, MAX)).toEqual([
      'reserve_below_starting_bid',
    ]);
    expect(lotMoneyProblems({ startingBidCents: 5_000, reserveCents: null }, MAX)).toEqual([]);
  });

  it('amounts outside the money limits are named, and no comparison is made with a bad one', () => {
    expect(lotMoneyProblems({ startingBidCents: 0, reserveCents: MAX + 1 }, MAX)).toEqual([
      'starting_bid_out_of_range',
      'reserve_out_of_range',
    ]);
    expect(lotMoneyProblems({ startingBidCents: MAX + 1, reserveCents: 100 }, MAX)).toEqual([
      'starting_bid_out_of_range',
    ]);
  });

  it('an empty lot amount takes the drop’s common one; a lot may drop the reserve with null', () => {
    const common = { startingBidCents: 500, reserveCents: 2_000 };
    expect(dropLotAmounts(common, undefined)).toEqual(common);
    expect(dropLotAmounts(common, {})).toEqual(common);
    expect(dropLotAmounts(common, { startingBidCents: 900 })).toEqual({
      startingBidCents: 900,
      reserveCents: 2_000,
    });
    expect(dropLotAmounts(common, { reserveCents: null })).toEqual({
      startingBidCents: 500,
      reserveCents: null,
    });
    expect(dropLotAmounts(common, { startingBidCents: 100, reserveCents: 300 })).toEqual({
      startingBidCents: 100,
      reserveCents: 300,
    });
  });
});
