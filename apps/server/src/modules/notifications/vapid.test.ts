import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { loadConfig } from '../../config';
import { siteSettings } from '../../db/schema';
import { getVapidKeys, getVapidPublicKey } from './vapid';

const t = useTestApp();

describe('VAPID keys', () => {
  it('outside production without settings: generated once, kept in site_settings, the same for every server', async () => {
    const first = await getVapidKeys(t.app.deps);
    expect(first).toMatchObject({ source: 'generated', subject: 'mailto:no-reply@rebound.local' });
    expect(first!.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first!.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(siteSettings).where(eq(siteSettings.key, 'vapid'));
    expect(row!.value).toEqual({ publicKey: first!.publicKey, privateKey: first!.privateKey });
    // Another server (its own configuration object, so nothing cached) reads the kept pair.
    const other = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' });
    expect(await getVapidPublicKey({ db: t.db, config: other })).toBe(first!.publicKey);
  });

  it('from configuration when set; production without them: none (push off)', async () => {
    const keys = {
      VAPID_PUBLIC_KEY:
        'BGTAi9nuYrmMFXAej7gQrNsZKcB-zGb1UQYiw1mtGn43QZrCZw1PtMazpj5diNbmiJkieY3zYnR1pACTSGyEaVY',
      VAPID_PRIVATE_KEY: 'b'.repeat(43),
      VAPID_SUBJECT: 'mailto:ops@rebound.example',
    };
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'p'.repeat(40),
      SELLER_GST_NUMBER: '123456789 RT0001',
      SELLER_PST_NUMBER: 'PST-1234-5678',
      PUBLIC_URL: 'https://rebound.example',
    };
    expect(await getVapidKeys({ db: t.db, config: loadConfig({ ...production, ...keys }) })).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: keys.VAPID_SUBJECT,
      source: 'config',
    });
    expect(await getVapidPublicKey({ db: t.db, config: loadConfig(production) })).toBeNull();
  });
});
