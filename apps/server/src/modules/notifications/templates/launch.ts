import { RETURN_WINDOW_DAYS } from '@rebound/core/time';
import { defineTemplate, id, text } from './define';
import { siteUrl } from './format';

/**
 * 'launch_open': the staff's launch action tells each confirmed
 * launch-list signup that the store is open (once each). It carries the one-click unsubscribe from
 * the launch list (render.ts signs it for the signup, which may have no account).
 */
export const launchOpen = defineTemplate({
  name: 'launch_open',
  fields: { signupId: id, url: text },
  render: (p, ctx) => {
    const url = siteUrl(ctx, [p.url], '/');
    const intro = `Rebound is open! Daily auctions of returned goods from BC retailers are live now: browse, bid, and pick up locally with a ${RETURN_WINDOW_DAYS}-day free return.`;
    return {
      email: {
        subject: 'Rebound is open: the first auctions are live',
        preheader: 'The first Rebound auctions are live. Come and take a look.',
        heading: 'We are open!',
        blocks: [
          { type: 'p', text: intro },
          {
            type: 'p',
            text: 'Thanks for joining the launch list. Create your account with this address to start bidding.',
          },
          { type: 'button', label: 'See the auctions', url },
        ],
        reason: 'you joined the Rebound launch list and confirmed your address',
        footer: 'account',
      },
      sms: `Rebound is open! The first auctions are live: ${url}`,
      push: { title: 'Rebound is open', body: 'The first auctions are live.', url, tag: 'launch' },
    };
  },
});
