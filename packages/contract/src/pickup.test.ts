import { parseSlotId, SLOT_REFUSAL_REASONS, slotIdOf } from '@rebound/core/pickup';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors';
import {
  AvailableSlotsQuery,
  AvailableSlotsResponse,
  PICKUP_NOTES_MAX,
  PICKUP_TEXT,
  PickupScheduleBody,
  SchedulePickupRequest,
  ShortCodeInput,
  SLOT_REFUSAL_ERROR,
  SlotId,
  spotsLeftText,
} from './pickup';
import { API } from './routes';

const ORDER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const LOC = 'a3bb189e-8bf9-4888-9912-ace4e6543002';
const SLOT = slotIdOf(LOC, new Date('2026-06-17T16:00:00Z'));

describe('SchedulePickupRequest', () => {
  it('trims the notes', () => {
    const r = SchedulePickupRequest.parse({ orderId: ORDER, slotId: SLOT, notes: '  Blue pickup truck \n' });
    expect(r).toEqual({ orderId: ORDER, slotId: SLOT, notes: 'Blue pickup truck' });
  });

  it.each([[''], ['   '], ['\n\t '], [null], [undefined]])('leaves out empty notes (%j)', (notes) => {
    const r = SchedulePickupRequest.parse({ orderId: ORDER, slotId: SLOT, notes });
    expect(r.notes).toBeUndefined();
    expect(JSON.parse(JSON.stringify(r))).toEqual({ orderId: ORDER, slotId: SLOT });
  });

  it('accepts no notes at all', () => {
    expect(SchedulePickupRequest.parse({ orderId: ORDER, slotId: SLOT })).toEqual({
      orderId: ORDER,
      slotId: SLOT,
    });
  });

  it('counts the 500 characters after trimming', () => {
    const max = 'x'.repeat(PICKUP_NOTES_MAX);
    expect(SchedulePickupRequest.parse({ orderId: ORDER, slotId: SLOT, notes: `  ${max}  ` }).notes).toBe(
      max,
    );
    const tooLong = SchedulePickupRequest.safeParse({ orderId: ORDER, slotId: SLOT, notes: `${max}y` });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe('Pickup notes can be at most 500 characters.');
  });

  it('refuses a slot id that core did not write, and a bad order id', () => {
    for (const slotId of [
      '',
      'slot-1',
      `${LOC}.20260617T1600`,
      `${LOC.toUpperCase()}.20260617T1600Z`,
      `${LOC}.20260230T1600Z`,
      `${SLOT}x`,
    ]) {
      expect(SchedulePickupRequest.safeParse({ orderId: ORDER, slotId }).success).toBe(false);
    }
    expect(SchedulePickupRequest.safeParse({ orderId: 'abc', slotId: SLOT }).success).toBe(false);
  });

  it('accepts exactly the ids core can read back (property)', () => {
    const nearId = fc
      .tuple(fc.uuid(), fc.stringMatching(/^\.\d{8}T\d{4}Z$/))
      .map(([u, rest]) => `${u}${rest}`);
    fc.assert(
      fc.property(fc.oneof(fc.string(), nearId), (text) => {
        const parsed = parseSlotId(text);
        expect(SlotId.safeParse(text).success).toBe(parsed !== null);
        if (parsed) expect(slotIdOf(parsed.locationId, parsed.startsAt)).toBe(text);
      }),
    );
  });
});

describe('AvailableSlotsQuery', () => {
  it('takes the query string as it comes', () => {
    expect(AvailableSlotsQuery.parse({ orderId: ORDER, days: '7', startDate: '2026-06-15' })).toEqual({
      orderId: ORDER,
      days: 7,
      startDate: '2026-06-15',
    });
    expect(AvailableSlotsQuery.parse({ orderId: ORDER })).toEqual({ orderId: ORDER });
  });

  it.each([
    [{ orderId: ORDER, days: '0' }],
    [{ orderId: ORDER, days: '15' }],
    [{ orderId: ORDER, days: '1.5' }],
    [{ orderId: ORDER, startDate: '2026-02-30' }],
    [{ orderId: ORDER, startDate: 'tomorrow' }],
    [{ orderId: 'nope' }],
  ])('refuses %j', (q) => {
    expect(AvailableSlotsQuery.safeParse(q).success).toBe(false);
  });

  it('has a response keyed by date', () => {
    const ok = AvailableSlotsResponse.safeParse({
      serverTime: '2026-06-15T22:00:00.000Z',
      orderId: ORDER,
      orderIds: [ORDER],
      places: 1,
      locationId: LOC,
      window: { firstDate: '2026-06-15', lastDate: '2026-06-22' },
      slots: {
        '2026-06-17': [
          {
            slotId: SLOT,
            timeLabel: '9:00 – 9:30 a.m. PT',
            availableSpots: 3,
            isFull: false,
            startsAt: '2026-06-17T16:00:00.000Z',
            endsAt: '2026-06-17T16:30:00.000Z',
          },
        ],
      },
      currentSlotId: null,
    });
    expect(ok.success).toBe(true);
    // The page joins the location's room from this id: a slots answer without it is not valid.
    const { locationId: _dropped, ...withoutLocation } = ok.data!;
    expect(AvailableSlotsResponse.safeParse(withoutLocation).success).toBe(false);
    const badKey = AvailableSlotsResponse.safeParse({
      serverTime: '2026-06-15T22:00:00.000Z',
      orderId: ORDER,
      orderIds: [ORDER],
      places: 1,
      locationId: LOC,
      window: { firstDate: '2026-06-15', lastDate: '2026-06-22' },
      slots: { tomorrow: [] },
      currentSlotId: null,
    });
    expect(badKey.success).toBe(false);
  });
});

