import { describe, expect, it } from 'vitest';
import { ConfigError, databaseLocation, loadConfig } from './config';

/** A valid production configuration, for tests to vary. */
const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'p'.repeat(40),
  SELLER_GST_NUMBER: '123456789 RT0001',
  SELLER_PST_NUMBER: 'PST-1234-5678',
  PUBLIC_URL: 'https://rebound.example',
};

describe('configuration', () => {
  it('carries the seller’s GST/HST and PST numbers for receipts: the demo ones unless set, and set ones checked', () => {
    expect(loadConfig({}).taxRegistration).toEqual({
      gstNumber: '123456789 RT0001',
      pstNumber: 'PST-1234-5678',
    });
    expect(
      loadConfig({ ...PRODUCTION, SELLER_GST_NUMBER: '987654321rt0001', SELLER_PST_NUMBER: 'PST-8765-4321' })
        .taxRegistration,
    ).toEqual({ gstNumber: '987654321 RT0001', pstNumber: 'PST-8765-4321' });
    expect(() => loadConfig({ SELLER_GST_NUMBER: '12345 RT0001' })).toThrow(
      /SELLER_GST_NUMBER must be a GST\/HST number/,
    );
    expect(() => loadConfig({ SELLER_PST_NUMBER: '1234-5678' })).toThrow(
      /SELLER_PST_NUMBER must be a BC PST number/,
    );
  });

  it('leaves a number production was not given empty, never the demo one (the back office may have it)', () => {
    expect(loadConfig({ ...PRODUCTION, SELLER_GST_NUMBER: undefined }).taxRegistration).toEqual({
      gstNumber: null,
      pstNumber: 'PST-1234-5678',
    });
    expect(loadConfig({ ...PRODUCTION, SELLER_PST_NUMBER: ' ' }).taxRegistration).toEqual({
      gstNumber: '123456789 RT0001',
      pstNumber: null,
    });
  });

  it('defaults to the embedded database with demo data on port 3000', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.pgliteDir).toMatch(/data[/\\]pglite$/);
    expect(c.seedOnStart).toBe(true);
    expect(c.testClock).toBe(false);
  });

  it('uses PostgreSQL when DATABASE_URL is set, and does not seed it by default', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' });
    expect(c.databaseUrl).toBe('postgres://u@localhost/db');
    expect(c.seedOnStart).toBe(false);
    expect(c.databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '32' }).databasePoolSize).toBe(32);
  });

  it('listens on this machine only by default outside production; all interfaces is deliberate', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig(PRODUCTION).host).toBe('0.0.0.0');
    expect(loadConfig({ ...PRODUCTION, HOST: '10.0.0.2' }).host).toBe('10.0.0.2');
  });

  it('has the development mailbox on outside production, off in production', () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
    expect(loadConfig(PRODUCTION).devMailbox).toBe(false);
    expect(loadConfig({ ...PRODUCTION, DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
  });

  it('never seeds demo data in production, whatever the database', () => {
    expect(loadConfig(PRODUCTION).seedOnStart).toBe(false);
    expect(loadConfig({ ...PRODUCTION, DATA_DIR: 'memory://' }).seedOnStart).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_ON_START: 'false' }).seedOnStart).toBe(false);
  });

  it('takes a plain-http PUBLIC_URL in production only when explicitly allowed', () => {
    const c = loadConfig({
      ...PRODUCTION,
      PUBLIC_URL: 'http://10.0.0.2:3000',
      ALLOW_INSECURE_PUBLIC_URL: 'true',
    });
    expect(c.publicUrl).toBe('http://10.0.0.2:3000');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).publicUrl).toBe('http://localhost:3000');
  });

  it('scales request limits only when asked (browser test runs)', () => {
    expect(loadConfig({}).rateLimitScale).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', RATE_LIMIT_SCALE: '20' }).rateLimitScale).toBe(20);
  });

  it('takes VAPID keys for web push all three together, and has none by default', () => {
    const vapid = {
      VAPID_PUBLIC_KEY:
        'BGTAi9nuYrmMFXAej7gQrNsZKcB-zGb1UQYiw1mtGn43QZrCZw1PtMazpj5diNbmiJkieY3zYnR1pACTSGyEaVY',
      VAPID_PRIVATE_KEY: 'a'.repeat(43),
      VAPID_SUBJECT: 'mailto:ops@rebound.example',
    };
    expect(loadConfig({}).push.vapid).toBeNull();
    expect(loadConfig({ ...PRODUCTION }).push.vapid).toBeNull();
    expect(loadConfig({ ...PRODUCTION, ...vapid }).push.vapid).toEqual({
      publicKey: vapid.VAPID_PUBLIC_KEY,
      privateKey: vapid.VAPID_PRIVATE_KEY,
      subject: vapid.VAPID_SUBJECT,
    });
    expect(loadConfig({ ...vapid, VAPID_SUBJECT: 'https://rebound.example' }).push.vapid?.subject).toBe(
      'https://rebound.example',
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY })).toThrowError(
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together/,
    );
    expect(() => loadConfig({ ...vapid, VAPID_PUBLIC_KEY: 'short' })).toThrowError(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ ...vapid, VAPID_PRIVATE_KEY: 'x'.repeat(44) })).toThrowError(
      /VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ ...vapid, VAPID_SUBJECT: 'http://rebound.example' })).toThrowError(
      /VAPID_SUBJECT must be a mailto: or https: address/,
    );
  });

  it('keeps a metrics token when given one', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(24) }).metricsToken).toBe('m'.repeat(24));
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ NODE_ENV: 'production', TEST_CLOCK: 'true' }, /TEST_CLOCK/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ ...PRODUCTION, SEED_ON_START: 'true' }, /SEED_ON_START cannot be enabled in production/],
    [{ ...PRODUCTION, DEV_MAILBOX: 'true' }, /DEV_MAILBOX cannot be enabled in production/],
    [
      { ...PRODUCTION, PUBLIC_URL: undefined },
      /PUBLIC_URL must be https in production.*ALLOW_INSECURE_PUBLIC_URL/,
    ],
    [{ ...PRODUCTION, PUBLIC_URL: 'http://rebound.example' }, /PUBLIC_URL must be https in production/],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN/],
    [{ ...PRODUCTION, RATE_LIMIT_SCALE: '20' }, /RATE_LIMIT_SCALE cannot be changed in production/],
    [{ RATE_LIMIT_SCALE: '0' }, /RATE_LIMIT_SCALE/],
    [{ LAUNCH_BYPASS_EMAIL: 'not-an-address' }, /LAUNCH_BYPASS_EMAIL must be an email address/],
    [{ SITE_LOCKED: 'maybe' }, /SITE_LOCKED/],
  ])('stops with one clear line for %j', (env, pattern) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(pattern);
  });
});

