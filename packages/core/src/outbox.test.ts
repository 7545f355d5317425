import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  backoffCeilingMs,
  coalesceOutbid,
  exhaustedOnReclaim,
  OUTBOX_RETRY,
  outboxMessageId,
  outboxPushTopic,
  type RetryPolicy,
  retryDelayMs,
} from './outbox';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const T0 = new Date('2026-06-15T18:00:00.000Z');
const policy: RetryPolicy = {
  baseDelayMs: 10 * SECOND,
  maxDelayMs: 30 * MINUTE,
  maxAttempts: 10,
  maxAgeMs: 6 * 60 * MINUTE,
};

describe('backoffCeilingMs', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => backoffCeilingMs(n, policy) / SECOND)).toEqual([
      10, 20, 40, 80, 160, 320, 640, 1280, 1800, 1800,
    ]);
  });

  it('treats zero or odd attempt counts as the first, and never overflows', () => {
    expect(backoffCeilingMs(0, policy)).toBe(10 * SECOND);
    expect(backoffCeilingMs(1e9, policy)).toBe(30 * MINUTE);
  });
});

describe('retryDelayMs', () => {
  it('is a point in the upper half of the ceiling (equal jitter)', () => {
    expect(retryDelayMs(1, policy, () => 0)).toBe(5 * SECOND);
    expect(retryDelayMs(1, policy, () => 0.5)).toBe(7.5 * SECOND);
    expect(retryDelayMs(1, policy, () => 0.999999)).toBeCloseTo(10 * SECOND, -1);
    expect(retryDelayMs(3, policy, () => 0)).toBe(20 * SECOND);
  });

  it('property: within [ceiling/2, ceiling], and never shorter than any earlier wait could be', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, r1, r2) => {
          const ceiling = backoffCeilingMs(n, policy);
          const d = retryDelayMs(n, policy, () => r1);
          expect(d).toBeGreaterThanOrEqual(ceiling / 2);
          expect(d).toBeLessThanOrEqual(ceiling);
          expect(d).toBeLessThanOrEqual(policy.maxDelayMs);
          // The next wait's floor is this wait's ceiling until the cap: the waits grow.
          const next = retryDelayMs(n + 1, policy, () => r2);
          if (backoffCeilingMs(n + 1, policy) < policy.maxDelayMs) expect(next).toBeGreaterThanOrEqual(d);
        },
      ),
    );
  });

  it('spreads senders that failed together (jitter)', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(4, policy)));
    expect(delays.size).toBeGreaterThan(10);
  });
});

describe('afterFailure', () => {
  it('schedules the next attempt after the jittered wait', () => {
    const out = afterFailure({ attempts: 2, createdAt: T0 }, T0, { policy, random: () => 0 });
    expect(out).toEqual({ kind: 'retry', at: new Date(T0.getTime() + 10 * SECOND) });
  });

  it('gives up after the last attempt, when a retry would be too late, or on a permanent failure', () => {
    expect(afterFailure({ attempts: 10, createdAt: T0 }, T0, { policy })).toEqual({
      kind: 'dead',
      reason: 'attempts',
    });
    const late = new Date(T0.getTime() + 6 * 60 * MINUTE - 1000);
    expect(afterFailure({ attempts: 3, createdAt: T0 }, late, { policy, random: () => 0 })).toEqual({
      kind: 'dead',
      reason: 'age',
    });
    expect(afterFailure({ attempts: 1, createdAt: T0 }, T0, { policy, permanent: true })).toEqual({
      kind: 'dead',
      reason: 'permanent',
    });
  });

  it('property: a message that keeps failing is dead within maxAttempts and maxAge', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
          minLength: 60,
          maxLength: 60,
        }),
        (rs) => {
          let now = T0;
          let attempts = 0;
          for (const r of rs) {
            attempts += 1;
            const out = afterFailure({ attempts, createdAt: T0 }, now, { random: () => r });
            if (out.kind === 'dead') {
              expect(attempts).toBeLessThanOrEqual(OUTBOX_RETRY.maxAttempts);
              expect(now.getTime() - T0.getTime()).toBeLessThanOrEqual(OUTBOX_RETRY.maxAgeMs);
              return;
            }
            expect(out.at.getTime()).toBeGreaterThan(now.getTime());
            now = out.at;
          }
          throw new Error('never gave up');
        },
      ),
    );
  });

  it('the default policy tries for about two and a half hours at most', () => {
    let total = 0;
    for (let n = 1; n < OUTBOX_RETRY.maxAttempts; n++) total += backoffCeilingMs(n);
    expect(total / MINUTE).toBeGreaterThan(60);
    expect(total).toBeLessThan(OUTBOX_RETRY.maxAgeMs);
  });
});