describe('PickupScheduleBody', () => {
  const hours = { weekday: 1, opensAt: '09:00', closesAt: '17:00', slotMinutes: 30, capacity: 4 };

  it('accepts a sound schedule', () => {
    const body = { hours: [hours], closedDates: ['2026-12-25'], minNoticeMinutes: 120 };
    expect(PickupScheduleBody.parse(body)).toEqual(body);
  });

  it('passes on core’s problems (overlaps, order of times)', () => {
    const r = PickupScheduleBody.safeParse({
      hours: [
        hours,
        { ...hours, opensAt: '16:00', closesAt: '18:00' },
        { ...hours, weekday: 2, closesAt: '08:00' },
      ],
      closedDates: [],
      minNoticeMinutes: 0,
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Opening range 3: closing time must be after opening time.',
      'Opening ranges 1 and 2 overlap.',
    ]);
  });

  it('refuses malformed fields', () => {
    for (const bad of [
      { hours: [{ ...hours, weekday: 7 }], closedDates: [], minNoticeMinutes: 0 },
      { hours: [{ ...hours, opensAt: '9:00' }], closedDates: [], minNoticeMinutes: 0 },
      { hours: [{ ...hours, capacity: 0 }], closedDates: [], minNoticeMinutes: 0 },
      { hours: [hours], closedDates: ['2026-02-30'], minNoticeMinutes: 0 },
      { hours: [hours], closedDates: [], minNoticeMinutes: -5 },
    ]) {
      expect(PickupScheduleBody.safeParse(bad).success).toBe(false);
    }
  });
});

describe('pickup codes, texts, errors and paths', () => {
  it('normalises what the desk types or scans', () => {
    expect(ShortCodeInput.parse(' abc-234 ')).toBe('ABC234');
    expect(ShortCodeInput.parse('REBOUND-PICKUP:ABC234')).toBe('ABC234');
    expect(ShortCodeInput.safeParse('ABC0234').success).toBe(false);
  });

  it('keeps the pickup texts', () => {
    expect(PICKUP_TEXT.scheduled).toBe('Pickup scheduled successfully!');
    expect(PICKUP_TEXT.failed).toBe('Failed to schedule pickup. Please try again.');
    expect(PICKUP_TEXT.noSlots).toBe('No pickup slots available within the allowed timeframe');
    expect(PICKUP_TEXT.detailsPending).toBe(
      'Pickup details are being processed. Contact support if this persists.',
    );
    expect(PICKUP_TEXT.noAppointments).toBe('No appointments scheduled');
    expect(PICKUP_TEXT.authRequired).toBe(ERRORS.auth_required.message);
    expect(PICKUP_TEXT.slotFull).toBe(ERRORS.slot_full.message);
    expect(spotsLeftText(3)).toBe('3 spots left');
    expect(spotsLeftText(1)).toBe('1 spot left');
  });

  it('maps every refusal of core to an error, a full slot to slot_full', () => {
    expect(Object.keys(SLOT_REFUSAL_ERROR).sort()).toEqual([...SLOT_REFUSAL_REASONS].sort());
    expect(SLOT_REFUSAL_ERROR.full).toBe('slot_full');
    expect(ERRORS.slot_full).toEqual({ status: 409, message: 'That time is now full. Please pick another.' });
    expect(ERRORS.appointment_not_found.status).toBe(404);
  });

  it('has the paths', () => {
    expect(API.pickupSlots).toBe('/api/pickup/slots');
    expect(API.pickupAppointments).toBe('/api/pickup/appointments');
    expect(API.pickupAppointment(ORDER)).toBe(`/api/pickup/appointments/${ORDER}`);
    expect(API.meAppointments).toBe('/api/me/appointments');
    expect(API.adminPickupSchedule(LOC)).toBe(`/api/admin/locations/${LOC}/pickup-schedule`);
  });
});
