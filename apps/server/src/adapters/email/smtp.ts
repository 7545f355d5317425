import nodemailer from 'nodemailer';
import type { EmailSender } from './types';

/** Real email over SMTP (nodemailer), e.g. SMTP_URL=smtps://user:pass@smtp.example.com:465. */
export function smtpEmailSender(opts: { url: string; from: string }): EmailSender {
  const transport = nodemailer.createTransport(opts.url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
  };
}
