import type { MarkReadResponse, NotificationsResponse } from '@rebound/contract/notifications';
import { API } from '@rebound/contract/routes';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeAuction, makeLocation, subscribePush } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { connectSocket } from '../../../test/socket';
import { devMessages, notifications, outbox, users } from '../../db/schema';

let base: string;
let locationId: string;
const t = useTestApp({}, async (t) => {
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  locationId = (await makeLocation(t.db)).id;
});

const MINUTE = 60_000;

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });

/** `n` notifications for the user, one a minute apart, the last one newest; returns their ids newest first. */
async function seed(userId: string, n: number, over: Partial<typeof notifications.$inferInsert> = {}) {
  const start = t.clock.now().getTime() - n * MINUTE;
  const rows = await t.db
    .insert(notifications)
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId,
        kind: 'outbid_alerts',
        message: `Notice ${i + 1}`,
        targetUrl: `/product/lot-${i + 1}`,
        createdAt: new Date(start + i * MINUTE),
        ...over,
      })),
    )
    .returning({ id: notifications.id });
  return rows.map((r) => r.id).reverse();
}

async function listOf(u: SignedInUser, query = '') {
  const res = await get(`${API.meNotifications}${query}`, u.cookie);
  expect(res.statusCode).toBe(200);
  return res.json<NotificationsResponse>();
}

async function unreadIn(userId: string) {
  const rows = await t.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return rows.length;
}

let ava: SignedInUser;
let ben: SignedInUser;
beforeAll(async () => {
  ava = await signedInUser(t);
  ben = await signedInUser(t);
});

