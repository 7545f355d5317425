// Decision 067: the shop's cursor pages (keyset paging) show the same cards as its numbered pages,
// in every sort, forwards and back; a cursor that cannot be read is a 400; past the count cap the
// total says "at least" (the service asked with a cap of 50: the route's is core's SHOP_COUNT_CAP,
// 1,000, more lots than this file makes).
import { ShopQuery, type ShopResponse } from '@rebound/contract/catalog';
import { SHOP_CURSOR_INVALID, SHOP_CURSOR_OTHER_SORT } from '@rebound/core/shop-cursor';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAuction, makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import * as service from './service';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const CAP = 50;
const t = useTestApp({ now: NOW });
const LOTS = 85;

async function shop(query: string): Promise<ShopResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/shop${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ShopResponse>();
}

/** The shop's page for `query` from the service, its count capped at CAP. */
const shopCapped = (query: string) =>
  service.shop(
    t.db,
    t.clock.now(),
    ShopQuery.parse(Object.fromEntries(new URLSearchParams(query))),
    null,
    CAP,
  );

const ids = (r: ShopResponse) => r.items.map((c) => c.auctionId);

describe('shop cursor pages', () => {
  beforeAll(async () => {
    const locationId = (await makeLocation(t.db, { slug: 'keyset-depot' })).id;
    for (let i = 0; i < LOTS; i++) {
      // Few distinct prices, bid counts and end times: the id breaks most ties.
      await makeAuction(t.db, {
        now: t.clock.now(),
        locationId,
        auction: {
          startingBidCents: 1_000 + (i % 4) * 500,
          bidCount: i % 3,
          endTime: new Date(NOW.getTime() + (1 + (i % 5)) * 3_600_000),
        },
      });
    }
  });

  it.each(['newest', 'ending', 'price_asc', 'price_desc', 'bids'])(
    'walk the same cards as the numbered pages, forwards and back (%s)',
    async (sort) => {
      const numbered = [
        await shop(`?sort=${sort}`),
        await shop(`?sort=${sort}&page=2`),
        await shop(`?sort=${sort}&page=3`),
      ];
      expect(numbered.map((p) => p.items.length)).toEqual([40, 40, 5]);
      expect(new Set(numbered.flatMap(ids)).size).toBe(LOTS);
      const walked = [numbered[0]!];
      for (let i = 0; i < 2; i++) {
        const cursor = walked[i]!.nextCursor;
        expect(cursor).not.toBeNull();
        walked.push(await shop(`?sort=${sort}&cursor=${cursor}`));
      }
      expect(walked.map(ids)).toEqual(numbered.map(ids));
      expect(walked.map((p) => p.page)).toEqual([1, 2, 3]);
      expect(walked[2]!.nextCursor).toBeNull();
      expect(walked[0]!.prevCursor).toBeNull();
      // Back from page 3 to 2 and 1.
      const back2 = await shop(`?sort=${sort}&cursor=${walked[2]!.prevCursor}`);
      expect([back2.page, ids(back2)]).toEqual([2, ids(numbered[1]!)]);
      const back1 = await shop(`?sort=${sort}&cursor=${back2.prevCursor}`);
      expect([back1.page, ids(back1), back1.prevCursor]).toEqual([1, ids(numbered[0]!), null]);
    },
  );

  it('say "at least" past the count cap, and the exact total on the last page', async () => {
    const first = await shopCapped('');
    expect([first.total, first.totalExact, first.pageCount]).toEqual([CAP, false, 2]);
    const second = await shopCapped(`?cursor=${first.nextCursor}`);
    expect([second.total, second.totalExact, second.pageCount]).toEqual([CAP, false, 3]);
    const last = await shopCapped(`?cursor=${second.nextCursor}`);
    expect([last.total, last.totalExact, last.pageCount]).toEqual([LOTS, true, 3]);
    // Under the cap the total is exact.
    expect((await shopCapped('?maxPrice=10')).totalExact).toBe(true);
    // The route counts up to core's cap (1,000): these 85 lots are an exact total.
    const routed = await shop('');
    expect([routed.total, routed.totalExact, routed.pageCount]).toEqual([LOTS, true, 3]);
  });

  it.each([
    ['garbage', 'not-a-cursor', SHOP_CURSOR_INVALID],
    ['base64 of something else', btoa('hello').replace(/=+$/, ''), SHOP_CURSOR_INVALID],
    ['too long', 'a'.repeat(300), null],
  ])('refuse a malformed cursor (%s) with a 400 that names it', async (_name, cursor, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop?cursor=${cursor}` });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; message: string; details: { path: string }[] } }>();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details[0]!.path).toBe('cursor');
    if (message) expect(body.error.message).toBe(message);
  });

  it('refuse a cursor of another sort order with a 400', async () => {
    const first = await shop('?sort=ending');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/shop?sort=newest&cursor=${first.nextCursor}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(SHOP_CURSOR_OTHER_SORT);
  });
});
