import { describe, expect, it } from 'vitest';
import {
  feeCountedUntil,
  storageFeeCollectText,
  storageFeeFigures,
  storageFeeOwed,
  storageFeeOwedText,
  storageFeePaidText,
  sumStorageFeeFigures,
} from './storage-fee-charges';

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

describe('storage fee figures from the ledger', () => {
  const handedOver = {
    status: 'completed' as const,
    auctionEnd: END,
    completedAt: at('2026-06-26T19:00:00Z'),
  };

  it('adds the paid charges up, online and at the desk, and owes the rest of what accrued', () => {
    // 23..26 June = 4 days = $20 accrued; $10 paid online, $10 in cash.
    const f = storageFeeFigures(handedOver, at('2026-07-01T19:00:00Z'), [
      { amountCents: 1000, method: 'online' },
      { amountCents: 1000, method: 'cash' },
    ]);
    expect(f).toEqual({
      dueCents: 2000,
      paidCents: 2000,
      paidOnlineCents: 1000,
      paidAtDeskCents: 1000,
      owedCents: 0,
      days: 4,
      throughDateKey: '2026-06-26',
    });
    expect(storageFeePaidText(f)).toBe('Paid $20.00: $10.00 online, $10.00 at the desk');
  });

  it('says what is owed and what was paid, the same figures the paid line gives', () => {
    const f = storageFeeFigures(stored, at('2026-06-26T19:00:00Z'), [
      { amountCents: 1000, method: 'online' },
    ]);
    expect(f).toMatchObject({ dueCents: 2000, paidCents: 1000, owedCents: 1000 });
    expect(storageFeeOwedText(f)).toBe('$10.00 owed (paid $10.00 online)');
    expect(storageFeeCollectText(f)).toBe('Collect $10.00 storage (paid $10.00 online)');
    expect(storageFeeOwedText({ ...f, paidCents: 0, paidOnlineCents: 0 })).toBe('$10.00 owed');
    const desk = storageFeeFigures(stored, at('2026-06-26T19:00:00Z'), [
      { amountCents: 2000, method: 'card_terminal' },
    ]);
    expect(storageFeePaidText(desk)).toBe('Paid $20.00 at the desk');
    expect(storageFeePaidText(storageFeeFigures(stored, at('2026-06-20T19:00:00Z'), []))).toBe(
      'Nothing paid',
    );
  });

  it('sums a visit field by field', () => {
    const a = storageFeeFigures(stored, at('2026-06-26T19:00:00Z'), [
      { amountCents: 1000, method: 'online' },
    ]);
    const b = storageFeeFigures(handedOver, at('2026-06-26T19:00:00Z'), [
      { amountCents: 2000, method: 'cash' },
    ]);
    expect(sumStorageFeeFigures([a, b])).toEqual({
      dueCents: 4000,
      paidCents: 3000,
      owedCents: 1000,
      paidOnlineCents: 1000,
      paidAtDeskCents: 2000,
    });
  });
});
