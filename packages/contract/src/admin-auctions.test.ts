import { scheduleProblems } from '@rebound/core/scheduling';
import { describe, expect, it } from 'vitest';
import {
  AuctionFormValues,
  auctionFormFromSettings,
  auctionSettingsFromForm,
  DropFormValues,
  dropInputFromForm,
} from './admin-auctions';

// The staff schedule and drop forms share their lot settings and checks: both must say the same.
const settings = {
  startingBid: '10.00',
  incrementMode: 'fixed' as const,
  increment: '1.50',
  reserve: '',
  softCloseSeconds: '120',
  locationId: 'loc-1',
};
const auction = { start: '2026-12-01T10:00', end: '2026-12-03T19:30', ...settings };
const drop = {
  title: 'Winter drop',
  start: '2026-12-01T10:00',
  firstEnd: '2026-12-03T19:30',
  staggerSeconds: '30',
  ...settings,
};

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('staff auction and drop forms', () => {
  // 10:00 and 19:30 in Vancouver in December: UTC-7 (British Columbia no longer falls back).
  it('accept valid settings and turn them into cents and UTC times', () => {
    const a = AuctionFormValues.parse(auction);
    const input = auctionSettingsFromForm(a);
    expect(input).toEqual({
      startTime: '2026-12-01T17:00:00.000Z',
      endTime: '2026-12-04T02:30:00.000Z',
      startingBidCents: 1000,
      incrementMode: 'fixed',
      bidIncrementCents: 150,
      reservePriceCents: null,
      softCloseSeconds: 120,
      locationId: 'loc-1',
    });
    expect(
      auctionFormFromSettings({
        ...input,
        bidIncrementCents: 150,
        reservePriceCents: null,
        softCloseSeconds: 120,
      }),
    ).toEqual(auction);
    const d = dropInputFromForm(DropFormValues.parse(drop), ['p1', 'p2']);
    expect(d).toMatchObject({ title: 'Winter drop', productIds: ['p1', 'p2'], staggerSeconds: 30 });
    expect(d).toMatchObject({ startingBidCents: 1000, bidIncrementCents: 150, softCloseSeconds: 120 });
    expect(d.firstEndTime).toBe('2026-12-04T02:30:00.000Z');
  });

  it('table increments ignore the increment field; a reserve is kept in cents', () => {
    const a = AuctionFormValues.parse({ ...auction, incrementMode: 'table', increment: '', reserve: '50' });
    expect(auctionSettingsFromForm(a)).toMatchObject({ bidIncrementCents: 100, reservePriceCents: 5000 });
  });

  it.each([
    [{ incrementMode: 'fixed', increment: '' }, 'increment: Please enter the increment.'],
    [{ softCloseSeconds: '601' }, 'softCloseSeconds: Soft close is 0 to 600 seconds.'],
    [{ softCloseSeconds: '1000' }, 'softCloseSeconds: Soft close is 0 to 600 seconds.'],
    [{ locationId: '' }, 'locationId: Please choose a pickup location.'],
    [{ startingBid: '10.00', reserve: '9.99' }, 'reserve: The reserve must be at least the starting bid.'],
  ])('both forms refuse %o with the same message', (change, message) => {
    expect(messages(AuctionFormValues.safeParse({ ...auction, ...change }))).toContain(message);
    expect(messages(DropFormValues.safeParse({ ...drop, ...change }))).toContain(message);
  });

  it('each form says its own end must come after the start', () => {
    expect(messages(AuctionFormValues.safeParse({ ...auction, end: auction.start }))).toEqual([
      'end: The end must be after the start.',
    ]);
    expect(messages(DropFormValues.safeParse({ ...drop, firstEnd: '2026-11-30T10:00' }))).toEqual([
      'firstEnd: The first end must be after the start.',
    ]);
  });

  it('the drop form limits the stagger', () => {
    expect(messages(DropFormValues.safeParse({ ...drop, staggerSeconds: '3601' }))).toEqual([
      'staggerSeconds: The stagger is 0 to 3,600 seconds.',
    ]);
  });
});

describe("the staff forms read times on the shop's clock (UTC-7 all year from 2026)", () => {
  it('schedules a start typed 4 minutes ahead by the wall clock 4 minutes ahead, not in the past', () => {
    const now = Date.parse('2026-11-27T18:00:00Z'); // 11:00 a.m. in Vancouver
    const form = AuctionFormValues.parse({ ...auction, start: '2026-11-27T11:04', end: '2026-11-29T11:04' });
    const input = auctionSettingsFromForm(form);
    expect(input.startTime).toBe('2026-11-27T18:04:00.000Z');
    expect(input.endTime).toBe('2026-11-29T18:04:00.000Z');
    const problems = scheduleProblems(
      {
        startMs: Date.parse(input.startTime),
        endMs: Date.parse(input.endTime),
        startingBidCents: input.startingBidCents,
        increment: { mode: 'fixed', cents: input.bidIncrementCents ?? 100 },
        reserveCents: input.reservePriceCents ?? null,
        softCloseSeconds: input.softCloseSeconds ?? 0,
      },
      now,
      100_000_00,
    );
    expect(problems).toEqual([]);
    expect(Date.parse(input.startTime) - now).toBe(4 * 60_000);
  });

  it('shows a saved January start as typed', () => {
    const saved = auctionSettingsFromForm(
      AuctionFormValues.parse({ ...auction, start: '2027-01-15T13:00', end: '2027-01-16T13:00' }),
    );
    expect(saved.startTime).toBe('2027-01-15T20:00:00.000Z'); // 1:00 p.m. at UTC-7
    expect(
      auctionFormFromSettings({
        ...saved,
        bidIncrementCents: 150,
        reservePriceCents: null,
        softCloseSeconds: 120,
      }).start,
    ).toBe('2027-01-15T13:00');
  });
});
