import { normalizePhone, OTP_CODE_LENGTH } from '@rebound/core/phone';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { phoneNumber } from 'better-auth/plugins/phone-number';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { type OutboxSender, type QueuedMessage, queueMessages } from '../notifications';
import type { Deliveries } from './deliveries';
import * as repo from './repository';

// better-auth owns passwords (scrypt), sessions, email-verification and reset tokens, and the
// phone one-time codes. It is reached through auth.api from our own routes (routes.ts), which add
// the product's checks, messages and rate limits; only its link targets are mounted as they are.

export const AUTH_BASE_PATH = '/api/auth';
export const SESSION_EXPIRES_IN_S = 30 * 24 * 60 * 60;
/** A session used after a day is pushed out again by SESSION_EXPIRES_IN_S: renewed while used. */
export const SESSION_UPDATE_AGE_S = 24 * 60 * 60;
export const OTP_EXPIRES_IN_S = 5 * 60;
export const OTP_ALLOWED_ATTEMPTS = 5;
export const EMAIL_VERIFICATION_EXPIRES_IN_S = 24 * 60 * 60;
export const PASSWORD_RESET_EXPIRES_IN_S = 60 * 60;
/** Where the emailed reset link lands (the web page posts the new password to /api/auth/reset-password). */
export const RESET_PASSWORD_PAGE = '/auth/reset-password';
/** Key of the sign-up body that carries the pickup phone past the phone plugin (see databaseHooks). */
export const SIGN_UP_PHONE_KEY = 'signUpPhone';

export interface AuthDeps {
  config: Config;
  db: Db;
  clock: Clock;
  /** Account emails and sign-in codes go through the outbox like every message. */
  sender: OutboxSender;
  deliveries: Deliveries;
  log: FastifyBaseLogger;
}

export function createAuth({ config, db, clock, sender, deliveries, log }: AuthDeps) {
  /**
   * Queues one message after the answer has gone out (its timing never tells whether an account
   * exists) and wakes the sender, so it arrives within a second or two.
   */
  const queue = (what: string, message: () => Promise<QueuedMessage>) => {
    deliveries.later(what, async () => {
      await queueMessages(db, clock.now(), [await message()]);
      sender.wake();
    });
  };
  return betterAuth({
    appName: 'Rebound',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: [new URL(config.publicUrl).origin],
    telemetry: { enabled: false },
    // better-auth logs through pino like the rest of the server (never console: tests fail on it).
    logger: {
      level: 'warn',
      log(level, message, ...args) {
        const extra = args.length > 0 ? { args: args.map((a) => (a instanceof Error ? a.message : a)) } : {};
        log[level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'debug'](extra, `auth: ${message}`);
      },
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      // The drizzle adapter addresses tables by these keys and columns by their property names
      // (emailVerified, userId, ...), which are already better-auth's field names.
      schema: { users, sessions, accounts, verifications },
      // Sign-up writes the user and its password account in one transaction.
      transaction: true,
    }),
    advanced: {
      cookiePrefix: 'rebound',
      // Production always marks the session cookie Secure (and names it __Secure-), even behind a
      // proxy with an http PUBLIC_URL (ALLOW_INSECURE_PUBLIC_URL); elsewhere it follows PUBLIC_URL.
      ...(config.env === 'production' ? { useSecureCookies: true } : {}),
      database: { generateId: 'uuid' },
      // Our own routes set x-forwarded-for to Fastify's request.ip, which honours TRUST_PROXY.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    // Abuse limits are ours (limits.ts): per address and per account or number, in front of auth.api.
    rateLimit: { enabled: false },
    user: {
      modelName: 'users',
      additionalFields: {
        handle: { type: 'string', required: true, input: true },
        firstName: { type: 'string', required: false, input: true, defaultValue: '' },
        lastName: { type: 'string', required: false, input: true, defaultValue: '' },
        fullName: { type: 'string', required: false, input: true, defaultValue: '' },
        termsAcceptedAt: { type: 'date', required: false, input: true },
        marketingConsent: { type: 'boolean', required: false, input: true, defaultValue: false },
        marketingConsentAt: { type: 'date', required: false, input: true },
        role: { type: 'string', required: false, input: false, defaultValue: 'shopper' },
        status: { type: 'string', required: false, input: false, defaultValue: 'active' },
      },
    },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_EXPIRES_IN_S,
      updateAge: SESSION_UPDATE_AGE_S,
    },
    account: { modelName: 'accounts', accountLinking: { enabled: false } },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_EXPIRES_IN_S,
      revokeSessionsOnPasswordReset: true,
      // Queued in the background so that the answer, and its timing, is the same for every email.
      async sendResetPassword({ user, url }) {
        queue('password reset email', async () => ({
          channel: 'email',
          template: 'auth_reset_password',
          userId: user.id,
          recipient: user.email,
          payload: { url },
        }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_VERIFICATION_EXPIRES_IN_S,
      async sendVerificationEmail({ user, url }) {
        queue('confirmation email', async () => ({
          channel: 'email',
          template: 'auth_confirm_email',
          userId: user.id,
          recipient: user.email,
          payload: { url },
        }));
      },
    },
    databaseHooks: {
      user: {
        create: {
          // The phone plugin clears a phone that was not proven by a code; at sign-up the number is
          // stored unverified for pickup and proven by the first phone sign-in.
          async before(user, ctx) {
            const phone = (ctx?.body as Record<string, unknown> | undefined)?.[SIGN_UP_PHONE_KEY];
            if (typeof phone !== 'string') return;
            return { data: { ...user, phoneNumber: phone, phoneNumberVerified: false } };
          },
          // A new account gets the only pickup location when there is nothing to choose (after
          // the sign-up's transaction has committed).
          async after(user) {
            await repo.giveImpliedLocation(db, user.id, clock.now());
          },
        },
      },
      session: {
        create: {
          // An older account without a location gets it at its next sign-in, the same way.
          async after(session) {
            await repo.giveImpliedLocation(db, session.userId, clock.now());
          },
        },
      },
    },
    plugins: [
      phoneNumber({
        otpLength: OTP_CODE_LENGTH,
        expiresIn: OTP_EXPIRES_IN_S,
        allowedAttempts: OTP_ALLOWED_ATTEMPTS,
        phoneNumberValidator: (value) => {
          const result = normalizePhone(value);
          return result.ok && result.e164 === value;
        },
        // Every number gets one text, queued after the answer, so neither the answer nor its
        // timing tells whether an account uses it; only the phone's owner learns that there is none.
        async sendOTP({ phoneNumber: to, code }) {
          queue('sign-in code', async () => {
            const known = await repo.userIdByPhone(db, to);
            return {
              channel: 'sms',
              template: 'auth_phone_code',
              userId: known,
              recipient: to,
              payload: { code, known: known !== null, signUpUrl: `${config.publicUrl}/auth` },
            };
          });
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
