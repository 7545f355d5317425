import type { DbOrTx } from '../../db/client';
import { devMessages } from '../../db/schema';
import type { EmailSender } from './types';

/** The default stand-in: "sends" by writing to dev_messages, read at GET /api/dev/messages. */
export function localEmailSender(db: DbOrTx): EmailSender {
  return {
    kind: 'local',
    async send(message) {
      const headers = {
        ...(message.messageId ? { 'Message-ID': message.messageId } : {}),
        ...message.headers,
      };
      await db.insert(devMessages).values({
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        html: message.html ?? null,
        headers: Object.keys(headers).length > 0 ? headers : null,
      });
    },
  };
}
