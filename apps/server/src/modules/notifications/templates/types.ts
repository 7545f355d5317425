// What a template produces: the content of one message for every channel. The layout (layout.ts)
// turns the email content into HTML and plain text, so every email looks and reads alike and
// every payload value is escaped in one place.

import type { TaxRegistration } from '@rebound/core/tax-registration';

export type Payload = Record<string, unknown>;

export interface Lot {
  title: string;
  /** Formatted price, e.g. '$12.50', or null when unknown. */
  price: string | null;
  /** Absolute link to the lot. */
  url: string;
  /** 'Ends Fri, Nov 27, 3:00 p.m. PT', or null. */
  ends: string | null;
}

export type Block =
  | { type: 'p'; text: string }
  /** A smaller line under the main content (conditions, hints). */
  | { type: 'note'; text: string }
  | { type: 'h2'; text: string }
  | { type: 'button'; label: string; url: string }
  /** Label and value pairs, e.g. the total and the deadline. */
  | { type: 'facts'; rows: { label: string; value: string; strong?: boolean }[] }
  /** A code to show or type, set large (pickup short code). */
  | {
      type: 'code';
      label: string;
      code: string;
      /** Text of a QR code shown under the code (the desk scans it); sent as an inline PNG. */
      qr?: string;
      /** The QR code as a hosted image (lib/pickup-qr.ts), shown instead of the inline one. */
      qrUrl?: string;
    }
  | { type: 'lots'; lots: Lot[] };

export interface EmailContent {
  subject: string;
  /** The inbox preview line. */
  preheader: string;
  heading: string;
  blocks: Block[];
  /** Ends the footer's sentence 'You got this email because …'. */
  reason: string;
  /**
   * The exact plain text to send instead of the one made from the blocks (the auth emails keep
   * the words tests and shoppers already know).
   */
  text?: string;
  /** 'service' (default) has the settings link; 'account' (auth emails) only the company lines. */
  footer?: 'service' | 'account';
}

export interface PushContent {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

export interface TemplateOutput {
  email: EmailContent;
  sms: string;
  push: PushContent;
}

export interface RenderContext {
  /** The site's public address (config.publicUrl), no trailing slash. */
  publicUrl: string;
  /** Signs one-click unsubscribe links (config.authSecret). */
  secret: string;
  /** When the message is rendered (unsubscribe links run a year from it); the system time if absent. */
  now?: Date;
  /** The seller's GST/HST and PST numbers (modules/tax-registration), for receipts; the demo ones if absent. */
  taxRegistration?: TaxRegistration;
}
