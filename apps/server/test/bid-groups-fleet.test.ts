import { randomUUID } from 'node:crypto';
import type { BidGroupResponse } from '@rebound/contract/bid-groups';
import { API } from '@rebound/contract/routes';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { auctions, bidGroups, maxBids, orders } from '../src/db/schema';
import { duplicateMaximums, groupWins } from './bid-groups';
import { type ChildServer, stopChildServers, until } from './child-server';
import { createTestDatabase, TEST_DB_KIND } from './database';
import { makeAuctions, makeLocation } from './factories';
import { type FleetPerson, signedInPeople, startFleet } from './fleet-servers';

// Bid groups on two real server processes (main.ts) sharing one fresh PostgreSQL database
// (docs/decisions/095-bid-groups-driven-from-facts.md). Every server runs every job (jobs/runner.ts:
// no leader is elected, each job is safe on several servers at once), so both close lots
// (auctions.close, with the bid groups' guard) and both drive groups (bidGroups.drive) at the same
// moments, while the bids and the groups arrive through both servers' HTTP. PostgreSQL only
// (TEST_DATABASE_URL): the embedded database belongs to one process. Waits are for conditions;
// their limits only stop hangs.

const GROUPS = 10;
const RIVALS = 4;
const LOTS_PER_GROUP = 3;

type Person = FleetPerson;

/** A small deterministic sequence (the run is the same every time). */
function sequence(seed: number) {
  let s = seed;
  return (below: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s % below;
  };
}

