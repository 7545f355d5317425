import { API } from '@rebound/contract/routes';
import { UNSUBSCRIBE_LINK_INVALID } from '@rebound/contract/unsubscribe';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeLocation, makeLotLiveBefore, makeUser, subscribePush } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { outbox, users } from '../../db/schema';
import { runDailyDigest } from '../digest';
import { loadContacts, type Notice, noticeRows } from './enqueue';
import { renderEmail } from './render';
import { createUnsubscribeToken, UNSUBSCRIBE_TOKEN_LIFETIME_MS } from './unsubscribe-token';

const t = useTestApp();

const NOW = new Date('2026-06-15T18:00:00.000Z');
const CONSENTED = { marketingConsent: true, marketingConsentAt: NOW };

function notice(userId: string, kind: 'new_drops' | 'marketing' | 'outbid_alerts'): Notice {
  return { userId, kind, template: 'generic', message: 'Hello', targetUrl: '/drops', data: {} };
}

/** The channels a notice of this kind would go out on for this user now. */
async function channels(userId: string, kind: 'new_drops' | 'marketing' | 'outbid_alerts') {
  const contacts = await loadContacts(t.db, [userId]);
  return noticeRows(NOW, [notice(userId, kind)], contacts).outgoing.map((o) => o.channel);
}

/** A shopper whose browser subscribed to push, so each channel a notice may take can be seen. */
async function shopper(over: Parameters<typeof makeUser>[1]) {
  const user = await makeUser(t.db, over);
  await subscribePush(t.db, user.id);
  return user;
}

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

const url = (token: string) => `${API.unsubscribe}?token=${encodeURIComponent(token)}`;

