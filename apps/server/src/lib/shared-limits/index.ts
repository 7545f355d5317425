import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { postgresLimits } from './postgres';
import { redisLimits } from './redis';
import type { SharedLimits } from './types';

export { postgresLimits } from './postgres';
export { redisLimits } from './redis';
export type { SharedLimits, WindowHit } from './types';

/** Redis when REDIS_URL is set, else the app's database (PostgreSQL or the embedded PGlite). */
export function createSharedLimits(config: Pick<Config, 'redisUrl'>, db: Db): SharedLimits {
  return config.redisUrl ? redisLimits(config.redisUrl) : postgresLimits(db);
}

const byApp = new WeakMap<object, SharedLimits>();

/**
 * The app's shared counters: one store per app (kept beside its deps), closed with the app. Every
 * limit of every module counts there, so several servers on one database count together.
 */
export function sharedLimits(app: FastifyInstance): SharedLimits {
  const deps = app.deps;
  let limits = byApp.get(deps);
  if (!limits) {
    const created = createSharedLimits(deps.config, deps.db);
    limits = created;
    byApp.set(deps, created);
    // Every app makes its store while its plugins register (auth, launch), so this hook can be added.
    app.addHook('onClose', async () => {
      byApp.delete(deps);
      await created.close();
    });
  }
  return limits;
}

type StoreResult = { current: number; ttl: number };
type StoreCallback = (err: Error | null, res?: StoreResult) => void;

/**
 * A store for @fastify/rate-limit (its README's custom store: `incr`, `read`, `child`) that counts
 * in `limits`. Each route's limit gets its own keys (method and URL), as the plugin's default
 * in-memory store keeps one cache per route. Time: the machine's clock, as the plugin's own stores.
 */
export function rateLimitStore(limits: SharedLimits, namespace: string, now = () => Date.now()) {
  return class SharedRateLimitStore {
    readonly prefix: string;
    constructor(options?: object) {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } } | undefined)?.routeInfo;
      const where = route?.url ? `${String(route.method)} ${String(route.url)}` : '';
      this.prefix = `${namespace}:${where}:`;
    }

    incr(key: string, cb: StoreCallback, timeWindow: number) {
      const at = now();
      limits.hit(this.prefix + key, timeWindow, at).then(
        (r) => cb(null, { current: r.hits, ttl: Math.max(0, r.resetAt - at) }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: StoreCallback) {
      const at = now();
      limits.peek(this.prefix + key, at).then(
        (r) => cb(null, r ? { current: r.hits, ttl: Math.max(0, r.resetAt - at) } : { current: 0, ttl: 0 }),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: object) {
      return new SharedRateLimitStore(routeOptions);
    }
  };
}

/**
 * `@fastify/rate-limit` options that count in the app's shared store: spread them into each
 * `app.register(rateLimit, …)`. `namespace` keeps one module's keys apart from another's.
 */
export function sharedRateLimitOptions(app: FastifyInstance, namespace: string) {
  return { global: false, store: rateLimitStore(sharedLimits(app), namespace) };
}

/** Counts attempts per key in a fixed window by the given time (launch's per-email signup limit). */
export class SharedWindowCounter {
  constructor(
    private readonly limits: SharedLimits,
    private readonly namespace: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt; false once more than `max` fell in the window. */
  async hit(key: string, now: Date): Promise<boolean> {
    const r = await this.limits.hit(`${this.namespace}:${key}`, this.windowMs, now.getTime());
    return r.hits <= this.max;
  }
}
