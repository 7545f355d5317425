import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSession } from '../../test/bidding';
import { TEST_DB_KIND } from '../../test/database';
import { makeAuction, makeLocation, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { connectSocket as connect } from '../../test/socket';
import { placeBid } from '../modules/bidding';

let t: TestApp;
let base: string;
let locationId: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  locationId = (await makeLocation(t.db)).id;
});
afterAll(async () => {
  await t?.close();
});

describe('live updates over WebSocket', () => {
  it('greets with the server time and delivers a bid to the auction room after commit', async () => {
    const client = await connect(base);
    const hello = await client.waitFor((e) => e.type === 'HelloV1');
    expect(hello.type === 'HelloV1' && hello.signedIn).toBe(false);
    expect(Math.abs(Date.parse(hello.serverTime) - t.clock.now().getTime())).toBeLessThan(5_000);

    const { auction } = await makeAuction(t.db, { now: t.clock.now(), locationId });
    const other = await makeAuction(t.db, { now: t.clock.now(), locationId });
    client.send({ type: 'subscribe', auctionIds: [auction.id] });
    client.send({ type: 'ping' });
    await client.waitFor((e) => e.type === 'PongV1');

    const bidder = asSession(await makeUser(t.db));
    const _other1 = await placeBid(t.db, t.clock, bidder, other.auction.id, '20', null, t.app.deps.publish);
    const r = await placeBid(t.db, t.clock, bidder, auction.id, '20', null, t.app.deps.publish);
    const e = await client.waitFor((x) => x.type === 'BidPlacedV1');
    expect(e.type === 'BidPlacedV1' && e.auction.auctionId).toBe(auction.id);
    expect(e.type === 'BidPlacedV1' && e.auction.seq).toBe(r.body.auction.seq);
    expect(e.type === 'BidPlacedV1' && e.auction.currentPriceCents).toBe(1_000);
    // Only the subscribed auction's events arrive.
    expect(client.events.filter((x) => x.type === 'BidPlacedV1')).toHaveLength(1);
    client.ws.close();
  });

  it('ignores malformed client messages and stays open', async () => {
    const client = await connect(base);
    client.ws.send('not json');
    client.send({ type: 'subscribe', auctionIds: ['x'] });
    client.send({ type: 'explode' });
    client.send({ type: 'ping' });
    await client.waitFor((e) => e.type === 'PongV1');
    expect(client.ws.readyState).toBe(client.ws.OPEN);
    client.ws.close();
  });

  it.runIf(TEST_DB_KIND === 'postgres')(
    'two server processes on one PostgreSQL see each other\u2019s bids',
    async () => {
      // A second app on the same database, with its own NOTIFY/LISTEN hub.
      const second = await createTestApp({ database: t.database });
      const secondBase = await second.app.listen({ host: '127.0.0.1', port: 0 });
      try {
        const { auction } = await makeAuction(t.db, { now: t.clock.now(), locationId });
        const onFirst = await connect(base);
        const onSecond = await connect(secondBase);
        for (const c of [onFirst, onSecond]) {
          c.send({ type: 'subscribe', auctionIds: [auction.id] });
          c.send({ type: 'ping' });
          await c.waitFor((e) => e.type === 'PongV1');
        }
        const bidder = asSession(await makeUser(t.db));
        const _r = await placeBid(t.db, t.clock, bidder, auction.id, '30', null, t.app.deps.publish);
        for (const c of [onFirst, onSecond]) {
          const e = await c.waitFor((x) => x.type === 'BidPlacedV1');
          expect(e.type === 'BidPlacedV1' && e.auction.auctionId).toBe(auction.id);
          c.ws.close();
        }
      } finally {
        await second.app.close();
      }
    },
  );
});
