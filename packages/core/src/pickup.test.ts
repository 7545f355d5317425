import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abandonLastDayKey,
  availableSlotDays,
  canBookSlot,
  canChangeAppointment,
  finalNoticeDateKey,
  finalNoticeDueAt,
  formatShortCode,
  isFinalNoticeDue,
  meetsNotice,
  minutesOfDay,
  normalizeShortCode,
  orderStorageFeeCents,
  PICKUP_QR_PREFIX,
  type PickupSchedule,
  parseSlotId,
  pickupQrPayload,
  pickupReminderAction,
  pickupReminderTimes,
  pickupScheduleProblems,
  pickupShortCode,
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
  SLOT_ID_LENGTH,
  STORAGE_FEE_CENTS_PER_DAY,
  slotIdOf,
  slotsForDay,
  storageFeeCents,
  storageFeeDays,
  storageFeeStartDateKey,
  storageFeeStartsAt,
  vancouverWallClock,
  type WeeklyHours,
} from './pickup';
import { slotTimeLabel } from './slot-label';
import {
  addDaysToDateKey,
  dateKeyRange,
  daysBetweenDateKeys,
  vancouverDateKey,
  weekdayOfDateKey,
} from './time';

// Vancouver (shop-clock.ts): UTC-8 until it springs forward Sunday 8 March 2026 at 02:00 (10:00Z),
// then UTC-7 all year: there is no fall back on Sunday 1 November 2026 or after.

const LOC = 'a3bb189e-8bf9-4888-9912-ace4e6543002';
const OTHER_LOC = '0d6f6c1e-2b53-4b8e-9d6e-6f1f2a4b9c11';
const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

/** 09:00-17:00, 30-minute slots of 4 places, every day of the week. */
const everyDay = (opensAt = '09:00', closesAt = '17:00', slotMinutes = 30, capacity = 4): WeeklyHours[] =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt, closesAt, slotMinutes, capacity }));

const DAILY: PickupSchedule = { hours: everyDay(), closedDates: [], minNoticeMinutes: 120 };

/** The demo warehouse's kind of week: weekdays 09-17, Saturday with a lunch break, Sunday closed. */
const WAREHOUSE: PickupSchedule = {
  hours: [
    ...[1, 2, 3, 4, 5].map((weekday) => ({
      weekday,
      opensAt: '09:00',
      closesAt: '17:00',
      slotMinutes: 30,
      capacity: 4,
    })),
    { weekday: 6, opensAt: '10:00', closesAt: '12:00', slotMinutes: 30, capacity: 2 },
    { weekday: 6, opensAt: '13:00', closesAt: '16:00', slotMinutes: 60, capacity: 6 },
  ],
  closedDates: ['2026-07-01', '2026-12-25'],
  minNoticeMinutes: 120,
};

const starts = (slots: { startsAt: Date }[]) => slots.map((s) => iso(s.startsAt));
const localStarts = (slots: { startsAt: Date }[]) =>
  slots.map((s) => {
    const m = vancouverWallClock(s.startsAt).minutes;
    return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  });

const HALF_HOURS_9_TO_1630 = Array.from({ length: 16 }, (_, i) => {
  const m = 9 * 60 + i * 30;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
});

describe('pickupScheduleProblems', () => {
  it('accepts a sound schedule', () => {
    expect(pickupScheduleProblems(WAREHOUSE)).toEqual([]);
    expect(pickupScheduleProblems(DAILY)).toEqual([]);
  });

  it('names each problem', () => {
    const problems = pickupScheduleProblems({
      hours: [
        { weekday: 7, opensAt: '09:00', closesAt: '17:00', slotMinutes: 30, capacity: 4 },
        { weekday: 1, opensAt: '9:00', closesAt: '17:00', slotMinutes: 30, capacity: 4 },
        { weekday: 1, opensAt: '12:00', closesAt: '11:00', slotMinutes: 30, capacity: 4 },
        { weekday: 2, opensAt: '09:00', closesAt: '09:20', slotMinutes: 30, capacity: 4 },
        { weekday: 3, opensAt: '09:00', closesAt: '17:00', slotMinutes: 2, capacity: 0 },
        { weekday: 4, opensAt: '09:00', closesAt: '13:00', slotMinutes: 30, capacity: 4 },
        { weekday: 4, opensAt: '12:30', closesAt: '17:00', slotMinutes: 30, capacity: 4 },
        { weekday: 5, opensAt: '24:00', closesAt: '17:00', slotMinutes: 30, capacity: 4 },
      ],
      closedDates: ['2026-02-30', 'soon'],
      minNoticeMinutes: -1,
    });
    expect(problems).toEqual([
      'Opening range 1: the weekday must be 0 (Sunday) to 6 (Saturday).',
      'Opening range 2: opening time must be HH:MM.',
      'Opening range 3: closing time must be after opening time.',
      'Opening range 4: not even one slot fits between opening and closing.',
      'Opening range 5: slot length must be 5 to 480 minutes.',
      'Opening range 5: capacity must be 1 to 500.',
      'Opening range 8: opening time must be HH:MM.',
      'Opening ranges 6 and 7 overlap.',
      'Closed date "2026-02-30" is not a YYYY-MM-DD date.',
      'Closed date "soon" is not a YYYY-MM-DD date.',
      'Minimum notice must be 0 to 10080 minutes.',
    ]);
  });

  it('allows ranges that touch (close = next open)', () => {
    expect(
      pickupScheduleProblems({
        hours: [
          { weekday: 1, opensAt: '09:00', closesAt: '12:00', slotMinutes: 30, capacity: 4 },
          { weekday: 1, opensAt: '12:00', closesAt: '17:00', slotMinutes: 60, capacity: 4 },
        ],
        closedDates: [],
        minNoticeMinutes: 0,
      }),
    ).toEqual([]);
  });

  it('reads HH:MM strictly', () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('23:59')).toBe(1439);
    expect(minutesOfDay('24:00')).toBeNull();
    expect(minutesOfDay('9:00')).toBeNull();
    expect(minutesOfDay('09:60')).toBeNull();
  });
});

