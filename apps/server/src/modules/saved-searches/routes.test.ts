// Saved searches API: signed-in only, own rows only, at most 20.
import type { Profile } from '@rebound/contract/profile';
import { API } from '@rebound/contract/routes';
import {
  SAVED_SEARCH_LIMIT_MESSAGE,
  type SavedSearch,
  type SavedSearchesResponse,
} from '@rebound/contract/saved-searches';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { useTestApp } from '../../../test/harness';
import { savedSearches } from '../../db/schema';

const t = useTestApp();

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload }),
  });

const shopQuery = {
  q: ' desk lamp ',
  category: 'Home',
  condition: 'any',
  minPrice: 0,
  maxPrice: 300,
  sort: 'ending',
  page: 3,
};

describe('saved searches API', () => {
  it('saves the shop query (page dropped), lists it newest first, toggles push and deletes it', async () => {
    const ava = await signedInUser(t);
    const made = await call('POST', API.meSavedSearches, ava.cookie, {
      name: '  Desk lamps  ',
      query: shopQuery,
    });
    expect(made.statusCode).toBe(201);
    const saved = made.json<SavedSearch>();
    expect(saved).toMatchObject({
      name: 'Desk lamps',
      query: { q: 'desk lamp', category: 'home', minPrice: 0, maxPrice: 300, sort: 'ending' },
      href: '/shop?q=desk+lamp&category=home&minPrice=0&maxPrice=300&sort=ending',
      notifyPush: false,
    });
    expect(saved.query).not.toHaveProperty('page');
    expect(saved.query).not.toHaveProperty('condition');

    await call('POST', API.meSavedSearches, ava.cookie, { name: 'Anything', query: {} });
    const listed = (await call('GET', API.meSavedSearches, ava.cookie)).json<SavedSearchesResponse>();
    expect(listed.limit).toBe(20);
    expect(listed.items.map((s) => s.name)).toEqual(['Anything', 'Desk lamps']);

    const on = await call('PATCH', API.meSavedSearch(saved.id), ava.cookie, { notifyPush: true });
    expect(on.statusCode).toBe(200);
    expect(on.json<SavedSearch>().notifyPush).toBe(true);
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    // Alerts start when they are turned on: no push for lots that went live before.
    expect(row!.lastMatchedAt).not.toBeNull();

    const gone = await call('DELETE', API.meSavedSearch(saved.id), ava.cookie);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ id: saved.id, message: 'Saved search deleted' });
    expect((await call('DELETE', API.meSavedSearch(saved.id), ava.cookie)).statusCode).toBe(404);
  });

  it("another shopper's search answers 404 like an unknown one, and is left alone", async () => {
    const [ava, ben] = [await signedInUser(t), await signedInUser(t)];
    const mine = (
      await call('POST', API.meSavedSearches, ava.cookie, { name: 'Bikes', query: { q: 'bike' } })
    ).json<SavedSearch>();
    for (const [method, payload] of [
      ['PATCH', { notifyPush: true }],
      ['DELETE', undefined],
    ] as const) {
      const r = await call(method, API.meSavedSearch(mine.id), ben.cookie, payload);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({
        error: { code: 'saved_search_not_found', message: 'Saved search not found' },
      });
    }
    expect((await call('DELETE', API.meSavedSearch('not-a-uuid'), ava.cookie)).statusCode).toBe(404);
    expect((await call('GET', API.meSavedSearches, ben.cookie)).json<SavedSearchesResponse>().items).toEqual(
      [],
    );
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, mine.id));
    expect(row!.notifyPush).toBe(false);
  });

  it('is for signed-in shoppers only', async () => {
    expect((await call('GET', API.meSavedSearches)).statusCode).toBe(401);
    expect((await call('POST', API.meSavedSearches, undefined, { name: 'x', query: {} })).statusCode).toBe(
      401,
    );
  });

  it('refuses a blank or too long name and a bad query with a clear message', async () => {
    const ava = await signedInUser(t);
    const blank = await call('POST', API.meSavedSearches, ava.cookie, { name: '   ', query: {} });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Please give this search a name.');
    const long = await call('POST', API.meSavedSearches, ava.cookie, { name: 'x'.repeat(81), query: {} });
    expect(long.json().error.message).toBe('A name can be at most 80 characters.');
    const range = await call('POST', API.meSavedSearches, ava.cookie, {
      name: 'Bad range',
      query: { minPrice: 50, maxPrice: 10 },
    });
    expect(range.statusCode).toBe(400);
    expect(range.json().error.message).toBe('The maximum price cannot be below the minimum price.');
  });

  it('keeps at most 20 per shopper, even when saved at once', async () => {
    const ava = await signedInUser(t);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        call('POST', API.meSavedSearches, ava.cookie, { name: `Search ${i}`, query: { q: `word${i}` } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(20);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.message).toBe(
        'You can keep up to 20 saved searches. Delete one to save another.',
      );
      expect(r.json().error.message).toBe(SAVED_SEARCH_LIMIT_MESSAGE);
    }
    const rows = await t.db.select().from(savedSearches).where(eq(savedSearches.userId, ava.user.id));
    expect(rows).toHaveLength(20);
  });

  it('says whether matches reach the daily new-drops email; agreeing there records the consent and turns it on', async () => {
    const ben = await signedInUser(t);
    // The shop's default query carries no price: the search is stored without one.
    const made = await call('POST', API.meSavedSearches, ben.cookie, {
      name: 'Lamps',
      query: { q: 'lamp', sort: 'newest', page: 1 },
    });
    expect(made.json<SavedSearch>()).toMatchObject({
      query: { q: 'lamp', sort: 'newest' },
      href: '/shop?q=lamp',
    });
    expect(made.json<SavedSearch>().query).not.toHaveProperty('maxPrice');

    // Signed up without marketing consent: the daily email will not carry the matches.
    const before = (await call('GET', API.meSavedSearches, ben.cookie)).json<SavedSearchesResponse>();
    expect(before.dailyEmail).toBe(false);

    // Only an explicit yes is consent; signed out is refused.
    const notYes = await call('POST', API.profileNewDropsEmail, ben.cookie, { consent: false });
    expect(notYes.statusCode).toBe(400);
    expect((await call('POST', API.profileNewDropsEmail, undefined, { consent: true })).statusCode).toBe(401);
    expect(
      (await call('GET', API.meSavedSearches, ben.cookie)).json<SavedSearchesResponse>().dailyEmail,
    ).toBe(false);

    const yes = await call('POST', API.profileNewDropsEmail, ben.cookie, { consent: true });
    expect(yes.statusCode, yes.body).toBe(200);
    const profile = yes.json<{ profile: Profile }>().profile;
    expect(profile.marketingConsent).toBe(true);
    expect(profile.marketingConsentAt).not.toBeNull();
    expect(Date.parse(profile.marketingConsentAt ?? '')).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(profile.notificationSettings.new_drops.email).toBe(true);
    expect(
      (await call('GET', API.meSavedSearches, ben.cookie)).json<SavedSearchesResponse>().dailyEmail,
    ).toBe(true);

    // Saying yes again keeps the time the consent was first given.
    t.clock.advance(60_000);
    const again = await call('POST', API.profileNewDropsEmail, ben.cookie, { consent: true });
    expect(again.json<{ profile: Profile }>().profile.marketingConsentAt).toBe(profile.marketingConsentAt);
  });
});
