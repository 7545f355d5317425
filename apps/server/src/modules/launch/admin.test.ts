// The staff's launch list: counts, the list, the CSV export (confirmed only, staff only,
// spreadsheet-safe) and the launch action (once each, with a working one-click unsubscribe).
import { API } from '@rebound/contract/routes';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { useTestApp } from '../../../test/harness';
import { drainOutbox } from '../../../test/outbox';
import { auditLog, devMessages, listSignups, outbox } from '../../db/schema';

const NOW = new Date('2026-06-15T18:00:00.000Z');
let staff: SignedInUser;
let shopper: SignedInUser;
const t = useTestApp({ now: NOW }, async (t) => {
  staff = await signedInUser(t, { role: 'staff' });
  shopper = await signedInUser(t);
  const day = (d: number, h = 20) => new Date(Date.UTC(2026, 5, d, h));
  // 2026-06-10 20:00 UTC is June 10 in Vancouver; 2026-06-11 03:00 UTC is still June 10 there.
  await t.db.insert(listSignups).values([
    {
      email: 'ann@example.test',
      source: 'landing-page',
      status: 'confirmed',
      createdAt: day(10),
      confirmedAt: day(10, 21),
    },
    { email: 'bo@example.test', source: 'footer', status: 'pending', createdAt: day(11, 3) },
    {
      email: '=cmd|calc@example.test',
      source: 'landing-page',
      status: 'confirmed',
      createdAt: day(12),
      confirmedAt: day(12, 22),
      utm: { source: 'ig' },
    },
    {
      email: 'gone@example.test',
      source: 'landing-page',
      status: 'confirmed',
      createdAt: day(12),
      confirmedAt: day(12, 21),
      unsubscribedAt: day(13),
    },
  ]);
});

const asStaff = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: staff.cookie }, ...(payload ? { payload } : {}) });

describe('launch list for staff', () => {
  it('counts by Vancouver day and by source, confirmed vs pending', async () => {
    const res = await asStaff('GET', API.adminLaunchStats);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 4,
      confirmed: 3,
      pending: 1,
      byDay: [
        { date: '2026-06-10', total: 2, confirmed: 1 },
        { date: '2026-06-12', total: 2, confirmed: 2 },
      ],
      bySource: [
        { source: 'landing-page', total: 3, confirmed: 3 },
        { source: 'footer', total: 1, confirmed: 0 },
      ],
      launchedAt: null,
      awaitingOpenNotice: 2,
    });
  });

  it('lists and filters the signups', async () => {
    let res = await asStaff('GET', `${API.adminLaunchSignups}?status=pending`);
    expect(res.json()).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 25,
      items: [{ email: 'bo@example.test', status: 'pending', hasAccount: false }],
    });
    res = await asStaff('GET', `${API.adminLaunchSignups}?q=CALC&pageSize=10`);
    expect(res.json().items).toHaveLength(1);
    expect(res.json().items[0]).toMatchObject({
      source: 'landing-page',
      utm: { source: 'ig' },
      confirmedAt: '2026-06-12T22:00:00.000Z',
    });
    res = await asStaff('GET', `${API.adminLaunchSignups}?q=%25`);
    expect(res.json().total).toBe(0);
    expect((await asStaff('GET', `${API.adminLaunchSignups}?status=maybe`)).statusCode).toBe(400);
  });

  it('exports confirmed, subscribed addresses only, as a spreadsheet-safe CSV attachment, to staff only', async () => {
    for (const cookie of [undefined, shopper.cookie]) {
      const res = await t.app.inject({
        method: 'GET',
        url: API.adminLaunchExport,
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode).toBe(cookie ? 403 : 401);
      expect(res.body).not.toContain('ann@example.test');
    }
    const res = await asStaff('GET', API.adminLaunchExport);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="rebound-launch-list-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,confirmed_at,signed_up_at,source,locale,utm_source,utm_medium,utm_campaign');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      'ann@example.test',
      "'=cmd|calc@example.test",
    ]);
    expect(res.body).not.toContain('bo@example.test');
    expect(res.body).not.toContain('gone@example.test');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'launch_list.export'));
    expect(entry).toMatchObject({ actorId: staff.user.id, after: { rows: 2 } });
  });

  it('announces the opening once to each confirmed, subscribed signup, with a working unsubscribe', async () => {
    expect((await asStaff('POST', API.adminLaunchAnnounce, {})).statusCode).toBe(400);
    const [first, second] = await Promise.all([
      asStaff('POST', API.adminLaunchAnnounce, { confirm: true }),
      asStaff('POST', API.adminLaunchAnnounce, { confirm: true }),
    ]);
    expect([first!.json().queued, second!.json().queued].sort()).toEqual([0, 2]);
    expect((await asStaff('POST', API.adminLaunchAnnounce, { confirm: true })).json()).toEqual({ queued: 0 });
    const queued = await t.db.select().from(outbox).where(eq(outbox.template, 'launch_open'));
    expect(queued.map((r) => r.recipient).sort()).toEqual(['=cmd|calc@example.test', 'ann@example.test']);
    const stats = (await asStaff('GET', API.adminLaunchStats)).json();
    expect(stats.awaitingOpenNotice).toBe(0);
    expect(stats.launchedAt).toEqual(expect.any(String));

    await drainOutbox(t);
    const [mail] = await t.db
      .select()
      .from(devMessages)
      .where(
        and(
          eq(devMessages.recipient, 'ann@example.test'),
          sql`${devMessages.subject} like 'Rebound is open%'`,
        ),
      )
      .orderBy(desc(devMessages.createdAt));
    expect(mail).toBeDefined();
    const link = mail!.body.match(/https?:\/\/\S+\/unsubscribe\?token=([^\s"'<>]+)/);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    const info = await t.app.inject({
      method: 'GET',
      url: `${API.unsubscribe}?token=${encodeURIComponent(token)}`,
    });
    expect(info.json()).toEqual({ scope: 'launch', email: 'a**@example.test', subscribed: true });
    // The mail client's one-click (RFC 8058).
    const off = await t.app.inject({
      method: 'POST',
      url: `${API.unsubscribe}?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ scope: 'launch', email: 'a**@example.test', subscribed: false });
    const [row] = await t.db.select().from(listSignups).where(eq(listSignups.email, 'ann@example.test'));
    expect(row!.unsubscribedAt).toBeInstanceOf(Date);
    // Off the export too.
    expect((await asStaff('GET', API.adminLaunchExport)).body).not.toContain('ann@example.test');
  });
});
