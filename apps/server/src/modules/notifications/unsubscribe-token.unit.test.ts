import { describe, expect, it } from 'vitest';
import {
  createUnsubscribeToken,
  UNSUBSCRIBE_TOKEN_LIFETIME_MS,
  verifyUnsubscribeToken,
} from './unsubscribe-token';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const USER = '0b6f7c1e-2d3a-4c5b-8e9f-a0b1c2d3e4f5';
const NOW = new Date('2026-11-24T00:00:00.000Z');

describe('unsubscribe token', () => {
  it('round-trips the user and the scope', () => {
    for (const scope of ['new_drops', 'marketing'] as const) {
      const token = createUnsubscribeToken(SECRET, USER, scope, NOW);
      expect(token).toMatch(/^[0-9a-z._-]+$/i);
      const check = verifyUnsubscribeToken(SECRET, token, NOW);
      expect(check).toMatchObject({ ok: true, userId: USER, scope });
    }
  });

  it('lives a year, then is refused as expired', () => {
    const token = createUnsubscribeToken(SECRET, USER, 'marketing', NOW);
    const almost = new Date(NOW.getTime() + UNSUBSCRIBE_TOKEN_LIFETIME_MS - 1000);
    expect(verifyUnsubscribeToken(SECRET, token, almost).ok).toBe(true);
    const after = new Date(NOW.getTime() + UNSUBSCRIBE_TOKEN_LIFETIME_MS + 1000);
    expect(verifyUnsubscribeToken(SECRET, token, after)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token signed with another secret', () => {
    const token = createUnsubscribeToken('another-secret-that-is-long-enough-000000', USER, 'new_drops', NOW);
    expect(verifyUnsubscribeToken(SECRET, token, NOW)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses any change to the user, the scope, the expiry or the signature', () => {
    const token = createUnsubscribeToken(SECRET, USER, 'new_drops', NOW);
    const [user, scope, expiry, sig] = token.split('.') as [string, string, string, string];
    const other = '1b6f7c1e-2d3a-4c5b-8e9f-a0b1c2d3e4f5';
    const later = (Number.parseInt(expiry, 36) + 999_999).toString(36);
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    for (const tampered of [
      [other, scope, expiry, sig],
      [user, 'marketing', expiry, sig],
      [user, scope, later, sig],
      [user, scope, expiry, flipped],
    ]) {
      expect(verifyUnsubscribeToken(SECRET, tampered.join('.'), NOW)).toEqual({
        ok: false,
        reason: 'bad_signature',
      });
    }
  });

  it('calls anything else malformed, without throwing', () => {
    const token = createUnsubscribeToken(SECRET, USER, 'new_drops', NOW);
    const [user, , expiry, sig] = token.split('.') as [string, string, string, string];
    for (const junk of [
      undefined,
      null,
      42,
      '',
      'x',
      '....',
      `${token}.extra`,
      [user, 'outbid_alerts', expiry, sig].join('.'),
      [user.toUpperCase(), 'new_drops', expiry, sig].join('.'),
      [user, 'new_drops', '-1', sig].join('.'),
      [user, 'new_drops', expiry, `${sig}=`].join('.'),
      'a'.repeat(10_000),
    ]) {
      expect(verifyUnsubscribeToken(SECRET, junk, NOW)).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});
