// The slots API across the daylight-saving changes (issue 11): Vancouver falls back on Sunday
// 2026-11-01 (02:00 PDT -> 01:00 PST) and springs forward on Sunday 2027-03-14 (02:00 PST -> 03:00
// PDT). Slots follow the wall clock: the same labels every day, none missing and none doubled; the
// hour that does not exist in spring is not offered, the repeated hour in the fall is offered once.
import type { AppointmentsResponse, AvailableSlotsResponse, PickupSlot } from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import { describe, expect, it } from 'vitest';
import { pickupSchedules } from '../../db/schema';
import { type SignedInUser, signedInUser } from '../../test/auth';
import { makeLocation } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { makeOrder } from '../../test/won-orders';
import { runPickupReminders } from './reminders';

let locationId: string;
let ava: SignedInUser;
const t = useTestApp({ now: new Date('2026-10-29T17:00:00Z') }, async (t) => {
  locationId = (await makeLocation(t.db)).id;
  await t.db.insert(pickupSchedules).values([
    // Every day 09:00-17:00, and on Sundays a night range across the hour the clocks change.
    ...[0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      locationId,
      weekday,
      opensAt: '09:00',
      closesAt: '17:00',
      slotMinutes: 30,
      capacity: 4,
    })),
    { locationId, weekday: 0, opensAt: '00:00', closesAt: '04:00', slotMinutes: 30, capacity: 4 },
  ]);
  ava = await signedInUser(t);
});

const DAY_LABELS = Array.from({ length: 16 }, (_, i) => {
  const label = (m: number) => {
    const h = Math.floor(m / 60);
    return `${h > 12 ? h - 12 : h}:${String(m % 60).padStart(2, '0')} ${h >= 12 ? 'PM' : 'AM'}`;
  };
  const m = 9 * 60 + i * 30;
  return `${label(m)} – ${label(m + 30)}`;
});

