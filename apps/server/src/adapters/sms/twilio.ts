import type { SmsSender } from './types';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A Twilio number (E.164) or a Messaging Service SID (MG...). */
  from: string;
  /** https://api.twilio.com; a local fake in tests. */
  apiUrl: string;
  timeoutMs?: number;
}

/** Real SMS through Twilio's Messages REST API (no SDK: one form POST with basic auth). */
export function twilioSmsSender(opts: TwilioOptions): SmsSender {
  const endpoint = new URL(
    `/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`,
    opts.apiUrl,
  ).toString();
  const authorization = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    async send(message) {
      const form = new URLSearchParams({ To: message.to, Body: message.body });
      form.set(opts.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', opts.from);
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      if (!res.ok) {
        // Twilio answers errors as JSON {code, message}; keep it for the log, never for the shopper.
        const detail = await res.text().catch(() => '');
        throw new Error(`Twilio refused the message (${res.status}): ${detail.slice(0, 300)}`);
      }
    },
  };
}
