import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { API } from '@rebound/contract/routes';
import { backoffCeilingMs, OUTBOX_LEASE_MS, OUTBOX_RETRY } from '@rebound/core/outbox';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { testAddress } from '../../../test/auth';
import { TEST_DB_KIND } from '../../../test/database';
import { useTestApp } from '../../../test/harness';
import { queueTestMessages, recordingChannels } from '../../../test/outbox';
import { PermanentDeliveryError } from '../../adapters/delivery-error';
import { type Database, openDatabase } from '../../db/client';
import { devMessages, outbox } from '../../db/schema';
import { pickupQrImagePath } from '../../lib/pickup-qr';
import { deliverNow, listDeadLetters } from './outbox';
import * as repo from './outbox-repository';
import { OutboxSender, type SenderOptions } from './sender';
import type { Channels } from './sender-channels';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const t = useTestApp({ now: NOW });

/** A sender on the test app's database and clock, with the given channels. */
function senderWith(channels: Channels, opts: SenderOptions = {}, db = t.db) {
  return new OutboxSender({ db, clock: t.clock, config: t.config, log: t.app.log, channels }, opts);
}

async function rowsOf(ids: string[]) {
  return t.db.select().from(outbox).where(inArray(outbox.id, ids));
}

/** Clears what earlier tests left, so counts are this test's own. */
async function fresh() {
  await t.db.delete(outbox);
  await t.db.delete(devMessages);
}