describe('exhaustedOnReclaim', () => {
  it('is true only past the last attempt', () => {
    expect(exhaustedOnReclaim(OUTBOX_RETRY.maxAttempts)).toBe(false);
    expect(exhaustedOnReclaim(OUTBOX_RETRY.maxAttempts + 1)).toBe(true);
  });
});

describe('provider idempotency ids', () => {
  const id = '0b8a5a6e-3c1f-4e57-9a55-2f3f0c1d9e77';

  it('Message-ID is the outbox id at the site host', () => {
    expect(outboxMessageId(id, 'rebound.example')).toBe(`<${id}@rebound.example>`);
  });

  it('push Topic is at most 32 URL-safe characters and the same for the same message', () => {
    const topic = outboxPushTopic(id);
    expect(topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(topic).toBe('0b8a5a6e3c1f4e579a552f3f0c1d9e77');
    expect(outboxPushTopic(id)).toBe(topic);
  });
});

describe('coalesceOutbid', () => {
  const outbid = (
    id: string,
    over: Partial<{ channel: string; recipient: string; createdAt: number }> = {},
    payload: Record<string, unknown> = {},
  ) => ({
    id,
    channel: over.channel ?? 'email',
    template: 'outbid',
    recipient: over.recipient ?? 'ann@example.test',
    createdAt: over.createdAt ?? 1_000,
    payload: { auctionId: 'lot-1', currentPriceCents: 1_000, ...payload },
  });

  it('sends only the latest of five outbids of one shopper on one lot; the others name it', () => {
    const rows = [1, 2, 3, 4, 5].map((i) =>
      outbid(`m${i}`, { createdAt: 1_000 + i }, { currentPriceCents: 1_000 + i * 100 }),
    );
    const r = coalesceOutbid([...rows].reverse());
    expect(r.send.map((m) => m.id)).toEqual(['m5']);
    expect(r.coalesced.map((c) => [c.message.id, c.into]).sort()).toEqual([
      ['m1', 'm5'],
      ['m2', 'm5'],
      ['m3', 'm5'],
      ['m4', 'm5'],
    ]);
  });

  it('within one transaction (same creation time) the highest price is the latest', () => {
    const r = coalesceOutbid([
      outbid('hi', {}, { currentPriceCents: 3_000 }),
      outbid('lo', {}, { currentPriceCents: 2_000 }),
    ]);
    expect(r.send.map((m) => m.id)).toEqual(['hi']);
    expect(r.coalesced).toEqual([{ message: expect.objectContaining({ id: 'lo' }), into: 'hi' }]);
  });

  it('keeps apart channels, recipients, lots and other templates', () => {
    const rows = [
      outbid('email', { channel: 'email' }),
      outbid('push', { channel: 'push' }),
      outbid('bob', { recipient: 'bob@example.test' }),
      outbid('lot2', {}, { auctionId: 'lot-2' }),
      outbid('nolot', {}, { auctionId: undefined }),
      { ...outbid('confirm'), template: 'bid_confirmation' },
      { ...outbid('confirm2'), template: 'bid_confirmation' },
    ];
    const r = coalesceOutbid(rows);
    expect(r.send.map((m) => m.id)).toEqual(rows.map((m) => m.id));
    expect(r.coalesced).toEqual([]);
  });

  it('every message is either sent or coalesced into a sent one of its group', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            recipient: fc.constantFrom('a', 'b'),
            channel: fc.constantFrom('email', 'push'),
            lot: fc.constantFrom('x', 'y'),
            createdAt: fc.integer({ min: 0, max: 5 }),
            price: fc.integer({ min: 0, max: 5 }),
          }),
          { maxLength: 30 },
        ),
        (specs) => {
          const rows = specs.map((s, i) =>
            outbid(
              `m${i}`,
              { recipient: s.recipient, channel: s.channel, createdAt: s.createdAt },
              { auctionId: s.lot, currentPriceCents: s.price },
            ),
          );
          const r = coalesceOutbid(rows);
          expect(r.send.length + r.coalesced.length).toBe(rows.length);
          const sent = new Map(r.send.map((m) => [m.id, m]));
          const group = (m: (typeof rows)[number]) => `${m.recipient}/${m.channel}/${m.payload.auctionId}`;
          expect(new Set(r.send.map(group)).size).toBe(r.send.length);
          for (const c of r.coalesced) {
            const into = sent.get(c.into)!;
            expect(group(into)).toBe(group(c.message));
            expect(into.createdAt).toBeGreaterThanOrEqual(c.message.createdAt);
          }
        },
      ),
    );
  });
});
