import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { createTestApp } from '../../../test/harness';
import type { Database } from '../../db/client';

const TOKEN = 'metrics-token-0123456789abcdef';
const PRODUCTION = {
  NODE_ENV: 'production',
  TEST_CLOCK: 'false',
  AUTH_SECRET: 'p'.repeat(40),
  SELLER_GST_NUMBER: '123456789 RT0001',
  SELLER_PST_NUMBER: 'PST-1234-5678',
  PUBLIC_URL: 'https://rebound.example',
};

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** GET /metrics on an app built with `env`, from `remoteAddress`, with `token` as bearer if given. */
async function scrape(env: Record<string, string>, remoteAddress: string, token?: string) {
  const t = await createTestApp({ database, env });
  try {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, body: res.body, headers: res.headers };
  } finally {
    await t.app.close();
  }
}

describe('/metrics outside production', () => {
  it('is open to this machine and hidden from others without a token', async () => {
    expect((await scrape({}, '127.0.0.1')).status).toBe(200);
    const outsider = await scrape({}, '10.0.0.5');
    expect(outsider.status).toBe(404);
    expect(outsider.body).not.toContain('http_request_duration_seconds');
  });

  it('lets anyone in with the token, and asks others for it', async () => {
    expect((await scrape({ METRICS_TOKEN: TOKEN }, '10.0.0.5', TOKEN)).status).toBe(200);
    const wrong = await scrape({ METRICS_TOKEN: TOKEN }, '10.0.0.5', 'not-the-token');
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
    expect(wrong.body).not.toContain('http_request_duration_seconds');
  });
});

describe('/metrics in production', () => {
  it('does not exist without a token, even for this machine', async () => {
    const res = await scrape(PRODUCTION, '127.0.0.1');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('needs the bearer token, from anywhere', async () => {
    const env = { ...PRODUCTION, METRICS_TOKEN: TOKEN };
    expect((await scrape(env, '127.0.0.1')).status).toBe(401);
    expect((await scrape(env, '10.0.0.5', `${TOKEN}x`)).status).toBe(401);
    const ok = await scrape(env, '10.0.0.5', TOKEN);
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('process_cpu_user_seconds_total');
  });
});
