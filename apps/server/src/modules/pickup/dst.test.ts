// The slots API across the old daylight-saving dates (docs/decisions/044): British
// Columbia keeps UTC-7 all year since its 2026 spring-forward, so nothing changes on Sunday 2026-11-01
// or Sunday 2027-03-14: the same labels every day and the same UTC times, none missing and none doubled,
// and the evening-before reminder at 18:00 on the shop's clock (not PostgreSQL's time-zone data).
import type { AppointmentsResponse, AvailableSlotsResponse, PickupSlot } from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { makeOrder } from '../../../test/won-orders';
import { pickupSchedules } from '../../db/schema';
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

/** '9:00 – 9:30 a.m. PT' ... '4:30 – 5:00 p.m. PT' (core formatShopTimeRange). */
const clock = (m: number) => `${Math.floor(m / 60) % 12 || 12}:${String(m % 60).padStart(2, '0')}`;
const half = (m: number) => (m < 12 * 60 ? 'a.m.' : 'p.m.');
const rangeLabel = (m: number) =>
  half(m) === half(m + 30)
    ? `${clock(m)} – ${clock(m + 30)} ${half(m)} PT`
    : `${clock(m)} ${half(m)} – ${clock(m + 30)} ${half(m + 30)} PT`;
const DAY_LABELS = Array.from({ length: 16 }, (_, i) => rangeLabel(9 * 60 + i * 30));

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

describe('slots on 2026-11-01 (no fall back: UTC-7 before and after)', () => {
  it('labels every day the same, neither misses nor doubles an hour, and books it', async () => {
    const { orderId, body } = await slotsAt(new Date('2026-10-29T17:00:00Z')); // Thu 10:00
    expect(body.window).toEqual({ firstDate: '2026-10-29', lastDate: '2026-11-05' });
    expectNoDoubles(body);
    expect(DAY_LABELS[0]).toBe('9:00 – 9:30 a.m. PT');
    expect(DAY_LABELS[5]).toBe('11:30 a.m. – 12:00 p.m. PT');
    for (const day of ['2026-10-31', '2026-11-02', '2026-11-05']) {
      expect(labels(body.slots[day])).toEqual(DAY_LABELS);
      expect(startsUtc(body.slots[day])[0]).toBe('16:00'); // 09:00 at UTC-7
    }

    const sunday = body.slots['2026-11-01']!;
    expect(labels(sunday).slice(0, 8)).toEqual(Array.from({ length: 8 }, (_, i) => rangeLabel(i * 30)));
    expect(labels(sunday).slice(8)).toEqual(DAY_LABELS);
    // Every half hour once, each 30 minutes long: no repeated hour.
    expect(startsUtc(sunday).slice(0, 8)).toEqual([
      '07:00',
      '07:30',
      '08:00',
      '08:30',
      '09:00',
      '09:30',
      '10:00',
      '10:30',
    ]);
    expect(sunday[3]!.endsAt).toBe('2026-11-01T09:00:00.000Z');
    expect(startsUtc(sunday)[8]).toBe('16:00'); // 09:00

    await book(orderId, sunday[3]!.slotId);
    const tab = await t.app.inject({ url: API.meAppointments, headers: { cookie: ava.cookie } });
    const mine = tab.json<AppointmentsResponse>().appointments.find((a) => a.orderId === orderId);
    expect(mine).toMatchObject({ date: '2026-11-01', timeLabel: '1:30 – 2:00 a.m. PT' });
  });
});

describe('slots in winter (2027-01-15) and on 2027-03-14 (no spring forward either)', () => {
  it('opens 09:00 at 16:00Z and reminds at 18:00 the evening before by the shop clock', async () => {
    const { orderId, body } = await slotsAt(new Date('2027-01-12T18:00:00Z')); // Tue 11:00
    expect(body.window).toEqual({ firstDate: '2027-01-12', lastDate: '2027-01-19' });
    expectNoDoubles(body);
    expect(labels(body.slots['2027-01-15'])).toEqual(DAY_LABELS);
    expect(startsUtc(body.slots['2027-01-15'])[0]).toBe('16:00');

    // Friday 15 January 10:00 (17:00Z): the day-before reminder is due at Thursday 18:00 = 01:00Z.
    const ten = body.slots['2027-01-15']![2]!;
    expect(ten.startsAt).toBe('2027-01-15T17:00:00.000Z');
    expect(ten.timeLabel).toBe('10:00 – 10:30 a.m. PT');
    await book(orderId, ten.slotId);
    const none = await runPickupReminders(t.db, new Date('2027-01-15T00:59:00Z'), async () => {});
    expect(none.dayBefore).toBe(0);
    const sent = await runPickupReminders(t.db, new Date('2027-01-15T01:00:00Z'), async () => {});
    expect(sent.dayBefore).toBe(1);
    const hour = await runPickupReminders(t.db, new Date('2027-01-15T16:00:00Z'), async () => {});
    expect(hour.hourBefore).toBe(1);

    const march = await slotsAt(new Date('2027-03-11T17:00:00Z'));
    expectNoDoubles(march.body);
    for (const day of ['2027-03-13', '2027-03-14', '2027-03-15']) {
      expect(labels(march.body.slots[day]).slice(-16)).toEqual(DAY_LABELS);
      expect(startsUtc(march.body.slots[day]).at(-16)).toBe('16:00');
    }
    expect(labels(march.body.slots['2027-03-14'])).toHaveLength(24); // 00:00-04:00 and 09:00-17:00
  });
});
