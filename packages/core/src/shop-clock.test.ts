import moment from 'moment-timezone';
import { describe, expect, it } from 'vitest';
import {
  formatDateKeyShort,
  formatMovedShopDateTime,
  formatShopClock,
  formatShopDate,
  formatShopDateTime,
  formatShopTime,
  shopDateKey,
  shopInstant,
  shopOffsetChanges,
  shopUtcOffsetMinutes,
  shopWallClock,
} from './shop-clock';
import {
  formatDateKeyLong,
  formatShopDateTimeSeconds,
  formatShopLongDateTime,
  formatShopTimeRange,
} from './shop-clock-formats';

const at = (iso: string) => new Date(iso);

describe('the shop clock: British Columbia keeps UTC-7 all year from its 2026 spring-forward', () => {
  it('reads 2026-11-27T18:00Z as 11:00 a.m. and 2027-01-15T20:00Z as 1:00 p.m. (no fall back)', () => {
    expect(formatShopTime(at('2026-11-27T18:00:00Z'))).toBe('11:00 a.m. PT');
    expect(formatShopTime(at('2027-01-15T20:00:00Z'))).toBe('1:00 p.m. PT');
    expect(shopUtcOffsetMinutes(at('2026-11-01T12:00:00Z'))).toBe(-420);
    expect(shopUtcOffsetMinutes(at('2040-12-25T12:00:00Z'))).toBe(-420);
  });

  it('keeps the old Canada rules before the change', () => {
    expect(shopUtcOffsetMinutes(at('2025-11-02T08:59:59Z'))).toBe(-420);
    expect(shopUtcOffsetMinutes(at('2025-11-02T09:00:00Z'))).toBe(-480);
    expect(shopUtcOffsetMinutes(at('2026-03-08T09:59:59Z'))).toBe(-480);
    expect(shopUtcOffsetMinutes(at('2026-03-08T10:00:00Z'))).toBe(-420);
    // 1987-2006: first Sunday of April to last Sunday of October.
    expect(shopUtcOffsetMinutes(at('2006-04-02T09:59:00Z'))).toBe(-480);
    expect(shopUtcOffsetMinutes(at('2006-04-02T10:00:00Z'))).toBe(-420);
    expect(shopUtcOffsetMinutes(at('2006-10-29T08:59:00Z'))).toBe(-420);
    expect(shopUtcOffsetMinutes(at('2006-10-29T09:00:00Z'))).toBe(-480);
  });

  it('agrees with the IANA data (moment-timezone, 2026f) on every hour from 2020 through 2040', () => {
    const zone = moment.tz.zone('America/Vancouver');
    expect(zone).not.toBeNull();
    const from = Date.UTC(2020, 0, 1);
    const to = Date.UTC(2041, 0, 1);
    const disagreements: string[] = [];
    for (let t = from; t < to; t += 3_600_000) {
      // moment's offsets are minutes west of UTC.
      const iana = -zone!.utcOffset(t);
      if (iana !== shopUtcOffsetMinutes(t)) disagreements.push(new Date(t).toISOString());
    }
    expect(disagreements).toEqual([]);
    // The data really has the permanent change (a stale copy would fail here, not pass silently).
    expect(-zone!.utcOffset(Date.UTC(2027, 0, 15, 20))).toBe(-420);
  });

  it('reads the wall clock and the date key of an instant', () => {
    expect(shopWallClock(at('2027-01-16T06:59:30Z'))).toEqual({
      year: 2027,
      month: 1,
      day: 15,
      hour: 23,
      minute: 59,
      second: 30,
      weekday: 5,
      dateKey: '2027-01-15',
      minutes: 23 * 60 + 59,
    });
    expect(shopDateKey(at('2026-11-28T06:59:59Z'))).toBe('2026-11-27');
    expect(shopDateKey(at('2026-11-28T07:00:00Z'))).toBe('2026-11-28');
  });

  it('finds the instant of a wall-clock time: a skipped time moves forward, 2026-11-01 has no overlap', () => {
    expect(shopInstant(2027, 1, 15, 10, 0).toISOString()).toBe('2027-01-15T17:00:00.000Z');
    expect(shopInstant(2026, 11, 1, 1, 30).toISOString()).toBe('2026-11-01T08:30:00.000Z');
    expect(shopInstant(2026, 11, 1, 2, 30).toISOString()).toBe('2026-11-01T09:30:00.000Z');
    expect(shopInstant(2026, 3, 8, 2, 30).toISOString()).toBe('2026-03-08T10:30:00.000Z');
    expect(shopInstant(2025, 11, 2, 1, 30).toISOString()).toBe('2025-11-02T08:30:00.000Z');
    expect(shopInstant(2025, 12, 2, 9, 0).toISOString()).toBe('2025-12-02T17:00:00.000Z');
  });
});

