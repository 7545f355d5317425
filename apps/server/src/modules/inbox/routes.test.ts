// The contact form and the drop-list forms used to say they sent something and sent nothing.
import { API } from '@rebound/contract/routes';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lastMessageTo, testAddress } from '../../../test/auth';
import { useTestApp } from '../../../test/harness';
import { contactMessages, listSignups } from '../../db/schema';

const t = useTestApp();

const post = (url: string, payload: unknown, remoteAddress = testAddress()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

describe('contact form', () => {
  it('stores the message and says so; bad input changes nothing', async () => {
    const res = await post(API.contactMessages, {
      name: '  Ava Tran ',
      email: ' Ava@Example.COM ',
      message: 'Where do I pick up my lamp?',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Message received',
      message: 'Thanks! Your message is saved for our team, who reply to ava@example.com within 24 hours.',
    });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(row).toMatchObject({
      name: 'Ava Tran',
      email: 'ava@example.com',
      message: 'Where do I pick up my lamp?',
      status: 'new',
    });

    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
    for (const bad of [
      { name: '', email: 'a@b.co', message: 'long enough message' },
      { name: 'Ava', email: 'not-an-email', message: 'long enough message' },
      { name: 'Ava', email: 'a@b.co', message: 'short' },
      { name: 'Ava', email: 'a@b.co', message: 'x'.repeat(2001) },
      { name: 'Ava' },
    ]) {
      const r = await post(API.contactMessages, bad);
      expect(r.statusCode).toBe(400);
    }
    const r = await post(API.contactMessages, { name: 'Ava', email: 'a@b.co', message: 'short' });
    expect(r.json().error.message).toBe('Please write at least 10 characters so we can help.');
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('limits one address to five messages an hour', async () => {
    const from = testAddress();
    const msg = { name: 'Ben', email: 'ben@example.com', message: 'A question about pickup times.' };
    for (let i = 0; i < 5; i++) expect((await post(API.contactMessages, msg, from)).statusCode).toBe(201);
    const sixth = await post(API.contactMessages, msg, from);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('rate_limited');
  });
});

describe('drop list', () => {
  it('on a locked store (staff and bypassed browsers) joins the double opt-in launch list', async () => {
    t.app.launch.lock.set(true);
    try {
      const res = await post(API.listSignups, { email: ' Cy@Example.com', source: 'drops-early-access' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        title: 'Check your email',
        message: 'We sent you a confirmation link. Open it to join the launch list.',
      });
      expect((await post(API.listSignups, { email: 'cy@example.com', source: 'footer' })).statusCode).toBe(
        201,
      );
      const rows = await t.db.select().from(listSignups).where(eq(listSignups.email, 'cy@example.com'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ source: 'drops-early-access', status: 'pending' });
      expect(await lastMessageTo(t, 'cy@example.com')).toMatchObject({
        subject: 'Confirm you want Rebound launch news',
      });
    } finally {
      t.app.launch.lock.set(false);
    }
  });

  it("answers the email check's messages", async () => {
    let res = await post(API.listSignups, { email: '  ', source: 'footer' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please enter your email address.');
    res = await post(API.listSignups, { email: 'cy@example', source: 'footer' });
    expect(res.json().error.message).toBe('Please enter a valid email address.');
    res = await post(API.listSignups, { email: 'cy@example.com', source: 'elsewhere' });
    expect(res.statusCode).toBe(400);
  });
});
