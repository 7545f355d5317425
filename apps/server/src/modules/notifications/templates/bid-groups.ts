import { defineTemplate, text } from './define';
import { messageOf, siteUrl, sms, str } from './format';

function groupTemplate<const N extends 'bid_group_done' | 'bid_group_ended'>(
  name: N,
  subject: string,
  heading: string,
) {
  return defineTemplate({
    name,
    fields: { groupTitle: text },
    render: (p, ctx) => {
      const message = messageOf(p);
      const url = siteUrl(ctx, [p.targetUrl], '/account?tab=bids');
      const title = str(p.groupTitle) ?? 'your bid group';
      return {
        email: {
          subject: `${subject}: ${title}`,
          preheader: message,
          heading,
          blocks: [
            { type: 'p', text: message },
            { type: 'button', label: 'See your bids', url },
          ],
          reason: 'you made this bid group and outbid alerts by email are on in your settings',
        },
        sms: sms(message, url),
        push: { title: heading, body: message, url },
      };
    },
  });
}

/** 'bid_group_done': the group won its number; the other lots were dropped (modules/bid-groups). */
export const bidGroupDone = groupTemplate('bid_group_done', 'Bid group done', 'Your bid group is done');
/** 'bid_group_ended': every lot of the group is over, short of its number. */
export const bidGroupEnded = groupTemplate('bid_group_ended', 'Bid group ended', 'Your bid group has ended');
