// VAPID keys for web push (docs/decisions/018-outbox-sender.md). Production takes them from
// configuration (VAPID_*); without them push is off there. Elsewhere a pair is generated on first
// use and kept in site_settings under 'vapid', so every server on the database and every restart
// use the same pair and browsers' subscriptions keep working.
import webpush from 'web-push';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { keepVapidPair, readVapidPair } from './repository';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
  source: 'config' | 'generated';
}

const SETTING_KEY = 'vapid';
const cache = new WeakMap<Config, WeakMap<object, Promise<VapidKeys | null>>>();

/** Subject of generated keys: the MAIL_FROM address (push services want a contact). */
function generatedSubject(config: Config): string {
  const address = /<([^>]+)>/.exec(config.email.from)?.[1] ?? config.email.from;
  return address.includes('@') ? `mailto:${address.trim()}` : 'mailto:no-reply@rebound.local';
}

async function load(deps: { db: DbOrTx; config: Config }): Promise<VapidKeys | null> {
  const { db, config } = deps;
  if (config.push.vapid) return { ...config.push.vapid, source: 'config' };
  if (config.env === 'production') return null;
  const read = () => readVapidPair(db, SETTING_KEY);
  let pair = await read();
  if (!pair) {
    const fresh = webpush.generateVAPIDKeys();
    // Two servers starting at once: the first insert wins and both read the same pair back.
    await keepVapidPair(db, SETTING_KEY, { publicKey: fresh.publicKey, privateKey: fresh.privateKey });
    pair = await read();
  }
  if (!pair) throw new Error('could not keep the generated VAPID keys');
  return { ...pair, subject: generatedSubject(config), source: 'generated' };
}

/**
 * The VAPID keys in force, or null when push is off (production without VAPID_* settings). Read
 * once per database handle; a failed read is tried again next time.
 */
export function getVapidKeys(deps: { db: DbOrTx; config: Config }): Promise<VapidKeys | null> {
  const key = deps.db as object;
  let perDb = cache.get(deps.config);
  if (!perDb) {
    perDb = new WeakMap();
    cache.set(deps.config, perDb);
  }
  let p = perDb.get(key);
  if (!p) {
    p = load(deps).catch((err) => {
      perDb.delete(key);
      throw err;
    });
    perDb.set(key, p);
  }
  return p;
}

/** The public key browsers subscribe with (applicationServerKey), or null when push is off. */
export async function getVapidPublicKey(deps: { db: DbOrTx; config: Config }): Promise<string | null> {
  return (await getVapidKeys(deps))?.publicKey ?? null;
}
