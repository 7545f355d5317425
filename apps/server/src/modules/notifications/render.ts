// How an outbox row becomes what a channel sends. The sender (sender-channels.ts) calls these; the
// templates behind them live in templates/ (each declares its payload schema and rendering,
// templates/define.ts; templates/registry.ts lists them). Each template checks the payload against
// its schema before rendering; the sender makes a row that does not fit a dead letter before it
// gets here (payloads.ts). Rendering itself never throws: an unknown template, or data a template
// cannot use, gets the generic message made from payload.message and payload.targetUrl
// (docs/decisions/019).
import { UNSUBSCRIBE_SCOPE_TEXT } from '@rebound/contract/unsubscribe';
import { z } from 'zod';
import { generic } from './templates/generic';
import { layoutHtml, layoutText, QR_CID } from './templates/layout';
import { templateOf } from './templates/registry';
import type { Payload, RenderContext, TemplateOutput } from './templates/types';
import { createUnsubscribeToken, isUnsubscribeScope, type UnsubscribeScope } from './unsubscribe-token';

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

export type { RenderContext };

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers: Record<string, string>;
  /** QR codes the HTML shows inline (`cid:`): the sender makes each PNG and attaches it. */
  qrImages: { cid: string; text: string }[];
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function isRecord(value: unknown): value is Payload {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The last resort, should even the generic template fail (e.g. a malformed public address). */
function bare(ctx: RenderContext): TemplateOutput {
  const url = `${ctx.publicUrl}/notifications`;
  const text = 'You have a new notification from Rebound.';
  return {
    email: {
      subject: 'Rebound',
      preheader: text,
      heading: 'Rebound',
      blocks: [{ type: 'p', text }],
      reason: 'you have an account on Rebound',
    },
    sms: `Rebound: ${text} ${url}`,
    push: { title: 'Rebound', body: text, url },
  };
}

function build(msg: OutgoingMessage, ctx: RenderContext): TemplateOutput {
  const payload = isRecord(msg.payload) ? msg.payload : {};
  const template = templateOf(msg.template) ?? generic;
  try {
    return template.render(payload, ctx);
  } catch {
    try {
      return generic.render(payload, ctx);
    } catch {
      return bare(ctx);
    }
  }
}

/**
 * What every message's payload may carry besides its template's own values: the kind it was sent as
 * (a consent-only kind asks for the one-click unsubscribe) and, for the launch and drop lists'
 * emails, the signup it goes to. Anything else in a payload is the template's.
 */
const Envelope = z.object({
  kind: z.string().optional().catch(undefined),
  signupId: z.string().regex(UUID).optional().catch(undefined),
});

const envelopeOf = (msg: OutgoingMessage) => Envelope.parse(isRecord(msg.payload) ? msg.payload : {});

/** Which consent-only kind an email is (new_drops, marketing), so it carries the one-click unsubscribe. */
export function unsubscribeScopeOf(msg: OutgoingMessage): UnsubscribeScope | null {
  const scope = envelopeOf(msg).kind ?? templateOf(msg.template)?.kind;
  return isUnsubscribeScope(scope) ? scope : null;
}

export function renderEmail(msg: OutgoingMessage, ctx: RenderContext): RenderedEmail {
  const { email } = build(msg, ctx);
  const scope = unsubscribeScopeOf(msg);
  const headers: Record<string, string> = {};
  let unsubscribe: { url: string; name: string } | undefined;
  // The launch list's and the drop list's emails go to signups, which may have no account: their
  // token names the signup.
  const bySignup = scope === 'launch' || scope === 'drop_list';
  const subject = bySignup ? envelopeOf(msg).signupId : msg.userId;
  if (scope && subject && UUID.test(subject)) {
    const token = encodeURIComponent(
      createUnsubscribeToken(ctx.secret, subject, scope, ctx.now ?? new Date()),
    );
    // RFC 8058: the https URI takes a POST with 'List-Unsubscribe=One-Click'; the footer link opens
    // the page, which explains and unsubscribes with one button (a GET changes nothing).
    headers['List-Unsubscribe'] = `<${ctx.publicUrl}/api/unsubscribe?token=${token}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    unsubscribe = {
      url: `${ctx.publicUrl}/unsubscribe?token=${token}`,
      name: UNSUBSCRIBE_SCOPE_TEXT[scope].name,
    };
  }
  const links = { settingsUrl: `${ctx.publicUrl}/account`, ...(unsubscribe ? { unsubscribe } : {}) };
  return {
    subject: oneLine(email.subject),
    text: layoutText(email, links),
    html: layoutHtml(email, links),
    headers,
    qrImages: email.blocks.flatMap((b) => (b.type === 'code' && b.qr ? [{ cid: QR_CID, text: b.qr }] : [])),
  };
}

export function renderSms(msg: OutgoingMessage, ctx: RenderContext): RenderedSms {
  return { body: build(msg, ctx).sms };
}

export function renderPush(msg: OutgoingMessage, ctx: RenderContext): RenderedPush {
  const { push } = build(msg, ctx);
  return {
    title: oneLine(push.title).slice(0, 120),
    body: push.body.slice(0, 400),
    url: push.url,
    ...(push.tag ? { tag: push.tag.slice(0, 120) } : {}),
  };
}

/** A header value is one line (a payload's newline must not start a new header). */
function oneLine(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, 200);
}
