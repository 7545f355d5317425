import { defineTemplate } from './define';
import { messageOf, siteUrl, sms } from './format';

/** Any other template, or one whose data does not fit: the in-app message and its link. */
export const generic = defineTemplate({
  name: 'generic',
  fields: {},
  render: (p, ctx) => {
    const message = messageOf(p);
    const url = siteUrl(ctx, [p.targetUrl], '/notifications');
    return {
      email: {
        subject: message.length > 70 ? `${message.slice(0, 69)}…` : message,
        preheader: message,
        heading: 'You have a new notification',
        blocks: [
          { type: 'p', text: message },
          { type: 'button', label: 'Open Rebound', url },
        ],
        reason: 'you have an account on Rebound',
      },
      sms: sms(message, url),
      push: { title: 'Rebound', body: message, url },
    };
  },
});
