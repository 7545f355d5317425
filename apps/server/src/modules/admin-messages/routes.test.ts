import type {
  ContactDetail,
  ContactListResponse,
  DeadLetterResponse,
  MessagesSummary,
} from '@rebound/contract/admin-messages';
import { API } from '@rebound/contract/routes';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { useTestApp } from '../../../test/harness';
import { drainOutbox, queueTestMessages } from '../../../test/outbox';
import { auditLog, contactMessages, devMessages, outbox } from '../../db/schema';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const t = useTestApp({ now: NOW });

let staff: SignedInUser;
let staff2: SignedInUser;
let shopper: SignedInUser;

beforeAll(async () => {
  staff = await signedInUser(t, { role: 'staff' });
  staff2 = await signedInUser(t, { role: 'staff' });
  shopper = await signedInUser(t);
});

const as = (who: SignedInUser | null) => (who ? { cookie: who.cookie } : {});

let seq = 0;
async function makeMessage(over: Partial<typeof contactMessages.$inferInsert> = {}) {
  seq += 1;
  const [row] = await t.db
    .insert(contactMessages)
    .values({
      name: `Visitor ${seq}`,
      email: `visitor${seq}@example.test`,
      message: `Hello, I have a question about my pickup number ${seq}.`,
      createdAt: new Date(NOW.getTime() - 60_000 * (100 - seq)),
      ...over,
    })
    .returning();
  return row!;
}

function get(url: string, who: SignedInUser | null = staff) {
  return t.app.inject({ method: 'GET', url, headers: as(who) });
}
function post(url: string, payload: unknown = {}, who: SignedInUser | null = staff) {
  return t.app.inject({ method: 'POST', url, headers: as(who), payload: payload as object });
}

async function auditFor(entityId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .orderBy(desc(auditLog.createdAt));
}

