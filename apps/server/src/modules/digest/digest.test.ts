// The daily new-drops digest: 08:00 Vancouver, once per shopper and day, consent first.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeAuction, makeCategory, makeLocation, makeUser, subscribePush } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { notifications, outbox, type products, savedSearches, users } from '../../db/schema';
import { runDailyDigest } from './digest';

const HOUR = 3_600_000;
let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

/** A lot that went live `hoursBefore` hours before `at` and runs for 2 days. */
async function lotLiveBefore(
  at: Date,
  hoursBefore: number,
  title: string,
  over: Partial<typeof products.$inferInsert> = {},
) {
  const start = new Date(at.getTime() - hoursBefore * HOUR);
  return makeAuction(t.db, {
    now: start,
    locationId,
    product: { title, ...over },
    auction: {
      startTime: start,
      endTime: new Date(start.getTime() + 48 * HOUR),
      startingBidCents: 2_000,
      currentPriceCents: 2_000,
    },
  });
}

/** A consenting shopper with a confirmed email whose browser subscribed to push. */
async function shopper(over: Partial<typeof users.$inferInsert> = {}) {
  const user = await makeUser(t.db, { marketingConsent: true, emailVerified: true, ...over });
  await subscribePush(t.db, user.id);
  return user;
}

const digestsOf = async (userIds: string[]) => ({
  inApp: await t.db
    .select()
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.kind, 'new_drops'))),
  queued: await t.db
    .select()
    .from(outbox)
    .where(and(inArray(outbox.userId, userIds), eq(outbox.template, 'new_drops_digest'))),
});

