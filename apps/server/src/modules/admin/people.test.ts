import type { AuditResponse } from '@rebound/contract/admin';
import type { PeopleResponse, PersonDetail } from '@rebound/contract/admin-people';
import { API } from '@rebound/contract/routes';
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, sessionCookieFrom, signedInUser, testAddress } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { recordingPublisher } from '../../../test/publish';
import { makeOrder } from '../../../test/won-orders';
import { auditLog, notifications, outbox, sessions, userStrikes, users } from '../../db/schema';
import { renderEmail } from '../notifications';
import * as people from './people';

// People in the back-office: search, detail, suspend/restore, strikes, roles,
// and never the last active staff account, even when two changes race.

const NOW = new Date('2026-06-15T18:00:00.000Z');
let staff: SignedInUser;
let ava: SignedInUser;
let ben: SignedInUser;
let locationId: string;
const t = useTestApp({ now: NOW }, async (t) => {
  staff = await signedInUser(t, { role: 'staff', handle: 'deskstaff' });
  ava = await signedInUser(t, { handle: 'ava_bids', email: 'ava.admin@example.test' });
  ben = await signedInUser(t, { handle: 'ben_bids', email: 'ben.admin@example.test' });
  locationId = (await makeLocation(t.db)).id;
});

const as = (who: SignedInUser) => ({ cookie: who.cookie });

async function detail(id: string) {
  const res = await t.app.inject({ method: 'GET', url: API.adminPerson(id), headers: as(staff) });
  expect(res.statusCode).toBe(200);
  return res.json<PersonDetail>();
}

