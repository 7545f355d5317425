import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relativeTime, relativeTimeRefreshMs } from './relative-time';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('relativeTime', () => {
  it.each([
    [0, 'Just now'],
    [59 * S, 'Just now'],
    [M, '1 minute ago'],
    [2 * M + 30 * S, '2 minutes ago'],
    [59 * M + 59 * S, '59 minutes ago'],
    [H, '1 hour ago'],
    [23 * H + 59 * M, '23 hours ago'],
    [D, 'Yesterday'],
    [2 * D - 1, 'Yesterday'],
    [2 * D, '2 days ago'],
    [6 * D + 23 * H, '6 days ago'],
    [7 * D, '1 week ago'],
    [34 * D, '4 weeks ago'],
  ])('%i ms ago reads %s', (ms, label) => {
    expect(relativeTime(ago(ms), NOW)).toBe(label);
  });

  it('gives the date in Vancouver past five weeks', () => {
    expect(relativeTime(ago(35 * D), NOW)).toBe('May 11, 2026');
    // 2026-01-01 05:00Z is still New Year's Eve in Vancouver.
    expect(relativeTime('2026-01-01T05:00:00.000Z', NOW)).toBe('Dec 31, 2025');
  });

  it('takes ISO strings and epoch milliseconds', () => {
    expect(relativeTime('2026-06-15T17:55:00.000Z', NOW.getTime())).toBe('5 minutes ago');
  });

  it('reads a little in the future as just now, and nonsense as nothing', () => {
    expect(relativeTime(new Date(NOW.getTime() + 5 * S), NOW)).toBe('Just now');
    expect(relativeTime('not a date', NOW)).toBe('');
  });

  it('never goes back to a smaller unit as time passes', () => {
    const rank = (label: string) =>
      label === 'Just now'
        ? 0
        : label.includes('minute')
          ? 1
          : label.includes('hour')
            ? 2
            : label === 'Yesterday' || label.includes('day')
              ? 3
              : label.includes('week')
                ? 4
                : 5;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * D }), fc.integer({ min: 0, max: 400 * D }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(rank(relativeTime(ago(lo), NOW))).toBeLessThanOrEqual(rank(relativeTime(ago(hi), NOW)));
      }),
    );
  });
});

describe('relativeTimeRefreshMs', () => {
  it('is when the label next changes', () => {
    expect(relativeTimeRefreshMs(ago(10 * S), NOW)).toBe(50 * S);
    expect(relativeTimeRefreshMs(ago(2 * H + 10 * M), NOW)).toBe(50 * M);
    expect(relativeTimeRefreshMs(ago(3 * D + H), NOW)).toBe(23 * H);
  });

  it('is always positive and at most a day', () => {
    fc.assert(
      fc.property(fc.integer({ min: -D, max: 400 * D }), (ms) => {
        const wait = relativeTimeRefreshMs(ago(ms), NOW);
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(D);
      }),
    );
  });
});