describe('the daily new-drops digest', () => {
  it("lists the day's new lots with saved-search matches, once, to consenting shoppers with a confirmed email only", async () => {
    // 08:00:30 PDT on 16 June: the window is 08:00 on the 15th to 08:00 on the 16th (Vancouver).
    const at = new Date('2026-06-16T15:00:30Z');
    const category = await makeCategory(t.db);
    const lamp = await lotLiveBefore(at, 2, 'Brass Desk Lamp', { categoryId: category.id });
    await lotLiveBefore(at, 20, 'Rowing Machine');
    await lotLiveBefore(at, 30, 'Old Kettle'); // before the window: yesterday's digest had it

    const ava = await shopper();
    const ben = await shopper({ marketingConsent: false });
    const cat = await shopper({
      notificationSettings: { new_drops: { email: false, sms: false, push: false } },
    });
    const dan = await shopper({ notificationSettings: { new_drops: { email: false, push: true } } });
    const eli = await shopper({ emailVerified: false });
    await t.db.insert(savedSearches).values([
      { userId: ava.id, name: 'Lamps', query: { q: 'lamp', category: category.slug } },
      { userId: ava.id, name: 'Bikes', query: { q: 'bike' } },
    ]);

    const run = await runDailyDigest(t.db, at, t.app.deps.publish);
    expect(run.date).toBe('2026-06-16');
    expect(run.lotCount).toBe(2);
    expect(run.userIds).toEqual(expect.arrayContaining([ava.id, dan.id]));
    expect(run.userIds).not.toContain(ben.id);
    expect(run.userIds).not.toContain(cat.id);
    expect(run.userIds).not.toContain(eli.id);

    const { inApp, queued } = await digestsOf([ava.id, ben.id, cat.id, dan.id, eli.id]);
    expect(inApp.map((n) => [n.userId, n.message]).sort()).toEqual(
      [
        [ava.id, '2 new lots went live since yesterday. 1 matches your saved searches.'],
        [dan.id, '2 new lots went live since yesterday.'],
      ].sort(),
    );
    // Email and push by the defaults for Ava; push only for Dan, who turned new-drop emails off.
    expect(queued.map((q) => [q.userId, q.channel]).sort()).toEqual(
      [
        [ava.id, 'email'],
        [ava.id, 'push'],
        [dan.id, 'push'],
      ].sort(),
    );
    const avaEmail = queued.find((q) => q.userId === ava.id && q.channel === 'email')!;
    expect(avaEmail.payload).toMatchObject({
      kind: 'new_drops',
      date: '2026-06-16',
      count: 2,
      lots: [
        { title: 'Brass Desk Lamp', priceCents: 2_000, url: `/product/${lamp.product.slug}` },
        { title: 'Rowing Machine', priceCents: 2_000 },
      ],
      savedSearchMatches: [{ searchName: 'Lamps', lots: [{ title: 'Brass Desk Lamp' }] }],
    });

    // A second run that day sends nothing more.
    expect((await runDailyDigest(t.db, new Date(at.getTime() + HOUR), t.app.deps.publish)).userIds).toEqual(
      [],
    );
    expect((await digestsOf([ava.id])).inApp).toHaveLength(1);
  });

  it('matches saved searches as the shop search does: any word form, joined words, the description, a GTIN', async () => {
    const at = new Date('2026-08-05T15:00:30Z');
    await lotLiveBefore(at, 2, 'Cordless Drill');
    await lotLiveBefore(at, 3, 'Airfryer XL');
    await lotLiveBefore(at, 4, 'Stand Mixer', { description: 'Comes with a dough hook and a whisk.' });
    await lotLiveBefore(at, 5, 'Electric Kettle', { gtin: '00036000291452' });
    await lotLiveBefore(at, 6, 'Garden Hose');
    const fay = await shopper();
    await t.db.insert(savedSearches).values([
      { userId: fay.id, name: 'Drills', query: { q: 'drills' } },
      { userId: fay.id, name: 'Fryers', query: { q: 'air fryer' } },
      { userId: fay.id, name: 'Dough hooks', query: { q: 'dough hook' } },
      { userId: fay.id, name: 'That kettle', query: { q: '036000291452' } },
      { userId: fay.id, name: 'Snowboards', query: { q: 'snowboards' } },
    ]);

    await runDailyDigest(t.db, at, t.app.deps.publish);
    const { inApp, queued } = await digestsOf([fay.id]);
    expect(inApp.map((n) => n.message)).toEqual([
      '5 new lots went live since yesterday. 4 match your saved searches.',
    ]);
    const email = queued.find((q) => q.channel === 'email')!;
    const matches = (
      email.payload as { savedSearchMatches: { searchName: string; lots: { title: string }[] }[] }
    ).savedSearchMatches;
    expect(matches.map((m) => [m.searchName, m.lots.map((l) => l.title)]).sort()).toEqual(
      [
        ['Drills', ['Cordless Drill']],
        ['Fryers', ['Airfryer XL']],
        ['Dough hooks', ['Stand Mixer']],
        ['That kettle', ['Electric Kettle']],
      ].sort(),
    );
  });

  it('two runs at once send each digest once', async () => {
    const at = new Date('2026-06-20T15:01:00Z');
    await lotLiveBefore(at, 3, 'Camping Stove');
    const people = [await shopper(), await shopper(), await shopper()];
    const runs = await Promise.all([
      runDailyDigest(t.db, at, t.app.deps.publish),
      runDailyDigest(t.db, at, t.app.deps.publish),
    ]);
    const got = runs.flatMap((r) => r.userIds).filter((id) => people.some((p) => p.id === id));
    expect(got.sort()).toEqual(people.map((p) => p.id).sort());
    const { inApp, queued } = await digestsOf(people.map((p) => p.id));
    expect(inApp).toHaveLength(3);
    expect(queued).toHaveLength(6);
  });

  it('sends nothing on a day without new lots', async () => {
    const at = new Date('2026-09-01T15:30:00Z');
    const ava = await shopper();
    const run = await runDailyDigest(t.db, at, t.app.deps.publish);
    expect(run).toMatchObject({ date: '2026-09-01', lotCount: 0, userIds: [] });
    expect((await digestsOf([ava.id])).inApp).toEqual([]);
  });

  it('waits for 08:00 Pacific, in winter too (UTC-7 all year: 15:00Z)', async () => {
    // 07:59 on 10 December is 14:59 UTC: the 10th's digest is not due yet (the 9th's had no lots).
    const lotDay = new Date('2026-12-10T14:59:00Z');
    await lotLiveBefore(lotDay, 1, 'Snow Shovel');
    const ava = await shopper();
    const early = await runDailyDigest(t.db, lotDay, t.app.deps.publish);
    expect(early.date).toBe('2026-12-09');
    expect(early.userIds).not.toContain(ava.id);
    const eight = await runDailyDigest(t.db, new Date('2026-12-10T15:00:00Z'), t.app.deps.publish);
    expect(eight.date).toBe('2026-12-10');
    expect(eight.userIds).toContain(ava.id);
  });

  it('after the new-drops email setting is turned off, the next digest sends no email', async () => {
    const day1 = new Date('2026-07-10T15:05:00Z');
    const day2 = new Date('2026-07-11T15:05:00Z');
    await lotLiveBefore(day1, 1, 'Blender');
    await lotLiveBefore(day2, 1, 'Toaster');
    const eve = await shopper();
    await runDailyDigest(t.db, day1, t.app.deps.publish);
    // What the one-click unsubscribe does to the settings.
    await t.db
      .update(users)
      .set({ notificationSettings: { new_drops: { email: false } } })
      .where(eq(users.id, eve.id));
    await runDailyDigest(t.db, day2, t.app.deps.publish);
    const { queued } = await digestsOf([eve.id]);
    expect(queued.map((q) => [(q.payload as { date: string }).date, q.channel]).sort()).toEqual([
      ['2026-07-10', 'email'],
      ['2026-07-10', 'push'],
      ['2026-07-11', 'push'],
    ]);
  });
});
