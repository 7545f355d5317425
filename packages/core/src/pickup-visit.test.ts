import { describe, expect, it } from 'vitest';
import {
  isVisitMissed,
  statusAfterVisit,
  visitItemsLabel,
  visitPlaces,
  visitRefusal,
  visitWindow,
} from './pickup-visit';

// Noon UTC: 4 a.m. in Vancouver, the same shop date.
const end = (dateKey: string) => new Date(`${dateKey}T12:00:00Z`);

describe('visitWindow', () => {
  it('is one order’s window for one order (end date through 7 days later)', () => {
    expect(visitWindow([end('2026-11-20')])).toEqual({
      firstDateKey: '2026-11-20',
      lastDateKey: '2026-11-27',
    });
  });

  it('is the intersection of several windows', () => {
    expect(visitWindow([end('2026-11-20'), end('2026-11-23'), end('2026-11-22')])).toEqual({
      firstDateKey: '2026-11-23',
      lastDateKey: '2026-11-27',
    });
  });

  it('shares one day when the auctions ended 7 days apart', () => {
    expect(visitWindow([end('2026-11-20'), end('2026-11-27')])).toEqual({
      firstDateKey: '2026-11-27',
      lastDateKey: '2026-11-27',
    });
  });

  it('is null when the windows do not meet, or without orders', () => {
    expect(visitWindow([end('2026-11-20'), end('2026-11-28')])).toBeNull();
    expect(visitWindow([])).toBeNull();
  });

  it('reads the auction end on the shop clock (late evening in Vancouver is still that date)', () => {
    // 2026-11-21T06:30Z is 11:30 p.m. on Nov 20 on the shop clock (UTC-7 all year).
    expect(visitWindow([new Date('2026-11-21T06:30:00Z'), end('2026-11-27')])).toEqual({
      firstDateKey: '2026-11-27',
      lastDateKey: '2026-11-27',
    });
  });
});

describe('visitPlaces', () => {
  it('takes one place without a limit, whatever the items', () => {
    expect(visitPlaces(1, null)).toBe(1);
    expect(visitPlaces(40, null)).toBe(1);
  });

  it('takes two places above the limit, one at it', () => {
    expect(visitPlaces(3, 3)).toBe(1);
    expect(visitPlaces(4, 3)).toBe(2);
    expect(visitPlaces(2, 1)).toBe(2);
  });
});

describe('visitRefusal', () => {
  const loc = 'a';
  it('accepts orders of one location with overlapping windows', () => {
    expect(
      visitRefusal([
        { locationId: loc, auctionEnd: end('2026-11-20') },
        { locationId: loc, auctionEnd: end('2026-11-24') },
      ]),
    ).toBeNull();
  });

  it('refuses none, mixed locations, and windows apart', () => {
    expect(visitRefusal([])).toBe('no_orders');
    expect(
      visitRefusal([
        { locationId: loc, auctionEnd: end('2026-11-20') },
        { locationId: 'b', auctionEnd: end('2026-11-20') },
      ]),
    ).toBe('mixed_locations');
    expect(
      visitRefusal([
        { locationId: loc, auctionEnd: end('2026-11-01') },
        { locationId: loc, auctionEnd: end('2026-11-20') },
      ]),
    ).toBe('windows_apart');
  });
});

describe('visitItemsLabel', () => {
  it('names every item, never "and N more"', () => {
    expect(visitItemsLabel(['Lamp'])).toBe('Lamp');
    expect(visitItemsLabel(['Lamp', 'Chair'])).toBe('Lamp and Chair');
    expect(visitItemsLabel(['Lamp', 'Chair', 'Desk'])).toBe('Lamp, Chair and Desk');
    expect(visitItemsLabel(['A', 'B', 'C', 'D', 'E', 'F'])).toBe('A, B, C, D, E and F');
    expect(visitItemsLabel([])).toBe('');
  });
});

describe('isVisitMissed', () => {
  const end = new Date('2026-06-16T17:30:00.000Z');
  const visit = { status: 'scheduled', checkedInAt: null, slotEndsAt: end };
  it('is missed once the slot has ended without a check-in', () => {
    expect(isVisitMissed(visit, new Date(end.getTime() - 1))).toBe(false);
    expect(isVisitMissed(visit, end)).toBe(true);
    expect(isVisitMissed(visit, new Date(end.getTime() + 86_400_000))).toBe(true);
  });
  it('is not missed when checked in, completed or cancelled', () => {
    const later = new Date(end.getTime() + 60_000);
    expect(isVisitMissed({ ...visit, checkedInAt: end }, later)).toBe(false);
    expect(isVisitMissed({ ...visit, status: 'completed' }, later)).toBe(false);
    expect(isVisitMissed({ ...visit, status: 'cancelled' }, later)).toBe(false);
  });
});

describe('statusAfterVisit', () => {
  it('is ready when staged, else paid', () => {
    expect(statusAfterVisit({ readyAt: new Date() })).toBe('ready_for_pickup');
    expect(statusAfterVisit({ readyAt: null })).toBe('paid');
  });
});