async function lastAudit(entityId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API.adminAudit}?entityType=user&entityId=${entityId}`,
    headers: as(staff),
  });
  expect(res.statusCode).toBe(200);
  return res.json<AuditResponse>().items;
}

describe('searching people', () => {
  it('finds a shopper by email, handle, name or phone (any formatting)', async () => {
    const digits = ava.user.phone.slice(-7);
    for (const q of [
      'ava.admin@',
      'AVA_BIDS',
      ava.user.lastName,
      `${digits.slice(0, 3)} ${digits.slice(3)}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API.adminPeople}?q=${encodeURIComponent(q)}`,
        headers: as(staff),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<PeopleResponse>();
      expect(
        body.items.map((p) => p.id),
        q,
      ).toContain(ava.user.id);
    }
  });

  it('filters by role and pages', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API.adminPeople}?role=staff&pageSize=1`,
      headers: as(staff),
    });
    const body = res.json<PeopleResponse>();
    expect(body.pageSize).toBe(1);
    expect(body.items).toHaveLength(1);
    expect(body.items.every((p) => p.role === 'staff')).toBe(true);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${API.adminPeople}?pageSize=500`,
      headers: as(staff),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows a person with orders, strikes and notes; 404 for nobody', async () => {
    await makeOrder(t.db, { now: NOW, userId: ava.user.id, locationId, title: 'Blue kettle' });
    const d = await detail(ava.user.id);
    expect(d.person).toMatchObject({
      email: ava.user.email,
      role: 'shopper',
      status: 'active',
      staffNotes: '',
    });
    expect(d.orders.map((o) => o.productTitle)).toContain('Blue kettle');
    const none = await t.app.inject({
      method: 'GET',
      url: API.adminPerson('00000000-0000-4000-8000-000000000000'),
      headers: as(staff),
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('Person not found');
  });
});

describe('suspending and restoring', () => {
  it('suspends with a reason and restores, each recorded with before and after', async () => {
    const suspend = await t.app.inject({
      method: 'POST',
      url: API.adminPersonSuspend(ava.user.id),
      headers: as(staff),
      payload: { reason: 'Chargeback on two orders' },
    });
    expect(suspend.statusCode).toBe(200);
    expect(suspend.json<PersonDetail>().person.status).toBe('suspended');

    const restore = await t.app.inject({
      method: 'POST',
      url: API.adminPersonRestore(ava.user.id),
      headers: as(staff),
      payload: { reason: 'Bank reversed the chargeback' },
    });
    expect(restore.json<PersonDetail>().person.status).toBe('active');

    const [restored, suspended] = await lastAudit(ava.user.id);
    expect(suspended).toMatchObject({
      action: 'user.suspend',
      actor: { id: staff.user.id, handle: 'deskstaff' },
      before: { status: 'active' },
      after: { status: 'suspended' },
      reason: 'Chargeback on two orders',
    });
    expect(restored).toMatchObject({ action: 'user.restore', after: { status: 'active' } });
  });

  it('a suspension signs the person out everywhere at once; restoring creates no session', async () => {
    const cara = await signedInUser(t, { handle: 'cara_bids', email: 'cara.admin@example.test' });
    // A second browser: the same person signs in again.
    const second = await t.app.inject({
      method: 'POST',
      url: API.authSignIn,
      remoteAddress: testAddress(),
      payload: { email: 'cara.admin@example.test', password: 'correct-horse-battery' },
    });
    expect(second.statusCode, second.body).toBe(200);
    const secondCookie = sessionCookieFrom(second.headers['set-cookie']);
    const whoIs = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: API.authSession, headers: { cookie } })).json<{
        user: { id: string } | null;
      }>().user;
    expect((await whoIs(cara.cookie))?.id).toBe(cara.user.id);
    expect((await whoIs(secondCookie))?.id).toBe(cara.user.id);
    const sessionsOf = () => t.db.select().from(sessions).where(eq(sessions.userId, cara.user.id));
    expect(await sessionsOf()).toHaveLength(2);

    const suspend = await t.app.inject({
      method: 'POST',
      url: API.adminPersonSuspend(cara.user.id),
      headers: as(staff),
      payload: { reason: 'Shill bidding' },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect(await sessionsOf()).toHaveLength(0);
    expect(await whoIs(cara.cookie)).toBeNull();
    expect(await whoIs(secondCookie)).toBeNull();
    const [entry] = await lastAudit(cara.user.id);
    expect(entry).toMatchObject({ action: 'user.suspend', after: { status: 'suspended', sessionsEnded: 2 } });

    const restore = await t.app.inject({
      method: 'POST',
      url: API.adminPersonRestore(cara.user.id),
      headers: as(staff),
      payload: { reason: 'Cleared after review' },
    });
    expect(restore.statusCode).toBe(200);
    expect(await sessionsOf()).toHaveLength(0);
    expect(await whoIs(cara.cookie)).toBeNull();
  });

  it('the suspended shopper is told what it means and where to ask, and their open pages hear of it', async () => {
    const dan = await signedInUser(t, { handle: 'dan_bids', email: 'dan.admin@example.test' });
    const recorder = recordingPublisher();
    await people.setSuspended(
      { db: t.db, clock: t.clock, publish: recorder.publish },
      staff.user,
      dan.user.id,
      true,
      'Shill bidding',
    );
    const inApp = await t.db.select().from(notifications).where(eq(notifications.userId, dan.user.id));
    expect(inApp).toHaveLength(1);
    expect(inApp[0]).toMatchObject({ targetUrl: '/contact' });
    expect(inApp[0]!.message).toMatch(/^Your Rebound account is suspended: you cannot bid/);
    expect(inApp[0]!.message).not.toContain('Shill bidding'); // staff's reason stays among staff
    const [email] = await t.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.userId, dan.user.id),
          eq(outbox.template, 'account_suspended'),
          eq(outbox.channel, 'email'),
        ),
      );
    expect(email).toBeDefined();
    const rendered = renderEmail(
      { ...email!, recipient: dan.user.email, payload: email!.payload as Record<string, unknown> },
      { publicUrl: 'https://rebound.example', secret: 'people-test-secret-0123456789-abcdefgh' },
    );
    expect(rendered.subject).toBe('Your Rebound account is suspended');
    expect(rendered.text).toContain('https://rebound.example/contact');
    expect(recorder.events.map((e) => [e.room, e.event.type])).toEqual([
      [`user:${dan.user.id}`, 'AccountChangedV1'],
      [`user:${dan.user.id}`, 'NotificationsChangedV1'],
    ]);

    // Suspending again changes nothing and tells nobody twice; restoring is announced, not noticed.
    await people.setSuspended(
      { db: t.db, clock: t.clock, publish: recorder.publish },
      staff.user,
      dan.user.id,
      true,
      'again',
    );
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, dan.user.id))).toHaveLength(
      1,
    );
    recorder.events.length = 0;
    await people.setSuspended(
      { db: t.db, clock: t.clock, publish: recorder.publish },
      staff.user,
      dan.user.id,
      false,
      'cleared',
    );
    expect(recorder.events.map((e) => e.event.type)).toEqual(['AccountChangedV1']);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, dan.user.id))).toHaveLength(
      1,
    );
  });

  it('a refused suspension ends no session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.adminPersonSuspend(staff.user.id),
      headers: as(staff),
      payload: { reason: 'trying to lock myself out' },
    });
    expect(res.statusCode).toBe(409);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, staff.user.id))).not.toHaveLength(0);
  });

  it('needs a reason', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.adminPersonSuspend(ava.user.id),
      headers: as(staff),
      payload: { reason: ' ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please give a reason (at least 3 characters).');
  });

  it('staff cannot suspend themselves', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.adminPersonSuspend(staff.user.id),
      headers: as(staff),
      payload: { reason: 'going on holiday' },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('strikes', () => {
  it('removes a strike with a reason; the count is recomputed and the removal recorded', async () => {
    const [a, b] = await t.db
      .insert(userStrikes)
      .values([
        { userId: ava.user.id, reason: 'Unpaid order 1' },
        { userId: ava.user.id, reason: 'Unpaid order 2', orderId: null },
      ])
      .returning();
    await t.db.update(users).set({ strikes: 2 }).where(eq(users.id, ava.user.id));

    const res = await t.app.inject({
      method: 'POST',
      url: API.adminPersonStrikeRemove(ava.user.id, a!.id),
      headers: as(staff),
      payload: { reason: 'Paid by phone' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<PersonDetail>();
    expect(body.person.strikes).toBe(1);
    expect(body.strikes.find((s) => s.id === a!.id)).toMatchObject({
      removedReason: 'Paid by phone',
      removedBy: 'deskstaff',
    });
    expect(body.strikes.find((s) => s.id === b!.id)?.removedAt).toBeNull();
    const [entry] = await lastAudit(ava.user.id);
    expect(entry).toMatchObject({
      action: 'strike.remove',
      before: { activeStrikes: 2 },
      after: { activeStrikes: 1, suspension: 'not_suspended' },
      reason: 'Paid by phone',
    });

    // Twice: the strike is already removed.
    const again = await t.app.inject({
      method: 'POST',
      url: API.adminPersonStrikeRemove(ava.user.id, a!.id),
      headers: as(staff),
      payload: { reason: 'Paid by phone' },
    });
    expect(again.statusCode).toBe(404);
  });

  it('from People too, a removal below three strikes lifts a suspension the strikes caused (decision 014)', async () => {
    const made = await t.db
      .insert(userStrikes)
      .values([1, 2, 3].map((n) => ({ userId: ben.user.id, reason: `Unpaid order ${n}` })))
      .returning();
    await t.db.update(users).set({ strikes: 3, status: 'suspended' }).where(eq(users.id, ben.user.id));
    const res = await t.app.inject({
      method: 'POST',
      url: API.adminPersonStrikeRemove(ben.user.id, made[0]!.id),
      headers: as(staff),
      payload: { reason: 'Card trouble, paid in person' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<PersonDetail>().person).toMatchObject({ strikes: 2, status: 'active' });
    const [entry] = await lastAudit(ben.user.id);
    expect(entry).toMatchObject({
      action: 'strike.remove',
      after: { suspension: 'lifted', status: 'active' },
    });
  });

  it('an unknown person is 404 and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.adminPersonStrikeRemove(
        '00000000-0000-4000-8000-000000000099',
        '00000000-0000-4000-8000-000000000098',
      ),
      headers: as(staff),
      payload: { reason: 'Paid at the desk' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('staff notes', () => {
  it('saves notes and records the change', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: API.adminPersonNotes(ava.user.id),
      headers: as(staff),
      payload: { notes: 'Prefers Saturday pickups.' },
    });
    expect(res.json<PersonDetail>().person.staffNotes).toBe('Prefers Saturday pickups.');
    const [entry] = await lastAudit(ava.user.id);
    expect(entry).toMatchObject({ action: 'user.notes', after: { staffNotes: 'Prefers Saturday pickups.' } });
  });
});

describe('making and removing staff', () => {
  it('makes a shopper staff and back, recorded', async () => {
    const bo = await signedInUser(t);
    const make = await t.app.inject({
      method: 'PUT',
      url: API.adminPersonRole(bo.user.id),
      headers: as(staff),
      payload: { role: 'staff', reason: 'Hired for the desk' },
    });
    expect(make.json<PersonDetail>().person.role).toBe('staff');
    // Bo can open the back-office now.
    const audit = await t.app.inject({ method: 'GET', url: API.adminAudit, headers: as(bo) });
    expect(audit.statusCode).toBe(200);
    const remove = await t.app.inject({
      method: 'PUT',
      url: API.adminPersonRole(bo.user.id),
      headers: as(staff),
      payload: { role: 'shopper', reason: 'Left the company' },
    });
    expect(remove.json<PersonDetail>().person.role).toBe('shopper');
    const entries = await lastAudit(bo.user.id);
    expect(entries.map((e) => [e.action, e.after])).toEqual([
      ['user.role', expect.objectContaining({ role: 'shopper' })],
      ['user.role', expect.objectContaining({ role: 'staff' })],
    ]);
  });

  it('never leaves no active staff, even when two changes race', async () => {
    const deps = { db: t.db, clock: t.clock };
    for (let round = 0; round < 5; round++) {
      // Exactly two active staff accounts: A and B.
      const a = await signedInUser(t, { role: 'staff' });
      const b = await signedInUser(t, { role: 'staff' });
      await t.db
        .update(users)
        .set({ role: 'shopper' })
        .where(and(eq(users.role, 'staff'), ne(users.id, a.user.id), ne(users.id, b.user.id)));

      // A removes B's staff role while B suspends A.
      const results = await Promise.allSettled([
        people.setRole(deps, a.user, b.user.id, { role: 'shopper', reason: 'race one' }),
        people.setSuspended(deps, b.user, a.user.id, true, 'race two'),
      ]);
      const refused = results.filter((r) => r.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'last_staff' });
      const active = await t.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'staff'), eq(users.status, 'active')));
      expect(active).toHaveLength(1);
      await t.db.update(users).set({ role: 'shopper', status: 'active' }).where(eq(users.role, 'staff'));
    }
    // Restore the desk staff account used by the other tests.
    await t.db.update(users).set({ role: 'staff', status: 'active' }).where(eq(users.id, staff.user.id));
  });

  it('refuses to remove the last active staff account with a clear message', async () => {
    await t.db
      .update(users)
      .set({ role: 'shopper' })
      .where(and(eq(users.role, 'staff'), ne(users.id, staff.user.id)));
    const other = await signedInUser(t, { role: 'staff' });
    // Two staff: staff removes other (fine), then other cannot be made to remove staff.
    const ok = await t.app.inject({
      method: 'PUT',
      url: API.adminPersonRole(other.user.id),
      headers: as(staff),
      payload: { role: 'shopper', reason: 'Temporary account' },
    });
    expect(ok.statusCode).toBe(200);
    await t.db.update(users).set({ role: 'staff' }).where(eq(users.id, other.user.id));
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, staff.user.id));
    const refused = await people
      .setRole({ db: t.db, clock: t.clock }, staff.user, other.user.id, {
        role: 'shopper',
        reason: 'no staff left',
      })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'last_staff' });
    expect(refused).toHaveProperty(
      'message',
      'This is the last active staff account. Make someone else staff first.',
    );
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, staff.user.id));
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.reason, 'no staff left'));
    expect(audits).toHaveLength(0);
  });
});
