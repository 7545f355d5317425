import type { AuctionLiveState } from '@rebound/contract/bidding';
import { describe, expect, it } from 'vitest';
import { applyExtension, mergeLiveState } from './live-state';

const base: AuctionLiveState = {
  auctionId: '00000000-0000-4000-8000-000000000001',
  status: 'live',
  startTime: '2026-11-21T10:00:00.000Z',
  endTime: '2026-11-21T12:00:00.000Z',
  startingBidCents: 1_000,
  currentPriceCents: 1_500,
  bidCount: 3,
  hasReserve: false,
  reserveMet: true,
  minimumNextBidCents: 1_550,
  leaderHandle: 'ava_b',
  seq: 5,
};

describe('mergeLiveState', () => {
  it('takes the next state in sequence without a refetch', () => {
    const next = { ...base, seq: 6, currentPriceCents: 1_600, bidCount: 4 };
    expect(mergeLiveState(base, next)).toEqual({ state: next, gap: false });
  });
  it('ignores a state older than the one shown', () => {
    const stale = { ...base, seq: 4, currentPriceCents: 1_400 };
    expect(mergeLiveState(base, stale)).toEqual({ state: base, gap: false });
  });
  it('takes a state with the same seq (an auction closing does not bid)', () => {
    const ended = { ...base, status: 'ended' as const };
    expect(mergeLiveState(base, ended)).toEqual({ state: ended, gap: false });
  });
  it('reports a gap when events were missed', () => {
    const jump = { ...base, seq: 8, currentPriceCents: 2_000 };
    expect(mergeLiveState(base, jump)).toEqual({ state: jump, gap: true });
  });
});

describe('applyExtension', () => {
  it('moves the end time later', () => {
    const later = '2026-11-21T12:00:45.000Z';
    expect(applyExtension(base, { seq: 5, endTime: later }).endTime).toBe(later);
  });
  it('never moves it earlier, nor applies an older extension', () => {
    expect(applyExtension(base, { seq: 5, endTime: '2026-11-21T11:59:00.000Z' })).toBe(base);
    expect(applyExtension(base, { seq: 4, endTime: '2026-11-21T12:01:00.000Z' })).toBe(base);
  });
});