describe('slot ids', () => {
  it('are the location and the start to the minute, UTC', () => {
    const id = slotIdOf(LOC, at('2026-03-08T16:00:00Z'));
    expect(id).toBe(`${LOC}.20260308T1600Z`);
    expect(id).toHaveLength(SLOT_ID_LENGTH);
    expect(parseSlotId(id)).toEqual({ locationId: LOC, startsAt: at('2026-03-08T16:00:00Z') });
  });

  it('write an upper-case location id in lower case', () => {
    expect(slotIdOf(LOC.toUpperCase(), at('2026-03-08T16:00:00Z'))).toBe(`${LOC}.20260308T1600Z`);
  });

  it('refuse what is not a whole minute or not a location', () => {
    expect(() => slotIdOf(LOC, at('2026-03-08T16:00:30Z'))).toThrow(RangeError);
    expect(() => slotIdOf('warehouse', at('2026-03-08T16:00:00Z'))).toThrow(RangeError);
    expect(() => slotIdOf(LOC, new Date(Number.NaN))).toThrow(RangeError);
  });

  it.each([
    [''],
    [`${LOC}.20260308T1600`],
    [`${LOC}.20260308T1600Z `],
    [` ${LOC}.20260308T1600Z`],
    [`${LOC.toUpperCase()}.20260308T1600Z`],
    [`${LOC}:20260308T1600Z`],
    [`${LOC}.20260230T1600Z`], // 30 February
    [`${LOC}.20261301T1600Z`],
    [`${LOC}.20260308T2400Z`],
    [`${LOC}.20260308T1660Z`],
    [`${LOC}.2026-03-08T16:00Z`],
    [`${LOC.slice(1)}x.20260308T1600Z`],
    [`${LOC}.20260308t1600z`],
  ])('parseSlotId refuses %j', (text) => {
    expect(parseSlotId(text)).toBeNull();
  });

  it('round-trip for any location and whole minute (property)', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.integer({ min: Date.UTC(2000, 0, 1) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 }),
        (uuid, minute) => {
          const start = new Date(minute * 60_000);
          const id = slotIdOf(uuid, start);
          expect(parseSlotId(id)).toEqual({ locationId: uuid.toLowerCase(), startsAt: start });
        },
      ),
    );
  });

  it('refuses a year slotIdOf never writes (found by the property below)', () => {
    expect(parseSlotId('00000000-0000-1000-8000-000000000000.03000330T0000Z')).toBeNull();
    expect(parseSlotId('00000000-0000-1000-8000-000000000000.09991231T2359Z')).toBeNull();
    expect(parseSlotId('00000000-0000-1000-8000-000000000000.10000101T0000Z')).not.toBeNull();
  });

  it('parse only what slotIdOf writes (property)', () => {
    const nearId = fc
      .tuple(fc.uuid(), fc.stringMatching(/^\.\d{8}T\d{4}Z$/))
      .map(([u, rest]) => `${u}${rest}`);
    fc.assert(
      fc.property(fc.oneof(fc.string(), nearId), (text) => {
        const parsed = parseSlotId(text);
        if (parsed) expect(slotIdOf(parsed.locationId, parsed.startsAt)).toBe(text);
      }),
    );
  });
});

