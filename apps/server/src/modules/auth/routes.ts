import {
  AdminPingResponse,
  AUTH_TEXT,
  CheckEmailRequest,
  CheckEmailResponse,
  CompleteLaunchProfileRequest,
  CompleteLaunchProfileResponse,
  ForgotPasswordRequest,
  ResendConfirmationRequest,
  ResetPasswordRequest,
  SendCodeRequest,
  SendCodeResponse,
  SessionResponse,
  SignInRequest,
  SignInResponse,
  SignOutResponse,
  SignUpRequest,
  SignUpResponse,
  Toast,
  VerifyCodeRequest,
  VerifyCodeResponse,
} from '@rebound/contract/auth';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import { deviceCookieName, deviceIdFrom, deviceSetCookie, recordSignIn } from '../signals';
import { AUTH_BASE_PATH } from './auth';
import { addressKey, createLimiter } from './limits';
import * as service from './service';
import { cookieValue } from './session-lookup';
import { appSignInThrottle, type SignInAttempt, SignInThrottledError } from './throttle';

/** The request as better-auth sees it: our headers, with the client address Fastify resolved. */
export function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'x-forwarded-for' || name === 'content-length') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

function setCookies(reply: FastifyReply, cookies: string[]) {
  for (const cookie of cookies) reply.header('set-cookie', cookie);
}

const emailKey = (email: string) => email.trim().toLowerCase();

/** A Set-Cookie that starts a session (a cleared cookie has an empty value). */
const SESSION_SET_COOKIE = /^(?:__Secure-)?rebound\.session_token=[^;]+/;

/**
 * better-auth's own endpoints that stay reachable: the targets of the links it emails. Everything
 * else goes through the routes below, which add the product's checks, messages and limits.
 */
