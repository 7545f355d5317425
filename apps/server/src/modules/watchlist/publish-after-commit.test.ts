import { describe, expect, it } from 'vitest';
import { asSession } from '../../../test/bidding';
import { makeAuction, makeLocation, makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import type { Db } from '../../db/client';
import { hubPublisher, type Publisher } from '../../lib/publish';
import type { Published } from '../../realtime/hub';
import { watch } from './service';

let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

/**
 * The app's database with its transactions watched: `open` counts transactions not yet finished;
 * `failCommit` makes the next one fail after its work (as a commit refused by the database would),
 * so everything the service did inside it is rolled back.
 */
function watchedDb() {
  const state = { open: 0, failCommit: false };
  const db = Object.create(t.db) as Db;
  db.transaction = (async (fn: (tx: never) => Promise<unknown>, config?: never) => {
    state.open++;
    try {
      return await t.db.transaction(async (tx) => {
        const value = await fn(tx as never);
        if (state.failCommit) throw new Error('commit refused');
        return value;
      }, config);
    } finally {
      state.open--;
    }
  }) as Db['transaction'];
  return { db, state };
}

/** A Publisher that notes each call and whether a transaction was still open when it came. */
function spyPublisher(state: { open: number }) {
  const calls: { events: Published[]; insideTransaction: boolean }[] = [];
  const publish: Publisher = async (events) => {
    calls.push({ events: [...events], insideTransaction: state.open > 0 });
  };
  return { publish, calls };
}

describe('publishing after commit', () => {
  it('a service publishes its events once, after its transaction has committed', async () => {
    const { db, state } = watchedDb();
    const spy = spyPublisher(state);
    const { auction } = await makeAuction(t.db, { now: t.clock.now(), locationId });
    const user = asSession(await makeUser(t.db));

    const body = await watch(db, t.clock, user, auction.id, spy.publish);
    expect(body.watching).toBe(true);
    expect(spy.calls).toHaveLength(1);
    expect(spy.calls[0]!.insideTransaction).toBe(false);
    expect(spy.calls[0]!.events).toEqual([
      {
        room: `user:${user.id}`,
        event: expect.objectContaining({ type: 'WatchlistChangedV1', auctionId: auction.id, watching: true }),
      },
    ]);
  });

  it('a transaction that fails publishes nothing, even after the service built its events', async () => {
    const { db, state } = watchedDb();
    const spy = spyPublisher(state);
    const { auction } = await makeAuction(t.db, { now: t.clock.now(), locationId });
    const user = asSession(await makeUser(t.db));

    state.failCommit = true;
    await expect(watch(db, t.clock, user, auction.id, spy.publish)).rejects.toThrow('commit refused');
    expect(spy.calls).toEqual([]);

    // Refused inside the transaction (the auction has ended): nothing published either.
    state.failCommit = false;
    const ended = await makeAuction(t.db, {
      now: t.clock.now(),
      locationId,
      auction: { status: 'ended', endTime: new Date(t.clock.now().getTime() - 60_000) },
    });
    await expect(watch(db, t.clock, user, ended.auction.id, spy.publish)).rejects.toMatchObject({
      code: 'watch_auction_ended',
    });
    expect(spy.calls).toEqual([]);

    // The same call once the commit goes through: published once.
    await watch(db, t.clock, user, auction.id, spy.publish);
    expect(spy.calls.map((c) => c.insideTransaction)).toEqual([false]);
  });

  it("the app's sink never throws into its caller: a failed fan-out is logged", async () => {
    const logged: unknown[] = [];
    const failing = hubPublisher(
      {
        publish: async () => {
          throw new Error('NOTIFY failed');
        },
      },
      { error: (obj) => logged.push(obj) },
    );
    const event = { room: 'user:x', event: { type: 'OrdersChangedV1', serverTime: 'now' } } as Published;
    await expect(failing([event])).resolves.toBeUndefined();
    expect(logged).toHaveLength(1);
    // Nothing to announce: the hub is not asked at all.
    let asked = 0;
    await hubPublisher({ publish: async () => void asked++ }, { error: () => {} })([]);
    expect(asked).toBe(0);
  });
});
