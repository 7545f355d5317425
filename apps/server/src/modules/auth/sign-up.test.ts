import { AUTH_TEXT } from '@rebound/contract/auth';
import { EMAIL_CONFIRMATION_TEXT } from '@rebound/contract/auth-text';
import { API } from '@rebound/contract/routes';
import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMessageTo, linkPath, sessionCookieFrom, testAddress, testPhone } from '../../../test/auth';
import { createTestApp, type TestApp } from '../../../test/harness';
import { listSignups, users } from '../../db/schema';

const NOW = new Date('2026-06-15T18:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
/** A complete, valid sign-up form; each call uses a new email, handle and phone. */
function form(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    email: `new${seq}@example.test`,
    firstName: 'Ava',
    lastName: 'Singh',
    handle: `ava_${seq}`,
    phone: testPhone(),
    password: 'sunny-harbour-42',
    confirmPassword: 'sunny-harbour-42',
    termsAccepted: true,
    marketingConsent: false,
    ...over,
  };
}

// Each request from its own address, so the per-address limits (tested in limits.test.ts) stay out of the way.
const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: testAddress() });

async function userByEmail(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

function expectError(
  res: { statusCode: number; json: () => unknown },
  status: number,
  code: string,
  message: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ error: { code, message } });
}

describe('sign-up step 1: check email (check-launch-user)', () => {
  it('answers exists=false for a new email', async () => {
    const res = await post(API.authCheckEmail, { email: 'nobody@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ exists: false, isLaunchUser: false });
  });

  it('requires an email, then its shape', async () => {
    expectError(
      await post(API.authCheckEmail, { email: '   ' }),
      400,
      'email_required',
      'Please enter your email address.',
    );
    expectError(
      await post(API.authCheckEmail, {}),
      400,
      'email_required',
      'Please enter your email address.',
    );
    expectError(
      await post(API.authCheckEmail, { email: 'not-an-email' }),
      400,
      'email_invalid',
      'Please enter a valid email address.',
    );
  });

  it('tells that an account exists, on purpose, whatever the case and spaces', async () => {
    const f = form();
    expect((await post(API.authSignUp, f)).statusCode).toBe(201);
    const res = await post(API.authCheckEmail, { email: `  ${f.email.toUpperCase()} ` });
    expect(res.json()).toEqual({ exists: true, isLaunchUser: false });
  });

  it('finds a launch-list member who confirmed, and not one who did not', async () => {
    await t.db.insert(listSignups).values({ email: 'Early.Bird@example.test', status: 'confirmed' });
    const res = await post(API.authCheckEmail, { email: 'early.bird@example.test' });
    expect(res.json()).toEqual({ exists: false, isLaunchUser: true });
    // Pending: the address was typed, never confirmed; it proves nothing (double opt-in).
    await t.db.insert(listSignups).values({ email: 'late.bird@example.test', status: 'pending' });
    const pending = await post(API.authCheckEmail, { email: 'late.bird@example.test' });
    expect(pending.json()).toEqual({ exists: false, isLaunchUser: false });
  });
});

describe('sign-up step 2: the form', () => {
  it('checks that the passwords match first', async () => {
    const res = await post(API.authSignUp, form({ confirmPassword: 'something-else', firstName: '' }));
    expectError(res, 400, 'passwords_mismatch', 'Passwords do not match.');
  });

  it.each([
    ['first name', { firstName: '   ' }],
    ['last name', { lastName: '' }],
    ['handle', { handle: ' ' }],
    ['phone', { phone: '' }],
    ['password', { password: '', confirmPassword: '' }],
  ])('asks for every required field (%s)', async (_name, over) => {
    expectError(
      await post(API.authSignUp, form(over)),
      400,
      'required_fields',
      'Please fill in all required fields.',
    );
  });

  it('treats a missing field like an empty one', async () => {
    const { firstName: _omitted, ...rest } = form();
    expectError(
      await post(API.authSignUp, rest),
      400,
      'required_fields',
      'Please fill in all required fields.',
    );
  });

  it('requires the terms', async () => {
    expectError(
      await post(API.authSignUp, form({ termsAccepted: false })),
      400,
      'terms_required',
      'You must accept the Terms and Conditions to create an account.',
    );
  });

  it('limits the handle to 20 characters and plain characters', async () => {
    expectError(
      await post(API.authSignUp, form({ handle: 'a'.repeat(21) })),
      400,
      'handle_too_long',
      'Bidder handle must be at most 20 characters.',
    );
    expect((await post(API.authSignUp, form({ handle: 'b'.repeat(20) }))).statusCode).toBe(201);
    expectError(
      await post(API.authSignUp, form({ handle: 'bad handle!' })),
      400,
      'handle_invalid',
      'Bidder handle can use only letters, numbers, dots, dashes and underscores.',
    );
  });

  it('checks the phone as the phone sign-in does', async () => {
    expectError(
      await post(API.authSignUp, form({ phone: '12345' })),
      400,
      'phone_invalid',
      'Please enter a valid phone number with country code',
    );
  });

  it('needs a password of at least 8 characters', async () => {
    expectError(
      await post(API.authSignUp, form({ password: 'short12', confirmPassword: 'short12' })),
      400,
      'password_too_short',
      'Password must be at least 8 characters.',
    );
  });

  it('refuses the most common passwords, whatever their case (ASVS 6.2.4)', async () => {
    for (const password of ['Password1', 'qwerty123', 'QWERTY123', 'iloveyou', 'BaseBall1']) {
      const f = form({ password, confirmPassword: password });
      expectError(
        await post(API.authSignUp, f),
        400,
        'password_too_common',
        'This password is too common. Please choose another.',
      );
      expect(await userByEmail(f.email)).toBeUndefined();
    }
  });

  it('creates the account, unconfirmed and signed out, with the whole profile stored', async () => {
    const f = form({ email: 'Mixed.Case@Example.test', phone: '(604) 555-0142', handle: 'MixedCase' });
    const res = await post(API.authSignUp, f);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ...AUTH_TEXT.signUpSuccess, confirmationSent: true });
    expect(res.json()).toMatchObject({
      title: 'Account created!',
      message: 'Check your email to confirm your account.',
    });
    expect(sessionCookieFrom(res.headers['set-cookie'])).toBe('');

    const row = await userByEmail('mixed.case@example.test');
    expect(row).toMatchObject({
      emailVerified: false,
      firstName: 'Ava',
      lastName: 'Singh',
      fullName: 'Ava Singh',
      handle: 'MixedCase',
      name: 'MixedCase',
      phoneNumber: '+16045550142',
      phoneNumberVerified: false,
      role: 'shopper',
      status: 'active',
      marketingConsent: false,
      marketingConsentAt: null,
    });
    expect(row!.id).toMatch(/^[0-9a-f-]{36}$/);
    // Times come from the server's clock (moved by tests), not the machine's.
    expect(Math.abs(row!.termsAcceptedAt!.getTime() - NOW.getTime())).toBeLessThan(60_000);
  });

  it('stores marketing consent with its time, and the terms time', async () => {
    const f = form({ marketingConsent: true });
    expect((await post(API.authSignUp, f)).statusCode).toBe(201);
    const row = await userByEmail(f.email);
    expect(row!.marketingConsent).toBe(true);
    expect(row!.marketingConsentAt).toBeInstanceOf(Date);
    expect(row!.termsAcceptedAt).toBeInstanceOf(Date);
    expect(Math.abs(row!.marketingConsentAt!.getTime() - NOW.getTime())).toBeLessThan(60_000);
  });

  it('refuses an email that has an account, whatever its case', async () => {
    const f = form();
    expect((await post(API.authSignUp, f)).statusCode).toBe(201);
    const res = await post(API.authSignUp, form({ email: f.email.toUpperCase() }));
    expectError(
      res,
      409,
      'account_exists',
      'An account with this email already exists. Please sign in instead.',
    );
    expect(AUTH_TEXT.accountExists.title).toBe('Account exists');
  });

  it('keeps handles unique without regard to case', async () => {
    expect((await post(API.authSignUp, form({ handle: 'DealHunter' }))).statusCode).toBe(201);
    expectError(
      await post(API.authSignUp, form({ handle: 'dealhunter' })),
      409,
      'handle_taken',
      'That bidder handle is taken. Please choose another.',
    );
  });

  it('keeps phone numbers unique after normalising them', async () => {
    expect((await post(API.authSignUp, form({ phone: '+1 604 555 0177' }))).statusCode).toBe(201);
    expectError(
      await post(API.authSignUp, form({ phone: '604.555.0177' })),
      409,
      'phone_taken',
      'An account with this phone number already exists. Please sign in instead.',
    );
  });

  it('rejects odd bodies with a 400, never a 500', async () => {
    const res = await post(API.authSignUp, { ...form(), termsAccepted: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });
});

describe('email confirmation', () => {
  it('mails a link that confirms the email, signs in and lands on the home page', async () => {
    const f = form();
    await post(API.authSignUp, f);
    const mail = await lastMessageTo(t, f.email);
    expect(mail?.subject).toBe('Confirm your Rebound account');
    expect(mail?.html).toContain('href="http://localhost:3000/api/auth/verify-email?token=');

    const res = await t.app.inject({ method: 'GET', url: linkPath(mail!.body) });
    expect(res.statusCode).toBe(302);
    // The home page says the email is confirmed (EMAIL_CONFIRMATION_TEXT.confirmed).
    expect(res.headers.location).toBe('/?confirmation=confirmed');
    const cookie = sessionCookieFrom(res.headers['set-cookie']);
    expect(cookie).toMatch(/^rebound\.session_token=/);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect((await userByEmail(f.email))!.emailVerified).toBe(true);

    const session = await t.app.inject({ method: 'GET', url: API.authSession, headers: { cookie } });
    expect(session.json()).toMatchObject({ user: { email: f.email, handle: f.handle, role: 'shopper' } });
  });

  it('sends a bad or tampered link back home with an error, confirming nothing', async () => {
    const f = form();
    await post(API.authSignUp, f);
    const mail = await lastMessageTo(t, f.email);
    const tampered = linkPath(mail!.body).replace(
      /token=([^.&]+)\.([^.&]+)\./,
      'token=$1.eyJlbWFpbCI6ImV2aWxAZXhhbXBsZS50ZXN0In0.',
    );
    const res = await t.app.inject({ method: 'GET', url: tampered });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?confirmation=invalid');
    expect(sessionCookieFrom(res.headers['set-cookie'])).toBe('');
    expect((await userByEmail(f.email))!.emailVerified).toBe(false);
  });

  it('tells a person who opens a used link that the email is already confirmed, signing nobody in', async () => {
    const f = form();
    await post(API.authSignUp, f);
    const link = linkPath((await lastMessageTo(t, f.email))!.body);
    expect((await t.app.inject({ method: 'GET', url: link })).headers.location).toBe(
      '/?confirmation=confirmed',
    );
    const again = await t.app.inject({ method: 'GET', url: link });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/?confirmation=used');
    expect(sessionCookieFrom(again.headers['set-cookie'])).toBe('');
    expect(EMAIL_CONFIRMATION_TEXT.used.message).toMatch(/sign in with your email and password/);
  });

  it('tells a person whose link has expired, and what to do', async () => {
    const f = form();
    await post(API.authSignUp, f);
    const user = (await userByEmail(f.email))!;
    // A link made the way better-auth makes them, with the server's secret, whose time is over.
    const token = await createEmailVerificationToken(t.config.authSecret, f.email, undefined, -60, {
      userId: user.id,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${token}&callbackURL=/`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?confirmation=expired');
    expect(sessionCookieFrom(res.headers['set-cookie'])).toBe('');
    expect((await userByEmail(f.email))!.emailVerified).toBe(false);
    expect(EMAIL_CONFIRMATION_TEXT.expired.message).toMatch(/we will email you a new link/);
  });

  it("exposes none of better-auth's other endpoints (they would skip our checks)", async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'raw@example.test', password: 'raw-password-1', name: 'raw' },
    });
    expect(signUp.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/get-session' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/list-sessions' })).statusCode).toBe(404);
  });
});

describe('launch-list members (complete-launch-user-profile)', () => {
  it('turns a launch signup into an account linked to it, consent kept with its time (CASL)', async () => {
    const confirmedAt = new Date('2026-05-02T17:30:00.000Z');
    const [signup] = await t.db
      .insert(listSignups)
      .values({ email: 'launch.fan@example.test', status: 'confirmed', confirmedAt })
      .returning();
    const res = await post(API.authCompleteLaunchProfile, {
      email: 'launch.fan@example.test',
      password: 'launch-day-2026',
      handle: 'LaunchFan',
      phone: '604-555-0190',
      termsAccepted: true,
      marketingConsent: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      title: 'Welcome back!',
      message: 'Your account is all set up.',
      confirmationSent: true,
    });

    const user = await userByEmail('launch.fan@example.test');
    expect(user).toMatchObject({ handle: 'LaunchFan', phoneNumber: '+16045550190', marketingConsent: true });
    // The consent is the list's: given when the confirmation link was opened, not now.
    expect(user!.marketingConsentAt).toEqual(confirmedAt);
    const [linked] = await t.db.select().from(listSignups).where(eq(listSignups.id, signup!.id));
    expect(linked!.userId).toBe(user!.id);
    // Confirmed by email like any account: the launch signup proves nothing about who types now.
    expect(await lastMessageTo(t, 'launch.fan@example.test')).toMatchObject({
      subject: 'Confirm your Rebound account',
    });
    expect((await post(API.authCheckEmail, { email: 'launch.fan@example.test' })).json()).toEqual({
      exists: true,
      isLaunchUser: false,
    });
  });

  it('checks the form like sign-up does', async () => {
    await t.db.insert(listSignups).values({ email: 'launch.two@example.test' });
    const base = {
      email: 'launch.two@example.test',
      handle: 'LaunchTwo',
      phone: testPhone(),
      termsAccepted: true,
    };
    expectError(
      await post(API.authCompleteLaunchProfile, {
        ...base,
        password: 'aaaaaaaa',
        confirmPassword: 'bbbbbbbb',
      }),
      400,
      'passwords_mismatch',
      'Passwords do not match.',
    );
    expectError(
      await post(API.authCompleteLaunchProfile, { ...base, password: 'long-enough-1', termsAccepted: false }),
      400,
      'terms_required',
      'You must accept the Terms and Conditions to create an account.',
    );
    expectError(
      await post(API.authCompleteLaunchProfile, { ...base, handle: '', password: 'long-enough-1' }),
      400,
      'required_fields',
      'Please fill in all required fields.',
    );
    expectError(
      await post(API.authCompleteLaunchProfile, {
        ...base,
        password: 'Password1',
        confirmPassword: 'Password1',
      }),
      400,
      'password_too_common',
      'This password is too common. Please choose another.',
    );
  });

  it('refuses an email that is not on the launch list, or already has an account', async () => {
    const payload = {
      email: 'stranger@example.test',
      password: 'long-enough-1',
      handle: 'Stranger',
      phone: testPhone(),
      termsAccepted: true,
    };
    expectError(
      await post(API.authCompleteLaunchProfile, payload),
      404,
      'launch_signup_not_found',
      'We could not find a launch signup for this email.',
    );
    const f = form();
    await post(API.authSignUp, f);
    await t.db.insert(listSignups).values({ email: f.email });
    expectError(
      await post(API.authCompleteLaunchProfile, { ...payload, email: f.email }),
      409,
      'account_exists',
      'An account with this email already exists. Please sign in instead.',
    );
  });
});

describe('launch-list consent carried over', () => {
  const profile = (email: string) => ({
    email,
    password: 'launch-day-2026',
    handle: `L${Math.random().toString(36).slice(2, 10)}`,
    phone: testPhone(),
    termsAccepted: true,
    marketingConsent: false,
  });

  it('keeps the confirmation time even when the form box was left unticked', async () => {
    const confirmedAt = new Date('2026-04-01T16:00:00.000Z');
    await t.db.insert(listSignups).values({ email: 'carry@example.test', status: 'confirmed', confirmedAt });
    expect((await post(API.authCompleteLaunchProfile, profile('carry@example.test'))).statusCode).toBe(201);
    const user = await userByEmail('carry@example.test');
    expect(user).toMatchObject({ marketingConsent: true, marketingConsentAt: confirmedAt });
  });

  it('carries nothing from a signup that unsubscribed from the list, and refuses a pending one', async () => {
    await t.db.insert(listSignups).values({
      email: 'left@example.test',
      status: 'confirmed',
      confirmedAt: new Date('2026-04-01T16:00:00.000Z'),
      unsubscribedAt: new Date('2026-04-03T16:00:00.000Z'),
    });
    expect((await post(API.authCompleteLaunchProfile, profile('left@example.test'))).statusCode).toBe(201);
    expect(await userByEmail('left@example.test')).toMatchObject({
      marketingConsent: false,
      marketingConsentAt: null,
    });
    await t.db.insert(listSignups).values({ email: 'typed@example.test', status: 'pending' });
    expectError(
      await post(API.authCompleteLaunchProfile, profile('typed@example.test')),
      404,
      'launch_signup_not_found',
      'We could not find a launch signup for this email.',
    );
  });
});
