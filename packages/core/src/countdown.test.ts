import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUCTION_ENDED_TEXT,
  COUNTDOWN_TICK_MS,
  countdownParts,
  dropsBannerState,
  formatCountdown,
  formatTimeLeftShort,
  isActiveAuction,
  summarizeActiveAuctions,
} from './countdown';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('countdownParts', () => {
  it('splits into days, hours, minutes and seconds', () => {
    expect(countdownParts(2 * DAY + 3 * HOUR + 15 * MINUTE + 9 * SECOND)).toEqual({
      days: 2,
      hours: 3,
      minutes: 15,
      seconds: 9,
      total: 2 * 86_400 + 3 * 3_600 + 15 * 60 + 9,
    });
  });

  it('rounds up to the whole second', () => {
    expect(countdownParts(1)).toMatchObject({ seconds: 1, total: 1 });
    expect(countdownParts(1_001)).toMatchObject({ seconds: 2, total: 2 });
    expect(countdownParts(DAY - 1)).toMatchObject({ days: 1, hours: 0, minutes: 0, seconds: 0 });
  });

  it('is all zero at or below zero, or for nonsense', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0, total: 0 };
    expect(countdownParts(0)).toEqual(zero);
    expect(countdownParts(-5_000)).toEqual(zero);
    expect(countdownParts(Number.NaN)).toEqual(zero);
  });

  it('parts always add back up to the total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * DAY }), (ms) => {
        const p = countdownParts(ms);
        expect(p.days * 86_400 + p.hours * 3_600 + p.minutes * 60 + p.seconds).toBe(p.total);
        expect(p.hours).toBeLessThan(24);
        expect(p.minutes).toBeLessThan(60);
        expect(p.seconds).toBeLessThan(60);
        expect(p.total * 1000 - ms).toBeGreaterThanOrEqual(0);
        expect(p.total * 1000 - ms).toBeLessThan(1000);
      }),
    );
  });
});

describe('formatCountdown', () => {
  it.each([
    [2 * DAY + 3 * HOUR + 15 * MINUTE + 9 * SECOND, '2d 3h 15m'],
    [DAY, '1d 0h 0m'],
    [DAY - SECOND, '23h 59m 59s'],
    [3 * HOUR + 15 * MINUTE + 9 * SECOND, '3h 15m 09s'],
    [3 * HOUR + 5 * MINUTE, '3h 05m 00s'],
    [HOUR, '1h 00m 00s'],
    [HOUR - SECOND, '59m 59s'],
    [4 * MINUTE + 5 * SECOND, '4m 05s'],
    [5 * SECOND, '0m 05s'],
    [400, '0m 01s'],
    [0, 'Auction ended'],
    [-1, 'Auction ended'],
    [-DAY, 'Auction ended'],
  ])('%d ms -> %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });

  it('ticks every second', () => {
    expect(COUNTDOWN_TICK_MS).toBe(1000);
    expect(AUCTION_ENDED_TEXT).toBe('Auction ended');
  });
});

describe('formatTimeLeftShort', () => {
  it.each([
    [2 * DAY + 3 * HOUR + 15 * MINUTE, '2d 3h'],
    [3 * HOUR + 5 * MINUTE + 9 * SECOND, '3h 05m'],
    [4 * MINUTE + 5 * SECOND, '4m 05s'],
    [0, 'Ended'],
    [-10, 'Ended'],
  ])('%d ms -> %s', (ms, text) => {
    expect(formatTimeLeftShort(ms)).toBe(text);
  });
});

describe('dropsBannerState', () => {
  const now = Date.UTC(2026, 5, 10, 19, 0, 0);

  it('says LIVE NOW with live auctions, counting down to the earliest end', () => {
    expect(dropsBannerState({ liveCount: 3, earliestEndMs: now + 2 * HOUR, nowMs: now })).toEqual({
      label: 'LIVE NOW',
      msRemaining: 2 * HOUR,
    });
  });

  it('says Next Auction Ends In when nothing is live but there is an end to count to', () => {
    expect(dropsBannerState({ liveCount: 0, earliestEndMs: now + DAY, nowMs: now })).toEqual({
      label: 'Next Auction Ends In',
      msRemaining: DAY,
    });
  });

  it('flips to LIVE NOW at zero, and never reports negative time', () => {
    expect(dropsBannerState({ liveCount: 0, earliestEndMs: now, nowMs: now })).toEqual({
      label: 'LIVE NOW',
      msRemaining: 0,
    });
    expect(dropsBannerState({ liveCount: 0, earliestEndMs: now - MINUTE, nowMs: now })).toEqual({
      label: 'LIVE NOW',
      msRemaining: 0,
    });
    expect(dropsBannerState({ liveCount: 0, earliestEndMs: now + 1, nowMs: now }).label).toBe(
      'Next Auction Ends In',
    );
  });

  it('invents no countdown when there is nothing to count down to', () => {
    expect(dropsBannerState({ liveCount: 0, earliestEndMs: null, nowMs: now })).toEqual({
      label: 'Next Auction Ends In',
      msRemaining: null,
    });
  });
});

describe('active auctions for the banner', () => {
  const now = 1_000_000;
  const auction = (status: string, startMs: number, endMs: number) => ({ status, startMs, endMs });

  it('counts only live auctions that have started and not ended', () => {
    expect(isActiveAuction(auction('live', now - 1, now + 1), now)).toBe(true);
    expect(isActiveAuction(auction('live', now, now + 1), now)).toBe(true);
    expect(isActiveAuction(auction('live', now + 1, now + 2), now)).toBe(false); // not started
    expect(isActiveAuction(auction('live', now - 2, now), now)).toBe(false); // ends exactly now
    expect(isActiveAuction(auction('scheduled', now - 1, now + 1), now)).toBe(false);
    expect(isActiveAuction(auction('ended', now - 1, now + 1), now)).toBe(false);
  });

  it('summarises the count and the earliest end among the active ones', () => {
    const auctions = [
      auction('live', now - 10, now + 500),
      auction('live', now - 10, now + 200),
      auction('live', now - 10, now - 1), // already over: its earlier end must not win
      auction('scheduled', now + 10, now + 100),
      auction('live', now + 10, now + 50), // not started yet
    ];
    expect(summarizeActiveAuctions(auctions, now)).toEqual({ liveCount: 2, earliestEndMs: now + 200 });
    expect(summarizeActiveAuctions([], now)).toEqual({ liveCount: 0, earliestEndMs: null });
  });

  it('feeds the banner', () => {
    const summary = summarizeActiveAuctions([auction('live', now - 10, now + 90 * SECOND)], now);
    const state = dropsBannerState({ ...summary, nowMs: now });
    expect(state.label).toBe('LIVE NOW');
    expect(formatCountdown(state.msRemaining ?? 0)).toBe('1m 30s');
  });
});
