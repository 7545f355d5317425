import { describe, expect, it } from 'vitest';
import { feeCountedUntil, storageFeeOwed } from './storage-fee-charges';

// Ended Mon 15 June 2026 15:00 PT: window 15..22 June, fee from 23 June.
const END = new Date('2026-06-15T22:00:00Z');
const at = (iso: string) => new Date(iso);
const stored = { status: 'pickup_scheduled' as const, auctionEnd: END, completedAt: null };

describe('storage fee owed before the visit', () => {
  it('counts up to the booked visit when it is later than now, else now', () => {
    const now = at('2026-06-25T19:00:00Z');
    expect(feeCountedUntil(now, null)).toBe(now);
    expect(feeCountedUntil(now, at('2026-06-24T18:00:00Z'))).toBe(now);
    const visit = at('2026-06-27T18:00:00Z');
    expect(feeCountedUntil(now, visit)).toBe(visit);
  });

  it('is the fee through the visit day less what was paid, and grows again when the visit moves later', () => {
    // Visit Sat 27 June: 23..27 June = 5 days = $25.
    const first = storageFeeOwed(stored, at('2026-06-27T18:00:00Z'), 0);
    expect(first).toEqual({
      dueCents: 2500,
      paidCents: 0,
      owedCents: 2500,
      days: 5,
      throughDateKey: '2026-06-27',
    });
    // Paid $25, then the visit moves to Tue 30 June: three more days.
    expect(storageFeeOwed(stored, at('2026-06-30T18:00:00Z'), 2500).owedCents).toBe(1500);
    // Same visit day: nothing owed.
    expect(storageFeeOwed(stored, at('2026-06-27T23:00:00Z'), 2500).owedCents).toBe(0);
  });

  it('never goes below zero, and is nothing before the fee starts or for unpaid and cancelled orders', () => {
    expect(storageFeeOwed(stored, at('2026-06-24T18:00:00Z'), 2500).owedCents).toBe(0);
    expect(storageFeeOwed(stored, at('2026-06-22T18:00:00Z'), 0)).toMatchObject({ owedCents: 0, days: 0 });
    const late = at('2026-06-30T18:00:00Z');
    expect(storageFeeOwed({ ...stored, status: 'pending' }, late, 0).owedCents).toBe(0);
    expect(storageFeeOwed({ ...stored, status: 'cancelled' }, late, 0).owedCents).toBe(0);
  });

  it('is frozen at the hand-over for a completed order', () => {
    const done = { status: 'completed' as const, auctionEnd: END, completedAt: at('2026-06-24T18:00:00Z') };
    expect(storageFeeOwed(done, at('2026-07-10T18:00:00Z'), 500)).toEqual({
      dueCents: 1000,
      paidCents: 500,
      owedCents: 500,
      days: 2,
      throughDateKey: '2026-06-24',
    });
  });

  it('refuses a paid amount that is not whole cents', () => {
    expect(() => storageFeeOwed(stored, END, -1)).toThrow(RangeError);
    expect(() => storageFeeOwed(stored, END, 1.5)).toThrow(RangeError);
  });
});