/** A paid order of Ava's whose auction ended an hour before `now`, and its slots at `now`. */
async function slotsAt(now: Date) {
  t.clock.set(now);
  const { order } = await makeOrder(t.db, {
    now,
    userId: ava.user.id,
    locationId,
    order: { status: 'paid', paidAt: now, totalCents: 5_000 },
  });
  const res = await t.app.inject({
    url: `${API.pickupSlots}?orderId=${order.id}`,
    headers: { cookie: ava.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { orderId: order.id, body: res.json<AvailableSlotsResponse>() };
}

const labels = (slots: PickupSlot[] | undefined) => (slots ?? []).map((s) => s.timeLabel);
const startsUtc = (slots: PickupSlot[] | undefined) => (slots ?? []).map((s) => s.startsAt.slice(11, 16));

function expectNoDoubles(body: AvailableSlotsResponse) {
  const all = Object.values(body.slots).flat();
  expect(new Set(all.map((s) => s.slotId)).size).toBe(all.length);
  expect(new Set(all.map((s) => s.startsAt)).size).toBe(all.length);
  for (const day of Object.values(body.slots)) expect(new Set(labels(day)).size).toBe(day.length);
}

async function book(orderId: string, slotId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: API.pickupAppointments,
    headers: { cookie: ava.cookie },
    payload: { orderId, slotId },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('slots across the November change (2026-11-01, falls back)', () => {
  it('labels every day the same, offers the repeated hour once, and books it', async () => {
    const { orderId, body } = await slotsAt(new Date('2026-10-29T17:00:00Z')); // Thu 10:00 PDT
    expect(body.window).toEqual({ firstDate: '2026-10-29', lastDate: '2026-11-05' });
    expectNoDoubles(body);
    // Saturday in PDT (UTC-7), Monday in PST (UTC-8): the same wall-clock labels.
    expect(labels(body.slots['2026-10-31'])).toEqual(DAY_LABELS);
    expect(startsUtc(body.slots['2026-10-31'])[0]).toBe('16:00');
    expect(labels(body.slots['2026-11-02'])).toEqual(DAY_LABELS);
    expect(startsUtc(body.slots['2026-11-02'])[0]).toBe('17:00');

    const sunday = body.slots['2026-11-01']!;
    expect(labels(sunday)).toEqual([
      '12:00 AM – 12:30 AM',
      '12:30 AM – 1:00 AM',
      '1:00 AM – 1:30 AM',
      '1:30 AM – 2:00 AM',
      '2:00 AM – 2:30 AM',
      '2:30 AM – 3:00 AM',
      '3:00 AM – 3:30 AM',
      '3:30 AM – 4:00 AM',
      ...DAY_LABELS,
    ]);
    // 01:00 and 01:30 are the first (PDT) ones; 01:30-02:00 spans the repeated hour (90 minutes).
    expect(startsUtc(sunday).slice(0, 8)).toEqual([
      '07:00',
      '07:30',
      '08:00',
      '08:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);
    expect(sunday[3]!.endsAt).toBe('2026-11-01T10:00:00.000Z');
    expect(startsUtc(sunday)[8]).toBe('17:00'); // 09:00 PST

    await book(orderId, sunday[3]!.slotId);
    const tab = await t.app.inject({ url: API.meAppointments, headers: { cookie: ava.cookie } });
    const mine = tab.json<AppointmentsResponse>().appointments.find((a) => a.orderId === orderId);
    expect(mine).toMatchObject({ date: '2026-11-01', timeLabel: '1:30 AM – 2:00 AM' });
  });
});

describe('slots across the March change (2027-03-14, springs forward)', () => {
  it('labels every day the same and leaves out the hour that does not exist', async () => {
    const { orderId, body } = await slotsAt(new Date('2027-03-11T18:00:00Z')); // Thu 10:00 PST
    expect(body.window).toEqual({ firstDate: '2027-03-11', lastDate: '2027-03-18' });
    expectNoDoubles(body);
    expect(labels(body.slots['2027-03-13'])).toEqual(DAY_LABELS);
    expect(startsUtc(body.slots['2027-03-13'])[0]).toBe('17:00'); // 09:00 PST
    expect(labels(body.slots['2027-03-15'])).toEqual(DAY_LABELS);
    expect(startsUtc(body.slots['2027-03-15'])[0]).toBe('16:00'); // 09:00 PDT

    const sunday = body.slots['2027-03-14']!;
    // 01:30-02:00 would end at 02:00, which does not exist; 02:00 and 02:30 do not exist either.
    expect(labels(sunday)).toEqual([
      '12:00 AM – 12:30 AM',
      '12:30 AM – 1:00 AM',
      '1:00 AM – 1:30 AM',
      '3:00 AM – 3:30 AM',
      '3:30 AM – 4:00 AM',
      ...DAY_LABELS,
    ]);
    expect(startsUtc(sunday).slice(0, 5)).toEqual(['08:00', '08:30', '09:00', '10:00', '10:30']);
    expect(startsUtc(sunday)[5]).toBe('16:00'); // 09:00 PDT

    // Booked for 09:00 on the change day: listed at 9:00 AM, reminded at 18:00 PST the evening before.
    const nine = sunday[5]!;
    await book(orderId, nine.slotId);
    const tab = await t.app.inject({ url: API.meAppointments, headers: { cookie: ava.cookie } });
    const mine = tab.json<AppointmentsResponse>().appointments.find((a) => a.orderId === orderId);
    expect(mine).toMatchObject({ date: '2027-03-14', timeLabel: '9:00 AM – 9:30 AM' });
    const none = await runPickupReminders(t.db, new Date('2027-03-14T01:59:00Z'), async () => {});
    expect(none.dayBefore).toBe(0);
    const sent = await runPickupReminders(t.db, new Date('2027-03-14T02:00:00Z'), async () => {});
    expect(sent.dayBefore).toBe(1);
    const hour = await runPickupReminders(t.db, new Date('2027-03-14T15:00:00Z'), async () => {});
    expect(hour.hourBefore).toBe(1);
  });
});