describe('slotsForDay', () => {
  it('gives the half hours from opening to the last one that ends by closing', () => {
    const slots = slotsForDay(DAILY, '2026-06-16', LOC);
    expect(localStarts(slots)).toEqual(HALF_HOURS_9_TO_1630);
    expect(iso(slots[0]!.startsAt)).toBe('2026-06-16T16:00:00.000Z');
    expect(iso(slots[0]!.endsAt)).toBe('2026-06-16T16:30:00.000Z');
    expect(iso(slots.at(-1)!.endsAt)).toBe('2026-06-17T00:00:00.000Z'); // 17:00 PDT
    expect(slots[0]).toMatchObject({ slotId: `${LOC}.20260616T1600Z`, dateKey: '2026-06-16', capacity: 4 });
  });

  it('never lets a slot run past closing', () => {
    const s: PickupSchedule = { hours: everyDay('09:00', '10:45', 30), closedDates: [], minNoticeMinutes: 0 };
    expect(localStarts(slotsForDay(s, '2026-06-16', LOC))).toEqual(['09:00', '09:30', '10:00']);
    const exact: PickupSchedule = {
      hours: everyDay('09:00', '10:30', 30),
      closedDates: [],
      minNoticeMinutes: 0,
    };
    expect(localStarts(slotsForDay(exact, '2026-06-16', LOC))).toEqual(['09:00', '09:30', '10:00']);
  });

  it('follows the weekday, several ranges a day, each with its own length and capacity', () => {
    // 2026-06-13 is a Saturday, 2026-06-14 a Sunday.
    const sat = slotsForDay(WAREHOUSE, '2026-06-13', LOC);
    expect(localStarts(sat)).toEqual(['10:00', '10:30', '11:00', '11:30', '13:00', '14:00', '15:00']);
    expect(sat.map((s) => s.capacity)).toEqual([2, 2, 2, 2, 6, 6, 6]);
    expect(sat.map((s) => (s.endsAt.getTime() - s.startsAt.getTime()) / 60_000)).toEqual([
      30, 30, 30, 30, 60, 60, 60,
    ]);
    expect(slotsForDay(WAREHOUSE, '2026-06-14', LOC)).toEqual([]);
  });

  it('has no slot on a closed date', () => {
    expect(weekdayOfDateKey('2026-07-01')).toBe(3); // a Wednesday: open, but Canada Day
    expect(slotsForDay(WAREHOUSE, '2026-07-01', LOC)).toEqual([]);
    expect(slotsForDay(WAREHOUSE, '2026-07-02', LOC)).toHaveLength(16);
  });

  it('keeps the first of two overlapping ranges on one start, sorted by start', () => {
    const s: PickupSchedule = {
      hours: [
        { weekday: 2, opensAt: '13:00', closesAt: '14:00', slotMinutes: 30, capacity: 1 },
        { weekday: 2, opensAt: '12:00', closesAt: '14:00', slotMinutes: 60, capacity: 9 },
      ],
      closedDates: [],
      minNoticeMinutes: 0,
    };
    const slots = slotsForDay(s, '2026-06-16', LOC);
    expect(localStarts(slots)).toEqual(['12:00', '13:00', '13:30']);
    expect(slots.map((x) => x.capacity)).toEqual([9, 1, 1]);
  });

  it('refuses a bad date key and malformed hours', () => {
    expect(() => slotsForDay(DAILY, '2026-02-30', LOC)).toThrow(RangeError);
    const bad: PickupSchedule = {
      hours: [{ weekday: 2, opensAt: 'nine', closesAt: '17:00', slotMinutes: 30, capacity: 1 }],
      closedDates: [],
      minNoticeMinutes: 0,
    };
    expect(() => slotsForDay(bad, '2026-06-16', LOC)).toThrow(RangeError);
  });

  describe('across the daylight-saving changes', () => {
    // Local 09:00 is 17:00Z at UTC-8 (before 2026-03-08) and 16:00Z at UTC-7 (from then on, all year).
    it.each([
      ['2026-03-07', '2026-03-07T17:00:00.000Z', '2026-03-08T00:30:00.000Z'], // Saturday, PST
      ['2026-03-08', '2026-03-08T16:00:00.000Z', '2026-03-08T23:30:00.000Z'], // spring forward (23 h day)
      ['2026-03-09', '2026-03-09T16:00:00.000Z', '2026-03-09T23:30:00.000Z'], // PDT
      ['2026-10-31', '2026-10-31T16:00:00.000Z', '2026-10-31T23:30:00.000Z'], // PDT
      ['2026-11-01', '2026-11-01T16:00:00.000Z', '2026-11-01T23:30:00.000Z'], // no fall back: UTC-7
      ['2026-11-02', '2026-11-02T16:00:00.000Z', '2026-11-02T23:30:00.000Z'], // UTC-7
      ['2027-01-15', '2027-01-15T16:00:00.000Z', '2027-01-15T23:30:00.000Z'], // UTC-7 in winter
    ])('%s: 09:00..16:30 local, first at %s, last at %s', (dateKey, first, last) => {
      const slots = slotsForDay(DAILY, dateKey, LOC);
      expect(localStarts(slots)).toEqual(HALF_HOURS_9_TO_1630);
      expect(slots.every((s) => vancouverDateKey(s.startsAt) === dateKey)).toBe(true);
      expect(slots.every((s) => s.endsAt.getTime() - s.startsAt.getTime() === 30 * 60_000)).toBe(true);
      expect(iso(slots[0]!.startsAt)).toBe(first);
      expect(iso(slots.at(-1)!.startsAt)).toBe(last);
      expect(slots[0]!.slotId).toBe(slotIdOf(LOC, at(first)));
    });

    const night: PickupSchedule = { hours: everyDay('01:00', '04:00'), closedDates: [], minNoticeMinutes: 0 };

    it('leaves out slots that start or end in the hour skipped in spring', () => {
      const slots = slotsForDay(night, '2026-03-08', LOC);
      expect(localStarts(slots)).toEqual(['01:00', '03:00', '03:30']);
      expect(starts(slots)).toEqual([
        '2026-03-08T09:00:00.000Z',
        '2026-03-08T10:00:00.000Z',
        '2026-03-08T10:30:00.000Z',
      ]);
    });

    it('neither misses nor doubles a slot on 2026-11-01 (no fall back): every half hour once, 30 minutes long', () => {
      const slots = slotsForDay(night, '2026-11-01', LOC);
      expect(localStarts(slots)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);
      expect(starts(slots)).toEqual([
        '2026-11-01T08:00:00.000Z',
        '2026-11-01T08:30:00.000Z',
        '2026-11-01T09:00:00.000Z',
        '2026-11-01T09:30:00.000Z',
        '2026-11-01T10:00:00.000Z',
        '2026-11-01T10:30:00.000Z',
      ]);
      expect(slots.every((s) => s.endsAt.getTime() - s.startsAt.getTime() === 30 * 60_000)).toBe(true);
      expect(new Set(slots.map((s) => s.slotId)).size).toBe(6);
    });

    it('starts a day open 10:00-18:00 at 17:00Z in January', () => {
      const tenToSix: PickupSchedule = {
        hours: everyDay('10:00', '18:00'),
        closedDates: [],
        minNoticeMinutes: 0,
      };
      const slots = slotsForDay(tenToSix, '2027-01-15', LOC);
      expect(iso(slots[0]!.startsAt)).toBe('2027-01-15T17:00:00.000Z');
      expect(iso(slots.at(-1)!.endsAt)).toBe('2027-01-16T01:00:00.000Z');
      expect(slotTimeLabel(slots[0]!.startsAt, slots[0]!.endsAt)).toBe('10:00 – 10:30 a.m. PT');
    });
  });
});

// Random schedules: per range a weekday, an opening minute, a length and a slot length; kept only
// when valid (no overlaps).
const weeklyHours = fc
  .record({
    weekday: fc.integer({ min: 0, max: 6 }),
    open: fc.integer({ min: 0, max: 1380 }),
    slotMinutes: fc.integer({ min: 5, max: 240 }),
    slots: fc.integer({ min: 1, max: 20 }),
    extra: fc.integer({ min: 0, max: 29 }),
    capacity: fc.integer({ min: 1, max: 10 }),
  })
  .map(({ weekday, open, slotMinutes, slots, extra, capacity }) => {
    const close = Math.min(1439, open + slotMinutes * slots + extra);
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    return { weekday, opensAt: hhmm(open), closesAt: hhmm(close), slotMinutes, capacity };
  });

const dateKeyIn20262027 = fc.integer({ min: 0, max: 729 }).map((n) => addDaysToDateKey('2026-01-01', n));

const schedule = fc
  .record({
    hours: fc.array(weeklyHours, { maxLength: 6 }),
    closedDates: fc.array(dateKeyIn20262027, { maxLength: 5 }),
    minNoticeMinutes: fc.integer({ min: 0, max: 600 }),
  })
  .filter((s) => pickupScheduleProblems(s).length === 0);