describe('pre-launch configuration', () => {
  it('is unlocked with no bypass by default; reads the lock default and a normalised bypass address', () => {
    expect(loadConfig({}).launch).toEqual({ lockedByDefault: false, bypassEmail: null });
    expect(loadConfig({ SITE_LOCKED: 'true', LAUNCH_BYPASS_EMAIL: ' Insider@Rebound.TEST ' }).launch).toEqual(
      {
        lockedByDefault: true,
        bypassEmail: 'insider@rebound.test',
      },
    );
    expect(loadConfig({ LAUNCH_BYPASS_EMAIL: '' }).launch.bypassEmail).toBeNull();
  });

  it('reads the fleet settings: REDIS_URL, REALTIME and WEB_CONCURRENCY (decision 033)', () => {
    const c = loadConfig({});
    expect(c.redisUrl).toBeNull();
    expect(c.realtime).toBe('postgres');
    expect(c.webConcurrency).toBe(1);
    const withRedis = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(withRedis.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(withRedis.realtime).toBe('redis');
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', REALTIME: 'postgres' }).realtime).toBe(
      'postgres',
    );
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeNull();
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrowError(/REDIS_URL must start with redis:\/\//);
    expect(() => loadConfig({ REALTIME: 'redis' })).toThrowError(/REALTIME=redis needs REDIS_URL/);
    expect(() => loadConfig({ REALTIME: 'nats' })).toThrowError(ConfigError);
    expect(loadConfig({ WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
    expect(loadConfig({ WEB_CONCURRENCY: 'auto' }).webConcurrency).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrowError(
      /WEB_CONCURRENCY must be a number of processes/,
    );
    expect(() => loadConfig({ WEB_CONCURRENCY: 'many' })).toThrowError(ConfigError);
  });

  it('keeps media in the local folder by default and reads the S3 settings with MEDIA_STORAGE=s3', () => {
    expect(loadConfig({}).media).toEqual({ storage: 'local', s3: null });
    // S3 settings without MEDIA_STORAGE=s3 change nothing.
    expect(loadConfig({ S3_BUCKET: 'b' }).media.s3).toBeNull();
    const s3 = {
      MEDIA_STORAGE: 's3',
      S3_BUCKET: 'rebound-media',
      MEDIA_PUBLIC_URL: 'https://media.rebound.example/',
    };
    // No keys, no endpoint: AWS S3 through the SDK's default credential chain.
    expect(loadConfig(s3).media).toEqual({
      storage: 's3',
      s3: {
        bucket: 'rebound-media',
        region: 'us-east-1',
        endpoint: null,
        forcePathStyle: false,
        credentials: null,
        publicUrl: 'https://media.rebound.example/',
      },
    });
    expect(
      loadConfig({
        ...s3,
        S3_REGION: 'auto',
        S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).media.s3,
    ).toMatchObject({
      region: 'auto',
      endpoint: 'https://acc.r2.cloudflarestorage.com',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
  });

  it.each([
    [{ MEDIA_STORAGE: 's3', MEDIA_PUBLIC_URL: 'https://m.example/' }, /MEDIA_STORAGE=s3 needs S3_BUCKET/],
    [{ MEDIA_STORAGE: 's3', S3_BUCKET: 'b' }, /MEDIA_STORAGE=s3 needs MEDIA_PUBLIC_URL/],
    [
      { MEDIA_STORAGE: 's3', S3_BUCKET: 'b', MEDIA_PUBLIC_URL: 'https://m.example/', S3_ACCESS_KEY_ID: 'k' },
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    ],
    [{ MEDIA_STORAGE: 'gcs' }, /MEDIA_STORAGE/],
    [{ MEDIA_PUBLIC_URL: 'media.example' }, /MEDIA_PUBLIC_URL must be an http\(s\) URL/],
    [{ S3_ENDPOINT: 'ftp://x' }, /S3_ENDPOINT must be an http\(s\) URL/],
  ])('refuses an incomplete or wrong object-storage setting: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrowError(message);
  });
});

describe('databaseLocation (the migration CLI)', () => {
  it('needs only the database settings, not the servers’ secrets', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/rebound';
    // loadConfig refuses this production environment (no AUTH_SECRET); the migration does not need it.
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: url })).toThrow(ConfigError);
    expect(databaseLocation({ NODE_ENV: 'production', DATABASE_URL: url })).toEqual({
      databaseUrl: url,
      pgliteDir: loadConfig({ ...PRODUCTION, DATABASE_URL: url }).pgliteDir,
    });
    expect(databaseLocation({ DATA_DIR: 'memory://' }).pgliteDir).toBe('memory://');
  });

  it('refuses a database URL that is not PostgreSQL’s, with the same words as the servers', () => {
    expect(() => databaseLocation({ DATABASE_URL: 'mysql://x' })).toThrow(
      'Invalid configuration: DATABASE_URL must start with postgres:// or postgresql://',
    );
  });
});
