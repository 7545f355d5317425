import type { DbOrTx } from '../../db/client';
import { devMessages } from '../../db/schema';
import type { EmailSender } from './types';

/** The default stand-in: "sends" by writing to dev_messages, read at GET /api/dev/messages. */
export function localEmailSender(db: DbOrTx): EmailSender {
  return {
    kind: 'local',
    async send(message) {
      await db.insert(devMessages).values({
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        html: message.html ?? null,
      });
    },
  };
}