describe('the outbox sender', () => {
  it('a pickup confirmation carries its QR code as a hosted PNG (no data: URL, no attachment) that the server serves', async () => {
    await fresh();
    const [id] = await queueTestMessages(t.db, t.clock.now(), 1, () => ({
      template: 'pickup_confirmed',
      recipient: 'ava@example.test',
      payload: {
        message: 'Your pickup of Desk Lamp is booked.',
        targetUrl: '/account?tab=appointments',
        shortCode: 'ABC234',
        qrPayload: 'REBOUND-PICKUP:ABC234',
        productTitle: 'Desk Lamp',
      },
    }));
    await t.app.deps.sender.drain();
    const [row] = await t.db.select().from(devMessages);
    expect(row!.html).not.toContain('cid:');
    expect(row!.html).not.toContain('data:');
    const src = /<img src="([^"]+)"[^>]*alt="QR code for pickup code ABC-234"/.exec(row!.html ?? '');
    expect(src![1]).toBe(`${t.config.publicUrl}${pickupQrImagePath(t.config.authSecret, 'ABC234')}`);
    // A real PNG (signature bytes), not an empty placeholder, at that address.
    const image = await t.app.inject({ url: new URL(src![1]!).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect((await rowsOf([id!]))[0]!.status).toBe('sent');
  });

  it('sends due rows through the local adapters: email with its Message-ID and headers, SMS, push', async () => {
    await fresh();
    const [email] = await queueTestMessages(t.db, t.clock.now(), 1, () => ({
      recipient: 'ava@example.test',
      payload: { message: 'You have been outbid.', targetUrl: '/product/1' },
    }));
    const [sms] = await queueTestMessages(t.db, t.clock.now(), 1, () => ({
      channel: 'sms',
      recipient: '+16045550100',
    }));
    const [push] = await queueTestMessages(t.db, t.clock.now(), 1, () => ({
      channel: 'push',
      recipient: '00000000-0000-4000-8000-000000000001',
    }));
    // Not due yet: left alone.
    const [later] = await queueTestMessages(t.db, new Date(t.clock.now().getTime() + 60_000), 1);

    const stats = await t.app.deps.sender.drain();
    expect(stats).toMatchObject({ claimed: 3, sent: 3, retried: 0, dead: 0 });

    const rows = await rowsOf([email!, sms!, push!, later!]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of [email!, sms!, push!]) {
      expect(byId.get(id)).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null, lastError: null });
      expect(byId.get(id)!.sentAt).toBeInstanceOf(Date);
    }
    expect(byId.get(later!)).toMatchObject({ status: 'pending', attempts: 0 });

    const box = await t.db.select().from(devMessages);
    const mail = box.find((m) => m.channel === 'email')!;
    expect(mail.recipient).toBe('ava@example.test');
    expect(mail.headers).toMatchObject({ 'Message-ID': `<${email}@localhost>` });
    expect(box.find((m) => m.channel === 'sms')!.recipient).toBe('+16045550100');
    const pushed = box.find((m) => m.channel === 'push')!;
    expect(pushed.recipient).toBe('00000000-0000-4000-8000-000000000001');
    expect(pushed.headers).toMatchObject({ Topic: push!.replace(/-/g, '') });
  });

  it('two senders at once send each message once', async () => {
    await fresh();
    const ids = await queueTestMessages(t.db, t.clock.now(), 300);
    // On PostgreSQL the second sender has its own pool (a second server); on PGlite both share it.
    let other: Database | null = null;
    if (t.database.kind === 'postgres') other = await openDatabase({ url: t.database.url!, poolSize: 4 });
    try {
      const a = recordingChannels({ delayMs: 1 });
      const b = recordingChannels({ delayMs: 1 });
      const [sa, sb] = await Promise.all([
        senderWith(a, { batchSize: 20, concurrency: 4 }).drain(),
        senderWith(b, { batchSize: 20, concurrency: 4 }, other?.db ?? t.db).drain(),
      ]);
      const sentTo = [...a.sent, ...b.sent].map((s) => (s.message as { to: string }).to);
      expect(sentTo).toHaveLength(300);
      expect(new Set(sentTo).size).toBe(300);
      // Both did part of the work.
      expect(sa.sent).toBeGreaterThan(0);
      expect(sb.sent).toBeGreaterThan(0);
      const rows = await rowsOf(ids);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await other?.close();
    }
  });

  it('a claim abandoned between send and mark is sent again once its lease runs out: nothing lost, one duplicate', async () => {
    await fresh();
    const ids = await queueTestMessages(t.db, t.clock.now(), 5);
    const channels = recordingChannels();
    // The "crashed" sender: claims all five, sends the first, and stops before marking anything.
    const claimed = await repo.claimDue(t.db, t.clock.now(), { limit: 10, leaseMs: OUTBOX_LEASE_MS });
    expect(claimed).toHaveLength(5);
    const first = claimed[0]!;
    await channels.email.send({ to: first.recipient, subject: 'x', text: 'x' });

    // Within the lease nobody takes them.
    const restarted = senderWith(channels);
    expect((await restarted.drain()).claimed).toBe(0);
    t.clock.advance(OUTBOX_LEASE_MS + 1_000);
    const stats = await restarted.drain();
    expect(stats).toMatchObject({ claimed: 5, sent: 5 });

    const perRecipient = new Map<string, number>();
    for (const s of channels.sent) {
      const to = (s.message as { to: string }).to;
      perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    }
    expect(perRecipient.size).toBe(5);
    expect(perRecipient.get(first.recipient)).toBe(2);
    expect([...perRecipient.values()].filter((n) => n > 1)).toHaveLength(1);
    const rows = await rowsOf(ids);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 2)).toBe(true);
  });

  it.runIf(TEST_DB_KIND === 'postgres')(
    'a sender process killed (SIGKILL) after sending and before marking: the restart loses nothing, one duplicate',
    async () => {
      await fresh();
      const ids = await queueTestMessages(t.db, t.clock.now(), 4, (i) => ({
        recipient: `crash${i}@example.test`,
      }));
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('../../../test/sender-crash-child.ts', import.meta.url))],
        {
          env: { ...process.env, DATABASE_URL: t.database.url!, NOW: t.clock.now().toISOString() },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (d) => {
        stderr += String(d);
      });
      const sentId = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d) => {
          out += String(d);
          const m = /SENT (\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`the child exited (${code}) before sending: ${stderr}`)));
      });
      const exited = new Promise((r) => child.on('exit', r));
      child.kill('SIGKILL');
      await exited;

      // The child's claim is still there: every row 'sending', the first one in the mailbox once.
      const before = await rowsOf(ids);
      expect(before.every((r) => r.status === 'sending' && r.attempts === 1)).toBe(true);
      const boxed = () => t.db.select().from(devMessages).where(sql`${devMessages.recipient} like 'crash%'`);
      expect(await boxed()).toHaveLength(1);

      // The restart (this app's sender) takes the rows over once the lease has run out.
      expect((await t.app.deps.sender.drain()).claimed).toBe(0);
      t.clock.advance(OUTBOX_LEASE_MS + 1_000);
      expect(await t.app.deps.sender.drain()).toMatchObject({ claimed: 4, sent: 4 });

      const box = await boxed();
      expect(box).toHaveLength(5);
      const sentRow = before.find((r) => r.id === sentId)!;
      const copies = box.filter((m) => m.recipient === sentRow.recipient);
      expect(copies).toHaveLength(2);
      // Both copies carry the same Message-ID: a mail server or client that de-duplicates shows one.
      expect(new Set(copies.map((m) => (m.headers as Record<string, string>)['Message-ID'])).size).toBe(1);
      expect(new Set(box.map((m) => m.recipient)).size).toBe(4);
      expect((await rowsOf(ids)).every((r) => r.status === 'sent')).toBe(true);
    },
    60_000,
  );

  it('retries back off: waits grow, are jittered and bounded, then a dead letter with the last error', async () => {
    await fresh();
    const start = t.clock.now();
    const ids = await queueTestMessages(t.db, start, 2);
    let n = 0;
    const channels = recordingChannels({ fail: () => new Error(`SMTP timeout #${++n}`) });
    const sender = senderWith(channels);
    const waits: number[][] = [[], []];
    for (let attempt = 1; attempt <= OUTBOX_RETRY.maxAttempts; attempt++) {
      const stats = await sender.drain();
      expect(stats.claimed).toBe(2);
      const rows = await rowsOf(ids);
      if (attempt === OUTBOX_RETRY.maxAttempts) {
        expect(stats.dead).toBe(2);
        break;
      }
      expect(stats.retried).toBe(2);
      rows.forEach((r) => {
        expect(r.status).toBe('pending');
        waits[ids.indexOf(r.id)]!.push(r.nextAttemptAt.getTime() - t.clock.now().getTime());
      });
      // Nothing is tried before its time (a second early: the test clock runs on with real time).
      t.clock.advance(
        Math.min(...rows.map((r) => r.nextAttemptAt.getTime())) - t.clock.now().getTime() - 1_000,
      );
      expect((await sender.drain()).claimed).toBe(0);
      t.clock.set(new Date(Math.max(...rows.map((r) => r.nextAttemptAt.getTime()))));
    }
    for (const w of waits) {
      expect(w).toHaveLength(OUTBOX_RETRY.maxAttempts - 1);
      w.forEach((ms, i) => {
        const ceiling = backoffCeilingMs(i + 1);
        expect(ms).toBeGreaterThanOrEqual(ceiling / 2 - 5);
        expect(ms).toBeLessThanOrEqual(ceiling + 5);
        if (i > 0 && backoffCeilingMs(i + 1) < OUTBOX_RETRY.maxDelayMs)
          expect(ms).toBeGreaterThanOrEqual(w[i - 1]! - 5);
      });
      expect(w[w.length - 1]).toBeGreaterThan(w[0]! * 10);
    }
    // Jitter: the two messages, failing together every time, did not wait alike.
    expect(waits[0]).not.toEqual(waits[1]);

    const rows = await rowsOf(ids);
    for (const r of rows) {
      expect(r).toMatchObject({ status: 'dead', attempts: OUTBOX_RETRY.maxAttempts, lockedUntil: null });
      expect(r.deadAt).toBeInstanceOf(Date);
      expect(r.lastError).toMatch(/^SMTP timeout #\d+$/);
      expect(r.deadAt!.getTime() - start.getTime()).toBeLessThanOrEqual(OUTBOX_RETRY.maxAgeMs);
    }
    expect(channels.tried).toHaveLength(2 * OUTBOX_RETRY.maxAttempts);

    // Dead letters are listed with their error, and counted on /metrics.
    const dead = await listDeadLetters(t.db);
    expect(dead.map((d) => d.id).sort()).toEqual([...ids].sort());
    expect(dead[0]!.lastError).toMatch(/SMTP timeout/);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/^rebound_outbox_dead 2$/m);
    expect(metrics.body).toMatch(/^rebound_outbox_pending 0$/m);
  });

  it('a permanent failure is a dead letter at once; a failing channel does not hold up the others', async () => {
    await fresh();
    const emails = await queueTestMessages(t.db, t.clock.now(), 3);
    const texts = await queueTestMessages(t.db, t.clock.now(), 3, (i) => ({
      channel: 'sms',
      recipient: `+1604555010${i}`,
    }));
    const bad = await queueTestMessages(t.db, t.clock.now(), 1, () => ({ channel: 'push', recipient: 'u' }));
    const channels = recordingChannels({
      fail: (s) =>
        s.channel === 'sms'
          ? new Error('Twilio could not be reached: ECONNREFUSED')
          : s.channel === 'push'
            ? new PermanentDeliveryError('push failed for 1 of 1 devices: 400 bad payload')
            : null,
    });
    const stats = await senderWith(channels, { batchSize: 3, concurrency: 1 }).drain();
    expect(stats).toMatchObject({ claimed: 7, sent: 3, retried: 3, dead: 1 });
    expect((await rowsOf(emails)).every((r) => r.status === 'sent')).toBe(true);
    expect(
      (await rowsOf(texts)).every((r) => r.status === 'pending' && r.lastError?.includes('ECONNREFUSED')),
    ).toBe(true);
    expect((await rowsOf(bad))[0]).toMatchObject({
      status: 'dead',
      attempts: 1,
      lastError: expect.stringMatching(/400/),
    });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/^rebound_outbox_pending 3$/m);
    expect(metrics.body).toMatch(/^rebound_outbox_dead 1$/m);
  });

  it('a provider that hangs holds up only the worker on it: the other messages go out meanwhile', async () => {
    await fresh();
    const [text] = await queueTestMessages(t.db, t.clock.now(), 1, () => ({
      channel: 'sms',
      recipient: '+16045550199',
    }));
    const emails = await queueTestMessages(t.db, t.clock.now(), 12);
    let release: () => void = () => {};
    const hanging = new Promise<void>((r) => {
      release = r;
    });
    const channels = recordingChannels();
    const sms = channels.sms.send;
    channels.sms = {
      kind: 'local',
      send: async (m) => {
        await hanging;
        await sms(m);
      },
    };
    const run = senderWith(channels, { batchSize: 4, concurrency: 2 }).drain();
    // Every email is sent (and marked) while the text is still on its way.
    const allSent = async () => (await rowsOf(emails)).every((r) => r.status === 'sent');
    for (let i = 0; i < 300 && !(await allSent()); i++) await new Promise((r) => setTimeout(r, 10));
    expect(await allSent()).toBe(true);
    expect(channels.sent.filter((s) => s.channel === 'email')).toHaveLength(12);
    expect((await rowsOf([text!]))[0]!.status).toBe('sending');
    release();
    expect(await run).toMatchObject({ claimed: 13, sent: 13 });
  });

  it('a sender whose lease ran out and was taken over cannot mark the row (fenced)', async () => {
    await fresh();
    const [id] = await queueTestMessages(t.db, t.clock.now(), 1);
    const [mine] = await repo.claimDue(t.db, t.clock.now(), { limit: 1, leaseMs: OUTBOX_LEASE_MS });
    t.clock.advance(OUTBOX_LEASE_MS + 1);
    const [theirs] = await repo.claimDue(t.db, t.clock.now(), { limit: 1, leaseMs: OUTBOX_LEASE_MS });
    expect(theirs!.id).toBe(id);
    expect(await repo.markSent(t.db, id!, mine!.attempts, t.clock.now())).toBe(false);
    expect(await repo.markRetry(t.db, id!, mine!.attempts, t.clock.now(), 'late')).toBe(false);
    expect(await repo.markSent(t.db, id!, theirs!.attempts, t.clock.now())).toBe(true);
    expect((await rowsOf([id!]))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('markMany finishes a mix of outcomes in one statement, each fenced on its own claim', async () => {
    await fresh();
    const ids = await queueTestMessages(t.db, t.clock.now(), 5);
    const claimed = await repo.claimDue(t.db, t.clock.now(), { limit: 5, leaseMs: OUTBOX_LEASE_MS });
    const attempts = new Map(claimed.map((r) => [r.id, r.attempts]));
    const [sent, skipped, retry, dead, stale] = ids as [string, string, string, string, string];
    const now = t.clock.now();
    const at = new Date(now.getTime() + 60_000);
    const mine = await repo.markMany(t.db, [
      { id: sent, attempts: attempts.get(sent)!, status: 'sent', sentAt: now, error: null },
      { id: skipped, attempts: attempts.get(skipped)!, status: 'sent', sentAt: null, error: 'push is off' },
      { id: retry, attempts: attempts.get(retry)!, status: 'pending', retryAt: at, error: 'busy' },
      {
        id: dead,
        attempts: attempts.get(dead)!,
        status: 'dead',
        deadAt: now,
        error: 'no such box',
      },
      // A claim this sender no longer holds (an older attempt number): left alone.
      { id: stale, attempts: attempts.get(stale)! - 1, status: 'sent', sentAt: now, error: null },
    ]);
    expect([...mine].sort()).toEqual([sent, skipped, retry, dead].sort());
    const byId = new Map((await rowsOf(ids)).map((r) => [r.id, r]));
    expect(byId.get(sent)).toMatchObject({
      status: 'sent',
      sentAt: now,
      lastError: null,
      lockedUntil: null,
    });
    expect(byId.get(skipped)).toMatchObject({ status: 'sent', sentAt: null, lastError: 'push is off' });
    expect(byId.get(retry)).toMatchObject({
      status: 'pending',
      nextAttemptAt: at,
      lastError: 'busy',
      lockedUntil: null,
    });
    expect(byId.get(dead)).toMatchObject({ status: 'dead', deadAt: now, lastError: 'no such box' });
    expect(byId.get(stale)).toMatchObject({ status: 'sending', sentAt: null });
  });

  it('a busy sender group-commits: outcomes and mailbox rows are written a handful per statement, all in place', async () => {
    await fresh();
    const ids = await queueTestMessages(t.db, t.clock.now(), 200, (i) =>
      i % 4 === 3
        ? { channel: 'sms', recipient: `+1604555${String(i).padStart(4, '0')}` }
        : { recipient: `m${i}@example.test` },
    );
    const stats = await senderWith(t.app.deps.sender.channels, { concurrency: 16 }).drain();
    expect(stats).toMatchObject({ claimed: 200, sent: 200, lost: 0 });
    const rows = await rowsOf(ids);
    expect(rows.every((r) => r.status === 'sent' && r.sentAt !== null && r.lockedUntil === null)).toBe(true);
    expect(await t.db.$count(devMessages)).toBe(200);
    // Rows written by one statement share its transaction id: far fewer than one per message.
    const transactions = async (table: 'outbox' | 'dev_messages') =>
      Number(
        (
          (await t.db.execute(
            sql.raw(`select count(distinct xmin::text)::int as n from ${table}`),
          )) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    expect(await transactions('outbox')).toBeLessThan(200 / 4);
    expect(await transactions('dev_messages')).toBeLessThan(200 / 4);
  });

  it('five outbid alerts to one shopper on one lot, waiting at once: one email with the latest price, four coalesced into it', async () => {
    await fresh();
    const lot = '00000000-0000-4000-8000-0000000000a1';
    const other = '00000000-0000-4000-8000-0000000000a2';
    const at = (i: number) => new Date(t.clock.now().getTime() - 5_000 + i * 100);
    const outbidPayload = (i: number, auctionId = lot) => ({
      auctionId,
      productTitle: 'Teak Sideboard',
      currentPriceCents: 10_000 + i * 500,
      nextMinimumCents: 10_500 + i * 500,
      lotUrl: '/product/teak-sideboard',
    });
    const outbidRow = (i: number, extra: Partial<typeof outbox.$inferInsert> = {}) => ({
      template: 'outbid',
      recipient: 'ann@example.test',
      createdAt: at(i),
      nextAttemptAt: at(i),
      payload: outbidPayload(i),
      ...extra,
    });
    const ids = await queueTestMessages(t.db, t.clock.now(), 5, (i) => outbidRow(i));
    // Kept apart: the same shopper's push, another shopper, another lot.
    const [push] = await queueTestMessages(t.db, t.clock.now(), 1, () => ({
      ...outbidRow(0),
      channel: 'push',
      recipient: '00000000-0000-4000-8000-000000000001',
    }));
    const [bob] = await queueTestMessages(t.db, t.clock.now(), 1, () =>
      outbidRow(1, { recipient: 'bob@example.test' }),
    );
    const [lot2] = await queueTestMessages(t.db, t.clock.now(), 1, () =>
      outbidRow(2, { payload: outbidPayload(2, other) }),
    );

    const channels = recordingChannels();
    const stats = await senderWith(channels).drain();
    // The four replaced alerts are coalesced in the database before the claim: only four rows claimed.
    expect(stats).toMatchObject({ claimed: 4, sent: 4, coalesced: 4, lost: 0, dead: 0 });

    const toAnn = channels.sent.filter(
      (s) => s.channel === 'email' && s.message.to === 'ann@example.test' && s.message.text.includes('Teak'),
    );
    const mine = toAnn.filter((s) => s.channel === 'email' && !s.message.text.includes('$110.00'));
    // One email for the lot, with the latest price ($120.00; the other lot's alert says $110.00).
    expect(mine).toHaveLength(1);
    expect(mine[0]!.channel === 'email' && mine[0]!.message.text).toContain('$120.00');

    const rows = new Map((await rowsOf([...ids, push!, bob!, lot2!])).map((r) => [r.id, r]));
    const latest = ids[4]!;
    expect(rows.get(latest)).toMatchObject({ status: 'sent', coalescedInto: null });
    expect(rows.get(latest)!.handedAt).toBeInstanceOf(Date);
    for (const id of ids.slice(0, 4)) {
      // Not lost: each says which message went out in its place, and was never handed to an adapter.
      expect(rows.get(id)).toMatchObject({
        status: 'coalesced',
        coalescedInto: latest,
        handedAt: null,
        sentAt: null,
      });
    }
    for (const id of [push!, bob!, lot2!]) expect(rows.get(id)!.status).toBe('sent');
    // Nothing is pending, nothing is a dead letter; /metrics counts no coalesced message as waiting.
    expect((await repo.countByStatus(t.db)).counts).toMatchObject({
      pending: 0,
      sending: 0,
      dead: 0,
      coalesced: 4,
    });
  });

  it('a backlog longer than a claim: 150 alerts to one shopper on one lot become one email; a retry not yet due and a claimed row are left alone', async () => {
    await fresh();
    const lot = '00000000-0000-4000-8000-0000000000b1';
    const base = t.clock.now().getTime() - 60_000;
    const ids = await queueTestMessages(t.db, t.clock.now(), 150, (i) => ({
      template: 'outbid',
      recipient: 'cat@example.test',
      createdAt: new Date(base + i * 100),
      nextAttemptAt: new Date(base + i * 100),
      payload: { auctionId: lot, productTitle: 'Oak Desk', currentPriceCents: 5_000 + i * 100 },
    }));
    // An older alert waiting for its retry (not due) and one another sender holds now: neither touched.
    const [later] = await queueTestMessages(t.db, t.clock.now(), 1, () => ({
      template: 'outbid',
      recipient: 'cat@example.test',
      createdAt: new Date(base - 1_000),
      nextAttemptAt: new Date(t.clock.now().getTime() + 60_000),
      payload: { auctionId: lot, currentPriceCents: 4_900 },
    }));
    const [held] = await queueTestMessages(t.db, t.clock.now(), 1, () => ({
      template: 'outbid',
      recipient: 'cat@example.test',
      status: 'sending',
      lockedUntil: new Date(t.clock.now().getTime() + 60_000),
      createdAt: new Date(base - 2_000),
      payload: { auctionId: lot, currentPriceCents: 4_800 },
    }));
    // The latest stands for all 150 and keeps the first one's place in the queue (its due time).
    expect(await repo.coalescePending(t.db, t.clock.now(), ['outbid'])).toBe(149);
    const [kept] = await rowsOf([ids[149]!]);
    expect(kept).toMatchObject({ status: 'pending', nextAttemptAt: new Date(base) });
    await t.db.update(outbox).set({ status: 'pending', coalescedInto: null }).where(inArray(outbox.id, ids));
    await t.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(base + 149 * 100) })
      .where(eq(outbox.id, ids[149]!));
    const channels = recordingChannels();
    // A claim takes 8 rows here: without coalescing in the database the backlog would be sent 8 at a time.
    const stats = await senderWith(channels, { batchSize: 8 }).drain();
    expect(stats).toMatchObject({ claimed: 1, sent: 1, coalesced: 149, lost: 0 });
    const emails = channels.sent.filter((s) => s.channel === 'email');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.channel === 'email' && emails[0]!.message.text).toContain('$199.00');
    const rows = new Map((await rowsOf([...ids, later!, held!])).map((r) => [r.id, r]));
    expect(rows.get(ids[149]!)).toMatchObject({ status: 'sent', coalescedInto: null });
    for (const id of ids.slice(0, 149))
      expect(rows.get(id)).toMatchObject({ status: 'coalesced', coalescedInto: ids[149], handedAt: null });
    expect(rows.get(later!)!.status).toBe('pending');
    expect(rows.get(held!)!.status).toBe('sending');
  });

  it('an outbid alert is claimed before an older flood of other messages', async () => {
    await fresh();
    const now = t.clock.now();
    await queueTestMessages(t.db, new Date(now.getTime() - 60_000), 100);
    const [alert] = await queueTestMessages(t.db, now, 1, () => ({
      template: 'outbid',
      payload: { auctionId: '00000000-0000-4000-8000-0000000000c1', currentPriceCents: 1_000 },
    }));
    const first = await repo.claimDue(t.db, now, { limit: 10, leaseMs: 60_000 });
    expect(first.map((r) => r.id)).toContain(alert);
    expect(first[0]!.id).toBe(alert);
    // The rest of the claim is the oldest of the others, as before.
    expect(first.filter((r) => r.template === 'test')).toHaveLength(9);
  });

  it('a row claimed again with no attempts left becomes a dead letter instead of looping', async () => {
    await fresh();
    const [id] = await queueTestMessages(t.db, t.clock.now(), 1, () => ({
      attempts: OUTBOX_RETRY.maxAttempts,
    }));
    // Its last claim was abandoned: status 'sending', lease over.
    await t.db
      .update(outbox)
      .set({ status: 'sending', lockedUntil: new Date(t.clock.now().getTime() - 1) })
      .where(eq(outbox.id, id!));
    const channels = recordingChannels();
    expect(await senderWith(channels).drain()).toMatchObject({ claimed: 1, dead: 1 });
    expect(channels.tried).toHaveLength(0);
    expect((await rowsOf([id!]))[0]).toMatchObject({
      status: 'dead',
      lastError: 'the sender stopped during the last attempt',
    });
  });

  it('deliverNow sends one given row at once, whatever its due time, and reports a failure with its error', async () => {
    await fresh();
    const later = new Date(t.clock.now().getTime() + 3_600_000);
    const [id] = await queueTestMessages(t.db, later, 1, () => ({ template: 'test_email' }));
    const [other] = await queueTestMessages(t.db, t.clock.now(), 1);
    expect(await deliverNow(t.app.deps, id!)).toEqual({ status: 'sent' });
    // Only that row.
    expect((await rowsOf([id!, other!])).map((r) => [r.id, r.status]).sort()).toEqual(
      [
        [id, 'sent'],
        [other, 'pending'],
      ].sort(),
    );
    expect(await deliverNow(t.app.deps, id!)).toEqual({ status: 'sent' });

    const failing = senderWith(recordingChannels({ fail: () => new Error('550 mailbox unavailable') }));
    const [bad] = await queueTestMessages(t.db, later, 1);
    expect(await deliverNow({ sender: failing }, bad!)).toEqual({
      status: 'failed',
      error: '550 mailbox unavailable',
    });
    expect(await deliverNow(t.app.deps, '00000000-0000-4000-8000-000000000000')).toEqual({
      status: 'failed',
      error: 'no such message',
    });
  });

  it('once woken (the job started), a request that queues a message has it sent within a second or two', async () => {
    await fresh();
    const sender = t.app.deps.sender;
    sender.enableWake();
    const res = await t.app.inject({
      method: 'POST',
      url: API.authForgotPassword,
      remoteAddress: testAddress(),
      payload: { email: 'nobody.here@example.test' },
    });
    expect(res.statusCode).toBeLessThan(400);
    // A bare row queued by "some request": the next changing request wakes the sender.
    const [id] = await queueTestMessages(t.db, t.clock.now(), 1);
    await t.app.inject({
      method: 'POST',
      url: API.authForgotPassword,
      remoteAddress: testAddress(),
      payload: { email: 'x@example.test' },
    });
    await vi.waitFor(async () => expect((await rowsOf([id!]))[0]!.status).toBe('sent'), {
      timeout: 5_000,
      interval: 20,
    });
    // Nothing was queued for the unknown address.
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, 'nobody.here@example.test'))),
    ).toHaveLength(0);
  });

  /** The test app's database, counting UPDATE statements built through it (the claims: one per claimWhere). */
  function countingClaims() {
    const counter = { updates: 0 };
    const db = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'update') counter.updates++;
        return Reflect.get(target, prop, receiver);
      },
    });
    return { db, counter };
  }

  it('a claim short of a batch takes everything due: no second claim that finds nothing', async () => {
    await fresh();
    await queueTestMessages(t.db, t.clock.now(), 3);
    const { db, counter } = countingClaims();
    const channels = recordingChannels();
    const stats = await senderWith(channels, { batchSize: 8, concurrency: 2 }, db).drain();
    expect(stats).toMatchObject({ claimed: 3, sent: 3 });
    // One claim: its alerts' half and then the rest (claimDue's two UPDATEs), nothing after.
    expect(counter.updates).toBe(2);
    // A full batch may leave more behind: the sender claims again (and that one comes back short).
    await queueTestMessages(t.db, t.clock.now(), 5);
    counter.updates = 0;
    expect(await senderWith(channels, { batchSize: 4, concurrency: 2 }, db).drain()).toMatchObject({
      claimed: 5,
      sent: 5,
    });
    expect(counter.updates).toBe(4);
  });

  it('wakes during a pass are served by one more pass, no sooner than the gap after it started', async () => {
    await fresh();
    const { db, counter } = countingClaims();
    const recording = recordingChannels();
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    // The first message is held in its adapter until the test has queued the next one.
    const channels: Channels = {
      ...recording,
      email: {
        kind: 'local',
        send: async (m) => {
          if (recording.tried.length === 0) {
            recording.tried.push({ channel: 'email', message: m });
            await held;
            recording.sent.push({ channel: 'email', message: m });
            return;
          }
          await recording.email.send(m);
        },
      },
    };
    const sender = new OutboxSender(
      { db, clock: t.clock, config: t.config, log: t.app.log, channels },
      { passGapMs: 2_000 },
    );
    sender.enableWake();
    const [first] = await queueTestMessages(t.db, t.clock.now(), 1);
    const run = sender.run();
    await vi.waitFor(() => expect(recording.tried).toHaveLength(1), { timeout: 5_000, interval: 10 });
    const [second] = await queueTestMessages(t.db, t.clock.now(), 1);
    sender.wake();
    release();
    await vi.waitFor(async () => expect((await rowsOf([first!]))[0]!.status).toBe('sent'), {
      timeout: 5_000,
      interval: 10,
    });
    // Queued after the first pass ended: without the gap the second pass would have taken the
    // second message alone, and this one would need a third.
    const [third] = await queueTestMessages(t.db, t.clock.now(), 1);
    sender.wake();
    await run;
    await sender.close();
    expect((await rowsOf([second!, third!])).map((r) => r.status)).toEqual(['sent', 'sent']);
    // Two passes, one claim each (two UPDATEs a claim).
    expect(counter.updates).toBe(4);
  });
});
