import { describe, expect, it } from 'vitest';
import {
  type AuctionSummary,
  summaryHasEnded,
  summaryReserveMet,
  summaryStanding,
  summaryWinner,
} from './auction-summary';

const END = Date.parse('2026-06-15T18:00:00Z');
const base: AuctionSummary = {
  status: 'live',
  startTime: new Date(END - 86_400_000),
  endTime: new Date(END),
  reservePriceCents: null,
  reserveMet: false,
  leaderUserId: 'ava',
};

describe('summaryStanding', () => {
  it('gives the winner of an ended auction "won", on the row the closing job left', () => {
    const ended = { ...base, status: 'ended' as const };
    expect(summaryStanding(ended, 'ava', true, END + 1)).toBe('won');
    expect(summaryStanding(ended, 'ben', true, END + 1)).toBe('lost');
  });

  it('decides "won" at the end instant even before the job flips the status', () => {
    expect(summaryStanding(base, 'ava', true, END - 1)).toBe('winning');
    expect(summaryStanding(base, 'ava', true, END)).toBe('won');
    expect(summaryStanding(base, 'ben', true, END)).toBe('lost');
  });

  it('gives the leader "lost" when the reserve was not met, and everyone "lost" when cancelled', () => {
    const reserve = { ...base, status: 'ended' as const, reservePriceCents: 5000, reserveMet: false };
    expect(summaryStanding(reserve, 'ava', true, END + 1)).toBe('lost');
    expect(summaryStanding({ ...reserve, reserveMet: true }, 'ava', true, END + 1)).toBe('won');
    expect(summaryStanding({ ...base, status: 'cancelled' }, 'ava', true, END - 1)).toBe('lost');
  });

  it('gives a running leader below the reserve "reserve_not_met", never "winning"', () => {
    const under = { ...base, reservePriceCents: 5000, reserveMet: false };
    expect(summaryStanding(under, 'ava', true, END - 1)).toBe('reserve_not_met');
    expect(summaryStanding({ ...under, reserveMet: true }, 'ava', true, END - 1)).toBe('winning');
    expect(summaryStanding(under, 'ben', true, END - 1)).toBe('outbid');
  });

  it('is "none" without a maximum, whatever the phase', () => {
    expect(summaryStanding(base, 'cy', false, END - 1)).toBe('none');
    expect(summaryStanding({ ...base, status: 'ended' }, 'cy', false, END + 1)).toBe('none');
  });
});

describe('summary helpers', () => {
  it('reserve met: no reserve, or the stored flag', () => {
    expect(summaryReserveMet({ reservePriceCents: null, reserveMet: false })).toBe(true);
    expect(summaryReserveMet({ reservePriceCents: 100, reserveMet: false })).toBe(false);
    expect(summaryReserveMet({ reservePriceCents: 100, reserveMet: true })).toBe(true);
  });

  it('has ended: by status or by the clock; a bid at the exact end is late', () => {
    expect(summaryHasEnded(base, END - 1)).toBe(false);
    expect(summaryHasEnded(base, END)).toBe(true);
    expect(summaryHasEnded({ ...base, status: 'ended' }, END - 1000)).toBe(true);
    expect(summaryHasEnded({ ...base, status: 'cancelled' }, END - 1000)).toBe(true);
  });

  it('winner: the leader with the reserve met, nobody when cancelled or without a leader', () => {
    expect(summaryWinner(base)).toBe('ava');
    expect(summaryWinner({ ...base, reservePriceCents: 100 })).toBeNull();
    expect(summaryWinner({ ...base, status: 'cancelled' })).toBeNull();
    expect(summaryWinner({ ...base, leaderUserId: null })).toBeNull();
  });
});
