// Push alerts of saved searches: once per search and lot, push only, from the toggle.
import { API } from '@rebound/contract/routes';
import type { SavedSearch } from '@rebound/contract/saved-searches';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { makeAuction, makeLocation, subscribePush } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { notifications, outbox, type products, savedSearches } from '../../db/schema';
import { runSavedSearchAlerts } from './alerts';

const MIN = 60_000;
let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

const save = async (cookie: string, name: string, query: Record<string, unknown>, notifyPush: boolean) =>
  (
    await t.app.inject({
      method: 'POST',
      url: API.meSavedSearches,
      headers: { cookie },
      payload: { name, query, notifyPush },
    })
  ).json<SavedSearch>();

/** A lot going live at `start`. */
const lotAt = (
  start: Date,
  title: string,
  startingBidCents = 5_000,
  product: Partial<typeof products.$inferInsert> = {},
) =>
  makeAuction(t.db, {
    now: start,
    locationId,
    product: { title, ...product },
    auction: {
      status: 'scheduled',
      startTime: start,
      endTime: new Date(start.getTime() + 24 * 60 * MIN),
      startingBidCents,
      currentPriceCents: startingBidCents,
    },
  });

const run = (at: Date) => runSavedSearchAlerts(t.db, at, async () => {});

describe('saved-search push alerts', () => {
  it('push each new matching lot once to searches that asked, and nothing to the others', async () => {
    const ava = await signedInUser(t);
    await subscribePush(t.db, ava.user.id);
    const created = t.clock.now();
    const bikes = await save(ava.cookie, 'Bikes', { q: 'bike', maxPrice: 300 }, true);
    const quiet = await save(ava.cookie, 'Quiet bikes', { q: 'bike' }, false);
    const old = await lotAt(new Date(created.getTime() - 10 * MIN), 'Old Road Bike');

    const start = new Date(created.getTime() + 5 * MIN);
    const road = await lotAt(start, 'Road Bike');
    await lotAt(start, 'Dear Bike Deluxe', 90_000); // above the search's $300
    await lotAt(start, 'Kettle');

    // Not live yet: nothing.
    expect(await run(new Date(start.getTime() - 1))).toEqual([]);
    const sent = await run(new Date(start.getTime() + 10_000));
    expect(sent).toEqual([{ searchId: bikes.id, auctionId: road.auction.id, userId: ava.user.id }]);
    expect(await run(new Date(start.getTime() + 40_000))).toEqual([]);

    const inApp = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ava.user.id), eq(notifications.kind, 'new_drops')));
    expect(inApp.map((n) => [n.message, n.targetUrl])).toEqual([
      ['New match for your saved search "Bikes": Road Bike is live now.', `/product/${road.product.slug}`],
    ]);
    // Push only, though Ava never gave marketing consent: the search's own toggle is the consent.
    const queued = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, ava.user.id), eq(outbox.template, 'saved_search_match')));
    expect(queued.map((q) => q.channel)).toEqual(['push']);
    expect(queued[0]!.payload).toMatchObject({
      searchName: 'Bikes',
      productTitle: 'Road Bike',
      auctionId: road.auction.id,
      lotUrl: `/product/${road.product.slug}`,
    });
    expect(JSON.stringify(queued)).not.toContain(old.auction.id);
    expect(quiet.notifyPush).toBe(false);
  });

  it('turning alerts on later does not push lots that went live before', async () => {
    const ben = await signedInUser(t);
    const search = await save(ben.cookie, 'Lamps', { q: 'lamp' }, false);
    const before = new Date(t.clock.now().getTime() + 60 * MIN);
    await lotAt(before, 'Floor Lamp');
    t.clock.set(new Date(before.getTime() + MIN));
    await t.app.inject({
      method: 'PATCH',
      url: API.meSavedSearch(search.id),
      headers: { cookie: ben.cookie },
      payload: { notifyPush: true },
    });
    const after = new Date(t.clock.now().getTime() + 5 * MIN);
    const desk = await lotAt(after, 'Desk Lamp');
    const sent = await run(new Date(after.getTime() + 1_000));
    expect(sent.filter((s) => s.searchId === search.id).map((s) => s.auctionId)).toEqual([desk.auction.id]);
  });

  it('two runs at once push each match once', async () => {
    const cy = await signedInUser(t);
    await subscribePush(t.db, cy.user.id);
    const search = await save(cy.cookie, 'Tents', { q: 'tent' }, true);
    const start = new Date(t.clock.now().getTime() + 10 * MIN);
    await lotAt(start, 'Two-Person Tent');
    await lotAt(start, 'Family Tent');
    const at = new Date(start.getTime() + 5_000);
    const runs = await Promise.all([run(at), run(at), run(at)]);
    expect(runs.flat().filter((s) => s.searchId === search.id)).toHaveLength(2);
    const rows = await t.db
      .select()
      .from(outbox)
      .where(and(inArray(outbox.userId, [cy.user.id]), eq(outbox.template, 'saved_search_match')));
    expect(rows).toHaveLength(2);
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.lastMatchedAt!.getTime()).toBe(at.getTime());
  });

  it('matches as the shop search does: any word form, joined words, the description, a GTIN', async () => {
    const dee = await signedInUser(t);
    await subscribePush(t.db, dee.user.id);
    const drills = await save(dee.cookie, 'Drills', { q: 'drills' }, true);
    const fryers = await save(dee.cookie, 'Fryers', { q: 'air fryer' }, true);
    const hooks = await save(dee.cookie, 'Dough hooks', { q: 'dough hook' }, true);
    const kettles = await save(dee.cookie, 'That kettle', { q: '036000291452' }, true);
    await save(dee.cookie, 'Snowboards', { q: 'snowboards' }, true);
    const start = new Date(t.clock.now().getTime() + 5 * MIN);
    const drill = await lotAt(start, 'Cordless Drill');
    const fryer = await lotAt(start, 'Airfryer XL');
    const mixer = await lotAt(start, 'Stand Mixer', 5_000, {
      description: 'Comes with a dough hook and a whisk.',
    });
    const kettle = await lotAt(start, 'Electric Kettle', 5_000, { gtin: '00036000291452' });
    await lotAt(start, 'Garden Hose');

    const sent = await run(new Date(start.getTime() + 10_000));
    expect(
      sent
        .filter((s) => s.userId === dee.user.id)
        .map((s) => [s.searchId, s.auctionId])
        .sort(),
    ).toEqual(
      [
        [drills.id, drill.auction.id],
        [fryers.id, fryer.auction.id],
        [hooks.id, mixer.auction.id],
        [kettles.id, kettle.auction.id],
      ].sort(),
    );
  });
});
