import { describe, expect, it } from 'vitest';
import { slotTimeLabel } from './slot-label';

describe('slotTimeLabel', () => {
  it('shows Vancouver time, summer and winter (UTC-7 all year from 2026)', () => {
    // 17:00Z in June is 10:00; in January 2027 too (no fall back). In January 2026 (PST) 18:00Z was 10:00.
    expect(slotTimeLabel(new Date('2026-06-16T17:00:00Z'), new Date('2026-06-16T17:30:00Z'))).toBe(
      '10:00 – 10:30 a.m. PT',
    );
    expect(slotTimeLabel(new Date('2027-01-15T17:00:00Z'), new Date('2027-01-15T20:15:00Z'))).toBe(
      '10:00 a.m. – 1:15 p.m. PT',
    );
    expect(slotTimeLabel(new Date('2026-01-16T18:00:00Z'), new Date('2026-01-16T21:15:00Z'))).toBe(
      '10:00 a.m. – 1:15 p.m. PT',
    );
  });
});
