// A product page's other units of its item (docs/product.md "The shopper: more of this item, sold
// before"; decision 092): 'More of this item' and 'Sold before' in the page's own answer.
import type { ProductDetail, ShopResponse } from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import { paymentDueAt } from '@rebound/core/time';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAuction, makeLocation, type makeProduct, makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { orders } from '../../db/schema';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const t = useTestApp({ now: NOW });

let locationId: string;
let winnerId: string;
beforeAll(async () => {
  locationId = (await makeLocation(t.db)).id;
  winnerId = (await makeUser(t.db, { name: 'Ava Secret', handle: 'ava-secret' })).id;
});

const page = async (slug: string) => {
  const res = await t.app.inject({ method: 'GET', url: API.product(slug) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductDetail>();
};

/** A lot of the item `gtin` ending `endsIn` from now (negative: ended), live or scheduled. */
function lot(
  product: Parameters<typeof makeProduct>[1],
  auction: {
    endsIn: number;
    status?: 'live' | 'scheduled' | 'cancelled';
    priceCents?: number;
    opensIn?: number;
  },
) {
  const end = new Date(NOW.getTime() + auction.endsIn);
  const start = new Date(NOW.getTime() + (auction.opensIn ?? -HOUR));
  return makeAuction(t.db, {
    now: NOW,
    locationId,
    product,
    auction: {
      status: auction.status ?? 'live',
      startTime: start,
      endTime: end,
      originalEndTime: end,
      currentPriceCents: auction.priceCents ?? 1_000,
    },
  });
}

/** A lot of the item that ended `daysAgo` days ago, won at `priceCents`, its order in `orderStatus`. */
async function sold(
  product: Parameters<typeof makeProduct>[1],
  daysAgo: number,
  priceCents: number,
  orderStatus: 'pending' | 'paid' | 'completed' | 'cancelled' | 'refunded' | 'ready_for_pickup' = 'paid',
) {
  const end = new Date(NOW.getTime() - daysAgo * DAY);
  const { auction, product: p } = await makeAuction(t.db, {
    now: NOW,
    locationId,
    product: { status: 'sold', ...product },
    auction: {
      status: 'ended',
      startTime: new Date(end.getTime() - DAY),
      endTime: end,
      originalEndTime: end,
      currentPriceCents: priceCents,
      winnerUserId: winnerId,
    },
  });
  await t.db.insert(orders).values({
    auctionId: auction.id,
    userId: winnerId,
    locationId,
    status: orderStatus,
    finalAmountCents: priceCents,
    paymentDueAt: paymentDueAt(end),
    createdAt: end,
  });
  return p;
}

describe('More of this item', () => {
  it('lists the other live and upcoming lots of the same GTIN, soonest ending first, not ended or other items', async () => {
    const item = { gtin: '012345678905', title: 'Air Fryer' };
    const { product: self } = await lot({ ...item, condition: 'like_new' }, { endsIn: 5 * HOUR });
    const later = await lot({ ...item, condition: 'open_box' }, { endsIn: 9 * HOUR, priceCents: 2_500 });
    const soon = await lot({ ...item, condition: 'gently_used' }, { endsIn: 2 * HOUR });
    const upcoming = await lot(item, { endsIn: 3 * DAY, opensIn: DAY, status: 'scheduled' });
    // Not listed: over on the clock, cancelled, and another item.
    await lot(item, { endsIn: -HOUR, opensIn: -2 * HOUR });
    await lot(item, { endsIn: 4 * HOUR, status: 'cancelled' });
    await lot({ gtin: '00012345600012', title: 'Other' }, { endsIn: HOUR });

    const body = await page(self.slug);
    expect(body.moreOfItem.total).toBe(3);
    expect(body.moreOfItem.lots.map((l) => l.auctionId)).toEqual([
      soon.auction.id,
      later.auction.id,
      upcoming.auction.id,
    ]);
    const first = body.moreOfItem.lots[1]!;
    expect(first).toMatchObject({
      slug: later.product.slug,
      condition: 'open_box',
      status: 'live',
      currentPriceCents: 2_500,
      endTime: later.auction.endTime.toISOString(),
    });
  });

  it('lists at most 12 and says how many in all; brand and model name an item too', async () => {
    const item = { brand: 'Sony', model: 'WF-1000XM4' };
    const { product: self } = await lot(item, { endsIn: HOUR });
    for (let i = 0; i < 14; i++)
      await lot({ brand: 'sony', model: 'wf 1000xm4' }, { endsIn: (i + 2) * HOUR });
    const body = await page(self.slug);
    expect(body.moreOfItem.total).toBe(14);
    expect(body.moreOfItem.lots).toHaveLength(12);
    const ends = body.moreOfItem.lots.map((l) => Date.parse(l.endTime));
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
  });

  it('is empty for a product that is an item of its own', async () => {
    const { product } = await lot({ title: 'One of a kind' }, { endsIn: HOUR });
    await lot({ title: 'One of a kind' }, { endsIn: HOUR });
    const body = await page(product.slug);
    expect(body.moreOfItem).toEqual({ total: 0, lots: [] });
    expect(body.soldBefore).toEqual({ sales: [], medianCents: null });
  });
});

describe('Sold before', () => {
  it('lists the paid sales of the last 180 days, newest first, with their median, and names nobody', async () => {
    const item = { gtin: '4006381333931', title: 'Stabilo' };
    const { product: self } = await lot(item, { endsIn: HOUR });
    await sold({ ...item, condition: 'open_box' }, 3, 3_000, 'paid');
    await sold(item, 10, 2_000, 'completed');
    await sold(item, 20, 1_000, 'ready_for_pickup');
    await sold(item, 25, 5_001, 'paid');
    // Not counted: unpaid, cancelled, refunded, older than 180 days.
    await sold(item, 4, 99_000, 'pending');
    await sold(item, 5, 99_000, 'cancelled');
    await sold(item, 6, 99_000, 'refunded');
    await sold(item, 181, 99_000, 'paid');

    const body = await page(self.slug);
    expect(body.soldBefore.sales.map((s) => s.priceCents)).toEqual([3_000, 2_000, 1_000, 5_001]);
    expect(body.soldBefore.sales[0]).toEqual({
      endedAt: new Date(NOW.getTime() - 3 * DAY).toISOString(),
      condition: 'open_box',
      priceCents: 3_000,
    });
    // 1000, 2000, 3000, 5001: the two middle ones' mean.
    expect(body.soldBefore.medianCents).toBe(2_500);
    expect(JSON.stringify(body.soldBefore)).not.toMatch(/ava/i);
  });

  it('shows on a sold unit’s own page too, at most 10 sales', async () => {
    const item = { brand: 'Ninja', model: 'AF101' };
    let last = await sold(item, 1, 1_000);
    for (let i = 2; i <= 12; i++) last = await sold(item, i, 1_000 + i);
    const body = await page(last.slug);
    expect(body.soldBefore.sales).toHaveLength(10);
    expect(body.soldBefore.medianCents).toBe(1_006);
    expect(body.moreOfItem.total).toBe(0);
  });
});

describe('the shop', () => {
  const shop = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${API.shop}?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ShopResponse>();
  };

  it('says on each card how many other lots of its item are live or upcoming', async () => {
    const item = { gtin: '9780306406157', title: 'Zorblax kettle' };
    const { product: a } = await lot(item, { endsIn: HOUR });
    await lot(item, { endsIn: 2 * HOUR });
    await lot(item, { endsIn: 3 * DAY, opensIn: DAY, status: 'scheduled' });
    await lot(item, { endsIn: -HOUR, opensIn: -2 * HOUR });
    const { product: alone } = await lot({ title: 'Zorblax mug' }, { endsIn: HOUR });
    const body = await shop('q=zorblax&sort=ending');
    const bySlug = new Map(body.items.map((c) => [c.slug, c]));
    // Two live lots of the kettle show; each has the other live one and the upcoming one.
    expect(body.items).toHaveLength(3);
    expect(bySlug.get(a.slug)?.moreOfItem).toBe(2);
    expect(bySlug.get(alone.slug)?.moreOfItem).toBe(0);
    expect(bySlug.get(a.slug)?.itemLots).toBeUndefined();
  });

  it('groups identical lots when asked: each item once with its lot count, on numbered pages', async () => {
    // 45 lots of one item and 44 single products: 45 items, two pages of 40 when grouped.
    const item = { brand: 'Quuxco', model: 'QX-1', title: 'Quuxco blender' };
    for (let i = 0; i < 45; i++) await lot(item, { endsIn: (i + 1) * HOUR, priceCents: 1_000 + i });
    for (let i = 0; i < 44; i++)
      await lot({ title: `Quuxco spare ${i}` }, { endsIn: HOUR, priceCents: 500 + i });

    const plain = await shop('q=quuxco&sort=price_asc');
    expect(plain.total).toBe(89);

    const first = await shop('q=quuxco&sort=price_asc&group=1');
    expect(first.total).toBe(45);
    expect(first.totalExact).toBe(true);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(40);
    expect(first.nextCursor).toBeNull();
    const blender = first.items.find((c) => c.title === 'Quuxco blender');
    // Not on page 1: the spares are cheaper, and the blender's first lot in the sort is its cheapest.
    expect(blender).toBeUndefined();
    const second = await shop('q=quuxco&sort=price_asc&group=1&page=2');
    expect(second.items.map((c) => c.title)).toEqual([
      'Quuxco spare 40',
      'Quuxco spare 41',
      'Quuxco spare 42',
      'Quuxco spare 43',
      'Quuxco blender',
    ]);
    const card = second.items[4]!;
    expect(card.itemLots).toBe(45);
    expect(card.currentPriceCents).toBe(1_000);
    expect(card.moreOfItem).toBe(44);
    expect(second.items[0]!.itemLots).toBe(1);
    // Every item once over the two pages.
    const ids = [...first.items, ...second.items].map((c) => c.productId);
    expect(new Set(ids).size).toBe(45);
  });

  it('reads group=0 as not grouped and refuses a value it cannot read', async () => {
    expect((await shop('q=quuxco&group=0')).total).toBe(89);
    const res = await t.app.inject({ method: 'GET', url: `${API.shop}?group=maybe` });
    expect(res.statusCode).toBe(400);
  });
});
