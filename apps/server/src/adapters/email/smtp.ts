import nodemailer from 'nodemailer';
import { PermanentDeliveryError } from '../delivery-error';
import type { EmailSender } from './types';

export interface SmtpOptions {
  /** smtp://… or smtps://user:pass@host:port */
  url: string;
  from: string;
  /** Connection, greeting and socket timeouts (ms); nodemailer's own defaults are minutes. */
  timeoutMs?: number;
}

/** Real email over SMTP (nodemailer), e.g. SMTP_URL=smtps://user:pass@smtp.example.com:465. */
export function smtpEmailSender(opts: SmtpOptions): EmailSender {
  const timeout = opts.timeoutMs ?? 20_000;
  // The URL's own settings win; the timeouts fill in (nodemailer's defaults are minutes).
  const transport = nodemailer.createTransport({
    url: opts.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({
          from: opts.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.messageId ? { messageId: message.messageId } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
          ...(message.inlineImages?.length
            ? {
                attachments: message.inlineImages.map((i) => ({
                  filename: i.filename,
                  content: i.content,
                  contentType: i.contentType,
                  cid: i.cid,
                })),
              }
            : {}),
        });
      } catch (err) {
        // 5xx is the server's final answer (no such mailbox, refused content): retrying cannot help.
        const code = (err as { responseCode?: number }).responseCode;
        if (typeof code === 'number' && code >= 500 && code < 600) {
          throw new PermanentDeliveryError(`SMTP refused the message (${code}): ${(err as Error).message}`);
        }
        throw err;
      }
    },
  };
}
