import { describe, expect, it } from 'vitest';
import { formatDateKey, formatShopDate, formatShopDateTime } from './format-date';

describe('format-date', () => {
  it('formats an instant on the shop clock, not the machine one', () => {
    // 06:30 UTC on Nov 23 is still Nov 22 (23:30) in Vancouver (UTC-7 all year since 2026).
    expect(formatShopDate('2026-11-23T06:30:00Z')).toBe('Nov 22, 2026');
    expect(formatShopDateTime('2026-11-23T06:30:00Z')).toBe('Sun, Nov 22, 11:30 p.m. PT');
    expect(formatShopDateTime('2027-01-15T20:00:00Z')).toBe('Fri, Jan 15, 1:00 p.m. PT');
  });

  it('formats a calendar date key as that day', () => {
    expect(formatDateKey('2026-11-25')).toBe('Wed, Nov 25');
  });
});
