import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { localSmsSender } from './local';
import { twilioSmsSender } from './twilio';
import type { SmsSender } from './types';

/** Twilio when its three settings are present, otherwise the local outbox (docs/decisions/004-auth.md). */
export function createSmsSender(config: Config, db: DbOrTx): SmsSender {
  if (config.sms.twilio) return twilioSmsSender(config.sms.twilio);
  return localSmsSender(db);
}
