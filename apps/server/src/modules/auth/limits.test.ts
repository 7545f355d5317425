import { API } from '@rebound/contract/routes';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lastMessageTo, signedInUser, testAddress, testPhone } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/harness';
import { LIMITS } from './limits';

// Abuse limits (decisions.md section 7): per address and per account or number, answered with
// 429, a clear message and Retry-After. Each test uses its own addresses, emails and numbers.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
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

/** Moves Date (and so the limiters' windows and better-auth's expiries) forward. */
function advance(ms: number) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'] });
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

  it('limits failures per email the same way whether or not it has an account', async () => {
    const { user } = await signedInUser(t);
    for (const email of [user.email, 'no-account@example.test']) {
      for (let i = 0; i < LIMITS.signInFailuresPerEmail.max; i++) {
        expect((await post(API.authSignIn, { email, password: `wrong-password-${i}` })).statusCode).toBe(401);
      }
      // Blocked now, even with the right password.
      expectLimited(await post(API.authSignIn, { email, password: 'correct-horse-battery' }));
    }
  });

  it('does not count successful sign-ins against the email', async () => {
    const { user } = await signedInUser(t);
    for (let i = 0; i <= LIMITS.signInFailuresPerEmail.max; i++) {
      expect(
        (await post(API.authSignIn, { email: user.email, password: 'correct-horse-battery' })).statusCode,
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
