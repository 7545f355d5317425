import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEMO_GST_NUMBER,
  DEMO_PST_NUMBER,
  GST_NUMBER_FORMAT,
  normalizeGstNumber,
  normalizePstNumber,
  PST_NUMBER_FORMAT,
  type TaxRegistrationNumbers,
} from '@rebound/core/tax-registration';
import { z } from 'zod';

/**
 * The repository root: the nearest folder above this module holding the workspace package.json. Found,
 * not counted, so it is the same from the sources (apps/server/src/config.ts, run by tsx or vitest) and
 * from the build (apps/server/dist/*.js, where every module is bundled into one file); the current
 * folder if neither is found (a copied bundle).
 */
export const REPO_ROOT = findRepoRoot(fileURLToPath(new URL('.', import.meta.url)));

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        workspaces?: unknown;
      };
      if (pkg.workspaces) return dir;
    } catch {}
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

// Read once at start and checked: a wrong value stops the server with one clear line.
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  // The background work's own connections (decision 074); 0 shares the requests' pool.
  DATABASE_JOBS_POOL_SIZE: z.coerce.number().int().min(0).max(100).default(2),
  // Several servers (decision 033): Redis for rate limits (and realtime unless REALTIME says
  // otherwise), the realtime fan-out, and server processes per machine (PostgreSQL only).
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REALTIME: z.enum(['auto', 'postgres', 'redis']).default('auto'),
  WEB_CONCURRENCY: z
    .string()
    .trim()
    .regex(/^(auto|[1-9][0-9]{0,2})$/, 'must be a number of processes (1-999) or auto')
    .default('1'),
  DATA_DIR: z.string().min(1).optional(),
  // Uploaded media: the local folder (DATA_DIR/media, served at /media) or an S3-API bucket
  // (adapters/storage/s3.ts; docs/operations.md "Object storage").
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  MEDIA_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED_ON_START: bool.optional(),
  TEST_CLOCK: bool.optional(),
  TEST_CHECKOUT: bool.optional(),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Log lines: JSON (one object a line, for a log collector) or pretty (readable, for a terminal).
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  // How long a stopping server lets requests in flight finish before cutting them (ms).
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(10_000).optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024)
    .default(64 * 1024),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool.optional(),
  DEV_MAILBOX: bool.optional(),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ALLOW_INSECURE_PUBLIC_URL: bool.optional(),
  // Accounts: signing secret, SMTP and Twilio. Without them the local stand-ins are used.
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Rebound <no-reply@rebound.local>'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  // Payments: Stripe Checkout when both are set; otherwise the built-in test checkout.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…, rk_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // The seller's sales-tax registration numbers, printed on every receipt (core tax-registration.ts):
  // the default of the back office's setting (modules/tax-registration).
  SELLER_GST_NUMBER: z
    .string()
    .refine((v) => v.trim() === '' || normalizeGstNumber(v) !== null, {
      error: `must be a GST/HST number: ${GST_NUMBER_FORMAT}`,
    })
    .optional(),
  SELLER_PST_NUMBER: z
    .string()
    .refine((v) => v.trim() === '' || normalizePstNumber(v) !== null, {
      error: `must be a BC PST number: ${PST_NUMBER_FORMAT}`,
    })
    .optional(),
  // Pre-launch mode: the lock's default until staff set it, and the internal bypass address.
  SITE_LOCKED: bool.optional(),
  LAUNCH_BYPASS_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('must be an email address'))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Web push: VAPID keys as `npx web-push generate-vapid-keys` prints them (URL-safe base64).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a VAPID public key (87 URL-safe base64 characters)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a VAPID private key (43 URL-safe base64 characters)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** Connections the server keeps to PostgreSQL (ignored with PGlite). */
  databasePoolSize: number;
  /**
   * Connections of the background work's own pool (the outbox sender and the interval jobs), beside
   * the requests' (ignored with PGlite); 0 shares the requests' pool.
   */
  databaseJobsPoolSize: number;
  /** Redis for the shared rate limits (and the realtime fan-out by default) when set. */
  redisUrl: string | null;
  /**
   * The realtime fan-out between servers: 'postgres' (NOTIFY/LISTEN; in-process with the embedded
   * database) or 'redis' (pub/sub). REALTIME=auto picks redis when REDIS_URL is set.
   */
  realtime: 'postgres' | 'redis';
  /** Server processes on this machine (node:cluster workers); 1 with the embedded database. */
  webConcurrency: number;
  /** Where the embedded database and uploaded media live. */
  dataDir: string;
  /** PGlite directory, or 'memory://' for a throwaway database. */
  pgliteDir: string;
  mediaDir: string;
  /**
   * Where uploads (product images, return photos, link previews) go: the local folder `mediaDir`
   * (default) or an S3-API bucket whose objects browsers fetch from `publicUrl` + key.
   * The seeded demo pictures stay in `mediaDir`, served at /media, either way.
   */
  media: {
    storage: 'local' | 's3';
    s3: {
      bucket: string;
      region: string;
      endpoint: string | null;
      forcePathStyle: boolean;
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
      publicUrl: string;
    } | null;
  };
  /** Seed demo data when the database is empty (default with the embedded database). */
  seedOnStart: boolean;
  /** Allows moving the clock through POST /api/test/clock (never in production). */
  testClock: boolean;
  /** Multiplies every per-address and per-account request limit (browser test runs only; 1 in production). */
  rateLimitScale: number;
  logLevel: string;
  /** 'pretty' (development default) or 'json' (one JSON object a line: production and tests). */
  logFormat: 'json' | 'pretty';
  /** On SIGTERM/SIGINT: how long requests in flight may take to finish before they are cut. */
  shutdownGraceMs: number;
  /**
   * How long a public catalogue answer (shop, home, drops, product) is reused by this server
   * (docs/decisions/039-listing-cache.md): 1 s by default, 0 (off) in tests, which read what they
   * have just written.
   */
  catalogCacheMs: number;
  bodyLimitBytes: number;
  /** The built web app; served with an index.html fallback for client routes. */
  webDist: string | null;
  trustProxy: boolean;
  /** The development mailbox (/api/dev/messages, /dev/mailbox), answering loopback only; never in production. */
  devMailbox: boolean;
  /** Bearer token for /metrics; without one, /metrics answers loopback only, and in production not at all. */
  metricsToken: string | null;
  /** Signs session cookies and email links (better-auth). Required in production. */
  authSecret: string;
  /** SMTP when configured; otherwise the local mailbox (dev_messages). */
  email: { smtpUrl: string | null; from: string };
  /** Twilio when configured; otherwise the local outbox (dev_messages). */
  sms: { twilio: { accountSid: string; authToken: string; from: string; apiUrl: string } | null };
  /**
   * Web push VAPID keys when configured. Without them: generated once and kept (site_settings
   * 'vapid') outside production; push off in production (docs/decisions/018-outbox-sender.md).
   */
  push: { vapid: { publicKey: string; privateKey: string; subject: string } | null };
  /**
   * Pre-launch mode: `lockedByDefault` is the lock while staff have not set it
   * (site_settings 'site_lock' wins once they have); `bypassEmail` (normalised) unlocks a browser
   * that types it into the signup form, compared on the server only.
   */
  launch: { lockedByDefault: boolean; bypassEmail: string | null };
  /**
   * The seller's GST/HST and BC PST registration numbers as configured: what receipts print unless
   * staff entered their own in the back office's Settings (modules/tax-registration). Unset, the demo
   * numbers (core tax-registration.ts), or null in production, which then does not start unless the
   * setting has the number (docs/decisions/078).
   */
  taxRegistration: TaxRegistrationNumbers;
  /** Stripe Checkout when configured; otherwise the built-in test checkout. */
  payments: {
    stripe: { secretKey: string; webhookSecret: string; apiUrl: string | null } | null;
    /** The built-in test checkout (no money moves): the default outside production, never in it. */
    testCheckout: boolean;
  };
}

