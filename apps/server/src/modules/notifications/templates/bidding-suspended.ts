import { z } from 'zod';
import { SELLER } from './company';
import { defineTemplate } from './define';
import { messageOf, siteUrl, sms } from './format';

/** 'bidding_suspended': unpaid orders' strikes suspended the account's bidding. */
export const biddingSuspended = defineTemplate({
  name: 'bidding_suspended',
  fields: { activeStrikes: z.number().int().nonnegative().nullish() },
  render: (p, ctx) => {
    const message = messageOf(p);
    const url = siteUrl(ctx, [p.targetUrl], '/account?tab=orders');
    const contact = `${ctx.publicUrl}/contact`;
    return {
      email: {
        subject: 'Bidding is suspended on your Rebound account',
        preheader: message,
        heading: 'Bidding is suspended',
        blocks: [
          { type: 'p', text: message },
          {
            type: 'p',
            text: `You cannot place bids while it lasts. You can still pay for and pick up the orders you have. To talk about the strikes, write to us on the contact page (${contact}) or at ${SELLER.supportEmail}.`,
          },
          { type: 'button', label: 'See your orders', url },
          { type: 'button', label: 'Contact us', url: contact },
        ],
        reason: 'orders on your account were not paid in time',
      },
      sms: sms(message, url),
      push: { title: 'Bidding suspended', body: message, url },
    };
  },
});