const PASSTHROUGH = [/^\/verify-email$/, /^\/reset-password\/[^/]+$/];

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config } = app.deps;
  const { auth } = app.accounts;
  const deps: service.AuthServiceDeps = { auth, db, clock, log: app.log };
  const limits = await createLimiter(app);
  const throttle = appSignInThrottle(app);
  const secureCookies = config.env === 'production';

  /**
   * A sign-in's browser (its device cookie, set here when missing) and network address, recorded for
   * the signals of unfair bidding as keyed hashes (modules/signals). Never fails the sign-in.
   */
  async function noteSighting(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const device = deviceIdFrom(cookieValue(request.headers.cookie ?? '', deviceCookieName(secureCookies)));
    if (device.isNew) reply.header('set-cookie', deviceSetCookie(device.id, secureCookies));
    await recordSignIn(db, clock, config.authSecret, {
      userId,
      deviceId: device.id,
      address: addressKey(request),
    }).catch((err: unknown) => request.log.warn({ err }, 'sign-in sighting not recorded'));
  }

  app.get(API.authSession, { schema: { response: { 200: SessionResponse } } }, async (request) => {
    const u = request.user;
    return {
      user: u ? { id: u.id, email: u.email, handle: u.handle, role: u.role, status: u.status } : null,
    };
  });

  app.post(
    API.authCheckEmail,
    { schema: { body: CheckEmailRequest, response: { 200: CheckEmailResponse } } },
    async (request, reply) => {
      await limits.hit('checkEmailPerIp', request, reply, addressKey(request));
      return service.checkEmailStep(db, request.body.email);
    },
  );

  app.post(
    API.authSignUp,
    { schema: { body: SignUpRequest, response: { 201: SignUpResponse } } },
    async (request, reply) => {
      await limits.hit('signUpPerIp', request, reply, addressKey(request));
      await limits.hit('signUpPerEmail', request, reply, emailKey(request.body.email));
      const result = await service.signUp(deps, request.body, webHeaders(request));
      return reply.status(201).send(result);
    },
  );

  app.post(
    API.authCompleteLaunchProfile,
    { schema: { body: CompleteLaunchProfileRequest, response: { 201: CompleteLaunchProfileResponse } } },
    async (request, reply) => {
      await limits.hit('signUpPerIp', request, reply, addressKey(request));
      await limits.hit('signUpPerEmail', request, reply, emailKey(request.body.email));
      const result = await service.completeLaunchProfile(deps, request.body, webHeaders(request));
      return reply.status(201).send(result);
    },
  );

  app.post(
    API.authSignIn,
    { schema: { body: SignInRequest, response: { 200: SignInResponse } } },
    async (request, reply) => {
      const email = emailKey(request.body.email);
      const address = addressKey(request);
      await limits.hit('signInPerIp', request, reply, address);
      // Growing waits per (email, address) and per address, never a lock of the account as a whole
      // (throttle.ts). Counted for any email, with or without an account, so the waits tell nothing.
      let attempt: SignInAttempt;
      try {
        attempt = await throttle.begin(email, address);
      } catch (err) {
        if (err instanceof SignInThrottledError) reply.header('retry-after', String(err.retryAfterS));
        throw err;
      }
      try {
        const { user, setCookies: cookies } = await service.signIn(deps, request.body, webHeaders(request));
        await attempt.succeeded();
        setCookies(reply, cookies);
        await noteSighting(request, reply, user.id);
        return { ...AUTH_TEXT.signInSuccess, user };
      } catch (err) {
        const wrongPassword = err instanceof AppError && err.code === 'invalid_credentials';
        await (wrongPassword ? attempt.failed() : attempt.abandoned());
        throw err;
      }
    },
  );

  app.post(API.authSignOut, { schema: { response: { 200: SignOutResponse } } }, async (request, reply) => {
    setCookies(reply, await service.signOut(deps, request.user !== null, webHeaders(request)));
    return AUTH_TEXT.signOutSuccess;
  });

  app.post(
    API.authForgotPassword,
    { schema: { body: ForgotPasswordRequest, response: { 200: Toast } } },
    async (request, reply) => {
      await limits.hit('passwordEmailPerIp', request, reply, addressKey(request));
      await limits.hit('passwordEmailPerEmail', request, reply, emailKey(request.body.email));
      return service.forgotPassword(deps, request.body.email, webHeaders(request));
    },
  );

  app.post(
    API.authResetPassword,
    { schema: { body: ResetPasswordRequest, response: { 200: Toast } } },
    async (request, reply) => {
      await limits.hit('resetPasswordPerIp', request, reply, addressKey(request));
      return service.resetPassword(deps, request.body, webHeaders(request));
    },
  );

  app.post(
    API.authResendConfirmation,
    { schema: { body: ResendConfirmationRequest, response: { 200: Toast } } },
    async (request, reply) => {
      await limits.hit('passwordEmailPerIp', request, reply, addressKey(request));
      await limits.hit('passwordEmailPerEmail', request, reply, emailKey(request.body.email));
      return service.resendConfirmation(deps, request.body.email, webHeaders(request));
    },
  );

  app.post(
    API.authPhoneSendCode,
    { schema: { body: SendCodeRequest, response: { 200: SendCodeResponse } } },
    async (request, reply) => {
      const phone = service.checkPhone(request.body.phone);
      await limits.hit('sendCodePerIp', request, reply, addressKey(request));
      await limits.hit('sendCodeCooldownPerNumber', request, reply, phone);
      await limits.hit('sendCodePerNumber', request, reply, phone);
      return service.sendCode(deps, phone, webHeaders(request));
    },
  );

  app.post(
    API.authPhoneVerify,
    { schema: { body: VerifyCodeRequest, response: { 200: VerifyCodeResponse } } },
    async (request, reply) => {
      const phone = service.checkPhone(request.body.phone);
      await limits.hit('checkCodePerIp', request, reply, addressKey(request));
      await limits.hit('checkCodePerNumber', request, reply, phone);
      const { user, setCookies: cookies } = await service.verifyCode(
        deps,
        { phone, code: request.body.code },
        webHeaders(request),
      );
      setCookies(reply, cookies);
      return { ...AUTH_TEXT.phoneVerified, user };
    },
  );

  // The back-office guard: a staff-only probe until the /admin routes land.
  app.get(API.adminPing, { schema: { response: { 200: AdminPingResponse } } }, async (request) => {
    const staff = requireStaff(request);
    return {
      ok: true as const,
      staff: {
        id: staff.id,
        email: staff.email,
        handle: staff.handle,
        role: staff.role,
        status: staff.status,
      },
    };
  });

  // better-auth's handler, for the link targets only (confirmation and password reset).
  app.get(`${AUTH_BASE_PATH}/*`, async (request, reply) => {
    const url = new URL(request.url, config.publicUrl);
    const subPath = url.pathname.slice(AUTH_BASE_PATH.length);
    if (!PASSTHROUGH.some((re) => re.test(subPath))) {
      return reply.callNotFound();
    }
    const response = await auth.handler(new Request(url, { method: 'GET', headers: webHeaders(request) }));
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    setCookies(reply, cookies);
    // A confirmation link lands on its page told what happened: confirmed, used before, expired
    // or not valid (the page says so and what to do).
    const location = response.headers.get('location');
    if (subPath === '/verify-email' && location && response.status >= 300 && response.status < 400) {
      const signedIn = cookies.some((c) => SESSION_SET_COOKIE.test(c));
      reply.header('location', service.confirmationLanding(location, signedIn));
    }
    const body = await response.text();
    return reply.send(body === '' ? undefined : body);
  });
}
