import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
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

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ NODE_ENV: 'production', TEST_CLOCK: 'true' }, /TEST_CLOCK/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
  ])('stops with one clear line for %j', (env, pattern) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(pattern);
  });
});
