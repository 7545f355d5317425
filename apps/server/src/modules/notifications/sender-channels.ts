// The sender's channels (docs/decisions/018-outbox-sender.md): the adapters the configuration asks
// for, and rendering one claimed message and handing it to its adapter (email with its inline QR
// codes, SMS, web push). The claim, retries and marks are the sender's (sender.ts).
import { outboxMessageId, outboxPushTopic } from '@rebound/core/outbox';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import { createEmailSender } from '../../adapters/email/index';
import type { EmailSender, InlineImage } from '../../adapters/email/types';
import { createPushSender } from '../../adapters/push/index';
import type { PushSender } from '../../adapters/push/types';
import { createSmsSender } from '../../adapters/sms/index';
import type { SmsSender } from '../../adapters/sms/types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { sellerTaxRegistration } from '../tax-registration';
import type { OutboxRecord } from './outbox-repository';
import { checkClaimedPayload } from './payloads';
import { type OutgoingMessage, renderEmail, renderPush, renderSms } from './render';
import { getVapidKeys } from './vapid';

export interface Channels {
  email: EmailSender;
  sms: SmsSender;
  push: PushSender;
}

/** The adapters the configuration asks for (the development mailbox for what is not configured). */
export function createChannels(deps: { config: Config; db: Db; log: FastifyBaseLogger }): Channels {
  const { config, db, log } = deps;
  return {
    email: createEmailSender(config, db),
    sms: createSmsSender(config, db),
    push: createPushSender(
      config,
      db,
      () => getVapidKeys({ db, config }),
      (err) => log.warn({ err }, 'development push to a subscribed browser failed'),
    ),
  };
}

/** What sendMessage needs of its sender: the adapters, the configuration, the clock and the log. */
export interface SendContext {
  channels: Channels;
  config: Config;
  /** For what a template reads at send time (a receipt's tax numbers). */
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The public URL's host name (the email's Message-ID). */
  host: string;
}

/** The templates that print the seller's tax numbers (templates/payment-receipt.ts). */
const RECEIPT_TEMPLATES: ReadonlySet<string> = new Set(['payment_receipt']);

/**
 * Renders one claimed message and hands it to its channel's adapter; `handed.at` is when it was
 * handed. Throws what the adapter threw (the sender decides retry or dead letter).
 */
export async function sendMessage(
  sender: SendContext,
  row: OutboxRecord,
  handed: { at: Date | null },
): Promise<void> {
  // A payload that does not fit its template's schema (payloads.ts) is a dead letter at once.
  checkClaimedPayload(row);
  const msg: OutgoingMessage = {
    id: row.id,
    channel: row.channel,
    template: row.template,
    recipient: row.recipient,
    userId: row.userId,
    payload: (row.payload ?? {}) as Record<string, unknown>,
  };
  const ctx = {
    publicUrl: sender.config.publicUrl.replace(/\/+$/, ''),
    secret: sender.config.authSecret,
    now: sender.clock.now(),
    // The seller's numbers as Settings has them now (modules/tax-registration), read for a receipt only.
    ...(RECEIPT_TEMPLATES.has(row.template)
      ? { taxRegistration: await sellerTaxRegistration({ db: sender.db, config: sender.config }) }
      : {}),
  };
  // One line per message handed to its adapter, naming the request that queued it (decision 064):
  // the way from a proxy's log line to the email.
  sender.log.info(
    {
      outboxId: row.id,
      requestId: row.requestId,
      channel: row.channel,
      template: row.template,
      attempts: row.attempts,
    },
    'outbox: handing message to its adapter',
  );
  switch (row.channel) {
    case 'email': {
      const r = renderEmail(msg, ctx);
      const inlineImages = r.qrImages.length > 0 ? await qrPngs(r.qrImages) : null;
      handed.at = sender.clock.now();
      await sender.channels.email.send({
        to: row.recipient,
        subject: r.subject,
        text: r.text,
        html: r.html,
        messageId: outboxMessageId(row.id, sender.host),
        headers: r.headers,
        ...(inlineImages ? { inlineImages } : {}),
      });
      return;
    }
    case 'sms': {
      const r = renderSms(msg, ctx);
      handed.at = sender.clock.now();
      await sender.channels.sms.send({ to: row.recipient, body: r.body });
      return;
    }
    case 'push': {
      const r = renderPush(msg, ctx);
      const topic = outboxPushTopic(row.id);
      handed.at = sender.clock.now();
      await sender.channels.push.send({
        userId: row.recipient,
        title: r.title,
        body: r.body,
        url: r.url,
        tag: r.tag ?? topic,
        topic,
      });
      return;
    }
  }
}

/** PNGs of the QR codes an email shows inline (white with a quiet zone, so dark mode keeps them readable). */
async function qrPngs(codes: { cid: string; text: string }[]): Promise<InlineImage[]> {
  return Promise.all(
    codes.map(async (c) => ({
      cid: c.cid,
      filename: 'pickup-code.png',
      contentType: 'image/png' as const,
      content: await QRCode.toBuffer(c.text, {
        type: 'png',
        margin: 4,
        width: 336,
        errorCorrectionLevel: 'M',
      }),
    })),
  );
}
