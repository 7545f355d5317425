import type { Profile } from '@rebound/contract/profile';
import { API } from '@rebound/contract/routes';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@rebound/core/notifications';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, testPhone } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: API.profile, ...(cookie ? { headers: { cookie } } : {}) });
const patch = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PATCH',
    url,
    payload: payload as object,
    ...(cookie ? { headers: { cookie } } : {}),
  });

describe('reading the profile', () => {
  it('needs a signed-in user', async () => {
    const res = await get();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'auth_required', message: 'Authentication required' } });
  });

  it("answers the user's own profile with the default notification settings", async () => {
    const { user, cookie } = await signedInUser(t);
    const res = await get(cookie);
    expect(res.statusCode).toBe(200);
    const { profile } = res.json<{ profile: Profile }>();
    expect(profile).toMatchObject({
      id: user.id,
      email: user.email,
      emailVerified: true,
      handle: user.handle,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      phoneVerified: false,
      role: 'shopper',
      locationId: null,
      location: null,
      marketingConsent: false,
      marketingConsentAt: null,
    });
    expect(profile.notificationSettings).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(profile.termsAcceptedAt).not.toBeNull();
  });

  it('shows staff their role', async () => {
    const { cookie } = await signedInUser(t, { role: 'staff' });
    expect((await get(cookie)).json().profile.role).toBe('staff');
  });
});

describe('phone', () => {
  it('saves a normalised number with its success message', async () => {
    const { cookie } = await signedInUser(t);
    const res = await patch(API.profilePhone, { phone: '(778) 555-0123' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Phone number saved successfully',
      profile: { phone: '+17785550123', phoneVerified: false },
    });
  });

  it("refuses a number without country code, or another user's", async () => {
    const { cookie } = await signedInUser(t);
    const other = await signedInUser(t);
    const bad = await patch(API.profilePhone, { phone: '555' }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { message: 'Please enter a valid phone number with country code' },
    });
    const taken = await patch(API.profilePhone, { phone: other.user.phone }, cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'phone_taken' } });
  });

  it('answers "Failed to save phone number" when the database fails', async () => {
    const { user, cookie } = await signedInUser(t);
    await breakUpdatesOf(user.id);
    const res = await patch(API.profilePhone, { phone: testPhone() }, cookie);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'phone_save_failed', message: 'Failed to save phone number' },
    });
  });

  it('needs a signed-in user', async () => {
    expect((await patch(API.profilePhone, { phone: testPhone() })).statusCode).toBe(401);
  });
});

describe('pickup location', () => {
  it('saves an active location and answers it with its tax settings', async () => {
    const { cookie } = await signedInUser(t);
    const location = await makeLocation(t.db, { name: 'Richmond Depot', pstBp: 700, gstBp: 500 });
    const res = await patch(API.profileLocation, { locationId: location.id }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Location updated successfully',
      profile: {
        locationId: location.id,
        location: {
          id: location.id,
          name: 'Richmond Depot',
          taxConfig: { buyersPremiumBp: 1500, pstBp: 700, gstBp: 500, applyTaxesOnPremium: true },
        },
      },
    });
    expect((await get(cookie)).json().profile.location.name).toBe('Richmond Depot');
  });

  it('refuses an unknown or closed location', async () => {
    const { cookie } = await signedInUser(t);
    const closed = await makeLocation(t.db, { isActive: false });
    for (const locationId of [closed.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await patch(API.profileLocation, { locationId }, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'location_not_found' } });
    }
    expect((await patch(API.profileLocation, { locationId: 'nope' }, cookie)).statusCode).toBe(400);
  });

  it('answers "Failed to update location" when the database fails', async () => {
    const { user, cookie } = await signedInUser(t);
    const location = await makeLocation(t.db);
    await breakUpdatesOf(user.id);
    const res = await patch(API.profileLocation, { locationId: location.id }, cookie);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'location_update_failed', message: 'Failed to update location' },
    });
  });
});

describe('notification settings', () => {
  it('changes only what is sent and keeps the rest', async () => {
    const { cookie } = await signedInUser(t);
    const first = await patch(
      API.profileNotificationSettings,
      { settings: { outbid_alerts: { sms: true }, marketing: { email: true } } },
      cookie,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Notification settings updated');
    const second = await patch(
      API.profileNotificationSettings,
      { settings: { outbid_alerts: { push: false } } },
      cookie,
    );
    const settings = second.json<{ profile: Profile }>().profile.notificationSettings;
    expect(settings).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      outbid_alerts: { email: true, sms: true, push: false },
      marketing: { email: true, sms: false, push: false },
    });
    expect((await get(cookie)).json().profile.notificationSettings).toEqual(settings);
  });

  it('refuses unknown kinds and non-boolean values', async () => {
    const { cookie } = await signedInUser(t);
    expect(
      (await patch(API.profileNotificationSettings, { settings: { spam: { email: true } } }, cookie))
        .statusCode,
    ).toBe(400);
    expect(
      (await patch(API.profileNotificationSettings, { settings: { auction_won: { email: 'yes' } } }, cookie))
        .statusCode,
    ).toBe(400);
  });

  it('answers "Failed to update notification settings" when the database fails', async () => {
    const { user, cookie } = await signedInUser(t);
    await breakUpdatesOf(user.id);
    const res = await patch(
      API.profileNotificationSettings,
      { settings: { auction_won: { sms: false } } },
      cookie,
    );
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: {
        code: 'notification_settings_update_failed',
        message: 'Failed to update notification settings',
      },
    });
  });
});

describe('each user reads and changes only their own', () => {
  it('changes by one user leave another untouched', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const before = (await get(a.cookie)).json().profile;
    await patch(API.profilePhone, { phone: testPhone() }, b.cookie);
    await patch(API.profileNotificationSettings, { settings: { auction_won: { email: false } } }, b.cookie);
    // A body naming another user is not how this API works: the id comes from the session only.
    await patch(API.profileNotificationSettings, { userId: a.user.id, settings: {} }, b.cookie);
    expect((await get(a.cookie)).json().profile).toEqual(before);
    expect((await get(b.cookie)).json().profile.id).toBe(b.user.id);
  });
});

/** Makes every update of this user's row fail inside the database, as a broken disk would. */
async function breakUpdatesOf(userId: string) {
  await t.db.execute(
    sql.raw(`create or replace function rebound_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$`),
  );
  const name = `rebound_test_fail_${userId.replaceAll('-', '')}`;
  await t.db.execute(
    sql.raw(
      `create trigger ${name} before update on users for each row when (old.id = '${userId}') execute function rebound_test_fail()`,
    ),
  );
}
