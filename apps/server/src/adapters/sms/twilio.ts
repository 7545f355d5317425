import twilio from 'twilio';
import { PermanentDeliveryError } from '../delivery-error';
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

const TWILIO_API = 'https://api.twilio.com';

/**
 * The SDK's own HTTP client, with every request sent to `apiUrl` instead of Twilio's hosts (the
 * SDK builds absolute URLs per product domain; only the origin changes, path and query stay).
 */
class ApiUrlRequestClient extends twilio.RequestClient {
  constructor(
    private readonly apiUrl: string,
    timeout: number,
  ) {
    super({ timeout });
  }

  override request<TData>(opts: Parameters<twilio.RequestClient['request']>[0] & { data?: TData }) {
    const from = new URL(opts.uri);
    const to = new URL(`${from.pathname}${from.search}`, this.apiUrl);
    return super.request({ ...opts, uri: to.toString() });
  }
}

/**
 * Real SMS through Twilio's official SDK (Messages API). Twilio has no idempotency key for
 * messages: a sender that crashes between Twilio's answer and marking the row sent texts once more
 * after its lease runs out (docs/decisions/018-outbox-sender.md).
 */
export function twilioSmsSender(opts: TwilioOptions): SmsSender {
  const timeout = opts.timeoutMs ?? 10_000;
  const custom = new URL(opts.apiUrl).origin !== TWILIO_API;
  const client = twilio(opts.accountSid, opts.authToken, {
    httpClient: custom
      ? new ApiUrlRequestClient(opts.apiUrl, timeout)
      : new twilio.RequestClient({ timeout }),
  });
  const sender = opts.from.startsWith('MG') ? { messagingServiceSid: opts.from } : { from: opts.from };
  return {
    kind: 'twilio',
    async send(message) {
      try {
        await client.messages.create({ to: message.to, body: message.body, ...sender });
      } catch (err) {
        // Twilio answers errors as {code, message}; keep them for the log and the dead letter.
        const status = (err as { status?: number }).status;
        if (typeof status !== 'number')
          throw new Error(`Twilio could not be reached: ${(err as Error).message}`);
        const code = (err as { code?: unknown }).code;
        const what = `Twilio refused the message (${status}${typeof code === 'number' ? `, code ${code}` : ''}): ${(err as Error).message}`;
        // 400: the number or the body is wrong (e.g. 21211 invalid 'To'); retrying cannot help.
        if (status === 400 || status === 404) throw new PermanentDeliveryError(what);
        throw new Error(what);
      }
    },
  };
}
