import type { DropCreated } from '@rebound/contract/admin-auctions';
import { API } from '@rebound/contract/routes';
import { count, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeLocation, makeProduct } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { HOUR, iso, staffAuctions } from '../../../test/staff-auctions';
import { auctions } from '../../db/schema';

// POST /api/admin/drops with a starting bid and reserve per lot (docs/decisions/082): an empty amount
// takes the drop's; each lot is checked with one auction's rules, and a refusal names the lot.

const NOW = new Date('2026-06-15T18:00:00.000Z');
const t = useTestApp({ now: NOW });

let staff: SignedInUser;
let locationId: string;
beforeAll(async () => {
  staff = await signedInUser(t, { role: 'staff' });
  locationId = (await makeLocation(t.db)).id;
});

const { post, auditOf } = staffAuctions(t, () => ({ staff, locationId }));

async function threeProducts() {
  const out = [];
  for (const title of ['Oak Side Table', 'Brass Desk Lamp', 'Steel Kettle'])
    out.push(await makeProduct(t.db, { status: 'draft', title }));
  return out;
}

function drop(productIds: string[], over: Record<string, unknown> = {}) {
  const now = t.clock.now().getTime();
  return post(API.adminDrops, {
    title: 'Lots with their own prices',
    productIds,
    startTime: iso(now + HOUR),
    firstEndTime: iso(now + 2 * HOUR),
    staggerSeconds: 30,
    startingBidCents: 500,
    reservePriceCents: 2_000,
    incrementMode: 'table',
    softCloseSeconds: 60,
    locationId,
    ...over,
  });
}

async function auctionsOf(productIds: string[]) {
  const rows = await t.db.select().from(auctions).where(inArray(auctions.productId, productIds));
  return productIds.map((id) => rows.find((r) => r.productId === id)!);
}

describe('a drop’s lots with their own starting bid and reserve', () => {
  it('each lot gets its own amounts; an empty one takes the drop’s; null drops the reserve', async () => {
    const [table, lamp, kettle] = await threeProducts();
    const ids = [table!.id, lamp!.id, kettle!.id];
    const res = await drop(ids, {
      lots: [
        { productId: table!.id, startingBidCents: 4_000, reservePriceCents: 9_000 },
        { productId: lamp!.id, startingBidCents: 1_500 },
        { productId: kettle!.id, reservePriceCents: null },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await auctionsOf(ids);
    expect(rows.map((r) => [r.startingBidCents, r.currentPriceCents, r.reservePriceCents])).toEqual([
      [4_000, 4_000, 9_000],
      [1_500, 1_500, 2_000],
      [500, 500, null],
    ]);
    const [audit] = await auditOf(res.json<DropCreated>().id, 'drop.create');
    expect((audit!.after as { lotAmounts: unknown[] }).lotAmounts).toHaveLength(3);
  });

  it('without lots, every lot has the drop’s amounts (as before)', async () => {
    const products = await threeProducts();
    const ids = products.map((p) => p.id);
    expect((await drop(ids)).statusCode).toBe(201);
    const rows = await auctionsOf(ids);
    expect(rows.every((r) => r.startingBidCents === 500 && r.reservePriceCents === 2_000)).toBe(true);
  });

  it('a lot whose reserve is below its starting bid, or whose amount is out of bounds, is refused by name; nothing is saved', async () => {
    const [table, lamp, kettle] = await threeProducts();
    const ids = [table!.id, lamp!.id, kettle!.id];
    const cases: [Record<string, unknown>[], string][] = [
      // Its own starting bid above the drop's reserve, the reserve left empty.
      [
        [{ productId: lamp!.id, startingBidCents: 3_000 }],
        'Lot 2 (Brass Desk Lamp): The reserve must be at least the starting bid.',
      ],
      [
        [{ productId: kettle!.id, startingBidCents: 1_000, reservePriceCents: 999 }],
        'Lot 3 (Steel Kettle): The reserve must be at least the starting bid.',
      ],
      [
        [{ productId: table!.id, startingBidCents: 0 }],
        'Lot 1 (Oak Side Table): The starting bid must be between $0.01 and $100,000.',
      ],
      [
        [{ productId: lamp!.id, reservePriceCents: 10_000_001 }],
        'Lot 2 (Brass Desk Lamp): The reserve must be between $0.01 and $100,000.',
      ],
    ];
    for (const [lots, message] of cases) {
      const res = await drop(ids, { lots });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'drop_lot_invalid', message });
    }
    const stranger = await makeProduct(t.db, { status: 'draft' });
    const outside = await drop(ids, { lots: [{ productId: stranger.id, startingBidCents: 100 }] });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().error.code).toBe('drop_lot_not_in_drop');
    const twice = await drop(ids, {
      lots: [
        { productId: lamp!.id, startingBidCents: 100 },
        { productId: lamp!.id, startingBidCents: 200 },
      ],
    });
    expect(twice.json().error.code).toBe('drop_lot_not_in_drop');

    const [row] = await t.db.select({ n: count() }).from(auctions).where(inArray(auctions.productId, ids));
    expect(row!.n).toBe(0);
  });

  it('one auction keeps the same rule: a reserve below the starting bid is refused', async () => {
    const product = await makeProduct(t.db, { status: 'draft' });
    const now = t.clock.now().getTime();
    const res = await post(API.adminAuctions, {
      productId: product.id,
      startTime: iso(now + HOUR),
      endTime: iso(now + 24 * HOUR),
      startingBidCents: 1_000,
      incrementMode: 'table',
      reservePriceCents: 500,
      locationId,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('schedule_reserve_below_starting_bid');
  });
});
