import { describe, expect, it } from 'vitest';
import { daysEarly } from './pickup-desk';

describe('daysEarly', () => {
  it('counts the days from today to a later booked day', () => {
    expect(daysEarly('2026-11-28', '2026-11-27')).toBe(1);
    expect(daysEarly('2026-12-04', '2026-11-27')).toBe(7);
    // Across a month and a year.
    expect(daysEarly('2027-01-02', '2026-12-31')).toBe(2);
  });

  it('is 0 on the booked day and after it (late is not early)', () => {
    expect(daysEarly('2026-11-27', '2026-11-27')).toBe(0);
    expect(daysEarly('2026-11-20', '2026-11-27')).toBe(0);
  });

  it('counts whole calendar days around the former fall-back date', () => {
    expect(daysEarly('2026-11-02', '2026-10-31')).toBe(2);
    expect(daysEarly('2026-03-09', '2026-03-07')).toBe(2);
  });
});