describe('signed out', () => {
  it.each([
    ['GET', API.meNotifications],
    ['POST', API.meNotificationsReadAll],
    ['POST', API.meNotificationRead('00000000-0000-4000-8000-000000000000')],
    ['POST', API.meNotificationsTestEmail],
  ] as const)('%s %s is 401 Authentication required', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'auth_required', message: 'Authentication required' } });
  });

  it('is 401 before a bad query is even read', async () => {
    const res = await get(`${API.meNotifications}?limit=nope`);
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/me/notifications', () => {
  it('is empty for a new shopper', async () => {
    const u = await signedInUser(t);
    const body = await listOf(u);
    expect(body).toMatchObject({ items: [], unreadCount: 0, nextCursor: null });
  });

  it('lists own rows only, newest first, with every unread one counted', async () => {
    const u = await signedInUser(t);
    const mine = await seed(u.user.id, 4);
    await seed(ben.user.id, 2, { message: 'Not yours' });
    await t.db.update(notifications).set({ isRead: true }).where(eq(notifications.id, mine[3]!));

    const body = await listOf(u);
    expect(body.items.map((i) => i.id)).toEqual(mine);
    expect(body.items.map((i) => i.message)).toEqual(['Notice 4', 'Notice 3', 'Notice 2', 'Notice 1']);
    expect(body.items.every((i) => !i.message.includes('Not yours'))).toBe(true);
    expect(body.unreadCount).toBe(3);
    expect(body.items[0]).toMatchObject({ isRead: false, targetUrl: '/product/lot-4' });
    expect(body.items[3]!.isRead).toBe(true);
    expect(Date.parse(body.items[0]!.createdAt)).toBeGreaterThan(Date.parse(body.items[1]!.createdAt));
  });

  it('pages 20 at a time by default, and the pages join up without gaps or repeats', async () => {
    const u = await signedInUser(t);
    const ids = await seed(u.user.id, 45);
    const first = await listOf(u);
    expect(first.items).toHaveLength(20);
    expect(first.unreadCount).toBe(45);
    expect(first.nextCursor).toBe(first.items[19]!.id);
    const second = await listOf(u, `?cursor=${first.nextCursor}`);
    const third = await listOf(u, `?cursor=${second.nextCursor}`);
    expect(third.items).toHaveLength(5);
    expect(third.nextCursor).toBeNull();
    expect([...first.items, ...second.items, ...third.items].map((i) => i.id)).toEqual(ids);
  });

  it('keeps rows with the same time apart by id (no row lost between pages)', async () => {
    const u = await signedInUser(t);
    const at = new Date(t.clock.now().getTime() - MINUTE);
    await seed(u.user.id, 7, { createdAt: at });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: NotificationsResponse = await listOf(u, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });

  it('gives the Mail menu its 3 latest with limit=3', async () => {
    const u = await signedInUser(t);
    const ids = await seed(u.user.id, 5);
    const body = await listOf(u, '?limit=3');
    expect(body.items.map((i) => i.id)).toEqual(ids.slice(0, 3));
    expect(body.unreadCount).toBe(5);
  });

  it.each([
    ['?limit=0', 'validation_failed'],
    ['?limit=51', 'validation_failed'],
    ['?limit=abc', 'validation_failed'],
    ['?cursor=not-an-id', 'invalid_cursor'],
    ['?cursor=00000000-0000-4000-8000-000000000000', 'invalid_cursor'],
  ])('refuses %s with 400 %s', async (query, code) => {
    const res = await get(`${API.meNotifications}${query}`, ava.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
  });

  it("refuses another shopper's row as a cursor", async () => {
    const [bens] = await seed(ben.user.id, 1);
    const res = await get(`${API.meNotifications}?cursor=${bens}`, ava.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_cursor');
  });
});

describe('marking read', () => {
  it("marks one read, once, and tells the shopper's other tabs", async () => {
    const u = await signedInUser(t);
    const [newest, older] = await seed(u.user.id, 2);
    const socket = await connectSocket(base, u.cookie);
    try {
      const res = await post(API.meNotificationRead(newest!), u.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json<MarkReadResponse>()).toMatchObject({ marked: 1, unreadCount: 1 });
      await socket.waitFor((e) => e.type === 'NotificationsChangedV1');

      const again = await post(API.meNotificationRead(newest!), u.cookie);
      expect(again.statusCode).toBe(200);
      expect(again.json<MarkReadResponse>()).toMatchObject({ marked: 0, unreadCount: 1 });
      const body = await listOf(u);
      expect(body.items.find((i) => i.id === newest)!.isRead).toBe(true);
      expect(body.items.find((i) => i.id === older)!.isRead).toBe(false);
    } finally {
      socket.ws.close();
    }
  });

  it("is 404 for another shopper's notification and changes nothing", async () => {
    const [bens] = await seed(ben.user.id, 1);
    const before = await unreadIn(ben.user.id);
    const res = await post(API.meNotificationRead(bens!), ava.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'notification_not_found', message: 'Notification not found' },
    });
    expect(await unreadIn(ben.user.id)).toBe(before);
  });

  it.each(['nope', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"])(
    'is 404 for the id %s',
    async (id) => {
      const res = await post(API.meNotificationRead(id), ava.cookie);
      expect(res.statusCode).toBe(404);
    },
  );

  it("marks all of own unread read, and nobody else's", async () => {
    const u = await signedInUser(t);
    await seed(u.user.id, 12);
    await seed(ben.user.id, 3);
    const bensBefore = await unreadIn(ben.user.id);
    const socket = await connectSocket(base, u.cookie);
    try {
      const res = await post(API.meNotificationsReadAll, u.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json<MarkReadResponse>()).toMatchObject({ marked: 12, unreadCount: 0 });
      await socket.waitFor((e) => e.type === 'NotificationsChangedV1');
    } finally {
      socket.ws.close();
    }
    expect(await unreadIn(u.user.id)).toBe(0);
    expect(await unreadIn(ben.user.id)).toBe(bensBefore);
    expect((await listOf(u)).unreadCount).toBe(0);

    const again = await post(API.meNotificationsReadAll, u.cookie);
    expect(again.json<MarkReadResponse>()).toMatchObject({ marked: 0, unreadCount: 0 });
  });
});

describe("a rival's bid", () => {
  const bid = (auctionId: string, amount: string, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: API.auctionBids(auctionId),
      headers: { cookie },
      payload: { amount },
    });

  it("tells the outbid shopper's tabs at once, and the notice is in their list", async () => {
    const u = await signedInUser(t);
    const rival = await signedInUser(t);
    const { auction, product } = await makeAuction(t.db, { now: t.clock.now(), locationId });
    expect((await bid(auction.id, '10', u.cookie)).statusCode).toBe(200);
    const socket = await connectSocket(base, u.cookie);
    try {
      expect((await bid(auction.id, '25', rival.cookie)).statusCode).toBe(200);
      await socket.waitFor((e) => e.type === 'NotificationsChangedV1', 2_000);
    } finally {
      socket.ws.close();
    }
    const body = await listOf(u, '?limit=3');
    expect(body.items[0]).toMatchObject({ isRead: false, targetUrl: `/product/${product.slug}` });
    expect(body.items[0]!.message).toMatch(/outbid/i);
  });

  it('sends nothing by email when the shopper turned outbid email off; push is still queued', async () => {
    const u = await signedInUser(t);
    await subscribePush(t.db, u.user.id);
    const rival = await signedInUser(t);
    const off = await t.app.inject({
      method: 'PATCH',
      url: API.profileNotificationSettings,
      headers: { cookie: u.cookie },
      payload: { settings: { outbid_alerts: { email: false } } },
    });
    expect(off.statusCode).toBe(200);
    const { auction } = await makeAuction(t.db, { now: t.clock.now(), locationId });
    expect((await bid(auction.id, '10', u.cookie)).statusCode).toBe(200);
    expect((await bid(auction.id, '25', rival.cookie)).statusCode).toBe(200);

    const rows = await t.db
      .select({ channel: outbox.channel, template: outbox.template })
      .from(outbox)
      .where(eq(outbox.userId, u.user.id));
    const outbid = rows.filter((r) => r.template === 'outbid').map((r) => r.channel);
    expect(outbid).toEqual(['push']);
    // Her own bid's confirmation still goes by email (that kind is on by default).
    expect(rows.filter((r) => r.template === 'bid_confirmation').map((r) => r.channel)).toEqual(['email']);
    // The rival's defaults are untouched: the same kind still reaches them by email when outbid, and
    // not by push, which they never subscribed to.
    expect((await bid(auction.id, '100', u.cookie)).statusCode).toBe(200);
    const rivals = await t.db
      .select({ channel: outbox.channel })
      .from(outbox)
      .where(and(eq(outbox.userId, rival.user.id), eq(outbox.template, 'outbid')));
    expect(rivals.map((r) => r.channel).sort()).toEqual(['email']);
  });
});

describe('POST /api/me/notifications/test-email', () => {
  const send = (cookie: string, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: API.meNotificationsTestEmail,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function testRowsOf(userId: string) {
    return t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, userId), eq(outbox.template, 'test_email')));
  }

  it("sends a sample bid confirmation to the shopper's own address at once", async () => {
    const u = await signedInUser(t);
    const res = await send(u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Test email sent successfully!' });
    const [row] = await testRowsOf(u.user.id);
    expect(row).toMatchObject({ channel: 'email', recipient: u.user.email, status: 'sent' });
    expect(row!.payload).toMatchObject({ productTitle: expect.any(String), bidAmount: 45, isHighest: true });
    const mail = await t.db.select().from(devMessages).where(eq(devMessages.recipient, u.user.email));
    expect(mail.some((m) => m.channel === 'email' && /test/i.test(m.subject ?? ''))).toBe(true);
  });

  it('never sends to another user, whatever the body names', async () => {
    const u = await signedInUser(t);
    const res = await send(u.cookie, {
      userId: ben.user.id,
      type: 'bid_confirmation',
      data: { productTitle: 'Spam', bidAmount: 1, isHighest: false },
    });
    expect(res.statusCode).toBe(200);
    expect(await testRowsOf(ben.user.id)).toHaveLength(0);
    const [row] = await testRowsOf(u.user.id);
    expect(row!.recipient).toBe(u.user.email);
    expect(JSON.stringify(row!.payload)).not.toContain('Spam');
  });

  it("says 'Failed to send test email' when the send fails, and does not send it later", async () => {
    const u = await signedInUser(t);
    const spy = vi
      .spyOn(t.app.deps.sender.channels.email, 'send')
      .mockRejectedValueOnce(new Error('SMTP server refused the connection'));
    try {
      const res = await send(u.cookie);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error: { code: 'test_email_failed', message: 'Failed to send test email' },
      });
    } finally {
      spy.mockRestore();
    }
    const [row] = await testRowsOf(u.user.id);
    expect(row).toMatchObject({ status: 'dead', lastError: expect.stringContaining('SMTP') });
    const later = await t.app.deps.sender.drain();
    expect(later.sent).toBe(0);
  });

  it("says 'No email address found' when the account has none", async () => {
    const u = await signedInUser(t);
    await t.db.update(users).set({ email: '' }).where(eq(users.id, u.user.id));
    const res = await send(u.cookie);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('No email address found');
    expect(await testRowsOf(u.user.id)).toHaveLength(0);
  });

  it('allows a few a minute per shopper', async () => {
    const u = await signedInUser(t);
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push((await send(u.cookie)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    // Another shopper is not held back by the first one's count.
    expect((await send((await signedInUser(t)).cookie)).statusCode).toBe(200);
  });
});
