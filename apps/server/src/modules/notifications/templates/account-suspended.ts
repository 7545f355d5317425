import { SELLER } from './company';
import { defineTemplate } from './define';
import { messageOf, siteUrl, sms } from './format';

/**
 * 'account_suspended': staff suspended the account in the back-office (People), which also signed it
 * out everywhere. Says what that means and how to reach the shop: the contact page.
 */
export const accountSuspended = defineTemplate({
  name: 'account_suspended',
  fields: {},
  render: (p, ctx) => {
    const message = messageOf(p);
    const url = siteUrl(ctx, [p.targetUrl], '/contact');
    return {
      email: {
        subject: 'Your Rebound account is suspended',
        preheader: message,
        heading: 'Your account is suspended',
        blocks: [
          { type: 'p', text: message },
          {
            type: 'p',
            text: `While it is suspended you cannot place bids. Signing in again shows your orders, which you can still pay for and collect. Write to us on the contact page, or at ${SELLER.supportEmail}.`,
          },
          { type: 'button', label: 'Contact us', url },
        ],
        reason: 'a staff member suspended your account',
      },
      sms: sms(message, url),
      push: { title: 'Account suspended', body: message, url },
    };
  },
});
