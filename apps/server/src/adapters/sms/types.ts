export interface SmsMessage {
  /** E.164, e.g. +16045551234. */
  to: string;
  body: string;
}

/** Sends one text message. Throws when the provider refused it or could not be reached. */
export interface SmsSender {
  readonly kind: 'twilio' | 'local';
  send(message: SmsMessage): Promise<void>;
}