describe('shopOffsetChanges', () => {
  it('lists the changes up to the permanent UTC-7, each matching the rule', () => {
    const changes = shopOffsetChanges(2025);
    expect(changes.map((c) => [new Date(c.at).toISOString(), c.offsetMinutes])).toEqual([
      ['2025-03-09T10:00:00.000Z', -420],
      ['2025-11-02T09:00:00.000Z', -480],
      ['2026-03-08T10:00:00.000Z', -420],
    ]);
    for (const c of shopOffsetChanges(1987)) {
      expect(shopUtcOffsetMinutes(c.at)).toBe(c.offsetMinutes);
      expect(shopUtcOffsetMinutes(c.at - 1)).not.toBe(c.offsetMinutes);
    }
  });
});

describe('the one format for times a person reads', () => {
  it("is 'Fri, Nov 27, 2:30 p.m. PT', with the variants", () => {
    expect(formatShopDateTime(at('2026-11-27T21:30:00Z'))).toBe('Fri, Nov 27, 2:30 p.m. PT');
    expect(formatShopDateTime(at('2026-11-27T19:00:00Z'))).toBe('Fri, Nov 27, 12:00 p.m. PT');
    expect(formatShopDateTime(at('2026-11-28T07:05:00Z'))).toBe('Sat, Nov 28, 12:05 a.m. PT');
    expect(formatShopDateTimeSeconds(at('2026-11-27T21:30:05Z'))).toBe('Fri, Nov 27, 2:30:05 p.m. PT');
    expect(formatShopTime(at('2026-11-27T21:30:00Z'))).toBe('2:30 p.m. PT');
    expect(formatShopClock(at('2026-11-27T16:05:00Z'))).toBe('9:05 a.m.');
    expect(formatShopDate(at('2026-11-28T06:00:00Z'))).toBe('Nov 27, 2026');
    expect(formatDateKeyShort('2026-11-25')).toBe('Wed, Nov 25');
    expect(formatDateKeyLong('2026-06-16')).toBe('Tuesday, June 16, 2026');
    expect(formatShopLongDateTime(at('2026-11-27T22:00:00Z'))).toBe(
      'Friday, November 27, 2026 at 3:00 p.m. PT',
    );
  });

  it('says a moved time with its seconds only when it reads the same to the minute as before', () => {
    // 4:40:04 -> 4:40:19 p.m.: both read '4:40 p.m.', so the seconds show what moved.
    expect(formatMovedShopDateTime(at('2026-11-27T23:40:04Z'), at('2026-11-27T23:40:19Z'))).toBe(
      'Fri, Nov 27, 4:40:19 p.m. PT',
    );
    // 4:39:50 -> 4:40:19 p.m.: the minute changed; the one format is enough.
    expect(formatMovedShopDateTime(at('2026-11-27T23:39:50Z'), at('2026-11-27T23:40:19Z'))).toBe(
      'Fri, Nov 27, 4:40 p.m. PT',
    );
    // Exactly on the minute, still the same minute shown: '4:40:00'.
    expect(formatMovedShopDateTime(at('2026-11-27T23:40:00Z'), at('2026-11-27T23:40:00.900Z'))).toBe(
      'Fri, Nov 27, 4:40:00 p.m. PT',
    );
  });

  it('writes a slot range once with its half of the day, and both across noon', () => {
    expect(formatShopTimeRange(at('2027-01-15T17:00:00Z'), at('2027-01-15T17:30:00Z'))).toBe(
      '10:00 – 10:30 a.m. PT',
    );
    expect(formatShopTimeRange(at('2027-01-15T18:30:00Z'), at('2027-01-15T19:00:00Z'))).toBe(
      '11:30 a.m. – 12:00 p.m. PT',
    );
  });

  it('does not depend on the runtime time zone or locale data', () => {
    const intl = globalThis.Intl;
    // With Intl gone, the formatter still works: it never asks it.
    (globalThis as { Intl: unknown }).Intl = undefined;
    try {
      expect(formatShopDateTime(at('2027-01-15T20:00:00Z'))).toBe('Fri, Jan 15, 1:00 p.m. PT');
    } finally {
      globalThis.Intl = intl;
    }
  });

  it('refuses an invalid instant or date key', () => {
    expect(() => formatShopDateTime(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => formatDateKeyShort('2026-02-30')).toThrow(RangeError);
  });
});
