import { Writable } from 'node:stream';
import { API } from '@rebound/contract/routes';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth';
import { makeAuction, makeLocation } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { recordingChannels } from '../../test/outbox';
import { outbox } from '../db/schema';
import { OutboxSender } from '../modules/notifications';
import { wellFormedRequestId } from './request-context';

// The request id end to end (decision 064): the answer's header, the outbox rows a bid queues, and
// the sender's line when it hands the message to its adapter.

let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

const bid = (auctionId: string, amount: string, cookie: string, requestId?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auctions/${auctionId}/bids`,
    headers: { cookie, ...(requestId !== undefined ? { 'x-request-id': requestId } : {}) },
    payload: { amount },
  });

/** The user's outbox rows from bids (their sign-up queued account emails under its own requests). */
const rowsOf = async (userId: string) =>
  (
    await t.db
      .select({ id: outbox.id, requestId: outbox.requestId, template: outbox.template })
      .from(outbox)
      .where(eq(outbox.userId, userId))
  ).filter((r) => r.template === 'bid_confirmation' || r.template === 'outbid');

function capturingLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, log: pino({ level: 'info' }, stream) };
}

describe('the request id', () => {
  it('is echoed, stored on the bid notices, and named by the sender', async () => {
    const { auction } = await makeAuction(t.db, { now: t.clock.now(), locationId });
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);

    const res = await bid(auction.id, '30', alice.cookie, 'abc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('abc');
    const aliceRows = await rowsOf(alice.user.id);
    expect(aliceRows.length).toBeGreaterThan(0);
    expect(aliceRows.every((r) => r.requestId === 'abc')).toBe(true);

    // Bob's bid outbids Alice: her outbid notice was caused by his request, and carries its id.
    const res2 = await bid(auction.id, '40', bob.cookie, 'bob-1');
    expect(res2.headers['x-request-id']).toBe('bob-1');
    const outbid = (await rowsOf(alice.user.id)).filter((r) => r.template === 'outbid');
    expect(outbid.length).toBeGreaterThan(0);
    expect(outbid.every((r) => r.requestId === 'bob-1')).toBe(true);

    const { lines, log } = capturingLog();
    const channels = recordingChannels();
    const sender = new OutboxSender({ db: t.db, clock: t.clock, config: t.config, log, channels });
    await sender.drain();
    const first = aliceRows[0]!;
    const handed = lines.find(
      (l) => l.outboxId === first.id && l.msg === 'outbox: handing message to its adapter',
    );
    expect(handed).toMatchObject({ requestId: 'abc', level: 30 });
  });

  it('gives each bid of one group commit the id of its own request', async () => {
    const { auction } = await makeAuction(t.db, { now: t.clock.now(), locationId });
    const people = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)]);
    // Each session read once first, so the bids take it from the session cache and reach the auction
    // in the order sent (30, 40, 50: each one valid after the one before). Looked up afresh, the three
    // lookups could finish in any order on PostgreSQL's pool, and 30 after 50 is refused as too low.
    for (const p of people) {
      const read = await t.app.inject({ method: 'GET', url: API.meBids, headers: { cookie: p.cookie } });
      expect(read.statusCode).toBe(200);
    }
    // Sent together: they wait on one auction and go into as few batches as the server makes.
    const answers = await Promise.all(
      people.map((p, i) => bid(auction.id, String(30 + i * 10), p.cookie, `batch-${i}`)),
    );
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id']).toBe(`batch-${i}`);
    }
    for (const [i, p] of people.entries()) {
      const confirmations = (await rowsOf(p.user.id)).filter((r) => r.template === 'bid_confirmation');
      expect(confirmations.length).toBeGreaterThan(0);
      expect(confirmations.every((r) => r.requestId === `batch-${i}`)).toBe(true);
    }
  });

  it('replaces a malformed id and makes one when there is none', async () => {
    for (const bad of ['', 'a b', 'x'.repeat(129), 'id\u00e9', '<script>', 'a\nb']) {
      expect(wellFormedRequestId(bad)).toBeNull();
    }
    expect(wellFormedRequestId('req_01:abc-DEF.9')).toBe('req_01:abc-DEF.9');

    const { auction } = await makeAuction(t.db, { now: t.clock.now(), locationId });
    const carol = await signedInUser(t);
    const res = await bid(auction.id, '30', carol.cookie, 'not ok; drop table');
    expect(res.statusCode).toBe(200);
    const given = res.headers['x-request-id'] as string;
    expect(given).not.toBe('not ok; drop table');
    expect(given).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await rowsOf(carol.user.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.requestId === given)).toBe(true);

    const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { 'x-request-id': 'r-401' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('r-401');
  });
});
