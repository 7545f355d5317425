import { PICKUP_REMINDER_WHICH } from '@rebound/contract/pickup';
import { formatShortCode, pickupQrPayload } from '@rebound/core/pickup';
import { z } from 'zod';
import { pickupQrImagePath } from '../../../lib/pickup-qr';
import { defineTemplate, flag, id, text, when } from './define';
import { messageOf, siteUrl, sms, str } from './format';
import type { Payload, RenderContext, TemplateOutput } from './types';

// 'pickup_confirmed' and 'pickup_reminder' (contract PickupConfirmedData / PickupReminderData). The short
// code is what the desk needs: set large, with a QR code of it under it (a hosted PNG behind a signed
// link, lib/pickup-qr.ts: docs/decisions/080-pickup-missed-walk-ins.md).

const CODE = /^[0-9A-Z]{6}$/;

function pickupMessage(
  p: Payload,
  ctx: RenderContext,
  kind: 'confirmed' | 'moved' | 'day_before' | 'hour_before',
): TemplateOutput {
  const title = str(p.productTitle) ?? 'your item';
  const rawCode = str(p.shortCode, 20);
  const code = rawCode && CODE.test(rawCode) ? formatShortCode(rawCode) : null;
  // The QR carries exactly what the Appointments tab shows; only for this appointment's own code.
  const qrPath =
    rawCode && code && str(p.qrPayload, 60) === pickupQrPayload(rawCode)
      ? pickupQrImagePath(ctx.secret, rawCode)
      : null;
  const qrUrl = qrPath ? `${ctx.publicUrl}${qrPath}` : null;
  const date = str(p.dateLabel, 80);
  const time = str(p.timeLabel, 80);
  const place = str(p.locationName, 120);
  const address = str(p.locationAddress, 200);
  const url = siteUrl(ctx, [p.appointmentsUrl, p.targetUrl], '/account?tab=appointments');
  const message = messageOf(p);
  const when = [date, time].filter(Boolean).join(', ');
  const heading = {
    confirmed: 'Your pickup is booked',
    moved: 'Your pickup has moved',
    day_before: 'Your pickup is tomorrow',
    hour_before: 'Your pickup is in about an hour',
  }[kind];
  const subject = {
    confirmed: `Pickup booked${date ? ` for ${date}` : ''}`,
    moved: `Pickup moved to ${date ?? 'a new time'}`,
    day_before: `Reminder: pickup tomorrow${time ? `, ${time}` : ''}`,
    hour_before: `Reminder: pickup in about an hour${time ? ` (${time})` : ''}`,
  }[kind];
  return {
    email: {
      subject,
      preheader: message,
      heading,
      blocks: [
        { type: 'p', text: message },
        ...(code
          ? [
              {
                type: 'code' as const,
                label: 'Show this code at the pickup desk',
                code,
                // A hosted image every webmail shows (lib/pickup-qr.ts), not an inline attachment.
                ...(qrUrl ? { qrUrl } : {}),
              },
            ]
          : []),
        {
          type: 'facts',
          rows: [
            { label: 'Item', value: title },
            ...(when ? [{ label: 'When', value: when, strong: true }] : []),
            ...(place ? [{ label: 'Where', value: address ? `${place}, ${address}` : place }] : []),
          ],
        },
        { type: 'button', label: 'See or change your appointment', url },
        {
          type: 'note',
          text: `Bring a photo ID${code ? ' and this code' : ' and your order number'}. Can't make it? Change the time from your appointments before it starts.`,
        },
      ],
      reason:
        kind === 'confirmed' || kind === 'moved'
          ? 'you booked a pickup time on Rebound'
          : 'you have a pickup booked on Rebound',
    },
    sms: sms(
      `${heading}: ${title}${when ? `, ${when}` : ''}${place ? ` at ${place}` : ''}.${code ? ` Code ${code}.` : ''}`,
      url,
    ),
    push: {
      title: heading,
      body: message,
      url,
      tag: `pickup-${str(p.orderId, 60) ?? 'latest'}`,
    },
  };
}

/** The keys of both pickup messages (contract PickupConfirmedData, older rows with fewer). */
const PICKUP_FIELDS = {
  orderId: id,
  shortCode: text,
  qrPayload: text,
  productTitle: text,
  slotStartsAt: when,
  timeLabel: text,
  dateLabel: text,
  locationName: text,
  locationAddress: text,
  appointmentsUrl: text,
};

export const pickupConfirmed = defineTemplate({
  name: 'pickup_confirmed',
  fields: { ...PICKUP_FIELDS, moved: flag },
  render: (p, ctx) => pickupMessage(p, ctx, p.moved === true ? 'moved' : 'confirmed'),
});

export const pickupReminder = defineTemplate({
  name: 'pickup_reminder',
  fields: { ...PICKUP_FIELDS, which: z.enum(PICKUP_REMINDER_WHICH).nullish() },
  render: (p, ctx) => pickupMessage(p, ctx, p.which === 'hour_before' ? 'hour_before' : 'day_before'),
});

/**
 * 'pickup_cancelled' (docs/decisions/080-pickup-missed-walk-ins.md): the shopper cancelled a visit;
 * every item it held, the time it had, and where to book again. No code: it no longer opens anything.
 */
export const pickupCancelled = defineTemplate({
  name: 'pickup_cancelled',
  fields: { ...PICKUP_FIELDS, ordersUrl: text },
  render: (p, ctx): TemplateOutput => {
    const title = str(p.productTitle) ?? 'your items';
    const date = str(p.dateLabel, 80);
    const time = str(p.timeLabel, 80);
    const place = str(p.locationName, 120);
    const when = [date, time].filter(Boolean).join(', ');
    const url = siteUrl(ctx, [p.ordersUrl, p.targetUrl], '/account?tab=orders');
    const message = messageOf(p);
    const heading = 'Your pickup is cancelled';
    return {
      email: {
        subject: `Pickup cancelled${date ? ` for ${date}` : ''}`,
        preheader: message,
        heading,
        blocks: [
          { type: 'p', text: message },
          {
            type: 'facts',
            rows: [
              { label: 'Items', value: title },
              ...(when ? [{ label: 'Was booked for', value: when, strong: true }] : []),
              ...(place ? [{ label: 'Where', value: place }] : []),
            ],
          },
          { type: 'button', label: 'Book a new pickup time', url },
          {
            type: 'note',
            text: "Your orders stay paid. Book a new time within each order's pickup window; storage fees apply after it.",
          },
        ],
        reason: 'you cancelled a pickup on Rebound',
      },
      sms: sms(`${heading}: ${title}${when ? `, ${when}` : ''}. Book a new time:`, url),
      push: { title: heading, body: message, url, tag: `pickup-${str(p.orderId, 60) ?? 'latest'}` },
    };
  },
});
