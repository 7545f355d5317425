// How an outbox row becomes what a channel sends. The sender (sender.ts) calls these; the
// templates behind them live in templates/ (one per outbox template name).
// NOTE: interim generic rendering; templates for every message replace the bodies below.

export type Channel = 'email' | 'sms' | 'push';

/** One claimed outbox row, as the sender hands it to rendering. */
export interface OutgoingMessage {
  id: string;
  channel: Channel;
  template: string;
  recipient: string;
  userId: string | null;
  payload: Record<string, unknown>;
}

export interface RenderContext {
  /** The site's public address (config.publicUrl), no trailing slash. */
  publicUrl: string;
  /** Signs one-click unsubscribe links (config.auth.secret). */
  secret: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers: Record<string, string>;
}

export interface RenderedSms {
  body: string;
}

export interface RenderedPush {
  title: string;
  body: string;
  /** Absolute URL opened when the notification is clicked. */
  url: string;
  /** Replaces an earlier push with the same tag on the device. */
  tag?: string;
}

function message(msg: OutgoingMessage): string {
  const m = msg.payload.message;
  return typeof m === 'string' ? m : 'You have a new notification from Rebound.';
}

function link(msg: OutgoingMessage, ctx: RenderContext): string {
  const t = msg.payload.targetUrl;
  return typeof t === 'string' && t.startsWith('/')
    ? `${ctx.publicUrl}${t}`
    : `${ctx.publicUrl}/notifications`;
}

export function renderEmail(msg: OutgoingMessage, ctx: RenderContext): RenderedEmail {
  const text = `${message(msg)}\n\n${link(msg, ctx)}`;
  return { subject: 'Rebound', text, html: `<p>${text}</p>`, headers: {} };
}

export function renderSms(msg: OutgoingMessage, ctx: RenderContext): RenderedSms {
  return { body: `Rebound: ${message(msg)} ${link(msg, ctx)}` };
}

export function renderPush(msg: OutgoingMessage, ctx: RenderContext): RenderedPush {
  return { title: 'Rebound', body: message(msg), url: link(msg, ctx) };
}