export class ConfigError extends Error {}

/**
 * Only where the database is (DATABASE_URL, or PGlite under DATA_DIR): what the migration CLI
 * needs, so a one-off `node apps/server/dist/migrate.js` runs with just those, without the
 * servers' secrets.
 */
export function databaseLocation(env: Record<string, string | undefined> = process.env) {
  const parsed = EnvSchema.pick({ DATABASE_URL: true, DATA_DIR: true }).safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR ?? 'data');
  return {
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.DATA_DIR === 'memory://' ? 'memory://' : path.join(dataDir, 'pglite'),
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.TEST_CHECKOUT) {
    throw new ConfigError(
      'Invalid configuration: TEST_CHECKOUT cannot be enabled in production (it marks orders paid without money)',
    );
  }
  if (e.NODE_ENV === 'production' && e.RATE_LIMIT_SCALE !== 1) {
    throw new ConfigError('Invalid configuration: RATE_LIMIT_SCALE cannot be changed in production');
  }
  if (e.NODE_ENV === 'production' && e.TEST_CLOCK) {
    throw new ConfigError('Invalid configuration: TEST_CLOCK cannot be enabled in production');
  }
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new ConfigError('Invalid configuration: AUTH_SECRET is required in production');
  }
  // Receipts name the seller's tax registrations: production never prints the demo numbers. Without
  // SELLER_GST_NUMBER / SELLER_PST_NUMBER production starts only if the back office's setting has
  // them (checked once the database is open: start.ts, modules/tax-registration).
  // Production never has demo accounts (their passwords are public) nor the development mailbox
  // (it shows password-reset links): asking for either is a mistake worth stopping for.
  if (e.NODE_ENV === 'production' && e.SEED_ON_START) {
    throw new ConfigError(
      'Invalid configuration: SEED_ON_START cannot be enabled in production (demo accounts have public passwords)',
    );
  }
  if (e.NODE_ENV === 'production' && e.DEV_MAILBOX) {
    throw new ConfigError('Invalid configuration: DEV_MAILBOX cannot be enabled in production');
  }
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  // The session cookie is Secure in production, so a plain-http site could not keep anyone signed in.
  if (e.NODE_ENV === 'production' && !publicUrl.startsWith('https://') && !e.ALLOW_INSECURE_PUBLIC_URL) {
    throw new ConfigError(
      `Invalid configuration: PUBLIC_URL must be https in production (is ${publicUrl}); set ALLOW_INSECURE_PUBLIC_URL=true to allow it`,
    );
  }
  const twilioParts = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM].filter(Boolean).length;
  if (twilioParts !== 0 && twilioParts !== 3) {
    throw new ConfigError(
      'Invalid configuration: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together',
    );
  }
  const vapidParts = [e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT].filter(Boolean).length;
  if (vapidParts !== 0 && vapidParts !== 3) {
    throw new ConfigError(
      'Invalid configuration: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together',
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together');
  }
  if (e.REALTIME === 'redis' && !e.REDIS_URL) {
    throw new ConfigError('Invalid configuration: REALTIME=redis needs REDIS_URL');
  }
  if (e.MEDIA_STORAGE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration: MEDIA_STORAGE=s3 needs S3_BUCKET');
  }
  if (e.MEDIA_STORAGE === 's3' && !e.MEDIA_PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration: MEDIA_STORAGE=s3 needs MEDIA_PUBLIC_URL (the bucket or CDN address browsers fetch images from)',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR ?? 'data');
  const memory = e.DATA_DIR === 'memory://';
  const webDist = path.resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist');
  return {
    env: e.NODE_ENV,
    // Development listens on this machine only; all interfaces (HOST=0.0.0.0) is a deliberate
    // setting there, and production's default, where the server usually runs in a container.
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port: e.PORT,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseJobsPoolSize: e.DATABASE_JOBS_POOL_SIZE,
    redisUrl: e.REDIS_URL ?? null,
    realtime: e.REALTIME === 'auto' ? (e.REDIS_URL ? 'redis' : 'postgres') : e.REALTIME,
    webConcurrency: e.WEB_CONCURRENCY === 'auto' ? availableParallelism() : Number(e.WEB_CONCURRENCY),
    dataDir: memory ? path.resolve(REPO_ROOT, 'data/memory') : dataDir,
    pgliteDir: memory ? 'memory://' : path.join(dataDir, 'pglite'),
    // A throwaway database gets throwaway media: a folder of this process in the system's temp dir.
    mediaDir: memory ? path.join(tmpdir(), `rebound-media-${process.pid}`) : path.join(dataDir, 'media'),
    media: {
      storage: e.MEDIA_STORAGE,
      s3:
        e.MEDIA_STORAGE === 's3' && e.S3_BUCKET && e.MEDIA_PUBLIC_URL
          ? {
              bucket: e.S3_BUCKET,
              // R2 takes 'auto'; AWS needs the bucket's own region.
              region: e.S3_REGION || 'us-east-1',
              endpoint: e.S3_ENDPOINT ?? null,
              forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
              credentials:
                e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                  ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                  : null,
              publicUrl: e.MEDIA_PUBLIC_URL,
            }
          : null,
    },
    seedOnStart: e.NODE_ENV !== 'production' && (e.SEED_ON_START ?? !e.DATABASE_URL),
    testClock: e.TEST_CLOCK ?? e.NODE_ENV === 'test',
    rateLimitScale: e.RATE_LIMIT_SCALE,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    catalogCacheMs: e.CATALOG_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 1_000),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : null,
    trustProxy: e.TRUST_PROXY ?? false,
    devMailbox: e.NODE_ENV !== 'production' && (e.DEV_MAILBOX ?? true),
    metricsToken: e.METRICS_TOKEN ?? null,
    // Outside production a fixed, public secret is fine: nothing signed with it leaves the laptop.
    authSecret: e.AUTH_SECRET ?? 'rebound-development-secret-do-not-use-in-production',
    email: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    sms: {
      twilio:
        e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
          ? {
              accountSid: e.TWILIO_ACCOUNT_SID,
              authToken: e.TWILIO_AUTH_TOKEN,
              from: e.TWILIO_FROM,
              apiUrl: e.TWILIO_API_URL,
            }
          : null,
    },
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
          : null,
    },
    taxRegistration: {
      gstNumber:
        normalizeGstNumber(e.SELLER_GST_NUMBER ?? '') ??
        (e.NODE_ENV === 'production' ? null : DEMO_GST_NUMBER),
      pstNumber:
        normalizePstNumber(e.SELLER_PST_NUMBER ?? '') ??
        (e.NODE_ENV === 'production' ? null : DEMO_PST_NUMBER),
    },
    launch: {
      lockedByDefault: e.SITE_LOCKED ?? false,
      bypassEmail: e.LAUNCH_BYPASS_EMAIL ? e.LAUNCH_BYPASS_EMAIL.trim().toLowerCase() : null,
    },
    payments: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiUrl: e.STRIPE_API_URL ?? null,
            }
          : null,
      testCheckout: e.TEST_CHECKOUT ?? e.NODE_ENV !== 'production',
    },
  };
}
