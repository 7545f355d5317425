import { SELLER } from './company';
import { defineTemplate, id, text } from './define';
import { messageOf, siteUrl, sms, str } from './format';

/** 'order_cancelled': not paid in time. */
export const orderCancelled = defineTemplate({
  name: 'order_cancelled',
  fields: { orderId: id, productTitle: text },
  render: (p, ctx) => {
    const title = str(p.productTitle) ?? 'your order';
    const message = messageOf(p);
    const url = siteUrl(ctx, [p.targetUrl], '/account?tab=orders');
    return {
      email: {
        subject: `Order cancelled: ${title}`,
        preheader: message,
        heading: 'Your order was cancelled',
        blocks: [
          { type: 'p', text: message },
          { type: 'button', label: 'See your orders', url },
          {
            type: 'note',
            text: `Three active strikes suspend bidding. If you think this is a mistake, write to ${SELLER.supportEmail}.`,
          },
        ],
        reason: 'you won this auction and it was not paid within the payment window',
      },
      sms: sms(message, url),
      push: { title: 'Order cancelled', body: message, url, tag: `pay-${str(p.orderId, 60) ?? title}` },
    };
  },
});
