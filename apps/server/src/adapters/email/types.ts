export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * RFC 5322 Message-ID, e.g. `<outbox-id@rebound.example>`: the same on every attempt, so a message
   * sent twice after a crash is one message to mail servers and clients that de-duplicate by it.
   */
  messageId?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post, …). */
  headers?: Record<string, string>;
  /** Inline images the HTML refers to as `cid:<cid>` (the pickup QR code). */
  inlineImages?: InlineImage[];
}

export interface InlineImage {
  cid: string;
  filename: string;
  contentType: 'image/png';
  content: Buffer;
}

/** Sends one email. Throws when the message could not be handed over. */
export interface EmailSender {
  readonly kind: 'smtp' | 'local';
  send(message: EmailMessage): Promise<void>;
}
