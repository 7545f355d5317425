import { API } from '@rebound/contract/routes';
import { SIGN_IN_THROTTLE } from '@rebound/core/throttle';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastMessageTo, signedInUser, testAddress, testPhone } from '../../../test/auth';
import { createTestApp, type TestApp } from '../../../test/harness';
import { LIMITS } from './limits';

// Abuse limits (docs/product.md "Accounts and sign-in"): per address and per account or number, answered with
// 429, a clear message and Retry-After. Each test uses its own addresses, emails and numbers.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
// Date stands still in each test and moves only by advance(): a limiter's window or a 1-second hold
// never runs out on its own, however slowly a loaded machine runs the test.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const post = (url: string, payload: unknown, remoteAddress = testAddress()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

const TOO_MANY = {
  error: { code: 'rate_limited', message: 'Too many attempts. Please wait a moment and try again.' },
};

function expectLimited(res: { statusCode: number; json: () => unknown; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual(TOO_MANY);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

/** 429 from the sign-in throttle: its message, and Retry-After of `seconds`. */
function expectThrottled(
  res: { statusCode: number; json: () => unknown; headers: Record<string, unknown> },
  seconds: number,
) {
  expect(res.statusCode).toBe(429);
  const wait = seconds === 1 ? '1 second' : `${seconds} seconds`;
  expect(res.json()).toEqual({
    error: {
      code: 'sign_in_throttled',
      message: `Too many failed sign-in attempts from here. Please wait ${wait} and try again.`,
    },
  });
  expect(res.headers['retry-after']).toBe(String(seconds));
}

/** Moves Date (and so the limiters' windows and better-auth's expiries) forward. */
function advance(ms: number) {
  vi.setSystemTime(Date.now() + ms);
}

describe('sign-up', () => {
  it('limits the email check per address', async () => {
    const ip = testAddress();
    for (let i = 0; i < LIMITS.checkEmailPerIp.max; i++) {
      expect((await post(API.authCheckEmail, { email: `probe${i}@example.test` }, ip)).statusCode).toBe(200);
    }
    expectLimited(await post(API.authCheckEmail, { email: 'one.more@example.test' }, ip));
    // Another address is not affected.
    expect((await post(API.authCheckEmail, { email: 'one.more@example.test' })).statusCode).toBe(200);
  });

  it('limits sign-up attempts per address', async () => {
    const ip = testAddress();
    const bad = { email: 'x@example.test', password: 'a', confirmPassword: 'b' };
    for (let i = 0; i < LIMITS.signUpPerIp.max; i++) {
      expect((await post(API.authSignUp, { ...bad, email: `ip${i}@example.test` }, ip)).statusCode).toBe(400);
    }
    expectLimited(await post(API.authSignUp, { ...bad, email: 'ip-last@example.test' }, ip));
  });

  it('limits sign-up attempts per email, from any address', async () => {
    const bad = { email: 'Target@example.test', password: 'a', confirmPassword: 'b' };
    for (let i = 0; i < LIMITS.signUpPerEmail.max; i++) {
      expect((await post(API.authSignUp, bad)).statusCode).toBe(400);
    }
    expectLimited(await post(API.authSignUp, { ...bad, email: ' target@EXAMPLE.test' }));
  });
});

describe('sign-in', () => {
  it('limits attempts per address', async () => {
    const ip = testAddress();
    for (let i = 0; i < LIMITS.signInPerIp.max; i++) {
      expect((await post(API.authSignIn, { email: `a${i}@example.test`, password: '' }, ip)).statusCode).toBe(
        400,
      );
    }
    expectLimited(await post(API.authSignIn, { email: 'last@example.test', password: 'whatever-1' }, ip));
  });

  it('slows failures per email and address alike whether or not it has an account', async () => {
    const { user } = await signedInUser(t);
    const ip = testAddress();
    const free = SIGN_IN_THROTTLE.pair.freeFailures;
    for (const email of [user.email, 'no-account@example.test']) {
      // The free failures, then one more that sets the first wait.
      for (let i = 0; i <= free; i++) {
        expect((await post(API.authSignIn, { email, password: `wrong-password-${i}` }, ip)).statusCode).toBe(
          401,
        );
      }
      // Held now, even with the right password, for a second that then doubles.
      const held = await post(API.authSignIn, { email, password: 'correct-horse-battery' }, ip);
      expectThrottled(held, 1);
      advance(1000);
      expect((await post(API.authSignIn, { email, password: `wrong-again` }, ip)).statusCode).toBe(401);
      expectThrottled(await post(API.authSignIn, { email, password: 'wrong-once-more' }, ip), 2);
    }
    // Not a lock of the account: the right password from another address signs in at once.
    expect(
      (await post(API.authSignIn, { email: user.email, password: 'correct-horse-battery' })).statusCode,
    ).toBe(200);
  });

  it('slows an address that sprays many emails, but not its own accounts', async () => {
    const { user } = await signedInUser(t);
    const ip = testAddress();
    expect(
      (await post(API.authSignIn, { email: user.email, password: 'correct-horse-battery' }, ip)).statusCode,
    ).toBe(200);
    for (let i = 0; i <= SIGN_IN_THROTTLE.address.freeFailures; i++) {
      expect(
        (await post(API.authSignIn, { email: `spray${i}@example.test`, password: 'guess-1' }, ip)).statusCode,
      ).toBe(401);
    }
    expectThrottled(
      await post(API.authSignIn, { email: 'spray-next@example.test', password: 'guess-1' }, ip),
      1,
    );
    // The account that signed in from this address before is not held by the others' failures.
    expect(
      (await post(API.authSignIn, { email: user.email, password: 'correct-horse-battery' }, ip)).statusCode,
    ).toBe(200);
  });

  it('does not count successful sign-ins as failures', async () => {
    const { user } = await signedInUser(t);
    const ip = testAddress();
    for (let i = 0; i <= SIGN_IN_THROTTLE.pair.freeFailures + 2; i++) {
      expect(
        (await post(API.authSignIn, { email: user.email, password: 'correct-horse-battery' }, ip)).statusCode,
      ).toBe(200);
    }
  });

  it("forgets a pair's failures once it signs in", async () => {
    const { user } = await signedInUser(t);
    const ip = testAddress();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < SIGN_IN_THROTTLE.pair.freeFailures; i++) {
        expect(
          (await post(API.authSignIn, { email: user.email, password: `typo-${i}` }, ip)).statusCode,
        ).toBe(401);
      }
      expect(
        (await post(API.authSignIn, { email: user.email, password: 'correct-horse-battery' }, ip)).statusCode,
      ).toBe(200);
    }
  });

  it('limits password-reset emails per email', async () => {
    for (const email of ['reset.target@example.test']) {
      for (let i = 0; i < LIMITS.passwordEmailPerEmail.max; i++) {
        expect((await post(API.authForgotPassword, { email })).statusCode).toBe(200);
      }
      expectLimited(await post(API.authForgotPassword, { email }));
    }
  });
});