describe('slotsForDay properties', () => {
  it('every slot lies inside an opening range of its weekday, in Vancouver wall-clock time', () => {
    fc.assert(
      fc.property(schedule, dateKeyIn20262027, (s, dateKey) => {
        const slots = slotsForDay(s, dateKey, LOC);
        const ranges = s.hours.filter((h) => h.weekday === weekdayOfDateKey(dateKey));
        for (const slot of slots) {
          const start = vancouverWallClock(slot.startsAt);
          const end = vancouverWallClock(slot.endsAt);
          expect(start.dateKey).toBe(dateKey);
          expect(end.dateKey).toBe(dateKey);
          expect(slot.endsAt.getTime()).toBeGreaterThan(slot.startsAt.getTime());
          const range = ranges.find((h) => {
            const open = minutesOfDay(h.opensAt)!;
            return (
              start.minutes >= open &&
              (start.minutes - open) % h.slotMinutes === 0 &&
              end.minutes === start.minutes + h.slotMinutes &&
              end.minutes <= minutesOfDay(h.closesAt)!
            );
          });
          expect(range).toBeDefined();
          expect(slot.capacity).toBe(range!.capacity);
          expect(parseSlotId(slot.slotId)).toEqual({ locationId: LOC, startsAt: slot.startsAt });
        }
        // Sorted by start, no two alike.
        for (let i = 1; i < slots.length; i += 1) {
          expect(slots[i]!.startsAt.getTime()).toBeGreaterThan(slots[i - 1]!.startsAt.getTime());
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives every slot that fits when the hours stay clear of 01:00-03:59 (any day, DST days too)', () => {
    const dstDays = fc.constantFrom('2026-03-08', '2026-11-01', '2027-03-14', '2027-11-07');
    fc.assert(
      fc.property(schedule, fc.oneof(dateKeyIn20262027, dstDays), (s, dateKey) => {
        const clear = s.hours.filter((h) => minutesOfDay(h.opensAt)! >= 240);
        const day = { ...s, hours: clear };
        const expected = clear
          .filter((h) => h.weekday === weekdayOfDateKey(dateKey))
          .reduce(
            (n, h) => n + Math.floor((minutesOfDay(h.closesAt)! - minutesOfDay(h.opensAt)!) / h.slotMinutes),
            0,
          );
        expect(slotsForDay(day, dateKey, LOC)).toHaveLength(s.closedDates.includes(dateKey) ? 0 : expected);
      }),
      { numRuns: 300 },
    );
  });

  it('never gives a slot on a closed date', () => {
    fc.assert(
      fc.property(schedule, dateKeyIn20262027, (s, dateKey) => {
        const closed = { ...s, closedDates: [...s.closedDates, dateKey] };
        expect(slotsForDay(closed, dateKey, LOC)).toEqual([]);
      }),
    );
  });
});

describe('availableSlotDays', () => {
  const auctionEnd = at('2026-06-15T22:00:00Z'); // Monday 15 June, 15:00 PDT

  it('lists the window from the end date through 7 days after, spots left after bookings', () => {
    const booked = new Map([
      [slotIdOf(LOC, at('2026-06-16T16:00:00Z')), 1],
      [slotIdOf(LOC, at('2026-06-16T16:30:00Z')), 4],
      [slotIdOf(LOC, at('2026-06-16T17:00:00Z')), 9], // over capacity (capacity lowered later): 0 left
    ]);
    const r = availableSlotDays(WAREHOUSE, {
      auctionEnd,
      now: auctionEnd,
      bookedCounts: booked,
      locationId: LOC,
    });
    expect(r.window).toEqual({ firstDate: '2026-06-15', lastDate: '2026-06-22' });
    // Monday from 17:00 PDT (two hours' notice) has nothing left: 16:30 starts before 17:00.
    expect(Object.keys(r.slots)).toEqual([
      '2026-06-16',
      '2026-06-17',
      '2026-06-18',
      '2026-06-19',
      '2026-06-20',
      '2026-06-22',
    ]);
    const tue = r.slots['2026-06-16']!;
    expect(tue).toHaveLength(16);
    expect(tue[0]).toEqual({
      slotId: `${LOC}.20260616T1600Z`,
      timeLabel: '9:00 – 9:30 a.m. PT',
      startsAt: at('2026-06-16T16:00:00Z'),
      endsAt: at('2026-06-16T16:30:00Z'),
      availableSpots: 3,
      isFull: false,
    });
    expect(tue[1]).toMatchObject({ availableSpots: 0, isFull: true });
    expect(tue[2]).toMatchObject({ availableSpots: 0, isFull: true });
    expect(tue[3]).toMatchObject({ availableSpots: 4, isFull: false });
    expect(r.slots['2026-06-20']![4]!.timeLabel).toBe('1:00 – 2:00 p.m. PT');
  });

  it('drops past slots and those inside the minimum notice', () => {
    // Tuesday 16 June 10:05 PDT, notice 2 h: first offered is 12:30.
    const r = availableSlotDays(WAREHOUSE, {
      auctionEnd,
      now: at('2026-06-16T17:05:00Z'),
      bookedCounts: new Map(),
      locationId: LOC,
    });
    expect(Object.keys(r.slots)[0]).toBe('2026-06-16');
    expect(r.slots['2026-06-16']![0]!.timeLabel).toBe('12:30 – 1:00 p.m. PT');
    // Exactly at the notice: still offered.
    const edge = availableSlotDays(WAREHOUSE, {
      auctionEnd,
      now: at('2026-06-16T17:30:00Z'),
      bookedCounts: new Map(),
      locationId: LOC,
    });
    expect(edge.slots['2026-06-16']![0]!.timeLabel).toBe('12:30 – 1:00 p.m. PT');
  });

  it('is empty after the window, with the window still given for the empty state', () => {
    const r = availableSlotDays(WAREHOUSE, {
      auctionEnd,
      now: at('2026-06-23T16:00:00Z'),
      bookedCounts: new Map(),
      locationId: LOC,
    });
    expect(r).toEqual({ window: { firstDate: '2026-06-15', lastDate: '2026-06-22' }, slots: {} });
  });

  it('narrows to startDate and days inside the window, never beyond it', () => {
    const base = { auctionEnd, now: at('2026-06-15T13:00:00Z'), bookedCounts: new Map(), locationId: LOC };
    expect(
      Object.keys(availableSlotDays(DAILY, { ...base, startDate: '2026-06-18', days: 2 }).slots),
    ).toEqual(['2026-06-18', '2026-06-19']);
    expect(Object.keys(availableSlotDays(DAILY, { ...base, days: 14 }).slots)).toHaveLength(8);
    expect(Object.keys(availableSlotDays(DAILY, { ...base, startDate: '2026-06-01' }).slots)).toHaveLength(8);
    expect(Object.keys(availableSlotDays(DAILY, { ...base, startDate: '2026-07-01' }).slots)).toEqual([]);
  });

  it('covers the DST change inside a window', () => {
    const r = availableSlotDays(DAILY, {
      auctionEnd: at('2026-10-28T19:00:00Z'),
      now: at('2026-10-28T19:00:00Z'),
      bookedCounts: new Map(),
      locationId: LOC,
    });
    expect(r.window).toEqual({ firstDate: '2026-10-28', lastDate: '2026-11-04' });
    expect(Object.keys(r.slots)).toEqual(dateKeyRange('2026-10-28', '2026-11-04'));
    expect(r.slots['2026-10-31']![0]!.timeLabel).toBe('9:00 – 9:30 a.m. PT');
    expect(r.slots['2026-11-01']![0]!.timeLabel).toBe('9:00 – 9:30 a.m. PT');
    expect(iso(r.slots['2026-10-31']![0]!.startsAt)).toBe('2026-10-31T16:00:00.000Z');
    // No fall back: 09:00 is still 16:00Z.
    expect(iso(r.slots['2026-11-01']![0]!.startsAt)).toBe('2026-11-01T16:00:00.000Z');
  });

  const scenario = fc.record({
    s: schedule,
    endMinute: fc.integer({ min: Date.UTC(2026, 0, 1) / 60_000, max: Date.UTC(2027, 11, 20) / 60_000 }),
    nowAfterMinutes: fc.integer({ min: -600, max: 12_000 }),
    fill: fc.array(fc.nat({ max: 12 }), { maxLength: 40 }),
  });

  it('window has 8 dates; every listed slot is in it, meets the notice, and can be booked unless full', () => {
    fc.assert(
      fc.property(scenario, ({ s, endMinute, nowAfterMinutes, fill }) => {
        const auctionEnd = new Date(endMinute * 60_000);
        const now = new Date(auctionEnd.getTime() + nowAfterMinutes * 60_000);
        // Book a few of the slots the schedule makes.
        const every = dateKeyRange(
          vancouverDateKey(auctionEnd),
          addDaysToDateKey(vancouverDateKey(auctionEnd), 7),
        )
          .flatMap((d) => slotsForDay(s, d, LOC))
          .map((x) => x.slotId);
        const booked = new Map(fill.map((n, i) => [every[i % Math.max(1, every.length)] ?? 'none', n]));
        const r = availableSlotDays(s, { auctionEnd, now, bookedCounts: booked, locationId: LOC });
        expect(daysBetweenDateKeys(r.window.firstDate, r.window.lastDate)).toBe(7);
        expect(r.window.firstDate).toBe(vancouverDateKey(auctionEnd));
        for (const [dateKey, day] of Object.entries(r.slots)) {
          expect(dateKey >= r.window.firstDate && dateKey <= r.window.lastDate).toBe(true);
          expect(s.closedDates).not.toContain(dateKey);
          expect(day.length).toBeGreaterThan(0);
          for (const slot of day) {
            expect(vancouverDateKey(slot.startsAt)).toBe(dateKey);
            expect(meetsNotice(slot.startsAt, now, s.minNoticeMinutes)).toBe(true);
            const count = booked.get(slot.slotId) ?? 0;
            const check = canBookSlot(s, {
              slotId: slot.slotId,
              locationId: LOC,
              auctionEnd,
              now,
              bookedCount: count,
            });
            expect(slot.isFull).toBe(slot.availableSpots === 0);
            expect(check.ok ? 'ok' : check.reason).toBe(slot.isFull ? 'full' : 'ok');
            if (check.ok) expect(slot.availableSpots).toBe(check.slot.capacity - count);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('meetsNotice', () => {
  it('counts a start exactly at the notice, and never offers a slot starting now, even without notice', () => {
    const now = at('2026-06-16T17:00:00Z');
    expect(meetsNotice(at('2026-06-16T19:00:00Z'), now, 120)).toBe(true);
    expect(meetsNotice(at('2026-06-16T18:59:00Z'), now, 120)).toBe(false);
    expect(meetsNotice(at('2026-06-16T17:01:00Z'), now, 0)).toBe(true);
    expect(meetsNotice(now, now, 0)).toBe(false);
  });

  it('offers no slot with 0 notice that booking would refuse as started', () => {
    const s: PickupSchedule = { ...DAILY, minNoticeMinutes: 0 };
    const auctionEnd = at('2026-06-16T15:00:00Z');
    const now = at('2026-06-16T17:00:00Z'); // 10:00 PDT, a slot's start
    const r = availableSlotDays(s, { auctionEnd, now, bookedCounts: new Map(), locationId: LOC });
    const first = r.slots['2026-06-16']?.[0];
    expect(first?.timeLabel).toBe('10:30 – 11:00 a.m. PT');
    expect(
      canBookSlot(s, { slotId: first!.slotId, locationId: LOC, auctionEnd, now, bookedCount: 0 }).ok,
    ).toBe(true);
  });
});

describe('availableSlotDays and canBookSlot for a visit', () => {
  const auctionEnd = at('2026-06-15T22:00:00Z');
  const now = at('2026-06-16T17:05:00Z');
  const window = { firstDateKey: '2026-06-18', lastDateKey: '2026-06-19' };

  it('offers only the visit window, and a slot with one place left is full for a 2-place visit', () => {
    const nine = slotIdOf(LOC, at('2026-06-18T16:00:00Z'));
    const r = availableSlotDays(WAREHOUSE, {
      auctionEnd,
      window,
      now,
      bookedCounts: new Map([[nine, 3]]),
      locationId: LOC,
      places: 2,
    });
    expect(r.window).toEqual({ firstDate: '2026-06-18', lastDate: '2026-06-19' });
    expect(Object.keys(r.slots)).toEqual(['2026-06-18', '2026-06-19']);
    expect(r.slots['2026-06-18']![0]).toMatchObject({ availableSpots: 1, isFull: true });
    expect(r.slots['2026-06-18']![1]).toMatchObject({ availableSpots: 4, isFull: false });
  });

  it('refuses a slot outside the visit window, and one without room for its places', () => {
    const base = { locationId: LOC, auctionEnd, window, now };
    const wed = slotIdOf(LOC, at('2026-06-17T16:00:00Z'));
    const thu = slotIdOf(LOC, at('2026-06-18T16:00:00Z'));
    expect(canBookSlot(WAREHOUSE, { ...base, slotId: wed, bookedCount: 0 })).toMatchObject({
      ok: false,
      reason: 'outside_window',
    });
    expect(canBookSlot(WAREHOUSE, { ...base, slotId: thu, bookedCount: 3, places: 2 })).toMatchObject({
      ok: false,
      reason: 'full',
    });
    expect(canBookSlot(WAREHOUSE, { ...base, slotId: thu, bookedCount: 2, places: 2 }).ok).toBe(true);
  });
});

describe('canBookSlot', () => {
  const auctionEnd = at('2026-06-15T22:00:00Z'); // window 2026-06-15 .. 2026-06-22
  const now = at('2026-06-16T17:05:00Z'); // Tuesday 10:05 PDT
  const check = (slotId: string, extra: { bookedCount?: number; currentSlotId?: string | null } = {}) => {
    const r = canBookSlot(WAREHOUSE, { slotId, locationId: LOC, auctionEnd, now, bookedCount: 0, ...extra });
    return r.ok ? 'ok' : r.reason;
  };
  const slot = (isoStart: string) => slotIdOf(LOC, at(isoStart));

  it('accepts a real slot with a place left and gives its details', () => {
    const r = canBookSlot(WAREHOUSE, {
      slotId: slot('2026-06-17T16:00:00Z'),
      locationId: LOC.toUpperCase(),
      auctionEnd,
      now,
      bookedCount: 3,
    });
    expect(r).toEqual({
      ok: true,
      slot: {
        slotId: slot('2026-06-17T16:00:00Z'),
        dateKey: '2026-06-17',
        startsAt: at('2026-06-17T16:00:00Z'),
        endsAt: at('2026-06-17T16:30:00Z'),
        capacity: 4,
      },
    });
  });

  it.each([
    ['garbage', 'invalid_slot_id'],
    [slotIdOf(OTHER_LOC, at('2026-06-17T16:00:00Z')), 'wrong_location'],
    [slot('2026-06-14T16:00:00Z'), 'outside_window'], // Sunday before the end date
    [slot('2026-06-23T16:00:00Z'), 'outside_window'], // the day after the last date
    [slot('2026-06-21T16:00:00Z'), 'not_in_schedule'], // a Sunday: closed every week
    [slot('2026-06-17T16:10:00Z'), 'not_in_schedule'], // 09:10: a made-up time
    [slot('2026-06-17T15:30:00Z'), 'not_in_schedule'], // 08:30: before opening
    [slot('2026-06-17T23:45:00Z'), 'not_in_schedule'], // 16:45: would end after closing
    [slot('2026-06-20T19:00:00Z'), 'not_in_schedule'], // Saturday 12:00: the lunch break
    [slot('2026-06-16T16:00:00Z'), 'past'], // Tuesday 09:00, now 10:05
    [slot('2026-06-16T17:00:00Z'), 'past'], // started 5 minutes ago
    [slot('2026-06-16T18:30:00Z'), 'too_soon'], // 11:30, within 2 hours
    [slot('2026-06-16T19:00:00Z'), 'too_soon'], // 12:00, 1 h 55 ahead
    [slot('2026-06-16T19:30:00Z'), 'ok'], // 12:30, 2 h 25 ahead
  ])('%s: %s', (slotId, reason) => {
    expect(check(slotId)).toBe(reason);
  });

  it('refuses a closed date even when the weekday is open', () => {
    const r = canBookSlot(WAREHOUSE, {
      slotId: slot('2026-07-01T16:00:00Z'),
      locationId: LOC,
      auctionEnd: at('2026-06-30T22:00:00Z'),
      now: at('2026-06-30T22:00:00Z'),
      bookedCount: 0,
    });
    expect(r).toEqual({ ok: false, reason: 'closed_date' });
  });

  it('refuses a full slot and the order’s own current slot', () => {
    expect(check(slot('2026-06-17T16:00:00Z'), { bookedCount: 4 })).toBe('full');
    expect(check(slot('2026-06-17T16:00:00Z'), { bookedCount: 5 })).toBe('full');
    expect(check(slot('2026-06-17T16:00:00Z'), { bookedCount: 3 })).toBe('ok');
    expect(check(slot('2026-06-17T16:00:00Z'), { currentSlotId: slot('2026-06-17T16:00:00Z') })).toBe(
      'already_booked',
    );
    expect(check(slot('2026-06-17T16:00:00Z'), { currentSlotId: slot('2026-06-17T16:30:00Z') })).toBe('ok');
  });

  it('books on the DST days by the local wall clock', () => {
    const base = { locationId: LOC, bookedCount: 0 };
    const spring = { ...base, auctionEnd: at('2026-03-06T20:00:00Z'), now: at('2026-03-06T20:00:00Z') };
    expect(canBookSlot(DAILY, { ...spring, slotId: slot('2026-03-08T16:00:00Z') }).ok).toBe(true); // 09:00 PDT
    expect(canBookSlot(DAILY, { ...spring, slotId: slot('2026-03-08T17:00:00Z') }).ok).toBe(true); // 10:00 PDT
    expect(canBookSlot(DAILY, { ...spring, slotId: slot('2026-03-08T23:30:00Z') }).ok).toBe(true); // 16:30 PDT
    expect(canBookSlot(DAILY, { ...spring, slotId: slot('2026-03-09T00:00:00Z') })).toEqual({
      ok: false,
      reason: 'not_in_schedule', // 17:00 PDT
    });
    const fall = { ...base, auctionEnd: at('2026-10-30T20:00:00Z'), now: at('2026-10-30T20:00:00Z') };
    // No fall back on 1 November 2026: still UTC-7.
    expect(canBookSlot(DAILY, { ...fall, slotId: slot('2026-11-01T16:00:00Z') }).ok).toBe(true); // 09:00
    expect(canBookSlot(DAILY, { ...fall, slotId: slot('2026-11-01T15:00:00Z') })).toEqual({
      ok: false,
      reason: 'not_in_schedule', // 08:00
    });
    expect(canBookSlot(DAILY, { ...fall, slotId: slot('2026-11-01T23:30:00Z') }).ok).toBe(true); // 16:30
    expect(canBookSlot(DAILY, { ...fall, slotId: slot('2026-11-02T00:30:00Z') })).toEqual({
      ok: false,
      reason: 'not_in_schedule', // 17:30: the slot an hour's fall back would have made
    });
  });

  it('lets an appointment change until its start', () => {
    expect(canChangeAppointment(at('2026-06-17T16:00:00Z'), at('2026-06-17T15:59:59Z'))).toBe(true);
    expect(canChangeAppointment(at('2026-06-17T16:00:00Z'), at('2026-06-17T16:00:00Z'))).toBe(false);
  });
});

describe('storage fee', () => {
  const auctionEnd = at('2026-06-15T22:00:00Z'); // window 2026-06-15 .. 2026-06-22

  it('starts the day after the window’s last day, at Vancouver midnight', () => {
    expect(STORAGE_FEE_CENTS_PER_DAY).toBe(500);
    expect(storageFeeStartDateKey(auctionEnd)).toBe('2026-06-23');
    expect(iso(storageFeeStartsAt(auctionEnd))).toBe('2026-06-23T07:00:00.000Z');
  });

  it.each([
    ['2026-06-15T22:00:00Z', 0],
    ['2026-06-23T06:59:59Z', 0], // 23:59:59 on the window's last day
    ['2026-06-23T07:00:00Z', 500], // the first charged day
    ['2026-06-24T06:59:59Z', 500],
    ['2026-06-24T07:00:00Z', 1000],
    ['2026-06-30T12:00:00Z', 4000], // 23 June .. 30 June: 8 days
  ])('at %s: %i cents', (now, cents) => {
    expect(storageFeeCents(auctionEnd, at(now))).toBe(cents);
  });

  it('is per item', () => {
    expect(storageFeeCents(auctionEnd, at('2026-06-24T07:00:00Z'), 3)).toBe(3000);
    expect(storageFeeCents(auctionEnd, at('2026-06-24T07:00:00Z'), 0)).toBe(0);
    expect(() => storageFeeCents(auctionEnd, at('2026-06-24T07:00:00Z'), 1.5)).toThrow(RangeError);
    expect(() => storageFeeCents(auctionEnd, at('2026-06-24T07:00:00Z'), -1)).toThrow(RangeError);
  });

  it('counts Vancouver days across 1 November 2026 (no fall back: a 24 h day at UTC-7)', () => {
    // Ends Saturday 24 Oct 2026 late evening Vancouver (already 25 Oct in UTC): window 24 Oct .. 31 Oct.
    const end = at('2026-10-25T06:30:00Z');
    expect(storageFeeStartDateKey(end)).toBe('2026-11-01');
    expect(iso(storageFeeStartsAt(end))).toBe('2026-11-01T07:00:00.000Z'); // midnight
    expect(storageFeeDays(end, at('2026-11-02T06:59:59Z'))).toBe(1); // 23:59:59 on 1 November
    expect(storageFeeDays(end, at('2026-11-02T07:00:00Z'))).toBe(2);
  });

  it('is owed while paid and not collected, frozen at the handover, and never on unpaid or cancelled orders', () => {
    const now = at('2026-06-25T12:00:00Z'); // 23 .. 25 June: 3 days
    const owed = (
      status: Parameters<typeof orderStorageFeeCents>[0]['status'],
      completedAt: Date | null = null,
    ) => orderStorageFeeCents({ status, auctionEnd, completedAt }, now);
    expect(owed('paid')).toBe(1500);
    expect(owed('ready_for_pickup')).toBe(1500);
    expect(owed('pickup_scheduled')).toBe(1500);
    expect(owed('completed', at('2026-06-23T20:00:00Z'))).toBe(500); // collected on the first charged day
    expect(owed('completed', at('2026-06-20T20:00:00Z'))).toBe(0);
    expect(owed('pending')).toBe(0);
    expect(owed('cancelled')).toBe(0);
    expect(owed('refunded')).toBe(0);
  });

  it('never decreases as time passes and is 0 through the window (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) }),
        fc.nat({ max: 40 * 86_400_000 }),
        fc.nat({ max: 5 * 86_400_000 }),
        (endMs, a, b) => {
          const end = new Date(endMs);
          const t1 = new Date(endMs + a);
          const t2 = new Date(endMs + a + b);
          expect(storageFeeCents(end, t2)).toBeGreaterThanOrEqual(storageFeeCents(end, t1));
          const inWindow = vancouverDateKey(t1) <= addDaysToDateKey(vancouverDateKey(end), 7);
          expect(storageFeeCents(end, t1) === 0).toBe(inWindow);
        },
      ),
    );
  });
});

describe('short codes', () => {
  it('are 6 characters of the alphabet without look-alikes', () => {
    expect(SHORT_CODE_ALPHABET).toHaveLength(31);
    for (const ch of '01OIL') expect(SHORT_CODE_ALPHABET).not.toContain(ch);
    expect(pickupShortCode(new Uint8Array([0, 0, 0, 0, 0]))).toBe('222222');
    expect(pickupShortCode(new Uint8Array([0, 0, 0, 0, 1]))).toBe('222223');
    expect(pickupShortCode(new Uint8Array([0, 0, 0, 0, 31]))).toBe('222232');
  });

  it('are deterministic from an id or bytes', () => {
    const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(pickupShortCode(id)).toBe(pickupShortCode(id));
    expect(pickupShortCode(id)).not.toBe(pickupShortCode('7c9e6679-7425-40de-944b-e07fc1f90ae8'));
    const bytes = new Uint8Array([9, 8, 7, 6, 5, 4]);
    expect(pickupShortCode(bytes)).toBe(pickupShortCode(bytes.slice(0, 5)));
    expect(() => pickupShortCode(new Uint8Array(4))).toThrow(RangeError);
    expect(() => pickupShortCode('')).toThrow(RangeError);
  });

  it('spread over the code space (few clashes among 20,000 ids)', () => {
    const codes = new Set<string>();
    for (let i = 0; i < 20_000; i += 1) codes.add(pickupShortCode(`order-${i}`));
    // Expected clashes for 20,000 draws from 887,503,681: about 0.2.
    expect(codes.size).toBeGreaterThanOrEqual(19_998);
  });

  it('are shown as ABC-234 and carried in the QR payload', () => {
    expect(formatShortCode('ABC234')).toBe('ABC-234');
    expect(pickupQrPayload('ABC234')).toBe('REBOUND-PICKUP:ABC234');
    expect(PICKUP_QR_PREFIX).toBe('REBOUND-PICKUP:');
  });

  it.each([
    ['abc234', 'ABC234'],
    [' ABC-234 ', 'ABC234'],
    ['abc 234', 'ABC234'],
    ['a.b_c-2 3\t4', 'ABC234'],
    ['REBOUND-PICKUP:ABC234', 'ABC234'],
    ['rebound-pickup:abc-234', 'ABC234'],
    ['ABC23', null],
    ['ABC2345', null],
    ['ABC0234'.slice(0, 6), null], // 'ABC023' has a zero
    ['ABCO23', null],
    ['ABCI23', null],
    ['ABCL23', null],
    ['ABC12X', null],
    ['', null],
  ])('normalizeShortCode(%j) is %j', (input, expected) => {
    expect(normalizeShortCode(input)).toBe(expected);
  });

  it('normalise back from whatever staff type or scan (property)', () => {
    const separator = fc.constantFrom('', ' ', '-', '  ', '_');
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 5, maxLength: 5 }),
        separator,
        fc.boolean(),
        (bytes, sep, lower) => {
          const code = pickupShortCode(bytes);
          expect(code).toHaveLength(SHORT_CODE_LENGTH);
          for (const ch of code) expect(SHORT_CODE_ALPHABET).toContain(ch);
          const typed = `${code.slice(0, 3)}${sep}${code.slice(3)}`;
          expect(normalizeShortCode(lower ? typed.toLowerCase() : typed)).toBe(code);
          expect(normalizeShortCode(formatShortCode(code))).toBe(code);
          expect(normalizeShortCode(pickupQrPayload(code))).toBe(code);
        },
      ),
    );
  });
});

describe('pickup reminders', () => {
  // Wednesday 17 June 2026 10:00 PDT; the day before at 18:00 PDT is 17 June 01:00Z.
  const startsAt = at('2026-06-17T17:00:00Z');
  const none = { dayBefore: false, hourBefore: false };
  const action = (now: string, sent: Parameters<typeof pickupReminderAction>[2] = none) =>
    pickupReminderAction(startsAt, at(now), sent);

  it('are due at 18:00 Vancouver the day before and one hour before', () => {
    expect(pickupReminderTimes(startsAt)).toEqual({
      dayBeforeAt: at('2026-06-17T01:00:00Z'),
      hourBeforeAt: at('2026-06-17T16:00:00Z'),
    });
  });

  it.each([
    ['2026-06-17T00:59:59Z', none, 'none'],
    ['2026-06-17T01:00:00Z', none, 'remind_day_before'],
    ['2026-06-17T10:00:00Z', none, 'remind_day_before'],
    ['2026-06-17T10:00:00Z', { dayBefore: true, hourBefore: false }, 'none'],
    ['2026-06-17T16:00:00Z', { dayBefore: true, hourBefore: false }, 'remind_hour_before'],
    ['2026-06-17T16:00:00Z', none, 'remind_hour_before'], // replaces a never-sent day-before one
    ['2026-06-17T16:30:00Z', { dayBefore: true, hourBefore: true }, 'none'],
    ['2026-06-17T17:00:00Z', none, 'none'], // started
  ] as const)('at %s with %j: %s', (now, sent, expected) => {
    expect(action(now, sent)).toBe(expected);
  });

  it('sends none whose time had come when the appointment was booked or moved', () => {
    const bookedLate = { ...none, bookedAt: at('2026-06-17T03:00:00Z') }; // 20:00 the evening before
    expect(action('2026-06-17T03:01:00Z', bookedLate)).toBe('none');
    expect(action('2026-06-17T16:00:00Z', bookedLate)).toBe('remind_hour_before');
    const bookedLast = { ...none, bookedAt: at('2026-06-17T16:20:00Z') }; // 40 minutes before
    expect(action('2026-06-17T16:21:00Z', bookedLast)).toBe('none');
    const bookedEarly = { ...none, bookedAt: at('2026-06-10T16:00:00Z') };
    expect(action('2026-06-17T01:00:00Z', bookedEarly)).toBe('remind_day_before');
  });

  it('uses the Vancouver evening before, across the DST changes', () => {
    // Sunday 8 March 2026 09:00 PDT: the evening before is Saturday 18:00 PST = 02:00Z on the 8th.
    expect(pickupReminderTimes(at('2026-03-08T16:00:00Z')).dayBeforeAt).toEqual(at('2026-03-08T02:00:00Z'));
    // Monday 9 March 09:00 PDT: Sunday 18:00 PDT = 01:00Z on the 9th.
    expect(pickupReminderTimes(at('2026-03-09T16:00:00Z')).dayBeforeAt).toEqual(at('2026-03-09T01:00:00Z'));
    // Sunday 1 November 09:00 (UTC-7, no fall back): Saturday 18:00 = 01:00Z on the 1st.
    expect(pickupReminderTimes(at('2026-11-01T16:00:00Z')).dayBeforeAt).toEqual(at('2026-11-01T01:00:00Z'));
    // Monday 2 November 09:00: Sunday 18:00, still UTC-7 = 01:00Z on the 2nd.
    expect(pickupReminderTimes(at('2026-11-02T16:00:00Z')).dayBeforeAt).toEqual(at('2026-11-02T01:00:00Z'));
    // Friday 15 January 2027 10:00: Thursday 18:00 = 01:00Z on the 15th.
    expect(pickupReminderTimes(at('2027-01-15T17:00:00Z')).dayBeforeAt).toEqual(at('2027-01-15T01:00:00Z'));
  });

  it('the day-before reminder always comes first, at least 6 hours ahead (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1) / 60_000, max: Date.UTC(2027, 11, 31) / 60_000 }),
        (m) => {
          const start = new Date(m * 60_000);
          const { dayBeforeAt, hourBeforeAt } = pickupReminderTimes(start);
          expect(dayBeforeAt.getTime()).toBeLessThan(hourBeforeAt.getTime());
          expect(start.getTime() - dayBeforeAt.getTime()).toBeGreaterThanOrEqual(6 * 3_600_000);
          expect(vancouverDateKey(dayBeforeAt)).toBe(addDaysToDateKey(vancouverDateKey(start), -1));
        },
      ),
    );
  });
});

describe('final notice for an item not collected', () => {
  // Ended Tue Nov 3, 2026 at 21:00 PT: the window runs through Nov 10; notice on Nov 24 at 09:00 PT.
  const end = new Date('2026-11-04T04:00:00Z');

  it('is due at 09:00 shop time on the 14th day after the window’s last day, and names a last day 7 days on', () => {
    expect(finalNoticeDateKey(end)).toBe('2026-11-24');
    // British Columbia keeps UTC-7 all year (docs/product.md "The shop's clock"): 09:00 PT is 16:00Z.
    expect(finalNoticeDueAt(end).toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(abandonLastDayKey(end)).toBe('2026-12-01');
  });

  it('is due only for a paid item still waiting, from its time on', () => {
    const due = finalNoticeDueAt(end);
    const before = new Date(due.getTime() - 1);
    for (const status of ['paid', 'ready_for_pickup', 'pickup_scheduled'] as const) {
      expect(isFinalNoticeDue({ status, auctionEnd: end }, due), status).toBe(true);
      expect(isFinalNoticeDue({ status, auctionEnd: end }, before), status).toBe(false);
    }
    for (const status of ['pending', 'completed', 'cancelled', 'refunded'] as const) {
      expect(
        isFinalNoticeDue({ status, auctionEnd: end }, new Date(due.getTime() + 86_400_000)),
        status,
      ).toBe(false);
    }
  });
});
