import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { ErrorCode } from '@rebound/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { sharedRateLimitOptions } from '../../lib/shared-limits';

// Abuse limits for signing up and in (docs/product.md "Accounts and sign-in"): per address (IP) and per
// account or number. Counters live in the shared store (lib/shared-limits: the database, or Redis with
// REDIS_URL), so several servers on one database count together (decision 033).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface LimitRule {
  max: number;
  windowMs: number;
  /** The catalogue error to answer with when the limit is reached. */
  code?: ErrorCode;
}

export const LIMITS = {
  checkEmailPerIp: { max: 30, windowMs: 10 * MINUTE },
  signUpPerIp: { max: 10, windowMs: HOUR },
  signUpPerEmail: { max: 5, windowMs: HOUR },
  /** Every sign-in attempt from one address; failed ones also meet growing waits (throttle.ts). */
  signInPerIp: { max: 30, windowMs: 15 * MINUTE },
  passwordEmailPerIp: { max: 10, windowMs: HOUR },
  passwordEmailPerEmail: { max: 3, windowMs: HOUR },
  resetPasswordPerIp: { max: 10, windowMs: HOUR },
  sendCodeCooldownPerNumber: { max: 1, windowMs: MINUTE, code: 'code_cooldown' },
  sendCodePerNumber: { max: 5, windowMs: HOUR },
  sendCodePerIp: { max: 10, windowMs: HOUR },
  checkCodePerIp: { max: 30, windowMs: 15 * MINUTE },
  /** On top of better-auth's 5 attempts per code: a number cannot be guessed at across new codes. */
  checkCodePerNumber: { max: 15, windowMs: HOUR },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof LIMITS;

/** The client address as a limit key; IPv6 addresses count per /64, as one household or host gets. */
export function addressKey(request: FastifyRequest): string {
  return normalizeIP(request.ip, 64);
}

export interface Limiter {
  /** Counts one attempt under `key`; throws 429 (with Retry-After) once the limit is passed. */
  hit(name: LimitName, request: FastifyRequest, reply: FastifyReply, key: string): Promise<void>;
  /** Throws 429 when the limit is reached, without counting (for failure-only counters). */
  check(name: LimitName, request: FastifyRequest, reply: FastifyReply, key: string): Promise<void>;
}

type Checker = ReturnType<FastifyInstance['createRateLimit']>;

/** Registers @fastify/rate-limit (no global limit) in `app` and returns named limiters. */
export async function createLimiter(app: FastifyInstance): Promise<Limiter> {
  await app.register(rateLimit, sharedRateLimitOptions(app, 'auth'));
  const checkers = new Map<LimitName, Checker>();
  for (const [name, rule] of Object.entries(LIMITS) as [LimitName, LimitRule][]) {
    checkers.set(
      name,
      app.createRateLimit({
        max: rule.max * app.deps.config.rateLimitScale,
        timeWindow: rule.windowMs,
        keyGenerator: (request) =>
          (request as FastifyRequest & { [limitKey]?: string })[limitKey] ?? request.ip,
      }),
    );
  }

  async function run(
    name: LimitName,
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    increment: boolean,
  ) {
    (request as FastifyRequest & { [limitKey]?: string })[limitKey] = `${name}:${key}`;
    const result = await checkers.get(name)!(request, { increment });
    if (result.isAllowed) return;
    const blocked = increment ? result.isExceeded : result.remaining <= 0;
    if (!blocked) return;
    reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
    throw new AppError((LIMITS[name] as LimitRule).code ?? 'rate_limited');
  }

  return {
    hit: (name, request, reply, key) => run(name, request, reply, key, true),
    check: (name, request, reply, key) => run(name, request, reply, key, false),
  };
}

const limitKey = Symbol('rebound.limitKey');
