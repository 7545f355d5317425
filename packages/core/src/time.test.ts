import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDaysToDateKey,
  dateKeyRange,
  daysBetweenDateKeys,
  isDateKey,
  isInPickupWindow,
  PAYMENT_WINDOW_HOURS,
  PICKUP_WINDOW_DAYS,
  paymentDueAt,
  pickupWindow,
  pickupWindowDateKeys,
  RETURN_WINDOW_DAYS,
  relativeDayLabel,
  SHOP_TIME_ZONE,
  vancouverDateKey,
  vancouverDateTime,
  weekdayOfDateKey,
} from './time';

// Vancouver was UTC-8 (PST) and UTC-7 (PDT). In 2026 it springs forward on Sunday 8 March at 02:00
// PST (10:00Z) and stays at UTC-7 from then on, all year: no fall back on 1 November (shop-clock.ts).

const at = (iso: string) => new Date(iso);

describe('constants', () => {
  it('match the decisions', () => {
    expect(SHOP_TIME_ZONE).toBe('America/Vancouver');
    expect(PAYMENT_WINDOW_HOURS).toBe(72);
    expect(PICKUP_WINDOW_DAYS).toBe(7);
    expect(RETURN_WINDOW_DAYS).toBe(7);
  });
});

describe('vancouverDateKey', () => {
  it.each([
    ['2026-01-15T07:59:59Z', '2026-01-14'], // 23:59:59 PST
    ['2026-01-15T08:00:00Z', '2026-01-15'], // 00:00 PST
    ['2026-03-08T07:59:59Z', '2026-03-07'], // last second before the spring-forward day
    ['2026-03-08T08:00:00Z', '2026-03-08'], // 00:00 PST on the 23-hour day
    ['2026-03-08T10:00:00Z', '2026-03-08'], // 03:00 PDT, straight after 01:59:59 PST
    ['2026-03-09T06:59:59Z', '2026-03-08'], // 23:59:59 PDT
    ['2026-03-09T07:00:00Z', '2026-03-09'], // midnight is now at 07:00Z
    ['2026-11-01T06:59:59Z', '2026-10-31'], // 23:59:59
    ['2026-11-01T07:00:00Z', '2026-11-01'], // 00:00 on an ordinary 24-hour day
    ['2026-11-01T08:30:00Z', '2026-11-01'], // 01:30
    ['2026-11-01T09:30:00Z', '2026-11-01'], // 02:30 (no second 01:30)
    ['2026-11-02T06:59:59Z', '2026-11-01'], // 23:59:59: still UTC-7
    ['2026-11-02T07:00:00Z', '2026-11-02'], // midnight stays at 07:00Z
    ['2026-12-31T23:00:00Z', '2026-12-31'],
    ['2027-01-01T06:59:59Z', '2026-12-31'], // New Year's Eve in Vancouver, New Year in UTC
    ['2027-01-01T07:00:00Z', '2027-01-01'], // midnight at 07:00Z in winter too
  ])('%s is %s in Vancouver', (iso, key) => {
    expect(vancouverDateKey(at(iso))).toBe(key);
  });

  describe('whatever the process time zone', () => {
    const original = process.env.TZ;
    afterEach(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    it.each(['Asia/Tokyo', 'America/St_Johns', 'UTC'])('gives the same key under TZ=%s', (zone) => {
      process.env.TZ = zone;
      expect(vancouverDateKey(at('2026-03-08T07:59:59Z'))).toBe('2026-03-07');
      expect(vancouverDateKey(at('2026-11-02T06:59:59Z'))).toBe('2026-11-01');
      expect(vancouverDateKey(at('2026-11-02T07:00:00Z'))).toBe('2026-11-02');
      expect(vancouverDateTime('2026-03-09', 0).toISOString()).toBe('2026-03-09T07:00:00.000Z');
    });
  });

  it('rejects an invalid date', () => {
    expect(() => vancouverDateKey(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('date keys', () => {
  it('validates keys', () => {
    expect(isDateKey('2026-03-08')).toBe(true);
    expect(isDateKey('2028-02-29')).toBe(true);
    expect(isDateKey('2026-02-29')).toBe(false);
    expect(isDateKey('2026-13-01')).toBe(false);
    expect(isDateKey('2026-3-8')).toBe(false);
    expect(isDateKey('2026-03-08T00:00')).toBe(false);
    expect(isDateKey('')).toBe(false);
  });

  it('adds calendar days across month, year and DST boundaries', () => {
    expect(addDaysToDateKey('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDaysToDateKey('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDaysToDateKey('2026-10-31', 7)).toBe('2026-11-07');
    expect(addDaysToDateKey('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDaysToDateKey('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToDateKey('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDateKey('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDaysToDateKey('2026-05-05', 0)).toBe('2026-05-05');
  });

  it('rejects malformed keys and fractional day counts', () => {
    expect(() => addDaysToDateKey('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDaysToDateKey('tomorrow', 1)).toThrow(RangeError);
    expect(() => addDaysToDateKey('2026-02-03', 1.5)).toThrow(RangeError);
  });

  it('adding then subtracting days returns the same key, and the difference is the count', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: -5000, max: 5000 }),
        (date, n) => {
          const key = date.toISOString().slice(0, 10);
          const moved = addDaysToDateKey(key, n);
          expect(isDateKey(moved)).toBe(true);
          expect(addDaysToDateKey(moved, -n)).toBe(key);
          expect(daysBetweenDateKeys(key, moved)).toBe(n);
        },
      ),
    );
  });

  it('lists an inclusive range', () => {
    expect(dateKeyRange('2026-10-30', '2026-11-02')).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
    expect(dateKeyRange('2026-03-08', '2026-03-08')).toEqual(['2026-03-08']);
    expect(dateKeyRange('2026-03-09', '2026-03-08')).toEqual([]);
  });

  it('gives the weekday of a key', () => {
    expect(weekdayOfDateKey('2026-03-08')).toBe(0); // Sunday
    expect(weekdayOfDateKey('2026-11-01')).toBe(0); // Sunday
    expect(weekdayOfDateKey('2026-11-07')).toBe(6); // Saturday
    expect(weekdayOfDateKey('2026-01-05')).toBe(1); // Monday
  });
});

describe('relativeDayLabel', () => {
  it.each([
    ['2026-03-08', '2026-03-08', 'Today'],
    ['2026-03-09', '2026-03-08', 'Tomorrow'],
    ['2026-03-10', '2026-03-08', 'In 2 days'],
    ['2026-03-15', '2026-03-08', 'In 7 days'],
    ['2026-03-07', '2026-03-08', 'Yesterday'],
    ['2026-03-06', '2026-03-08', '2 days ago'],
    ['2026-11-08', '2026-10-31', 'In 8 days'],
    ['2027-01-01', '2026-12-31', 'Tomorrow'],
  ])('%s seen on %s is %s', (target, today, label) => {
    expect(relativeDayLabel(target, today)).toBe(label);
  });

  it('counts calendar days in Vancouver, not 24-hour periods, across a DST change', () => {
    // 23:30 PST on Saturday 7 March and 00:30 PDT on Monday 9 March: 25 hours apart, 2 days apart.
    const today = vancouverDateKey(at('2026-03-08T07:30:00Z'));
    const target = vancouverDateKey(at('2026-03-09T07:30:00Z'));
    expect(relativeDayLabel(target, today)).toBe('In 2 days');
  });
});

describe('vancouverDateTime', () => {
  it('gives the instant of a Vancouver wall-clock time', () => {
    expect(vancouverDateTime('2026-01-15', 9).toISOString()).toBe('2026-01-15T17:00:00.000Z');
    expect(vancouverDateTime('2026-07-15', 9, 30).toISOString()).toBe('2026-07-15T16:30:00.000Z');
  });

  it('handles the spring-forward day', () => {
    expect(vancouverDateTime('2026-03-08', 0).toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(vancouverDateTime('2026-03-08', 1, 59).toISOString()).toBe('2026-03-08T09:59:00.000Z');
    // 02:30 does not exist: it moves to 03:30 PDT.
    expect(vancouverDateTime('2026-03-08', 2, 30).toISOString()).toBe('2026-03-08T10:30:00.000Z');
    expect(vancouverDateTime('2026-03-08', 3).toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(vancouverDateTime('2026-03-08', 12).toISOString()).toBe('2026-03-08T19:00:00.000Z');
  });

  it('has no fall back on 1 November 2026 (UTC-7 all day and after)', () => {
    expect(vancouverDateTime('2026-11-01', 0).toISOString()).toBe('2026-11-01T07:00:00.000Z');
    // 01:30 happens once.
    expect(vancouverDateTime('2026-11-01', 1, 30).toISOString()).toBe('2026-11-01T08:30:00.000Z');
    expect(vancouverDateTime('2026-11-01', 3).toISOString()).toBe('2026-11-01T10:00:00.000Z');
    expect(vancouverDateTime('2026-11-02', 0).toISOString()).toBe('2026-11-02T07:00:00.000Z');
    expect(vancouverDateTime('2027-01-15', 10).toISOString()).toBe('2027-01-15T17:00:00.000Z');
  });

  it('round-trips to the same date key', () => {
    for (const key of dateKeyRange('2026-02-25', '2026-11-10')) {
      for (const hour of [0, 9, 17, 23]) {
        expect(vancouverDateKey(vancouverDateTime(key, hour))).toBe(key);
      }
    }
  });

  it('rejects invalid input', () => {
    expect(() => vancouverDateTime('2026-02-30', 9)).toThrow(RangeError);
    expect(() => vancouverDateTime('2026-03-01', 24)).toThrow(RangeError);
    expect(() => vancouverDateTime('2026-03-01', 9, 60)).toThrow(RangeError);
    expect(() => vancouverDateTime('2026-03-01', 9.5)).toThrow(RangeError);
  });
});

describe('pickup window', () => {
  it('runs from the end date in Vancouver through 7 days after: 8 dates', () => {
    const keys = pickupWindowDateKeys(at('2026-06-10T19:00:00Z')); // noon PDT, 10 June
    expect(keys).toEqual([
      '2026-06-10',
      '2026-06-11',
      '2026-06-12',
      '2026-06-13',
      '2026-06-14',
      '2026-06-15',
      '2026-06-16',
      '2026-06-17',
    ]);
  });

  it('uses the Vancouver date of the end, not the UTC date', () => {
    // 23:30 PDT on 31 October is 06:30Z on 1 November.
    const end = at('2026-11-01T06:30:00Z');
    expect(pickupWindow(end)).toEqual({ firstDateKey: '2026-10-31', lastDateKey: '2026-11-07' });
    expect(pickupWindowDateKeys(end)).toHaveLength(8);
    expect(pickupWindowDateKeys(end)).toContain('2026-11-01');
  });

  it('spans the spring-forward change with 8 whole dates', () => {
    // 23:30 PST on Saturday 7 March.
    const keys = pickupWindowDateKeys(at('2026-03-08T07:30:00Z'));
    expect(keys[0]).toBe('2026-03-07');
    expect(keys.at(-1)).toBe('2026-03-14');
    expect(keys).toHaveLength(8);
    expect(new Set(keys).size).toBe(8);
  });

  it('tells whether a date is offered', () => {
    const end = at('2026-11-01T06:30:00Z');
    expect(isInPickupWindow('2026-10-30', end)).toBe(false);
    expect(isInPickupWindow('2026-10-31', end)).toBe(true);
    expect(isInPickupWindow('2026-11-07', end)).toBe(true);
    expect(isInPickupWindow('2026-11-08', end)).toBe(false);
  });
});

describe('paymentDueAt', () => {
  it('is 72 hours after the end', () => {
    expect(paymentDueAt(at('2026-06-10T19:00:00Z')).toISOString()).toBe('2026-06-13T19:00:00.000Z');
  });

  it('counts elapsed hours across DST, so the wall-clock time shifts', () => {
    // Noon PST on 7 March + 72 h = 13:00 PDT on 10 March.
    const due = paymentDueAt(at('2026-03-07T20:00:00Z'));
    expect(due.toISOString()).toBe('2026-03-10T20:00:00.000Z');
    expect(due.getTime()).toBe(vancouverDateTime('2026-03-10', 13).getTime());
    // Noon on 31 October + 72 h = noon on 3 November (no fall back in between).
    const due2 = paymentDueAt(at('2026-10-31T19:00:00Z'));
    expect(due2.getTime()).toBe(vancouverDateTime('2026-11-03', 12).getTime());
  });

  it('does not mutate its input', () => {
    const end = at('2026-06-10T19:00:00Z');
    paymentDueAt(end);
    expect(end.toISOString()).toBe('2026-06-10T19:00:00.000Z');
  });
});
