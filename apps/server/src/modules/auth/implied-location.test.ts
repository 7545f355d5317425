// A store with one pickup location: a new account has it without choosing, so the cart can go to
// checkout at once (core's impliedPickupLocation). With several locations the shopper still picks,
// and a choice once made is never overwritten.
import type { CartQuoteResponse } from '@rebound/contract/orders';
import type { Profile } from '@rebound/contract/profile';
import { API } from '@rebound/contract/routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser, testAddress } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { makeOrder } from '../../../test/won-orders';
import { locations, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function profileOf(u: SignedInUser): Promise<Profile> {
  const res = await t.app.inject({ method: 'GET', url: API.profile, headers: { cookie: u.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ profile: Profile }>().profile;
}

async function locationIdOf(userId: string) {
  const [row] = await t.db.select({ locationId: users.locationId }).from(users).where(eq(users.id, userId));
  return row!.locationId;
}

describe('the pickup location of a shopper who has not chosen one', () => {
  it('is the only active location: a new account can check out without visiting its settings', async () => {
    // Before the store has any location, there is nothing to give.
    const early = await signedInUser(t);
    expect(await locationIdOf(early.user.id)).toBeNull();

    const burnaby = await makeLocation(t.db, { name: 'Rebound Warehouse — Burnaby' });
    await makeLocation(t.db, { name: 'Closed depot', isActive: false });

    const shopper = await signedInUser(t);
    const profile = await profileOf(shopper);
    expect(profile.locationId).toBe(burnaby.id);
    expect(profile.location?.name).toBe('Rebound Warehouse — Burnaby');

    const { order } = await makeOrder(t.db, {
      now: t.clock.now(),
      userId: shopper.user.id,
      locationId: burnaby.id,
    });
    const quote = await t.app.inject({
      method: 'POST',
      url: API.cartQuote,
      headers: { cookie: shopper.cookie },
      payload: { orderIds: [order.id] },
    });
    expect(quote.json<CartQuoteResponse>()).toMatchObject({
      location: { id: burnaby.id, name: 'Rebound Warehouse — Burnaby' },
      canCheckout: true,
    });

    // The account made before the location gets it at its next sign-in.
    const signIn = await t.app.inject({
      method: 'POST',
      url: API.authSignIn,
      remoteAddress: testAddress(),
      payload: { email: early.user.email, password: 'correct-horse-battery' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(await locationIdOf(early.user.id)).toBe(burnaby.id);
  });

  it('is left to the shopper when there are several locations, and a choice is never overwritten', async () => {
    const victoria = await makeLocation(t.db, { name: 'Victoria Depot' });
    const shopper = await signedInUser(t);
    expect((await profileOf(shopper)).locationId).toBeNull();

    const chosen = await t.app.inject({
      method: 'PATCH',
      url: API.profileLocation,
      headers: { cookie: shopper.cookie },
      payload: { locationId: victoria.id },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    // Victoria closes, leaving Burnaby the only active location: the choice stays, at sign-in too.
    await t.db.update(locations).set({ isActive: false }).where(eq(locations.id, victoria.id));
    const signIn = await t.app.inject({
      method: 'POST',
      url: API.authSignIn,
      remoteAddress: testAddress(),
      payload: { email: shopper.user.email, password: 'correct-horse-battery' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(await locationIdOf(shopper.user.id)).toBe(victoria.id);
  });
});
