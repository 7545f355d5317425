import type { DbOrTx } from '../../db/client';
import { writeDevMessage } from '../dev-messages';
import type { EmailSender, InlineImage } from './types';

/** The default stand-in: "sends" by writing to dev_messages, read at GET /api/dev/messages. */
export function localEmailSender(db: DbOrTx): EmailSender {
  return {
    kind: 'local',
    async send(message) {
      const headers = {
        ...(message.messageId ? { 'Message-ID': message.messageId } : {}),
        ...message.headers,
      };
      await writeDevMessage(db, {
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        html: message.html ? inlineForMailbox(message.html, message.inlineImages ?? []) : null,
        headers: Object.keys(headers).length > 0 ? headers : null,
      });
    },
  };
}

/** The mailbox page has no attachments: inline images become data: URIs so the HTML view shows them. */
function inlineForMailbox(html: string, images: InlineImage[]): string {
  let out = html;
  for (const i of images) {
    out = out.split(`cid:${i.cid}`).join(`data:${i.contentType};base64,${i.content.toString('base64')}`);
  }
  return out;
}
