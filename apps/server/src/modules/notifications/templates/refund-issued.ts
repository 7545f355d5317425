import { cents, defineTemplate, id, text } from './define';
import { messageOf, money, siteUrl, sms, str } from './format';
import type { Block } from './types';

/** 'refund_issued': staff refunded (part of) an order. */
export const refundIssued = defineTemplate({
  name: 'refund_issued',
  fields: { orderId: id, productTitle: text, amountCents: cents, reason: text },
  render: (p, ctx) => {
    const message = messageOf(p);
    const amount = money(p.amountCents);
    const url = siteUrl(ctx, [p.targetUrl], '/account?tab=orders');
    const title = str(p.productTitle, 200);
    const reason = str(p.reason, 500);
    const orderId = str(p.orderId, 60);
    const blocks: Block[] = [{ type: 'p', text: message }];
    blocks.push({
      type: 'facts',
      rows: [
        ...(title ? [{ label: 'Item', value: title }] : []),
        ...(amount ? [{ label: 'Refunded', value: amount, strong: true }] : []),
        ...(reason ? [{ label: 'Reason', value: reason }] : []),
        ...(orderId ? [{ label: 'Order number', value: orderId.slice(0, 8) }] : []),
      ],
    });
    blocks.push(
      { type: 'button', label: 'See your orders', url },
      {
        type: 'note',
        text: 'The refund goes back to the card you paid with. It usually appears within 5-10 business days.',
      },
    );
    return {
      email: {
        subject: amount ? `Refund of ${amount} from Rebound` : 'Your Rebound refund',
        preheader: message,
        heading: 'Your refund is on its way',
        blocks,
        reason: 'you paid for an order on Rebound',
      },
      sms: sms(message, url),
      push: { title: 'Refund issued', body: message, url, tag: `refund-${orderId ?? 'latest'}` },
    };
  },
});
