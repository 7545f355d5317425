import { defineTemplate, id, text } from './define';
import { messageOf, siteUrl, sms, str } from './format';
import type { Block } from './types';

const HEADINGS: Record<string, string> = {
  requested: 'Your return request is in',
  drop_off_booked: 'Your drop-off is booked',
  received: 'We have your return',
  refunded: 'Your return is refunded',
  refused: 'Your return was refused',
  withdrawn: 'Your return is withdrawn',
  expired: 'Your return expired',
};

/** 'return_update': a return changed state (docs/product.md "Returns"); the sentence is core's. */
export const returnUpdate = defineTemplate({
  name: 'return_update',
  fields: { returnId: id, orderId: id, state: text, productTitle: text },
  render: (p, ctx) => {
    const message = messageOf(p);
    const state = str(p.state, 40) ?? 'requested';
    const title = str(p.productTitle, 200);
    const url = siteUrl(ctx, [p.targetUrl], '/account?tab=orders');
    const heading = HEADINGS[state] ?? 'Your return';
    const blocks: Block[] = [
      { type: 'p', text: message },
      ...(title ? [{ type: 'facts' as const, rows: [{ label: 'Item', value: title }] }] : []),
      { type: 'button', label: 'See your order', url },
    ];
    return {
      email: {
        subject: title ? `${heading}: ${title}` : heading,
        preheader: message,
        heading,
        blocks,
        reason: 'you asked to return an order on Rebound',
      },
      sms: sms(message, url),
      push: { title: heading, body: message, url, tag: `return-${str(p.returnId, 60) ?? 'latest'}` },
    };
  },
});
