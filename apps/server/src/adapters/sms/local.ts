import type { DbOrTx } from '../../db/client';
import { writeDevMessage } from '../dev-messages';
import type { SmsSender } from './types';

/** The default stand-in: "texts" by writing to dev_messages, read at GET /api/dev/messages. */
export function localSmsSender(db: DbOrTx): SmsSender {
  return {
    kind: 'local',
    async send(message) {
      await writeDevMessage(db, { channel: 'sms', recipient: message.to, subject: null, body: message.body });
    },
  };
}