describe('one-click unsubscribe', () => {
  it('a mail client POST (RFC 8058 form body, no session) stops the next new-drops email', async () => {
    const user = await shopper(CONSENTED);
    expect(await channels(user.id, 'new_drops')).toEqual(['email', 'push']);
    const token = createUnsubscribeToken(t.config.authSecret, user.id, 'new_drops');

    const res = await t.app.inject({
      method: 'POST',
      url: url(token),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      scope: 'new_drops',
      email: expect.stringMatching(/^u\*+@example\.test$/),
      subscribed: false,
    });
    // Email off; the shopper's push choice and their consent stay as they were.
    expect(await channels(user.id, 'new_drops')).toEqual(['push']);
    const row = await userRow(user.id);
    expect(row.marketingConsent).toBe(true);
    expect(row.notificationSettings).toEqual({ new_drops: { email: false } });
    // Other kinds are untouched.
    expect(await channels(user.id, 'outbid_alerts')).toEqual(['email', 'push']);
  });

  it('accepts multipart/form-data too, and keeps the rest of stored settings', async () => {
    const user = await shopper({
      ...CONSENTED,
      notificationSettings: { new_drops: { sms: true }, outbid_alerts: { email: false } },
    });
    const token = createUnsubscribeToken(t.config.authSecret, user.id, 'new_drops');
    const boundary = '----rebound';
    const res = await t.app.inject({
      method: 'POST',
      url: url(token),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(200);
    expect((await userRow(user.id)).notificationSettings).toEqual({
      new_drops: { sms: true, email: false },
      outbid_alerts: { email: false },
    });
  });

  it('marketing: turns marketing email off and withdraws the consent (no consent-only message on any channel)', async () => {
    const user = await shopper({
      ...CONSENTED,
      notificationSettings: { marketing: { email: true, push: true } },
    });
    expect(await channels(user.id, 'marketing')).toEqual(['email', 'push']);
    const token = createUnsubscribeToken(t.config.authSecret, user.id, 'marketing');
    // The web page posts JSON.
    const res = await t.app.inject({ method: 'POST', url: url(token), payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ scope: 'marketing', subscribed: false });
    const row = await userRow(user.id);
    expect(row.marketingConsent).toBe(false);
    expect(row.marketingConsentAt).toBeNull();
    expect(row.notificationSettings).toEqual({ marketing: { email: false, push: true } });
    expect(await channels(user.id, 'marketing')).toEqual([]);
    expect(await channels(user.id, 'new_drops')).toEqual([]);
    expect(await channels(user.id, 'outbid_alerts')).toEqual(['email', 'push']);
  });

  it('is idempotent: a second POST answers the same and changes nothing more', async () => {
    const user = await shopper(CONSENTED);
    const token = createUnsubscribeToken(t.config.authSecret, user.id, 'new_drops');
    const first = await t.app.inject({ method: 'POST', url: url(token) });
    const settings = (await userRow(user.id)).notificationSettings;
    const second = await t.app.inject({ method: 'POST', url: url(token) });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await userRow(user.id)).notificationSettings).toEqual(settings);
  });

  it('GET only describes the link: a link scanner unsubscribes nobody', async () => {
    const user = await shopper(CONSENTED);
    const before = await userRow(user.id);
    const token = createUnsubscribeToken(t.config.authSecret, user.id, 'marketing');
    const res = await t.app.inject({ method: 'GET', url: url(token) });
    expect(res.statusCode).toBe(200);
    // Marketing rests on the consent, which the link withdraws: still given, so still subscribed.
    expect(res.json()).toEqual({
      scope: 'marketing',
      email: expect.stringContaining('@example.test'),
      subscribed: true,
    });
    const drops = await t.app.inject({
      method: 'GET',
      url: url(createUnsubscribeToken(t.config.authSecret, user.id, 'new_drops')),
    });
    expect(drops.json()).toMatchObject({ scope: 'new_drops', subscribed: true });
    const after = await userRow(user.id);
    expect(after.marketingConsent).toBe(true);
    expect(after.notificationSettings).toEqual(before.notificationSettings);
    expect(await channels(user.id, 'new_drops')).toEqual(['email', 'push']);
  });

  it('refuses a tampered, expired, foreign or missing token with a clear 400, changing nothing', async () => {
    const user = await shopper(CONSENTED);
    const token = createUnsubscribeToken(t.config.authSecret, user.id, 'new_drops');
    const [id, , expiry, sig] = token.split('.') as [string, string, string, string];
    const old = createUnsubscribeToken(
      t.config.authSecret,
      user.id,
      'new_drops',
      new Date(t.clock.now().getTime() - UNSUBSCRIBE_TOKEN_LIFETIME_MS - 60_000),
    );
    const stranger = await shopper(CONSENTED);
    const swapped = token.replace(id, stranger.id);
    const deleted = createUnsubscribeToken(
      t.config.authSecret,
      '00000000-0000-4000-8000-000000000000',
      'new_drops',
    );
    const bad = [
      `${API.unsubscribe}`,
      `${API.unsubscribe}?token=`,
      url(`${id}.marketing.${expiry}.${sig}`),
      url(swapped),
      url(old),
      url(deleted),
      url(createUnsubscribeToken('some-other-secret-of-enough-length-123456', user.id, 'new_drops')),
      url('%%%'),
      `${API.unsubscribe}?token=a&token=b`,
      url('x'.repeat(5000)),
    ];
    for (const path of bad) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: path });
        expect(res.statusCode, `${method} ${path.slice(0, 80)}`).toBe(400);
        expect(res.json()).toEqual({ error: { code: 'bad_request', message: UNSUBSCRIBE_LINK_INVALID } });
      }
    }
    expect(await channels(user.id, 'new_drops')).toEqual(['email', 'push']);
    expect(await channels(stranger.id, 'new_drops')).toEqual(['email', 'push']);
  });

  it('the link in a rendered new-drops email is one that works', async () => {
    const user = await shopper(CONSENTED);
    const [outgoing] = noticeRows(
      NOW,
      [notice(user.id, 'new_drops')],
      await loadContacts(t.db, [user.id]),
    ).outgoing;
    const email = renderEmail(
      {
        id: 'x',
        channel: 'email',
        template: 'new_drops_digest',
        recipient: user.email,
        userId: user.id,
        payload: outgoing!.payload as Record<string, unknown>,
      },
      { publicUrl: t.config.publicUrl, secret: t.config.authSecret },
    );
    const header = email.headers['List-Unsubscribe']!;
    const link = /<(https?:[^>]+)>/.exec(header)![1]!;
    const target = new URL(link);
    expect(`${target.origin}`).toBe(new URL(t.config.publicUrl).origin);
    const res = await t.app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await channels(user.id, 'new_drops')).toEqual(['push']);
  });

  it('the header link of a real digest email, posted by a mail client, stops the next digest email', async () => {
    const location = await makeLocation(t.db);
    const lotBefore = (at: Date, title: string) =>
      makeLotLiveBefore(t.db, { at, title, locationId: location.id, auction: { currentPriceCents: 2_000 } });
    // The digest goes only to confirmed addresses (decision 020).
    const user = await shopper({ ...CONSENTED, emailVerified: true });
    const digestEmails = async () =>
      t.db
        .select()
        .from(outbox)
        .where(
          and(
            eq(outbox.userId, user.id),
            eq(outbox.template, 'new_drops_digest'),
            eq(outbox.channel, 'email'),
          ),
        );

    // Day 1, 08:00:30 PDT: the digest email is queued; render it as the sender would.
    const day1 = new Date('2026-06-16T15:00:30Z');
    await lotBefore(day1, 'Brass Desk Lamp');
    await runDailyDigest(t.db, day1, t.app.deps.publish);
    const [queued] = await digestEmails();
    expect(queued).toBeDefined();
    const email = renderEmail(
      {
        id: queued!.id,
        channel: 'email',
        template: queued!.template,
        recipient: queued!.recipient,
        userId: queued!.userId,
        payload: queued!.payload as Record<string, unknown>,
      },
      { publicUrl: t.config.publicUrl, secret: t.config.authSecret },
    );
    expect(email.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = new URL(/<(https?:[^>]+)>/.exec(email.headers['List-Unsubscribe']!)![1]!);
    const res = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);

    // Day 2: new lots again, but no digest email for this shopper (the push still goes).
    const day2 = new Date('2026-06-17T15:00:30Z');
    await lotBefore(day2, 'Rowing Machine');
    await runDailyDigest(t.db, day2, t.app.deps.publish);
    expect(await digestEmails()).toHaveLength(1);
    const pushes = await t.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.userId, user.id), eq(outbox.template, 'new_drops_digest'), eq(outbox.channel, 'push')),
      );
    expect(pushes).toHaveLength(2);
  });
});
