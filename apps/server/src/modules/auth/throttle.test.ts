import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API } from '@rebound/contract/routes';
import { SIGN_IN_THROTTLE } from '@rebound/core/throttle';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { useTestApp } from '../../../test/harness';
import { createSignInThrottle, memoryFailureCounters, SignInThrottledError } from './throttle';

// No one can lock another person out (docs/decisions/011-sign-in-throttling.md). The real app listens on
// 127.0.0.1 and clients bind to other loopback addresses (Linux routes all of 127/8 to loopback), so each
// request reaches the server from the address it says, through TCP, as in production.

const PASSWORD = 'correct-horse-battery';
const OWNER = '127.0.0.2';
const ATTACKER = '127.0.0.3';

let port: number;
const t = useTestApp({}, async (built) => {
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  port = (built.app.server.address() as AddressInfo).port;
});
// Date stands still in each test and moves only by advance(): a limiter's window or a 1-second hold
// never runs out on its own, however slowly a loaded machine runs the test.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

interface Answer {
  status: number;
  retryAfter: number | null;
  body: { error?: { code: string; message: string } };
}

/** POST /api/auth/sign-in over TCP from `from` (a loopback address). */
function signIn(from: string, email: string, password: string): Promise<Answer> {
  const payload = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: API.authSignIn,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: retryAfter === undefined ? null : Number(retryAfter),
            body: JSON.parse(text),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Moves Date (the throttle's clock) forward. */
function advance(ms: number) {
  vi.setSystemTime(Date.now() + ms);
}

/** Fails `times` wrong passwords from `from`, waiting out each 429 as a patient attacker would. */
async function failPatiently(from: string, email: string, times: number) {
  let throttled = 0;
  for (let failed = 0; failed < times; ) {
    const res = await signIn(from, email, `wrong-password-${failed}`);
    if (res.status === 429) {
      throttled += 1;
      advance(res.retryAfter! * 1000);
      continue;
    }
    expect(res.status).toBe(401);
    failed += 1;
  }
  return throttled;
}

function expectThrottled(res: Answer) {
  expect(res.status).toBe(429);
  expect(res.retryAfter).toBeGreaterThan(0);
  expect(res.body.error?.code).toBe('sign_in_throttled');
  expect(res.body.error?.message).toMatch(
    /^Too many failed sign-in attempts from here\. Please wait \d+ (second|seconds|minute|minutes) and try again\.$/,
  );
}

describe('sign-in throttling across addresses', () => {
  it('an attacker elsewhere cannot lock the owner out, and is slowed down himself', async () => {
    const { user } = await signedInUser(t);
    // The owner signed in from home before.
    expect((await signIn(OWNER, user.email, PASSWORD)).status).toBe(200);

    // The attacker guesses 10 times (waiting when told to): what locked the account out before.
    const waits = await failPatiently(ATTACKER, user.email, 10);

    // The owner signs in at once, and a typo of hers is her own free failure, not a lock.
    expect((await signIn(OWNER, user.email, PASSWORD)).status).toBe(200);
    expect((await signIn(OWNER, user.email, 'my-typo-here')).status).toBe(401);
    expect((await signIn(OWNER, user.email, PASSWORD)).status).toBe(200);

    // The attacker was made to wait along the way, and is held now, even were his next guess
    // right, for longer than before.
    expect(waits).toBeGreaterThan(0);
    const held = await signIn(ATTACKER, user.email, PASSWORD);
    expectThrottled(held);
    expect(held.retryAfter).toBeGreaterThan(10);
  });

  it('a first try from a new address after a many-address attack signs in at once', async () => {
    const { user } = await signedInUser(t);
    const attackers = Array.from(
      { length: SIGN_IN_THROTTLE.account.freeFailures + 5 },
      (_, i) => `127.0.1.${i + 1}`,
    );
    for (const from of attackers) {
      expect((await signIn(from, user.email, 'guess-1')).status).toBe(401);
    }
    // Under attack, an address that never signed in to the account has no free failures left:
    // the attackers each wait after one guess (where they would otherwise have had five).
    expectThrottled(await signIn(attackers.at(-1)!, user.email, 'guess-2'));

    // The owner on a new device: straight in.
    expect((await signIn('127.0.0.4', user.email, PASSWORD)).status).toBe(200);

    // The owner on another new device, mistyping once: slowed by a second, not locked. (The clock
    // stands still from here: on a busy machine the two requests could be a second apart.)
    advance(0);
    expect((await signIn('127.0.0.5', user.email, 'my-typo-here')).status).toBe(401);
    const wait = await signIn('127.0.0.5', user.email, PASSWORD);
    expectThrottled(wait);
    expect(wait.retryAfter).toBe(1);
    advance(1000);
    expect((await signIn('127.0.0.5', user.email, PASSWORD)).status).toBe(200);
  });
});

describe('the throttle itself', () => {
  it('counts guesses sent all at once before any of them is answered', async () => {
    const throttle = createSignInThrottle();
    const tries = await Promise.allSettled(
      Array.from({ length: 20 }, () => throttle.begin('target@example.test', '203.0.113.9')),
    );
    const started = tries.filter((r) => r.status === 'fulfilled');
    // The free failures and the one that sets the first wait; the rest are told to wait.
    expect(started).toHaveLength(SIGN_IN_THROTTLE.pair.freeFailures + 1);
    for (const r of tries) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(SignInThrottledError);
    }
  });

  it('uncounts an attempt that was not a wrong password, and forgets the pair on success', async () => {
    const counters = memoryFailureCounters();
    const throttle = createSignInThrottle({ counters, now: () => 1_000 });
    await (await throttle.begin('a@example.test', '203.0.113.1')).abandoned();
    expect(await counters.get('acct:a@example.test', 1_000)).toBeNull();
    await (await throttle.begin('a@example.test', '203.0.113.1')).failed();
    await (await throttle.begin('a@example.test', '203.0.113.1')).failed();
    expect(await counters.get('pair:a@example.test\n203.0.113.1', 1_000)).toEqual({
      failures: 2,
      lastFailureAt: 1_000,
    });
    await (await throttle.begin('a@example.test', '203.0.113.1')).succeeded();
    expect(await counters.get('pair:a@example.test\n203.0.113.1', 1_000)).toBeNull();
    expect(await counters.get('acct:a@example.test', 1_000)).toMatchObject({ failures: 2 });
  });
});
