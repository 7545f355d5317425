// Sightings that link accounts for the signals of unfair bidding (docs/product.md "Signals"): what a
// sign-in records, that only keyed hashes are stored, and the 90 days they are kept.
import { API } from '@rebound/contract/routes';
import { SIGHTING_RETENTION_DAYS } from '@rebound/core/signals';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { useTestApp } from '../../../test/harness';
import { accountSightings } from '../../db/schema';
import { purgeOldSightings } from '.';
import { sightingsOf } from './repository';

const t = useTestApp();
const DAY_MS = 24 * 60 * 60 * 1000;

const signIn = (email: string, remoteAddress: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: API.authSignIn,
    payload: { email, password: 'correct-horse-battery' },
    remoteAddress,
    ...(cookie ? { headers: { cookie } } : {}),
  });

const deviceCookie = (setCookie: string | string[] | undefined) =>
  ([] as string[])
    .concat(setCookie ?? [])
    .find((c) => c.startsWith('rebound.device='))
    ?.split(';')[0];

describe('sightings at sign-in', () => {
  it('one browser signing in two accounts: the same device hash on both, never the raw id or address', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const first = await signIn(a.user.email, '203.0.113.7');
    expect(first.statusCode, first.body).toBe(200);
    const device = deviceCookie(first.headers['set-cookie']);
    expect(device).toMatch(/^rebound\.device=[A-Za-z0-9_-]{22}$/);
    expect(String(first.headers['set-cookie'])).toMatch(
      /rebound\.device=[^;]+; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax/,
    );

    // The same browser (its device cookie) signs in the second account from the same address: no new cookie.
    const second = await signIn(b.user.email, '203.0.113.7', device);
    expect(second.statusCode, second.body).toBe(200);
    expect(deviceCookie(second.headers['set-cookie'])).toBeUndefined();

    const rows = await sightingsOf(t.db, [a.user.id, b.user.id]);
    const hashOf = (userId: string, kind: string) =>
      rows.find((r) => r.userId === userId && r.kind === kind)?.valueHash;
    expect(hashOf(a.user.id, 'device')).toBeDefined();
    expect(hashOf(a.user.id, 'device')).toBe(hashOf(b.user.id, 'device'));
    expect(hashOf(a.user.id, 'network')).toBe(hashOf(b.user.id, 'network'));
    expect(hashOf(a.user.id, 'device')).not.toBe(hashOf(a.user.id, 'network'));
    const raw = device!.split('=')[1]!;
    for (const r of rows) {
      expect(r.valueHash).not.toContain(raw);
      expect(r.valueHash).not.toContain('203.0.113');
      expect(r.valueHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }

    // Another address and a cookie that is not one of ours: a new device id, other hashes.
    const third = await signIn(a.user.email, '198.51.100.9', 'rebound.device=not-ours');
    expect(deviceCookie(third.headers['set-cookie'])).toMatch(/^rebound\.device=/);
    const after = await sightingsOf(t.db, [a.user.id]);
    expect(after.filter((r) => r.kind === 'device')).toHaveLength(2);
    expect(after.filter((r) => r.kind === 'network')).toHaveLength(2);
    // The same sighting again the same day is one row, its time moved forward.
    t.clock.advance(60_000);
    const later = t.clock.now().getTime();
    await signIn(a.user.email, '198.51.100.9', deviceCookie(third.headers['set-cookie']));
    const again = await sightingsOf(t.db, [a.user.id]);
    expect(again).toHaveLength(4);
    expect(Math.max(...again.map((r) => r.seenAt.getTime()))).toBeGreaterThanOrEqual(later);
  });

  it(`a wrong password records nothing; sightings go after ${SIGHTING_RETENTION_DAYS} days`, async () => {
    const a = await signedInUser(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: API.authSignIn,
      payload: { email: a.user.email, password: 'not-the-password' },
      remoteAddress: '192.0.2.44',
    });
    expect(wrong.statusCode).toBe(401);
    expect(deviceCookie(wrong.headers['set-cookie'])).toBeUndefined();
    expect(await sightingsOf(t.db, [a.user.id])).toEqual([]);

    await signIn(a.user.email, '192.0.2.44');
    expect(await sightingsOf(t.db, [a.user.id])).toHaveLength(2);
    t.clock.advance(SIGHTING_RETENTION_DAYS * DAY_MS - 60_000);
    await purgeOldSightings(t.db, t.clock);
    expect(await sightingsOf(t.db, [a.user.id])).toHaveLength(2);
    t.clock.advance(120_000);
    expect(await purgeOldSightings(t.db, t.clock)).toBeGreaterThanOrEqual(2);
    expect(await sightingsOf(t.db, [a.user.id])).toEqual([]);
    expect(
      (await t.db.select().from(accountSightings)).every(
        (r) => r.seenAt.getTime() >= t.clock.now().getTime() - SIGHTING_RETENTION_DAYS * DAY_MS,
      ),
    ).toBe(true);
  });
});
