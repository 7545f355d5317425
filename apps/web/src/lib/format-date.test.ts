import { SHOP_TIME_ZONE as CORE_SHOP_TIME_ZONE } from '@rebound/core/time';
import { describe, expect, it } from 'vitest';
import { formatDateKey, formatShopDate, formatShopDateTime, SHOP_TIME_ZONE } from './format-date';

describe('format-date', () => {
  it('uses the shop time zone the rules use', () => {
    expect(SHOP_TIME_ZONE).toBe(CORE_SHOP_TIME_ZONE);
  });

  it('formats an instant in the shop time zone, not the machine one', () => {
    // 07:30 UTC on Nov 23 is still Nov 22 (23:30) in Vancouver.
    expect(formatShopDate('2026-11-23T07:30:00Z')).toBe('Nov 22, 2026');
    expect(formatShopDateTime('2026-11-23T07:30:00Z')).toMatch(/^Sun, Nov 22, 11:30\s?p\.m\. Pacific$/);
  });

  it('formats a calendar date key as that day', () => {
    expect(formatDateKey('2026-11-25')).toBe('Wed, Nov 25');
  });
});
