import { describe, expect, it } from 'vitest';
import { slotTimeLabel } from './slot-label';

describe('slotTimeLabel', () => {
  it('shows Vancouver time, summer and winter', () => {
    // 17:00Z in June is 10:00 PDT; in January 18:00Z is 10:00 PST.
    expect(slotTimeLabel(new Date('2026-06-16T17:00:00Z'), new Date('2026-06-16T17:30:00Z'))).toBe(
      '10:00 AM – 10:30 AM',
    );
    expect(slotTimeLabel(new Date('2026-01-16T18:00:00Z'), new Date('2026-01-16T21:15:00Z'))).toBe(
      '10:00 AM – 1:15 PM',
    );
  });
});
