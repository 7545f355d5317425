import {
  AUTH_TEXT,
  type AuthUser,
  type CheckEmailResponse,
  codeSentText,
  HANDLE_MAX_LENGTH,
  HANDLE_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@rebound/contract/auth';
import { EMAIL_CONFIRMATION_PARAM, type EmailConfirmationOutcome } from '@rebound/contract/auth-text';
import { checkLaunchEmail } from '@rebound/core/email';
import { isCommonPassword } from '@rebound/core/passwords';
import { isOtpCode, normalizePhone } from '@rebound/core/phone';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { confirmedLaunchSignup, linkLaunchSignup } from '../launch';
import { type Auth, OTP_EXPIRES_IN_S, RESET_PASSWORD_PAGE, SIGN_UP_PHONE_KEY } from './auth';
import * as repo from './repository';

// The rules of signing up and in (docs/product.md "Accounts and sign-in"). better-auth does
// the cryptography and the storage; this layer checks inputs with the catalogue's messages and maps
// better-auth's errors onto the catalogue.

export interface AuthServiceDeps {
  auth: Auth;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** The answer of a better-auth call that signs in: what to show and the cookies to set. */
export interface SignedIn {
  user: AuthUser;
  setCookies: string[];
}

/** better-auth's errors carry { code } in their body. */
function authErrorCode(err: unknown): string | null {
  if (typeof err !== 'object' || err === null || !('body' in err)) return null;
  const body = (err as { body?: { code?: unknown } }).body;
  return typeof body?.code === 'string' ? body.code : null;
}

function toAuthUser(user: Record<string, unknown>): AuthUser {
  return {
    id: String(user.id),
    email: String(user.email),
    handle: String(user.handle ?? ''),
    role: user.role === 'staff' ? 'staff' : 'shopper',
    status: user.status === 'suspended' ? 'suspended' : 'active',
  };
}

/** The email rule of the forms: required, then the simple shape; trimmed and lowercased. */
export function checkEmail(input: string): string {
  const result = checkLaunchEmail(input);
  if (!result.ok) throw new AppError(result.title === 'Email required' ? 'email_required' : 'email_invalid');
  return result.email;
}

function checkPassword(password: string) {
  if (password.length < PASSWORD_MIN_LENGTH) throw new AppError('password_too_short');
  if (password.length > PASSWORD_MAX_LENGTH) throw new AppError('password_too_long');
  // Every path that sets a password comes here: sign-up, launch-profile completion, reset.
  if (isCommonPassword(password)) throw new AppError('password_too_common');
}

export function checkPhone(input: string): string {
  const result = normalizePhone(input);
  if (!result.ok) throw new AppError('phone_invalid');
  return result.e164;
}

export interface ProfileInput {
  email: string;
  firstName: string;
  lastName: string;
  handle: string;
  phone: string;
  password: string;
  confirmPassword?: string | undefined;
  termsAccepted: boolean;
  marketingConsent: boolean;
}

export interface CheckedProfile {
  email: string;
  firstName: string;
  lastName: string;
  handle: string;
  phone: string;
  password: string;
  marketingConsent: boolean;
}

/**
 * The sign-up form's checks in the form's order: passwords match, required fields, terms; then
 * then the limits (handle length and characters, phone, password length).
 */
export function checkProfile(input: ProfileInput, opts: { namesRequired: boolean }): CheckedProfile {
  const email = checkEmail(input.email);
  if (input.confirmPassword !== undefined && input.password !== input.confirmPassword) {
    throw new AppError('passwords_mismatch');
  }
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const handle = input.handle.trim();
  const phoneText = input.phone.trim();
  const missing =
    handle === '' ||
    phoneText === '' ||
    input.password === '' ||
    (opts.namesRequired && (!firstName || !lastName));
  if (missing) throw new AppError('required_fields');
  if (!input.termsAccepted) throw new AppError('terms_required');
  if (handle.length > HANDLE_MAX_LENGTH) throw new AppError('handle_too_long');
  if (!HANDLE_PATTERN.test(handle)) throw new AppError('handle_invalid');
  const phone = checkPhone(phoneText);
  checkPassword(input.password);
  return {
    email,
    firstName,
    lastName,
    handle,
    phone,
    password: input.password,
    marketingConsent: input.marketingConsent,
  };
}

/** Step 1 of sign-up (check-email): the one answer that tells whether an account exists. */
export async function checkEmailStep(db: Db, input: string): Promise<CheckEmailResponse> {
  const email = checkEmail(input);
  const exists = (await repo.userIdByEmail(db, email)) !== null;
  // Only a confirmed launch signup (double opt-in) counts: a typed address proves nothing.
  const isLaunchUser = !exists && (await confirmedLaunchSignup(db, email)) !== null;
  return { exists, isLaunchUser };
}

/** Which of email, handle or phone is already taken, as the catalogue error to answer with. */
async function assertAvailable(db: Db, p: CheckedProfile) {
  if (await repo.userIdByEmail(db, p.email)) throw new AppError('account_exists');
  if (await repo.userIdByHandle(db, p.handle)) throw new AppError('handle_taken');
  if (await repo.userIdByPhone(db, p.phone)) throw new AppError('phone_taken');
}

/** Creates the account (unconfirmed) through better-auth, which emails the confirmation link. */
async function createAccount(
  deps: AuthServiceDeps,
  p: CheckedProfile,
  headers: Headers,
  /** Marketing consent given earlier, kept with its original time (a launch signup's confirmation). */
  priorConsentAt: Date | null = null,
): Promise<string> {
  const now = deps.clock.now();
  await assertAvailable(deps.db, p);
  const body = {
    email: p.email,
    password: p.password,
    // better-auth's display name is the public handle.
    name: p.handle,
    handle: p.handle,
    firstName: p.firstName,
    lastName: p.lastName,
    fullName: [p.firstName, p.lastName].filter(Boolean).join(' '),
    termsAcceptedAt: now,
    marketingConsent: p.marketingConsent || priorConsentAt !== null,
    marketingConsentAt: priorConsentAt ?? (p.marketingConsent ? now : null),
    [SIGN_UP_PHONE_KEY]: p.phone,
    // After confirming, the link signs the shopper in and lands on the home page.
    callbackURL: '/',
  };
  let userId: string;
  try {
    userId = (await deps.auth.api.signUpEmail({ headers, body })).user.id;
  } catch (err) {
    // Lost a race on email, handle or phone: say which, as the checks above would have.
    await assertAvailable(deps.db, p);
    deps.log.error({ err, code: authErrorCode(err) }, 'sign-up failed');
    throw new AppError('sign_up_failed');
  }
  // A duplicate email that slipped past the check gets better-auth's look-alike answer, not an account.
  if ((await repo.userIdByEmail(deps.db, p.email)) !== userId) throw new AppError('account_exists');
  return userId;
}

export async function signUp(deps: AuthServiceDeps, input: ProfileInput, headers: Headers) {
  const profile = checkProfile(input, { namesRequired: true });
  await createAccount(deps, profile, headers);
  return { ...AUTH_TEXT.signUpSuccess, confirmationSent: true as const };
}

/**
 * Completing a launch-list member's profile. A launch signup proves nothing about who is typing
 * now, so the account is confirmed by email like any other; it is then linked to the signup.
 */
export async function completeLaunchProfile(deps: AuthServiceDeps, input: ProfileInput, headers: Headers) {
  const profile = checkProfile(input, { namesRequired: false });
  const signup = await confirmedLaunchSignup(deps.db, profile.email);
  if (!signup) {
    if (await repo.userIdByEmail(deps.db, profile.email)) throw new AppError('account_exists');
    throw new AppError('launch_signup_not_found');
  }
  // CASL: the launch list's double opt-in was express consent, given when the link was opened; the
  // account keeps it with that time (docs/decisions/028). Unsubscribed from the list: none carried.
  const priorConsentAt = signup.unsubscribedAt === null ? signup.confirmedAt : null;
  const userId = await createAccount(deps, profile, headers, priorConsentAt);
  try {
    await linkLaunchSignup(deps.db, signup.id, userId, deps.clock.now());
  } catch (err) {
    deps.log.error({ err }, 'could not link the launch signup to its new account');
    throw new AppError('launch_profile_failed');
  }
  return { ...AUTH_TEXT.launchCompleteSuccess, confirmationSent: true as const };
}

export async function signIn(
  deps: AuthServiceDeps,
  input: { email: string; password: string },
  headers: Headers,
): Promise<SignedIn> {
  const email = input.email.trim().toLowerCase();
  if (email === '' || input.password === '') throw new AppError('required_fields');
  try {
    const { headers: out, response } = await deps.auth.api.signInEmail({
      headers,
      body: { email, password: input.password },
      returnHeaders: true,
    });
    return {
      user: toAuthUser(response.user as unknown as Record<string, unknown>),
      setCookies: out.getSetCookie(),
    };
  } catch (err) {
    const code = authErrorCode(err);
    // Only a correct password learns that the email is unconfirmed (a new link is on its way).
    if (code === 'EMAIL_NOT_VERIFIED') throw new AppError('email_not_verified');
    if (code !== null) throw new AppError('invalid_credentials');
    throw err;
  }
}

/** Ends every session of the user (docs/product.md "Accounts and sign-in") and clears the cookie. */
export async function signOut(deps: AuthServiceDeps, signedIn: boolean, headers: Headers): Promise<string[]> {
  if (signedIn) {
    try {
      const { headers: out } = await deps.auth.api.revokeSessions({ headers, returnHeaders: true });
      return out.getSetCookie();
    } catch (err) {
      if (authErrorCode(err) === null) throw err;
    }
  }
  // Signed out already, or the session vanished meanwhile: still clear the cookie.
  const { headers: out } = await deps.auth.api.signOut({ headers, returnHeaders: true });
  return out.getSetCookie();
}

/** Same answer whether or not the email has an account; the email goes out in the background. */
export async function forgotPassword(deps: AuthServiceDeps, input: string, headers: Headers) {
  const email = checkEmail(input);
  await deps.auth.api.requestPasswordReset({ headers, body: { email, redirectTo: RESET_PASSWORD_PAGE } });
  return AUTH_TEXT.passwordResetRequested;
}

export async function resetPassword(
  deps: AuthServiceDeps,
  input: { token: string; password: string; confirmPassword: string },
  headers: Headers,
) {
  if (input.password !== input.confirmPassword) throw new AppError('passwords_mismatch');
  if (input.password === '') throw new AppError('required_fields');
  checkPassword(input.password);
  try {
    await deps.auth.api.resetPassword({ headers, body: { token: input.token, newPassword: input.password } });
  } catch (err) {
    const code = authErrorCode(err);
    if (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND') throw new AppError('reset_token_invalid');
    throw err;
  }
  return AUTH_TEXT.passwordResetDone;
}

/** A new confirmation link; the same answer for every email. */
export async function resendConfirmation(deps: AuthServiceDeps, input: string, headers: Headers) {
  const email = checkEmail(input);
  try {
    await deps.auth.api.sendVerificationEmail({ headers, body: { email, callbackURL: '/' } });
  } catch (err) {
    // Unknown or already confirmed: nothing to send, and nothing to tell.
    if (authErrorCode(err) === null) throw err;
  }
  return AUTH_TEXT.confirmationResent;
}

export async function sendCode(deps: AuthServiceDeps, phone: string, headers: Headers) {
  try {
    await deps.auth.api.sendPhoneNumberOTP({ headers, body: { phoneNumber: phone } });
  } catch (err) {
    const code = authErrorCode(err);
    if (code === 'INVALID_PHONE_NUMBER') throw new AppError('phone_invalid');
    deps.log.warn({ err }, 'could not send a sign-in code');
    throw new AppError('sms_send_failed');
  }
  return { ...codeSentText(phone), phone, expiresInSeconds: OTP_EXPIRES_IN_S };
}

export async function verifyCode(
  deps: AuthServiceDeps,
  input: { phone: string; code: string },
  headers: Headers,
): Promise<SignedIn> {
  const code = input.code.trim();
  if (!isOtpCode(code)) throw new AppError('code_invalid');
  // No account uses the number: no code was texted for it, so none can be right.
  if (!(await repo.userIdByPhone(deps.db, input.phone))) throw new AppError('code_invalid');
  try {
    const { headers: out, response } = await deps.auth.api.verifyPhoneNumber({
      headers,
      body: { phoneNumber: input.phone, code },
      returnHeaders: true,
    });
    return {
      user: toAuthUser(response.user as unknown as Record<string, unknown>),
      setCookies: out.getSetCookie(),
    };
  } catch (err) {
    const errCode = authErrorCode(err);
    if (errCode === 'OTP_EXPIRED') throw new AppError('code_expired');
    if (errCode === 'TOO_MANY_ATTEMPTS') throw new AppError('code_attempts_exceeded');
    if (errCode !== null) throw new AppError('code_invalid');
    throw err;
  }
}

/**
 * Where an emailed confirmation link lands, told what became of it. better-auth redirects to the
 * link's callback page: with `?error=TOKEN_EXPIRED` (or another code) when the link is expired or
 * not valid, and without one both when it confirmed the email (and signed the person in: a session
 * cookie is set) and when the email was already confirmed (a used link: no cookie, no sign-in).
 */
export function confirmationLanding(location: string, signedIn: boolean): string {
  const url = new URL(location, 'http://link.invalid');
  const error = url.searchParams.get('error');
  const outcome: EmailConfirmationOutcome =
    error === 'TOKEN_EXPIRED' ? 'expired' : error ? 'invalid' : signedIn ? 'confirmed' : 'used';
  url.searchParams.delete('error');
  url.searchParams.set(EMAIL_CONFIRMATION_PARAM, outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The development mailbox's messages (mailbox-routes.ts), newest first. */
export function devMessages(db: DbOrTx, query: Parameters<typeof repo.listDevMessages>[1]) {
  return repo.listDevMessages(db, query);
}
