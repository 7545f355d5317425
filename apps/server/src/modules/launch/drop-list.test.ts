// The open store's new-drops email list (docs/decisions/045-texts-that-are-true.md): the drops page's
// early-access form and the footer join it, double opt-in; the confirmation records the consent; the
// daily digest reaches confirmed addresses without an account; the one-click unsubscribe stops it.
import { API } from '@rebound/contract/routes';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lastMessageTo, linkPath, testAddress } from '../../../test/auth';
import { makeLocation, makeLotLiveBefore, makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { devMessages, listSignups, outbox, users } from '../../db/schema';
import { runDailyDigest } from '../digest';
import { renderEmail } from '../notifications';

const t = useTestApp();

let n = 0;
const fresh = () => `drops${++n}.${Date.now().toString(36)}@example.test`;
const join = (email: string, source = 'drops-early-access') =>
  t.app.inject({
    method: 'POST',
    url: API.listSignups,
    payload: { email, source },
    remoteAddress: testAddress(),
  });
const open = (path: string) => t.app.inject({ method: 'GET', url: path, remoteAddress: testAddress() });

async function rowOf(email: string) {
  const [row] = await t.db
    .select()
    .from(listSignups)
    .where(and(eq(listSignups.list, 'drops'), eq(listSignups.email, email)));
  return row ?? null;
}

describe('the new-drops email list of an open store', () => {
  it('joins it, not the launch list, and speaks of new drops; the link confirms once, recording when', async () => {
    const email = fresh();
    const res = await join(`  ${email.toUpperCase()} `);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      title: 'Check your email',
      message: 'We sent you a confirmation link. Open it to get the new-drops email.',
    });
    expect(JSON.stringify(res.json())).not.toMatch(/launch/i);
    expect(await rowOf(email)).toMatchObject({
      status: 'pending',
      source: 'drops-early-access',
      confirmedAt: null,
    });
    expect(
      await t.db
        .select()
        .from(listSignups)
        .where(and(eq(listSignups.list, 'launch'), eq(listSignups.email, email))),
    ).toEqual([]);

    const message = await lastMessageTo(t, email);
    expect(message?.subject).toBe('Confirm you want the Rebound new-drops email');
    expect(message?.body).not.toMatch(/launch/i);
    const link = linkPath(message!.body);
    expect(link.startsWith(`${API.dropListConfirm}?token=`)).toBe(true);

    const first = await open(link);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/drops-confirmed');
    const row = await rowOf(email);
    expect(row?.status).toBe('confirmed');
    expect(row?.confirmedAt).toBeInstanceOf(Date);

    expect((await open(link)).headers.location).toBe('/drops-already-confirmed');
    expect((await open(`${API.dropListConfirm}?token=not-a-token`)).headers.location).toBe(
      '/drops-confirm-error',
    );
    expect((await open(API.dropListConfirm)).headers.location).toBe('/drops-confirm-error');

    // Joining again once confirmed sends nothing (the answer is the same).
    const before = await t.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect((await join(email, 'footer')).statusCode).toBe(201);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, email))).toHaveLength(before.length);
  });

  it('one address is on each list once; a link confirms only on its own list', async () => {
    const email = fresh();
    // Both lists' emails go to the same address: each link is told by its path.
    const links = async (prefix: string) => {
      await lastMessageTo(t, email); // sends what is queued
      const sent = await t.db.select().from(devMessages).where(eq(devMessages.recipient, email));
      return sent.map((m) => linkPath(m.body)).filter((link) => link.startsWith(`${prefix}?token=`));
    };
    await join(email);
    const [firstDropsLink] = await links(API.dropListConfirm);
    const launch = await t.app.inject({
      method: 'POST',
      url: API.launchSignup,
      payload: { email },
      remoteAddress: testAddress(),
    });
    expect(launch.statusCode).toBe(200);
    const [launchLink, ...noMore] = await links(API.launchConfirm);
    expect(noMore).toEqual([]);
    await join(email.toUpperCase(), 'footer'); // again: a new link, still one signup
    const dropsLinks = await links(API.dropListConfirm);
    expect(dropsLinks).toHaveLength(2);
    const dropsLink = dropsLinks.find((link) => link !== firstDropsLink)!;
    const tokenOf = (link: string) => link.slice(link.indexOf('?'));
    expect((await open(`${API.dropListConfirm}${tokenOf(launchLink!)}`)).headers.location).toBe(
      '/drops-confirm-error',
    );
    expect((await open(`${API.launchConfirm}${tokenOf(dropsLink)}`)).headers.location).toBe('/launch-error');
    const lists = async () =>
      (
        await t.db
          .select({ list: listSignups.list, status: listSignups.status })
          .from(listSignups)
          .where(sql`lower(${listSignups.email}) = lower(${email})`)
          .orderBy(listSignups.list)
      ).map((r) => `${r.list}:${r.status}`);
    expect(await lists()).toEqual(['drops:pending', 'launch:pending']);
    expect((await open(dropsLink)).headers.location).toBe('/drops-confirmed');
    expect(await lists()).toEqual(['drops:confirmed', 'launch:pending']);
    expect((await open(launchLink!)).headers.location).toBe('/launch-success');
    expect(await lists()).toEqual(['drops:confirmed', 'launch:confirmed']);
  });

  it("an account's address confirmed here gets the marketing consent and the new-drops email on", async () => {
    const user = await makeUser(t.db, { email: fresh(), marketingConsent: false, marketingConsentAt: null });
    await join(user.email, 'footer');
    const link = linkPath((await lastMessageTo(t, user.email))!.body);
    expect((await open(link)).headers.location).toBe('/drops-confirmed');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.marketingConsent).toBe(true);
    expect(row?.marketingConsentAt).toBeInstanceOf(Date);
    const settings = row?.notificationSettings as { new_drops?: { email?: boolean } } | undefined;
    expect(settings?.new_drops?.email).toBe(true);
  });

  it('the daily digest reaches a confirmed address without an account, once, until it unsubscribes', async () => {
    const email = fresh();
    await join(email);
    await open(linkPath((await lastMessageTo(t, email))!.body));
    const pending = fresh();
    await join(pending); // never confirmed: never emailed a digest

    const location = await makeLocation(t.db);
    const lotBefore = (at: Date, title: string) =>
      makeLotLiveBefore(t.db, { at, title, locationId: location.id });
    const digests = (to: string) =>
      t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, to), eq(outbox.template, 'new_drops_digest')));

    const day1 = new Date('2026-06-16T15:00:30Z');
    await lotBefore(day1, 'Brass Desk Lamp');
    await runDailyDigest(t.db, day1, t.app.deps.publish);
    await runDailyDigest(t.db, day1, t.app.deps.publish); // again: still once
    const [queued, ...more] = await digests(email);
    expect(more).toEqual([]);
    expect(await digests(pending)).toEqual([]);
    const rendered = renderEmail(
      {
        id: queued!.id,
        channel: 'email',
        template: queued!.template,
        recipient: queued!.recipient,
        userId: null,
        payload: queued!.payload as Record<string, unknown>,
      },
      { publicUrl: t.config.publicUrl, secret: t.config.authSecret },
    );
    expect(rendered.text).toContain('Brass Desk Lamp');
    expect(rendered.text).toContain('you asked for the Rebound new-drops email and confirmed this address');
    const unsubscribe = new URL(/<(https?:[^>]+)>/.exec(rendered.headers['List-Unsubscribe']!)![1]!);
    const res = await t.app.inject({
      method: 'POST',
      url: `${unsubscribe.pathname}${unsubscribe.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ scope: 'drop_list', subscribed: false });

    const day2 = new Date('2026-06-17T15:00:30Z');
    await lotBefore(day2, 'Rowing Machine');
    await runDailyDigest(t.db, day2, t.app.deps.publish);
    expect(await digests(email)).toHaveLength(1);
  });
});
