import { z } from 'zod';
import { cents, defineTemplate, id, text } from './define';
import { messageOf, money, siteUrl, sms, str } from './format';
import type { Block } from './types';

/**
 * 'desk_mark_refund': the pickup desk found the shopper's item missing or damaged and refunded the
 * order in full at once, so the shopper knows before they leave (docs/decisions/057).
 */
export const deskMarkRefund = defineTemplate({
  name: 'desk_mark_refund',
  fields: {
    orderId: id,
    productTitle: text,
    amountCents: cents,
    markKind: z.enum(['missing', 'damaged']).nullish(),
  },
  render: (p, ctx) => {
    const message = messageOf(p);
    const amount = money(p.amountCents);
    const url = siteUrl(ctx, [p.targetUrl], '/account?tab=orders');
    const title = str(p.productTitle, 200);
    const orderId = str(p.orderId, 60);
    const what =
      p.markKind === 'damaged' ? 'Damaged at pickup' : p.markKind === 'missing' ? 'Missing at pickup' : null;
    const blocks: Block[] = [{ type: 'p', text: message }];
    blocks.push({
      type: 'facts',
      rows: [
        ...(title ? [{ label: 'Item', value: title }] : []),
        ...(what ? [{ label: 'What happened', value: what }] : []),
        ...(amount ? [{ label: 'Refunded in full', value: amount, strong: true }] : []),
        ...(orderId ? [{ label: 'Order number', value: orderId.slice(0, 8) }] : []),
      ],
    });
    blocks.push(
      { type: 'button', label: 'See your orders', url },
      {
        type: 'note',
        text: 'The refund goes back to the card you paid with. It usually appears within 5-10 business days. Your other items are handed over as usual.',
      },
    );
    return {
      email: {
        subject: amount
          ? `We refunded ${amount}: an item could not be handed over`
          : 'An item could not be handed over',
        preheader: message,
        heading: 'We could not hand over your item',
        blocks,
        reason: 'you came to pick up an order on Rebound',
      },
      sms: sms(message, url),
      push: { title: 'Item refunded at pickup', body: message, url, tag: `desk-${orderId ?? 'latest'}` },
    };
  },
});
