// Group commit (decision 038): bids waiting on one auction go into one transaction, decided in
// arrival order by the pure rule. Each test fires bids together so that they share a batch (the
// first starts a batch of one, the rest queue behind it and form the next), and checks that the
// batch is indistinguishable from one bid per transaction.
import { initialBidState, placeMaxBid } from '@rebound/core/bidding';
import { parseDollarsToCents } from '@rebound/core/money';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asSession, maxBidOf } from '../../../test/bidding';
import { makeAuction, makeLocation, makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { auctions, bids, idempotencyKeys, maxBids, orders, sessions, users } from '../../db/schema';
import type { SessionUser } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import { closeDueAuctions } from '../auctions';
import { bidBatchStats, type PlaceBidResult, placeBid } from './service';

let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

const START = 100;
const STEP = 100;

async function hotAuction(over: { endTime?: Date } = {}) {
  const made = await makeAuction(t.db, {
    now: t.clock.now(),
    locationId,
    auction: { startingBidCents: START, incrementMode: 'fixed', bidIncrementCents: STEP, ...over },
  });
  return made.auction;
}

async function shoppers(n: number): Promise<SessionUser[]> {
  const out: SessionUser[] = [];
  for (let i = 0; i < n; i++) out.push(asSession(await makeUser(t.db)));
  return out;
}

type Outcome = { ok: true; result: PlaceBidResult; order: number } | { ok: false; error: unknown };

/** Fires every bid at once; records the order in which the accepted ones were answered. */
async function together(
  auctionId: string,
  bidsToPlace: { user: SessionUser; amount: string; key?: string }[],
): Promise<Outcome[]> {
  let answered = 0;
  return Promise.all(
    bidsToPlace.map((b) =>
      placeBid(t.db, t.clock, b.user, auctionId, b.amount, b.key ?? null, t.app.deps.publish).then(
        (result): Outcome => ({ ok: true, result, order: answered++ }),
        (error): Outcome => ({ ok: false, error }),
      ),
    ),
  );
}

const codeOf = (o: Outcome) => (o.ok ? 'ok' : o.error instanceof AppError ? o.error.code : String(o.error));

async function rowOf(auctionId: string) {
  const [row] = await t.db.select().from(auctions).where(eq(auctions.id, auctionId));
  return row!;
}

const maxOf = (auctionId: string, userId: string) => maxBidOf(t.db, auctionId, userId);

/** Runs `fn` with a trigger that makes one statement of a bid's write fail, then removes it. */
async function withFailingTrigger(table: 'bids' | 'idempotency_keys', body: string, fn: () => Promise<void>) {
  await t.db.execute(
    sql.raw(
      `create or replace function bb_fail() returns trigger language plpgsql as $$ begin ${body} end $$`,
    ),
  );
  await t.db.execute(
    sql.raw(`create trigger bb_fail before insert on ${table} for each row execute function bb_fail()`),
  );
  try {
    await fn();
  } finally {
    await t.db.execute(sql.raw(`drop trigger bb_fail on ${table}`));
    await t.db.execute(sql.raw('drop function bb_fail()'));
  }
}

describe('group commit of bids on one auction', () => {
  it('40 bids at once: one batch, the same result as replaying the accepted ones one by one', async () => {
    const a = await hotAuction();
    const people = await shoppers(40);
    const before = bidBatchStats();
    // Random and equal amounts, some below the opening bid's minimum after the first ones.
    const amounts = people.map((_, i) => ((i * 37) % 23) + 1 + (i % 5 === 0 ? 0 : 0.5));
    const outcomes = await together(
      a.id,
      people.map((user, i) => ({ user, amount: amounts[i]!.toFixed(2) })),
    );
    const after = bidBatchStats();
    // They were batched: far fewer transactions than bids, one of them large.
    expect(after.items - before.items).toBe(40);
    expect(after.batches - before.batches).toBeLessThan(40);
    expect(after.largest).toBeGreaterThan(1);

    const accepted = outcomes.flatMap((o, i) => (o.ok ? [{ i, o }] : []));
    const refused = outcomes.filter((o) => !o.ok);
    expect(accepted.length).toBeGreaterThan(1);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(['bid_too_low', 'bid_not_higher_than_own']).toContain(codeOf(r));

    // One seq per accepted bid, 1..n with no gap; answered (hence published) in seq order.
    const bySeq = [...accepted].sort((p, q) => p.o.result.body.auction.seq - q.o.result.body.auction.seq);
    expect(bySeq.map((x) => x.o.result.body.auction.seq)).toEqual(accepted.map((_, k) => k + 1));
    expect(bySeq.map((x) => x.o.order)).toEqual([...bySeq.map((x) => x.o.order)].sort((p, q) => p - q));
    for (const x of accepted) {
      const placed = x.o.result.events.find((e) => e.event.type === 'BidPlacedV1');
      expect(placed?.event).toMatchObject({ auction: { seq: x.o.result.body.auction.seq } });
    }

    // Replaying the accepted bids in seq order through the pure rule gives the stored state.
    let state = initialBidState({
      startingBidCents: START,
      increment: { mode: 'fixed', cents: STEP },
      reserveCents: null,
      softCloseSeconds: a.softCloseSeconds,
      startTime: a.startTime.getTime(),
      endTime: a.endTime.getTime(),
    });
    for (const x of bySeq) {
      const r = placeMaxBid(state, {
        userId: people[x.i]!.id,
        amountCents: parseDollarsToCents(amounts[x.i]!)!,
        at: Date.parse(x.o.result.body.serverTime),
      });
      expect(r.ok).toBe(true);
      if (r.ok) state = r.outcome.state;
    }
    const row = await rowOf(a.id);
    expect(row.seq).toBe(accepted.length);
    expect(row.currentPriceCents).toBe(state.priceCents);
    expect(row.leaderUserId).toBe(state.leaderUserId);
    expect(row.bidCount).toBe(state.bidCount);
    expect(row.endTime.getTime()).toBe(state.endTime);
    // No lost maximum: every accepted bidder's stored maximum is theirs, nobody refused has one.
    const maxes = await t.db.select().from(maxBids).where(eq(maxBids.auctionId, a.id));
    expect(maxes).toHaveLength(state.maxBids.length);
    for (const m of state.maxBids) {
      expect(maxes.find((x) => x.userId === m.userId)).toMatchObject({
        maxAmountCents: m.amountCents,
        seq: m.seq,
      });
    }
    // Exactly the accepted bids are in the history, each row under its own bid's seq.
    const history = await t.db.select().from(bids).where(eq(bids.auctionId, a.id));
    expect(history).toHaveLength(row.bidCount);
    expect(new Set(history.map((h) => Number(h.seq)))).toEqual(new Set(accepted.map((_, k) => k + 1)));
  });

  it('the same bidder twice in one batch: the second raises the first, decided on the state it left', async () => {
    const a = await hotAuction();
    const [ann, bo] = await shoppers(2);
    const outcomes = await together(a.id, [
      { user: bo!, amount: '2' },
      { user: ann!, amount: '5' },
      { user: ann!, amount: '5' },
      { user: ann!, amount: '9' },
      { user: bo!, amount: '7' },
    ]);
    expect(outcomes.map(codeOf)).toEqual(['ok', 'ok', 'bid_not_higher_than_own', 'ok', 'ok']);
    expect(await maxOf(a.id, ann!.id)).toBe(900);
    expect(await maxOf(a.id, bo!.id)).toBe(700);
    const row = await rowOf(a.id);
    expect(row.leaderUserId).toBe(ann!.id);
    expect(row.currentPriceCents).toBe(800);
    expect(row.seq).toBe(4);
  });

  it("a double-click's twin in the same batch gets the first's answer; the same key with another amount is a conflict", async () => {
    const a = await hotAuction();
    const [cy, dee] = await shoppers(2);
    const outcomes = await together(a.id, [
      { user: dee!, amount: '3' },
      { user: cy!, amount: '10', key: 'click' },
      { user: cy!, amount: '10', key: 'click' },
      { user: cy!, amount: '12', key: 'click' },
      { user: dee!, amount: '6', key: 'click' },
    ]);
    expect(outcomes.map(codeOf)).toEqual(['ok', 'ok', 'ok', 'idempotency_conflict', 'ok']);
    const [, first, twin] = outcomes as { ok: true; result: PlaceBidResult }[];
    expect(twin!.result.body).toEqual(first!.result.body);
    expect(twin!.result.events).toEqual([]);
    expect(await maxOf(a.id, cy!.id)).toBe(1_000);
    // Three bids placed (dee's two, cy's one), one stored key per bidder.
    expect((await rowOf(a.id)).seq).toBe(3);
    const keys = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'click'));
    expect(keys.map((k) => k.userId).sort()).toEqual([cy!.id, dee!.id].sort());
  });

  it('a key stored by another auction at the same moment fails only its own bid, not the batch', async () => {
    const a = await hotAuction();
    const [ed, flo, gus] = await shoppers(3);
    // The key's row appears between the batch's read and its write: simulated by the unique
    // violation the insert would raise.
    await withFailingTrigger(
      'idempotency_keys',
      `if new.key = 'taken' then raise exception using errcode = 'unique_violation',
         constraint = 'idempotency_keys_user_id_scope_key_pk', message = 'duplicate key'; end if; return new;`,
      async () => {
        const outcomes = await together(a.id, [
          { user: gus!, amount: '2' },
          { user: ed!, amount: '5', key: 'fine-1' },
          { user: flo!, amount: '8', key: 'taken' },
          { user: gus!, amount: '11', key: 'fine-2' },
        ]);
        expect(outcomes.map(codeOf)).toEqual(['ok', 'ok', 'idempotency_conflict', 'ok']);
      },
    );
    expect(await maxOf(a.id, ed!.id)).toBe(500);
    expect(await maxOf(a.id, flo!.id)).toBeNull();
    expect(await maxOf(a.id, gus!.id)).toBe(1_100);
    const row = await rowOf(a.id);
    expect(row.seq).toBe(3);
    expect(row.leaderUserId).toBe(gus!.id);
  });

  it('a database error in the write is retried bid by bid: only the failing bid fails, nothing of it is stored', async () => {
    const a = await hotAuction();
    const [hal, ivy, jo] = await shoppers(3);
    await withFailingTrigger(
      'bids',
      `if new.user_id = '${ivy!.id}' then raise exception 'disk full'; end if; return new;`,
      async () => {
        const outcomes = await together(a.id, [
          { user: jo!, amount: '2' },
          { user: hal!, amount: '5' },
          { user: ivy!, amount: '8' },
          { user: jo!, amount: '11' },
        ]);
        expect(outcomes.map((o) => o.ok)).toEqual([true, true, false, true]);
        const failed = outcomes[2] as { ok: false; error: unknown };
        expect(failed.error).not.toBeInstanceOf(AppError);
        expect(String((failed.error as { cause?: unknown }).cause ?? failed.error)).toContain('disk full');
      },
    );
    expect(await maxOf(a.id, ivy!.id)).toBeNull();
    expect(await maxOf(a.id, hal!.id)).toBe(500);
    expect(await maxOf(a.id, jo!.id)).toBe(1_100);
    const row = await rowOf(a.id);
    expect(row.seq).toBe(3);
    const history = await t.db.select().from(bids).where(eq(bids.auctionId, a.id));
    expect(history.some((h) => h.userId === ivy!.id)).toBe(false);
    expect(history).toHaveLength(row.bidCount);
  });

  it('a bidder whose session ended or whose account was suspended is refused inside the batch; the others go through', async () => {
    const a = await hotAuction();
    const [kim, lou, max, ned] = await shoppers(4);
    // Sessions as the cache serves them: lou's token no longer exists, max was suspended since.
    const [session] = await t.db
      .insert(sessions)
      .values({
        token: `tok-${crypto.randomUUID()}`,
        userId: kim!.id,
        expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
      })
      .returning();
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, max!.id));
    const outcomes = await together(a.id, [
      { user: { ...kim!, sessionToken: session!.token }, amount: '2' },
      { user: { ...lou!, sessionToken: 'gone' }, amount: '5' },
      { user: max!, amount: '8' },
      { user: ned!, amount: '11' },
    ]);
    expect(outcomes.map(codeOf)).toEqual(['ok', 'not_authenticated', 'account_suspended', 'ok']);
    expect(await maxOf(a.id, lou!.id)).toBeNull();
    expect(await maxOf(a.id, max!.id)).toBeNull();
    const row = await rowOf(a.id);
    expect(row.seq).toBe(2);
    expect(row.leaderUserId).toBe(ned!.id);
  });

  it('bids at the closing tick are refused and the closing job closes once with what was accepted before', async () => {
    const a = await hotAuction({ endTime: new Date(t.clock.now().getTime() + 600_000) });
    const people = await shoppers(6);
    expect((await together(a.id, [{ user: people[0]!, amount: '3' }]))[0]!.ok).toBe(true);
    // (The first bid may have extended the end: soft close.)
    t.clock.set((await rowOf(a.id)).endTime);
    // The closing job and a batch race for the row at the end's tick: neither both win.
    const [outcomes] = await Promise.all([
      together(
        a.id,
        people.map((user, i) => ({ user, amount: String(10 + i) })),
      ),
      closeDueAuctions(t.db, t.clock.now(), async () => {}),
    ]);
    expect(outcomes.map(codeOf)).toEqual(people.map(() => 'auction_not_live'));
    // On PostgreSQL the job skips a row a batch holds (SKIP LOCKED); its next run closes it.
    await closeDueAuctions(t.db, t.clock.now(), async () => {});
    expect(await t.db.select().from(orders).where(eq(orders.auctionId, a.id))).toHaveLength(1);
    const row = await rowOf(a.id);
    expect(row.status).toBe('ended');
    expect(row.winnerUserId).toBe(people[0]!.id);
    expect(row.bidCount).toBe(1);
    expect(await t.db.select().from(bids).where(eq(bids.auctionId, a.id))).toHaveLength(1);
  });
});