describe.skipIf(TEST_DB_KIND !== 'postgres')(
  'bid groups on two servers (PostgreSQL only: two processes cannot share the embedded database)',
  () => {
    let database: Database;
    const servers: ChildServer[] = [];
    const shoppers: Person[] = [];
    const rivals: Person[] = [];
    let locationId: string;

    beforeAll(async () => {
      database = await createTestDatabase();
      const db = database.db;
      locationId = (await makeLocation(db)).id;
      servers.push(
        ...(await startFleet(database.url!, 2, {
          poolSize: 6,
          secret: 'groups-fleet-secret-groups-fleet-secret-0123',
        })),
      );
      // Signed in through both servers: a session made on one is good on the other.
      const people = await signedInPeople(db, servers, {
        count: GROUPS + RIVALS,
        tag: 'groups',
        network: 78,
      });
      shoppers.push(...people.slice(0, GROUPS));
      rivals.push(...people.slice(GROUPS));
    }, 180_000);

    afterAll(async () => {
      await stopChildServers();
      await database?.close();
    }, 60_000);

    function post(server: ChildServer, who: Person, url: string, payload: object) {
      return fetch(`${server.base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: who.cookie, 'idempotency-key': randomUUID() },
        body: JSON.stringify(payload),
      });
    }

    it('groups whose lots end in the same second, bids through both servers: never more than N, wins as recorded, one maximum per bidder', async () => {
      const db = database.db;
      const next = sequence(20261129);
      // The lots run while the groups and bids go in; then every one is made to end in one of two
      // whole seconds (below), with no soft close: the closing jobs of both servers find them due
      // together.
      const now = Date.now();
      const lots = await makeAuctions(db, {
        now: new Date(now),
        locationId,
        auctions: Array.from({ length: GROUPS * LOTS_PER_GROUP }, (_, i) => ({
          startingBidCents: 1_000,
          bidIncrementCents: 100,
          softCloseSeconds: 0,
          endTime: new Date(now + 10 * 60_000 + (i % 2) * 1_000),
        })),
      });
      const lotsOf = (g: number) => lots.slice(g * LOTS_PER_GROUP, (g + 1) * LOTS_PER_GROUP).map((l) => l.id);

      // The groups, made through both servers: win 1 or 2 of 3, $40 on each lot.
      const groups = await Promise.all(
        shoppers.map(async (who, g) => {
          const winAtMost = 1 + (g % 2);
          const res = await post(servers[g % 2]!, who, API.bidGroups, {
            winAtMost,
            lots: lotsOf(g).map((auctionId) => ({ auctionId, amount: '40' })),
          });
          expect(res.status, await res.clone().text()).toBe(201);
          const { group } = (await res.json()) as BidGroupResponse;
          return { id: group.id, userId: who.id, lots: lotsOf(g), winAtMost };
        }),
      );

      // The worst case for the close: every other shopper also bids $45 by hand, through the other
      // server, on each lot of their group with no maximum of theirs yet (the group counts those
      // maximums at the close, docs/decisions/095 'Limits known'): they lead more lots than N, and
      // the lots end in two seconds, so one server's closing may run after the other's group plan.
      // Meanwhile the rivals bid on random lots through both servers at once.
      const handBids = groups
        .filter((_, g) => g % 2 === 0)
        .flatMap((group, k) =>
          group.lots.map(async (auctionId) => {
            const [mine] = await db
              .select({ id: maxBids.id })
              .from(maxBids)
              .where(and(eq(maxBids.auctionId, auctionId), eq(maxBids.userId, group.userId)));
            if (mine) return;
            const who = shoppers.find((s) => s.id === group.userId)!;
            const res = await post(servers[(k + 1) % 2]!, who, API.auctionBids(auctionId), { amount: '45' });
            expect(res.status, await res.clone().text()).toBe(200);
          }),
        );
      const rivalBids = Array.from({ length: GROUPS * 3 }, (_, i) => {
        const auctionId = lots[next(lots.length)]!.id;
        const amount = String(20 + next(51));
        return post(servers[i % 2]!, rivals[next(RIVALS)]!, API.auctionBids(auctionId), { amount }).then(
          async (res) => {
            // Accepted, or refused as a bid at or below the rival's own maximum is.
            if (res.status !== 200) expect(res.status, await res.text()).toBe(422);
          },
        );
      });
      await Promise.all([...handBids, ...rivalBids]);
      // Now every lot ends in one of two whole seconds just ahead (however long the setup took).
      const end = Math.ceil((Date.now() + 2_000) / 1_000) * 1_000;
      for (const [parity, part] of [0, 1].map((p) => [p, lots.filter((_, i) => i % 2 === p)] as const))
        await db
          .update(auctions)
          .set({ endTime: new Date(end + parity * 1_000) })
          .where(
            inArray(
              auctions.id,
              part.map((l) => l.id),
            ),
          );

      // Both servers' jobs close every lot and bring every group to its end (done or ended).
      const ids = lots.map((l) => l.id);
      await until(
        'every lot closed and every group at its end',
        async () => {
          const open = await db
            .select({ id: auctions.id })
            .from(auctions)
            .where(and(inArray(auctions.id, ids), eq(auctions.status, 'live')));
          const active = await db
            .select({ id: bidGroups.id })
            .from(bidGroups)
            .where(
              and(
                inArray(
                  bidGroups.id,
                  groups.map((g) => g.id),
                ),
                eq(bidGroups.state, 'active'),
              ),
            );
          return open.length === 0 && active.length === 0;
        },
        60_000,
      );

      const { wins, problems } = await groupWins(
        db,
        groups.map((g) => g.id),
      );
      expect(problems).toEqual([]);
      expect(wins).toBeGreaterThan(0);
      expect(await duplicateMaximums(db)).toBe(0);
      // Each lot closed once: at most one order each.
      const ordersPerLot = (await db.execute(sql`
        select auction_id, count(*)::int as n from orders
        where auction_id = any(${`{${ids.join(',')}}`}::uuid[]) group by auction_id having count(*) > 1`)) as unknown as {
        rows: unknown[];
      };
      expect(ordersPerLot.rows).toEqual([]);
      // The guard had work to do: some shopper's maximum was the highest on a lot they did not win
      // (set aside, the group having its number).
      const setAside = (await db.execute(sql`
        select count(*)::int as n from auctions a
        join lateral (select m.user_id from max_bids m where m.auction_id = a.id
          order by m.max_amount_cents desc, m.set_at, m.seq limit 1) top on true
        where a.id = any(${`{${ids.join(',')}}`}::uuid[])
          and top.user_id = any(${`{${shoppers.map((s) => s.id).join(',')}}`}::uuid[])
          and a.winner_user_id is distinct from top.user_id`)) as unknown as { rows: { n: number }[] };
      expect(setAside.rows[0]!.n).toBeGreaterThan(0);
      // Every won lot has its order, for its winner.
      const won = await db
        .select({ id: auctions.id, winner: auctions.winnerUserId })
        .from(auctions)
        .where(and(inArray(auctions.id, ids), isNotNull(auctions.winnerUserId)));
      const placed = await db.select().from(orders).where(inArray(orders.auctionId, ids));
      expect(placed.map((o) => `${o.auctionId}|${o.userId}`).sort()).toEqual(
        won.map((w) => `${w.id}|${w.winner}`).sort(),
      );
      for (const s of servers) expect(s.running(), s.output()).toBe(true);
      expect(servers.flatMap((s) => s.lines).filter((l) => /"level":(50|60)/.test(l))).toEqual([]);
    }, 90_000);
  },
);
