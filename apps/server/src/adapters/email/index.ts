import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { localEmailSender } from './local';
import { smtpEmailSender } from './smtp';
import type { EmailSender } from './types';

/** SMTP when SMTP_URL is set, otherwise the local mailbox (docs/decisions/004-auth.md). */
export function createEmailSender(config: Config, db: DbOrTx): EmailSender {
  if (config.email.smtpUrl) return smtpEmailSender({ url: config.email.smtpUrl, from: config.email.from });
  return localEmailSender(db);
}
