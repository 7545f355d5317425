import { randomUUID } from 'node:crypto';
import type { ServerEvent } from '@rebound/contract/realtime';
import { API } from '@rebound/contract/routes';
import { initialBidState, placeMaxBid } from '@rebound/core/bidding';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { auctions, bids, maxBids, orders, outbox } from '../src/db/schema';
import { type ChildServer, stopChildServers, until } from './child-server';
import { createTestDatabase, TEST_DB_KIND } from './database';
import { makeAuction, makeLocation } from './factories';
import { type FleetPerson, signedInPeople, startFleet } from './fleet-servers';
import { connectSocket } from './socket';

// Three servers on one PostgreSQL behave as one (decision 033): three real server
// processes (main.ts) on a database of their own. Bids sent through all three at once are
// serialised; watchers on every server see every bid in one order; an auction that ends while all
// three run closes once; a rate limit counts across servers; a server killed mid-load loses no
// acknowledged bid and the other two keep answering. PostgreSQL only (TEST_DATABASE_URL): the
// embedded database is one process's. Waits are for conditions; the limits below only stop hangs.

const BIDDERS = 9;

type Server = ChildServer;

type Watcher = Awaited<ReturnType<typeof connectSocket>>;

const bidSeqs = (w: Watcher, auctionId: string) =>
  w.events
    .filter((e): e is Extract<ServerEvent, { type: 'BidPlacedV1' }> => e.type === 'BidPlacedV1')
    .filter((e) => e.auction.auctionId === auctionId)
    .map((e) => e.auction.seq);

interface Accepted {
  userId: string;
  amountCents: number;
  at: number;
  seq: number;
}

