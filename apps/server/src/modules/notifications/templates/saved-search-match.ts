import { defineTemplate, id, text } from './define';
import { siteUrl, sms, str } from './format';

/** 'saved_search_match': a new lot went live that a saved search matches. */
export const savedSearchMatch = defineTemplate({
  name: 'saved_search_match',
  kind: 'new_drops',
  fields: { searchName: text, productTitle: text, auctionId: id, lotUrl: text },
  render: (p, ctx) => {
    const search = str(p.searchName, 80) ?? 'your saved search';
    const title = str(p.productTitle) ?? 'A new lot';
    const url = siteUrl(ctx, [p.lotUrl, p.targetUrl], '/shop');
    const message = str(p.message, 1000) ?? `${title} just went live and matches “${search}”.`;
    return {
      email: {
        subject: `New match for “${search}”: ${title}`,
        preheader: message,
        heading: 'A new lot matches your search',
        blocks: [
          { type: 'p', text: message },
          {
            type: 'facts',
            rows: [
              { label: 'Saved search', value: search },
              { label: 'Lot', value: title },
            ],
          },
          { type: 'button', label: 'See the lot', url },
          { type: 'note', text: 'Manage your saved searches in your account.' },
        ],
        reason: 'you saved this search and agreed to get new-drop messages from Rebound',
      },
      sms: sms(message, url),
      push: {
        title: `New match: ${search}`,
        body: title,
        url,
        tag: `match-${str(p.auctionId, 60) ?? url}`,
      },
    };
  },
});
