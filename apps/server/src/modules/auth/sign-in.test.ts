import { API } from '@rebound/contract/routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMessageTo, linkPath, sessionCookieFrom, signedInUser, testAddress } from '../../../test/auth';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sessions, users } from '../../db/schema';

const PASSWORD = 'correct-horse-battery';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: testAddress(),
    ...(cookie ? { headers: { cookie } } : {}),
  });

const whoIs = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: API.authSession, headers: { cookie } })).json<{
    user: { id: string } | null;
  }>().user;

describe('sign in with email and password', () => {
  it('signs in with the welcome toast and an httpOnly session cookie', async () => {
    const { user } = await signedInUser(t);
    const res = await post(API.authSignIn, { email: ` ${user.email.toUpperCase()} `, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      title: 'Welcome back!',
      message: 'Successfully signed in.',
      user: { id: user.id, email: user.email, handle: user.handle, role: 'shopper', status: 'active' },
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = sessionCookieFrom(res.headers['set-cookie']);
    expect((await whoIs(cookie))?.id).toBe(user.id);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const { user } = await signedInUser(t);
    const wrong = await post(API.authSignIn, { email: user.email, password: 'not-the-password' });
    const unknown = await post(API.authSignIn, {
      email: 'nobody-here@example.test',
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: { code: 'invalid_credentials', message: 'Invalid email or password' },
    });
    expect(unknown.body).toBe(wrong.body);
    expect(sessionCookieFrom(wrong.headers['set-cookie'])).toBe('');
  });

  it('requires both fields', async () => {
    const res = await post(API.authSignIn, { email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { message: 'Please fill in all required fields.' } });
  });

  it('tells only the right password that the email is unconfirmed, and mails a new link', async () => {
    const email = 'unconfirmed@example.test';
    await post(API.authSignUp, {
      email,
      firstName: 'Una',
      lastName: 'Firmed',
      handle: 'unconfirmed',
      phone: '+16045550111',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsAccepted: true,
    });
    const first = await lastMessageTo(t, email);
    const wrong = await post(API.authSignIn, { email, password: 'not-the-password' });
    expect(wrong.json()).toMatchObject({ error: { code: 'invalid_credentials' } });
    const right = await post(API.authSignIn, { email, password: PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      error: {
        code: 'email_not_verified',
        message: 'Please confirm your email address first. We sent you a new confirmation link.',
      },
    });
    const again = await lastMessageTo(t, email);
    expect(again?.id).not.toBe(first?.id);
    const confirmed = await t.app.inject({ method: 'GET', url: linkPath(again!.body) });
    expect(sessionCookieFrom(confirmed.headers['set-cookie'])).not.toBe('');
    expect((await post(API.authSignIn, { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('treats a tampered or unknown cookie as signed out', async () => {
    const { cookie } = await signedInUser(t);
    const [name, value] = cookie.split('=');
    expect(await whoIs(`${name}=${value!.slice(0, -4)}AAAA`)).toBeNull();
    expect(await whoIs('rebound.session_token=nonsense')).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: API.authSession })).json()).toEqual({ user: null });
  });
});

describe('sessions', () => {
  it('are server-side: an expired one signs nobody in', async () => {
    const { user, cookie } = await signedInUser(t);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect(await whoIs(cookie)).toBeNull();
  });

  it('are renewed while used', async () => {
    const { user, cookie } = await signedInUser(t);
    // As if signed in 20 days ago: 10 of its 30 days left, and last refreshed long ago.
    const tenDays = new Date(Date.now() + 10 * 86_400_000);
    await t.db.update(sessions).set({ expiresAt: tenDays }).where(eq(sessions.userId, user.id));
    const res = await t.app.inject({ method: 'GET', url: API.authSession, headers: { cookie } });
    expect(res.json().user.id).toBe(user.id);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(String(res.headers['set-cookie'])).toMatch(/rebound\.session_token=.*Max-Age=2592000/);
  });

  it('sign-out ends every session of the user and clears the cookie', async () => {
    const { user, cookie } = await signedInUser(t);
    const other = sessionCookieFrom(
      (await post(API.authSignIn, { email: user.email, password: PASSWORD })).headers['set-cookie'],
    );
    const bystander = await signedInUser(t);
    expect((await whoIs(other))?.id).toBe(user.id);

    const res = await post(API.authSignOut, {}, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Logged out successfully' });
    expect(String(res.headers['set-cookie'])).toMatch(/rebound\.session_token=;.*Max-Age=0/);
    expect(await whoIs(cookie)).toBeNull();
    expect(await whoIs(other)).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    // Other users stay signed in.
    expect((await whoIs(bystander.cookie))?.id).toBe(bystander.user.id);
  });

  it('sign-out when already signed out still answers 200', async () => {
    const res = await post(API.authSignOut, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Logged out successfully' });
  });

  it('a suspended user is still recognised (bidding refuses them itself)', async () => {
    const { user, cookie } = await signedInUser(t);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    const res = await t.app.inject({ method: 'GET', url: API.authSession, headers: { cookie } });
    expect(res.json()).toMatchObject({ user: { id: user.id, status: 'suspended' } });
  });
});

describe('password reset by emailed link', () => {
  it('gives the same answer for every email, and mails only real accounts', async () => {
    const { user } = await signedInUser(t);
    const known = await post(API.authForgotPassword, { email: user.email });
    const unknown = await post(API.authForgotPassword, { email: 'ghost@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({
      title: 'Check your email',
      message: 'If an account uses this email, we sent it a link to reset the password.',
    });
    expect(await lastMessageTo(t, 'ghost@example.test')).toBeNull();
    expect((await lastMessageTo(t, user.email))?.subject).toBe('Reset your Rebound password');
  });

  it('checks the email like the other forms', async () => {
    const res = await post(API.authForgotPassword, { email: 'nope' });
    expect(res.json()).toMatchObject({
      error: { code: 'email_invalid', message: 'Please enter a valid email address.' },
    });
  });

  it('resets through the link, ends every session, and works once', async () => {
    const { user, cookie } = await signedInUser(t);
    await post(API.authForgotPassword, { email: user.email });
    const mail = await lastMessageTo(t, user.email);
    const landing = await t.app.inject({ method: 'GET', url: linkPath(mail!.body) });
    expect(landing.statusCode).toBe(302);
    const target = new URL(String(landing.headers.location));
    expect(target.pathname).toBe('/auth/reset-password');
    const token = target.searchParams.get('token')!;
    expect(token).toBeTruthy();

    expect(
      (
        await post(API.authResetPassword, {
          token,
          password: 'new-password-1',
          confirmPassword: 'new-password-2',
        })
      ).json(),
    ).toMatchObject({ error: { message: 'Passwords do not match.' } });
    expect(
      (await post(API.authResetPassword, { token, password: 'short', confirmPassword: 'short' })).json(),
    ).toMatchObject({ error: { message: 'Password must be at least 8 characters.' } });
    for (const common of ['Password1', 'qwerty123', 'LETMEIN1']) {
      const refused = await post(API.authResetPassword, { token, password: common, confirmPassword: common });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: {
          code: 'password_too_common',
          message: 'This password is too common. Please choose another.',
        },
      });
    }

    const done = await post(API.authResetPassword, {
      token,
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      title: 'Password updated',
      message: 'You can now sign in with your new password.',
    });
    expect(await whoIs(cookie)).toBeNull();
    expect((await post(API.authSignIn, { email: user.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post(API.authSignIn, { email: user.email, password: 'new-password-1' })).statusCode).toBe(
      200,
    );

    const reused = await post(API.authResetPassword, {
      token,
      password: 'another-pass-1',
      confirmPassword: 'another-pass-1',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      error: {
        code: 'reset_token_invalid',
        message: 'This password reset link is invalid or has expired. Please ask for a new one.',
      },
    });
  });

  it('sends an unknown link token back with an error', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/not-a-token?callbackURL=%2Fauth%2Freset-password',
    });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toMatch(/\/auth\/reset-password\?error=INVALID_TOKEN$/);
  });
});

describe('resend confirmation', () => {
  it('answers alike for any email and mails only an unconfirmed account', async () => {
    const email = 'resend.me@example.test';
    await post(API.authSignUp, {
      email,
      firstName: 'Re',
      lastName: 'Send',
      handle: 'resendme',
      phone: '+16045550122',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsAccepted: true,
    });
    const first = await lastMessageTo(t, email);
    const a = await post(API.authResendConfirmation, { email });
    const b = await post(API.authResendConfirmation, { email: 'nobody.at.all@example.test' });
    expect(a.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    expect((await lastMessageTo(t, email))?.id).not.toBe(first?.id);
    expect(await lastMessageTo(t, 'nobody.at.all@example.test')).toBeNull();
  });
});
