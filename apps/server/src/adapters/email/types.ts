export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends one email. Throws when the message could not be handed over. */
export interface EmailSender {
  readonly kind: 'smtp' | 'local';
  send(message: EmailMessage): Promise<void>;
}