describe.skipIf(TEST_DB_KIND !== 'postgres')('three servers on one PostgreSQL', () => {
  let database: Database;
  const servers: Server[] = [];
  const people: FleetPerson[] = [];
  let locationId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    locationId = (await makeLocation(db)).id;
    servers.push(
      ...(await startFleet(database.url!, 3, {
        poolSize: 8,
        secret: 'fleet-secret-fleet-secret-fleet-secret-0123',
      })),
    );
    // Signed in through different servers: a session made on one is good on all.
    people.push(...(await signedInPeople(db, servers, { count: BIDDERS, tag: 'fleet', network: 77 })));
  }, 180_000);

  afterAll(async () => {
    await stopChildServers();
    await database?.close();
  }, 60_000);

  /** One bid; the answer's status and (when accepted) its sequence number and server time. */
  async function bid(server: Server, who: (typeof people)[number], auctionId: string, cents: number) {
    const res = await fetch(`${server.base}${API.auctionBids(auctionId)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: who.cookie, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ amount: (cents / 100).toFixed(2) }),
    });
    const body = (await res.json()) as {
      serverTime: string;
      auction: { seq: number };
      error?: { code: string };
    };
    return { status: res.status, body };
  }

  /** Replays accepted bids (in seq order) through the pure rule and compares with the stored auction. */
  async function expectReplayMatches(auctionId: string, accepted: Accepted[]) {
    const db = database.db;
    const [row] = await db.select().from(auctions).where(eq(auctions.id, auctionId));
    let state = initialBidState({
      startingBidCents: row!.startingBidCents,
      increment: { mode: 'fixed', cents: row!.bidIncrementCents! },
      reserveCents: row!.reservePriceCents,
      softCloseSeconds: row!.softCloseSeconds,
      startTime: row!.startTime.getTime(),
      endTime: row!.originalEndTime.getTime(),
    });
    for (const b of [...accepted].sort((x, y) => x.seq - y.seq)) {
      const r = placeMaxBid(state, { userId: b.userId, amountCents: b.amountCents, at: b.at });
      expect(r.ok, `replay refused the bid of seq ${b.seq}`).toBe(true);
      if (r.ok) state = r.outcome.state;
    }
    expect(state.priceCents).toBe(row!.currentPriceCents);
    expect(state.leaderUserId).toBe(row!.leaderUserId);
    expect(state.bidCount).toBe(row!.bidCount);
    const history = await db.select().from(bids).where(eq(bids.auctionId, auctionId));
    expect(history).toHaveLength(row!.bidCount);
    // No lost update: every bidder keeps their highest acknowledged maximum.
    const stored = await db.select().from(maxBids).where(eq(maxBids.auctionId, auctionId));
    for (const p of people) {
      const mine = accepted.filter((b) => b.userId === p.id).map((b) => b.amountCents);
      const max = stored.find((m) => m.userId === p.id)?.maxAmountCents ?? null;
      expect(max).toBe(mine.length ? Math.max(...mine) : null);
    }
  }

  it('serialises bids sent through all three at once, and every server’s watchers see every bid in one order', async () => {
    const now = new Date();
    const { auction } = await makeAuction(database.db, {
      now,
      locationId,
      auction: {
        startingBidCents: 100,
        incrementMode: 'fixed',
        bidIncrementCents: 100,
        softCloseSeconds: 0,
        endTime: new Date(now.getTime() + 3_600_000),
      },
    });
    const watchers = await Promise.all(servers.map((s) => connectSocket(s.base)));
    for (const w of watchers) {
      w.send({ type: 'subscribe', auctionIds: [auction.id] });
      w.send({ type: 'ping' });
      await w.waitFor((e) => e.type === 'PongV1');
    }

    // Every bidder sends through all three servers in turn, with amounts that often tie.
    const accepted: Accepted[] = [];
    let refused = 0;
    await Promise.all(
      people.map(async (p, i) => {
        for (let k = 0; k < 6; k++) {
          const cents = (3 + k * 2 + ((i * 7 + k) % 5)) * 100;
          const r = await bid(servers[(i + k) % 3]!, p, auction.id, cents);
          expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
          if (r.status === 200) {
            accepted.push({
              userId: p.id,
              amountCents: cents,
              at: Date.parse(r.body.serverTime),
              seq: r.body.auction.seq,
            });
          } else refused += 1;
        }
      }),
    );
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length + refused).toBe(BIDDERS * 6);
    // (a) one sequence number per accepted bid, and the stored auction is what the rule gives.
    expect(new Set(accepted.map((b) => b.seq)).size).toBe(accepted.length);
    await expectReplayMatches(auction.id, accepted);

    // (b) each server's watcher gets every accepted bid's event, all in the same order.
    const all = accepted.map((b) => b.seq).sort((x, y) => x - y);
    await Promise.all(
      watchers.map((w, i) =>
        until(
          `the watcher on server ${i + 1} to see ${all.length} bids`,
          () => bidSeqs(w, auction.id).length >= all.length,
        ),
      ),
    );
    // Every watcher has every bid, and all three have them in one and the same order. That order is
    // NOTIFY's (commit of the publish), which may put two bids committed a moment apart through
    // different servers the other way round: clients keep the highest seq (web live-state.ts), and
    // a gap makes them refetch, so each ends on the newest state.
    const seenBy = watchers.map((w) => bidSeqs(w, auction.id));
    for (const seen of seenBy) expect([...seen].sort((x, y) => x - y)).toEqual(all);
    expect(seenBy[1]).toEqual(seenBy[0]);
    expect(seenBy[2]).toEqual(seenBy[0]);
    for (const w of watchers) w.ws.close();
  });

  it('closes an auction that ends while all three run exactly once', async () => {
    const db = database.db;
    const now = new Date();
    const { auction } = await makeAuction(db, {
      now,
      locationId,
      auction: {
        startingBidCents: 500,
        bidIncrementCents: 100,
        softCloseSeconds: 0,
        endTime: new Date(now.getTime() + 8_000),
      },
    });
    const winner = people[0]!;
    expect((await bid(servers[1]!, winner, auction.id, 700)).status).toBe(200);
    const ended = await until('the auction to close', async () => {
      const [row] = await db.select().from(auctions).where(eq(auctions.id, auction.id));
      return row!.status === 'ended' ? row : null;
    });
    expect(ended.leaderUserId).toBe(winner.id);
    // Every server's closing job saw it due; one took it. Wait for a little more job work anyway:
    // its won notice is queued in the same transaction as the order.
    const won = await db.select().from(orders).where(eq(orders.auctionId, auction.id));
    expect(won).toHaveLength(1);
    expect(won[0]!.userId).toBe(winner.id);
    const notes = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, winner.id), eq(outbox.template, 'auction_won')));
    expect(notes.length).toBeGreaterThan(0);
    // One message per channel, never two.
    expect(new Set(notes.map((n) => n.channel)).size).toBe(notes.length);
  });

  it('counts a rate limit across servers', async () => {
    // The email check allows 30 per address per 10 minutes (auth/limits.ts): 10 through each server.
    const address = '10.88.0.1';
    const check = (server: Server, n: number) =>
      fetch(`${server.base}${API.authCheckEmail}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email: `probe${n}@fleet.test` }),
      });
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, n) => check(servers[n % 3]!, n).then((r) => r.status)),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    for (const s of servers) expect((await check(s, 99)).status).toBe(429);
  });

  it('loses no acknowledged bid when one server is killed mid-load, and the others keep answering', async () => {
    const now = new Date();
    const { auction } = await makeAuction(database.db, {
      now,
      locationId,
      auction: {
        startingBidCents: 100,
        incrementMode: 'fixed',
        bidIncrementCents: 100,
        softCloseSeconds: 0,
        endTime: new Date(now.getTime() + 3_600_000),
      },
    });
    const [first, second, doomed] = servers as [Server, Server, Server];
    const accepted: Accepted[] = [];
    let cut = 0;
    let afterKill = 0;
    let killed = false;
    await Promise.all(
      people.map(async (p, i) => {
        for (let k = 0; k < 8; k++) {
          const cents = (3 + k * 3 + i) * 100;
          // The doomed server gets a third of the load until it dies; the others, the rest.
          const server = [first, second, doomed][(i + k) % 3]!;
          try {
            const r = await bid(server, p, auction.id, cents);
            expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
            if (r.status === 200) {
              accepted.push({
                userId: p.id,
                amountCents: cents,
                at: Date.parse(r.body.serverTime),
                seq: r.body.auction.seq,
              });
              if (killed && server !== doomed) afterKill += 1;
            }
          } catch (err) {
            // No answer: never acknowledged. Refused connections never reached it; a request cut
            // by the kill may or may not have been saved.
            expect(server).toBe(doomed);
            const code = (err as { cause?: { code?: string } }).cause?.code;
            if (code !== 'ECONNREFUSED') cut += 1;
          }
          if (!killed && accepted.length >= 12) {
            killed = true;
            doomed.child.kill('SIGKILL');
          }
        }
      }),
    );
    expect(killed).toBe(true);
    expect(afterKill).toBeGreaterThan(0);
    // Every acknowledged bid is in the auction: each acknowledged maximum is stored (or a higher one
    // of the same bidder), and when no request was cut mid-way the replay matches exactly.
    const stored = await database.db.select().from(maxBids).where(eq(maxBids.auctionId, auction.id));
    for (const b of accepted) {
      const max = stored.find((m) => m.userId === b.userId)?.maxAmountCents ?? 0;
      expect(max).toBeGreaterThanOrEqual(b.amountCents);
    }
    expect(new Set(accepted.map((b) => b.seq)).size).toBe(accepted.length);
    if (cut === 0) await expectReplayMatches(auction.id, accepted);
    // The two left keep answering.
    for (const s of [first, second]) expect((await fetch(`${s.base}/readyz`)).ok).toBe(true);
  });

  it('printed no deprecation warning on the way (e.g. pg: a second query on a busy connection)', () => {
    // Node prints each deprecation once per process, on stderr. The closing job once ran three
    // queries of one transaction with Promise.all (decision 041).
    for (const [i, s] of servers.entries()) {
      expect(s.stderr(), `server ${i + 1}'s stderr`).not.toContain('DeprecationWarning');
    }
  });
});
