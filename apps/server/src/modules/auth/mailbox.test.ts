import { API } from '@rebound/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, testAddress } from '../../../test/auth';
import { createTestApp, type TestApp } from '../../../test/harness';
import { devMessages } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('development mailbox', () => {
  it('lists what the local stand-ins sent, newest first, with working links', async () => {
    const { user } = await signedInUser(t);
    await t.app.inject({
      method: 'POST',
      url: API.authPhoneSendCode,
      payload: { phone: user.phone },
      remoteAddress: testAddress(),
    });
    const res = await t.app.inject({ method: 'GET', url: `${API.devMessages}?limit=5` });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json<{
      messages: {
        channel: string;
        recipient: string;
        links: string[];
        createdAt: string;
        subject: string | null;
      }[];
    }>();
    expect(messages[0]).toMatchObject({ channel: 'sms', recipient: user.phone });
    const times = messages.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const mail = messages.find((m) => m.channel === 'email' && m.recipient === user.email)!;
    expect(mail.subject).toBe('Confirm your Rebound account');
    expect(mail.links).toHaveLength(1);
    const link = new URL(mail.links[0]!);
    expect(link.pathname).toBe('/api/auth/verify-email');
    // The link still works (it was already used by the helper, so it signs in again).
    const followed = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(followed.statusCode).toBe(302);
  });

  it('shows pushes and the headers a provider would have got (List-Unsubscribe)', async () => {
    const who = `headers-${Date.now()}@example.test`;
    await t.db.insert(devMessages).values([
      {
        channel: 'email',
        recipient: who,
        subject: 'New drops',
        body: 'Hello https://rebound.example/shop',
        html: '<p>Hello</p>',
        headers: {
          'List-Unsubscribe': '<https://rebound.example/api/unsubscribe?token=t>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          odd: { nested: true },
        },
      },
      {
        channel: 'push',
        recipient: who,
        subject: "You've been outbid",
        body: 'Desk Lamp: now $30.00.\n\nhttps://rebound.example/product/lamp',
        headers: { tag: 'outbid-1', url: 'https://rebound.example/product/lamp', Urgency: 'high' },
      },
      { channel: 'sms', recipient: who, body: 'Rebound: hi' },
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: `${API.devMessages}?recipient=${encodeURIComponent(who)}`,
    });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json<{
      messages: {
        channel: string;
        subject: string | null;
        headers: Record<string, string>;
        links: string[];
      }[];
    }>();
    const byChannel = Object.fromEntries(messages.map((m) => [m.channel, m]));
    expect(byChannel.email!.headers).toEqual({
      'List-Unsubscribe': '<https://rebound.example/api/unsubscribe?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(byChannel.push).toMatchObject({
      subject: "You've been outbid",
      headers: { tag: 'outbid-1', url: 'https://rebound.example/product/lamp', Urgency: 'high' },
      links: ['https://rebound.example/product/lamp'],
    });
    expect(byChannel.sms!.headers).toEqual({});
    const pushes = await t.app.inject({
      method: 'GET',
      url: `${API.devMessages}?recipient=${encodeURIComponent(who)}&channel=push`,
    });
    expect(pushes.json<{ messages: unknown[] }>().messages).toHaveLength(1);
  });

  it('filters by recipient and channel', async () => {
    const { user } = await signedInUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `${API.devMessages}?recipient=${encodeURIComponent(user.email.toUpperCase())}&channel=email`,
    });
    const { messages } = res.json<{ messages: { recipient: string }[] }>();
    expect(messages.map((m) => m.recipient)).toEqual([user.email]);
  });

  it('does not exist in production, even for this machine', async () => {
    const prod = await createTestApp({
      database: t.database,
      env: {
        NODE_ENV: 'production',
        TEST_CLOCK: 'false',
        AUTH_SECRET: 'x'.repeat(40),
        SELLER_GST_NUMBER: '123456789 RT0001',
        SELLER_PST_NUMBER: 'PST-1234-5678',
        PUBLIC_URL: 'https://rebound.example',
      },
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: API.devMessages, remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    } finally {
      await prod.app.close();
    }
  });

  it('answers only this machine: any other address gets the plain 404', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ method: 'GET', url: API.devMessages, remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
    for (const remoteAddress of ['10.0.0.5', '192.168.1.20', '2001:db8::7', '::ffff:10.0.0.5']) {
      const res = await t.app.inject({ method: 'GET', url: API.devMessages, remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
      expect(res.body).not.toContain('messages');
    }
  });

  it('behind a trusted proxy, judges the forwarded client address, not the proxy', async () => {
    const proxied = await createTestApp({ database: t.database, env: { TRUST_PROXY: 'true' } });
    try {
      const outsider = await proxied.app.inject({
        method: 'GET',
        url: API.devMessages,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(outsider.statusCode).toBe(404);
      const local = await proxied.app.inject({
        method: 'GET',
        url: API.devMessages,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(local.statusCode).toBe(200);
    } finally {
      await proxied.app.close();
    }
  });

  it('is off with DEV_MAILBOX=false', async () => {
    const off = await createTestApp({ database: t.database, env: { DEV_MAILBOX: 'false' } });
    try {
      const res = await off.app.inject({ method: 'GET', url: API.devMessages, remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.app.close();
    }
  });
});

describe('staff guard', () => {
  it('lets staff through', async () => {
    const { user, cookie } = await signedInUser(t, { role: 'staff' });
    const res = await t.app.inject({ method: 'GET', url: API.adminPing, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, staff: { id: user.id, role: 'staff' } });
  });

  it('turns shoppers away with 403 and strangers with 401', async () => {
    const { cookie } = await signedInUser(t);
    const shopper = await t.app.inject({ method: 'GET', url: API.adminPing, headers: { cookie } });
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json()).toEqual({
      error: { code: 'forbidden', message: 'You do not have access to this.' },
    });
    const stranger = await t.app.inject({ method: 'GET', url: API.adminPing });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toEqual({ error: { code: 'auth_required', message: 'Authentication required' } });
  });
});