describe('phone codes', () => {
  it('limits code sending per address', async () => {
    const ip = testAddress();
    for (let i = 0; i < LIMITS.sendCodePerIp.max; i++) {
      expect((await post(API.authPhoneSendCode, { phone: testPhone() }, ip)).statusCode).toBe(200);
    }
    expectLimited(await post(API.authPhoneSendCode, { phone: testPhone() }, ip));
  });

  it('limits codes per number per hour, beyond the 60-second cooldown', async () => {
    const phone = testPhone();
    for (let i = 0; i < LIMITS.sendCodePerNumber.max; i++) {
      expect((await post(API.authPhoneSendCode, { phone })).statusCode).toBe(200);
      advance(61_000);
    }
    expectLimited(await post(API.authPhoneSendCode, { phone }));
  });

  it('limits code checks per address', async () => {
    const ip = testAddress();
    for (let i = 0; i < LIMITS.checkCodePerIp.max; i++) {
      const res = await post(API.authPhoneVerify, { phone: testPhone(), code: '000000' }, ip);
      expect(res.statusCode).toBe(400);
    }
    expectLimited(await post(API.authPhoneVerify, { phone: testPhone(), code: '000000' }, ip));
  });

  it('limits code checks per number across new codes', async () => {
    const { user } = await signedInUser(t);
    let checks = 0;
    while (checks < LIMITS.checkCodePerNumber.max) {
      expect((await post(API.authPhoneSendCode, { phone: user.phone })).statusCode).toBe(200);
      const sms = await lastMessageTo(t, user.phone, 'sms');
      const code = sms!.body.match(/\d{6}/)![0];
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 5 && checks < LIMITS.checkCodePerNumber.max; i++, checks++) {
        expect((await post(API.authPhoneVerify, { phone: user.phone, code: wrong })).statusCode).toBe(400);
      }
      advance(61_000);
    }
    expect((await post(API.authPhoneSendCode, { phone: user.phone })).statusCode).toBe(200);
    const sms = await lastMessageTo(t, user.phone, 'sms');
    expectLimited(await post(API.authPhoneVerify, { phone: user.phone, code: sms!.body.match(/\d{6}/)![0] }));
  });
});