describe('contact inbox', () => {
  it('refuses visitors and shoppers on every endpoint, and changes nothing', async () => {
    const m = await makeMessage();
    const calls = [
      () => get(API.adminContactMessages, null),
      () => get(API.adminContactMessage(m.id), shopper),
      () => get(API.adminMessagesSummary, shopper),
      () => post(API.adminContactMessageReply(m.id), { reply: 'Hi there' }, shopper),
      () => post(API.adminContactMessageClose(m.id), {}, null),
      () => post(API.adminContactMessageReopen(m.id), {}, shopper),
      () => get(API.adminDeadLetters, shopper),
      () => post(API.adminDeadLetterRetry(m.id), {}, null),
      () => post(API.adminDeadLetterDiscard(m.id), {}, shopper),
    ];
    for (const call of calls) expect([401, 403]).toContain((await call()).statusCode);
    const [after] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, m.id));
    expect(after!.status).toBe('new');
  });

  it('lists newest first, filters by status, searches name, email and text, pages', async () => {
    const tag = `zq${Date.now()}`;
    const a = await makeMessage({ name: `Ada ${tag}` });
    const b = await makeMessage({ email: `${tag}@example.test` });
    const c = await makeMessage({ message: `My blender ${tag} arrived without its lid.`, status: 'closed' });
    const res = await get(`${API.adminContactMessages}?q=${tag}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ContactListResponse>();
    expect(body.items.map((i) => i.id)).toEqual([c.id, b.id, a.id]);
    expect(body.total).toBe(3);
    const closed = (
      await get(`${API.adminContactMessages}?q=${tag}&status=closed`)
    ).json<ContactListResponse>();
    expect(closed.items.map((i) => i.id)).toEqual([c.id]);
    const page2 = (
      await get(`${API.adminContactMessages}?q=${tag}&pageSize=2&page=2`)
    ).json<ContactListResponse>();
    expect(page2.items.map((i) => i.id)).toEqual([a.id]);
    expect(page2.total).toBe(3);
    const oldest = (await get(`${API.adminContactMessages}?q=${tag}&dir=asc`)).json<ContactListResponse>();
    expect(oldest.items[0]!.id).toBe(a.id);
    expect(body.newCount).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad list input with a clear message', async () => {
    const res = await get(`${API.adminContactMessages}?status=spam`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBeTruthy();
    expect((await get(`${API.adminContactMessages}?pageSize=1000`)).statusCode).toBe(400);
    expect((await get(API.adminContactMessage('not-a-uuid'))).statusCode).toBe(400);
    const missing = await get(API.adminContactMessage('00000000-0000-4000-8000-000000000000'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('That message does not exist.');
  });

  it('replies: queued through the outbox, answered, audited; the page says queued until the sender sends it', async () => {
    const m = await makeMessage({ email: 'replyme@example.test', name: 'Robin' });
    const startedAt = t.clock.now().getTime();
    const res = await post(API.adminContactMessageReply(m.id), {
      reply: 'Thanks for writing.\n\nYour pickup is on Saturday.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<ContactDetail>();
    expect(detail.status).toBe('answered');
    expect(detail.reply).toBe('Thanks for writing.\n\nYour pickup is on Saturday.');
    expect(detail.handledBy?.id).toBe(staff.user.id);
    expect(Date.parse(detail.handledAt!)).toBeGreaterThanOrEqual(startedAt);
    expect(detail.delivery).toEqual({ status: 'queued', sentAt: null, error: null });

    const audit = await auditFor(m.id);
    expect(audit.map((a) => a.action)).toEqual(['contact.reply']);
    expect(audit[0]!.actorId).toBe(staff.user.id);
    expect(audit[0]!.before).toMatchObject({ status: 'new' });
    expect(audit[0]!.after).toMatchObject({ status: 'answered', to: 'replyme@example.test' });

    await drainOutbox(t);
    const [mail] = await t.db
      .select()
      .from(devMessages)
      .where(eq(devMessages.recipient, 'replyme@example.test'))
      .orderBy(desc(devMessages.createdAt));
    expect(mail?.subject).toBe('Re: your message to Rebound');
    expect(mail?.body).toContain('Hi Robin,');
    expect(mail?.body).toContain('Your pickup is on Saturday.');
    const sent = (await get(API.adminContactMessage(m.id))).json<ContactDetail>();
    expect(sent.delivery?.status).toBe('sent');
    expect(Date.parse(sent.delivery!.sentAt!)).toBeGreaterThanOrEqual(startedAt);
  });

  it('refuses an empty or oversized reply, and a second reply, changing nothing', async () => {
    const m = await makeMessage();
    for (const reply of ['', '   ', 'x'.repeat(5001)]) {
      const res = await post(API.adminContactMessageReply(m.id), { reply });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    expect((await post(API.adminContactMessageReply(m.id), {})).statusCode).toBe(400);
    expect((await auditFor(m.id)).length).toBe(0);
    const outboxBefore = await t.db.select().from(outbox).where(eq(outbox.recipient, m.email));
    expect(outboxBefore).toHaveLength(0);

    expect((await post(API.adminContactMessageReply(m.id), { reply: 'First answer' })).statusCode).toBe(200);
    const again = await post(API.adminContactMessageReply(m.id), { reply: 'Second answer' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'This message was already answered or closed. Reopen it to reply again.',
    );
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, m.id));
    expect(row!.reply).toBe('First answer');
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, m.email))).toHaveLength(1);
  });

  it('two staff replying at once: one reply is sent, the other is refused', async () => {
    const m = await makeMessage({ email: 'race@example.test' });
    const [a, b] = await Promise.all([
      post(API.adminContactMessageReply(m.id), { reply: 'Answer from A' }, staff),
      post(API.adminContactMessageReply(m.id), { reply: 'Answer from B' }, staff2),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, 'race@example.test'))).toHaveLength(1);
    expect((await auditFor(m.id)).length).toBe(1);
  });

  it('closes without a reply, reopens, and replies again; each audited', async () => {
    const m = await makeMessage();
    const closed = await post(API.adminContactMessageClose(m.id));
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<ContactDetail>()).toMatchObject({ status: 'closed', reply: null, delivery: null });
    expect((await post(API.adminContactMessageClose(m.id))).statusCode).toBe(409);

    const reopened = await post(API.adminContactMessageReopen(m.id));
    expect(reopened.json<ContactDetail>().status).toBe('new');
    const twice = await post(API.adminContactMessageReopen(m.id));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This message is already open.');

    t.clock.advance(1000);
    const replied = await post(API.adminContactMessageReply(m.id), { reply: 'Sorry for the wait.' });
    expect(replied.statusCode).toBe(200);
    expect((await auditFor(m.id)).map((a) => a.action).sort()).toEqual([
      'contact.close',
      'contact.reopen',
      'contact.reply',
    ]);
    const reopenedAgain = await post(API.adminContactMessageReopen(m.id));
    // The last reply stays visible once reopened.
    expect(reopenedAgain.json<ContactDetail>()).toMatchObject({
      status: 'new',
      reply: 'Sorry for the wait.',
    });
  });

  it('counts new messages for the section', async () => {
    const before = (await get(API.adminMessagesSummary)).json<MessagesSummary>();
    await makeMessage();
    const after = (await get(API.adminMessagesSummary)).json<MessagesSummary>();
    expect(after.newContact).toBe(before.newContact + 1);
  });
});

describe('dead letters', () => {
  async function deadLetter(recipient: string) {
    const [id] = await queueTestMessages(t.db, NOW, 1, () => ({
      recipient,
      status: 'dead',
      attempts: 8,
      lastError: 'SMTP 550 mailbox unavailable',
      deadAt: NOW,
      payload: { message: 'Your order is ready', targetUrl: '/account', kind: 'order_ready' },
    }));
    return id!;
  }

  it('lists dead letters newest first with channel, recipient, template, kind, attempts and error', async () => {
    const id = await deadLetter('dead1@example.test');
    const res = await get(`${API.adminDeadLetters}?pageSize=100`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DeadLetterResponse>();
    expect(body.items.find((i) => i.id === id)).toEqual({
      id,
      channel: 'email',
      template: 'test',
      kind: 'order_ready',
      recipient: 'dead1@example.test',
      attempts: 8,
      lastError: 'SMTP 550 mailbox unavailable',
      createdAt: NOW.toISOString(),
      deadAt: NOW.toISOString(),
    });
    expect((await get(`${API.adminDeadLetters}?page=0`)).statusCode).toBe(400);
  });

  it('retry queues it again with attempts cleared, and the sender delivers it to the mailbox', async () => {
    const id = await deadLetter('retry@example.test');
    const res = await post(API.adminDeadLetterRetry(id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, result: 'retried' });
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, deadAt: null, lastError: null });
    const listed = (await get(`${API.adminDeadLetters}?pageSize=100`)).json<DeadLetterResponse>();
    expect(listed.items.some((i) => i.id === id)).toBe(false);

    await drainOutbox(t);
    const mail = await t.db
      .select()
      .from(devMessages)
      .where(and(eq(devMessages.recipient, 'retry@example.test'), eq(devMessages.channel, 'email')));
    expect(mail).toHaveLength(1);
    const [sentRow] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(sentRow).toMatchObject({ status: 'sent', attempts: 1 });

    const audit = await auditFor(id);
    expect(audit.map((a) => a.action)).toEqual(['outbox.retry']);
    expect(audit[0]!.before).toMatchObject({ attempts: 8, lastError: 'SMTP 550 mailbox unavailable' });
    // It is no longer a dead letter: a second retry is refused clearly.
    const again = await post(API.adminDeadLetterRetry(id));
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(
      'This message is no longer a dead letter: it was retried or discarded already.',
    );
  });

  it('discard removes it from the list and keeps what it was in the audit log', async () => {
    const id = await deadLetter('discard@example.test');
    const res = await post(API.adminDeadLetterDiscard(id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, result: 'discarded' });
    const listed = (await get(`${API.adminDeadLetters}?pageSize=100`)).json<DeadLetterResponse>();
    expect(listed.items.some((i) => i.id === id)).toBe(false);
    const audit = await auditFor(id);
    expect(audit.map((a) => a.action)).toEqual(['outbox.discard']);
    expect(audit[0]!.before).toMatchObject({ recipient: 'discard@example.test', attempts: 8 });
    expect((await post(API.adminDeadLetterDiscard(id))).statusCode).toBe(404);
  });

  it('a retry and a discard at once: exactly one acts', async () => {
    const id = await deadLetter('both@example.test');
    const [a, b] = await Promise.all([
      post(API.adminDeadLetterRetry(id), {}, staff),
      post(API.adminDeadLetterDiscard(id), {}, staff2),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 404]);
    expect((await auditFor(id)).length).toBe(1);
  });

  it('a pending or sent message is not a dead letter', async () => {
    const [id] = await queueTestMessages(t.db, NOW, 1, () => ({ recipient: 'pending@example.test' }));
    expect((await post(API.adminDeadLetterRetry(id!))).statusCode).toBe(404);
    expect((await post(API.adminDeadLetterDiscard(id!))).statusCode).toBe(404);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id!));
    expect(row!.status).toBe('pending');
  });
});
