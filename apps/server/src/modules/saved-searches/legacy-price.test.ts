// Migration 0012: searches saved while the shop sent its old default price range ($0 to $300) with
// every query lose that range, so their daily matches no longer leave out lots above $300; a range
// the shopper chose stays.
import { readFileSync } from 'node:fs';
import { API } from '@rebound/contract/routes';
import type { SavedSearchesResponse } from '@rebound/contract/saved-searches';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { useTestApp } from '../../../test/harness';
import { savedSearches } from '../../db/schema';

const t = useTestApp();
const MIGRATION = readFileSync(
  new URL('../../../drizzle/0012_saved_search_any_price.sql', import.meta.url),
  'utf8',
);

describe('saved searches from the old $0 to $300 default', () => {
  it('lose that range (any price), while a chosen range stays', async () => {
    const ava = await signedInUser(t);
    const now = t.clock.now();
    const row = (name: string, query: Record<string, unknown>) => ({
      userId: ava.user.id,
      name,
      query,
      notifyPush: false,
      createdAt: now,
    });
    await t.db
      .insert(savedSearches)
      .values([
        row('Old default', { q: 'macbook', minPrice: 0, maxPrice: 300, sort: 'newest' }),
        row('Chosen', { q: 'lamp', minPrice: 0, maxPrice: 150 }),
        row('From 50', { minPrice: 50, maxPrice: 300 }),
      ]);

    await t.db.execute(sql.raw(MIGRATION));

    const listed = (
      await t.app.inject({ url: API.meSavedSearches, headers: { cookie: ava.cookie } })
    ).json<SavedSearchesResponse>();
    const byName = new Map(listed.items.map((s) => [s.name, s]));
    expect(byName.get('Old default')).toMatchObject({
      query: { q: 'macbook', sort: 'newest' },
      href: '/shop?q=macbook',
    });
    expect(byName.get('Old default')?.query).not.toHaveProperty('maxPrice');
    expect(byName.get('Chosen')?.query).toMatchObject({ minPrice: 0, maxPrice: 150 });
    expect(byName.get('From 50')?.query).toMatchObject({ minPrice: 50, maxPrice: 300 });
    const stored = await t.db.select().from(savedSearches).where(eq(savedSearches.userId, ava.user.id));
    expect(stored).toHaveLength(3);
  });
});
