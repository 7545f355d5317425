import { formatCents } from '@rebound/core/money';
import { STORAGE_FEE_CENTS_PER_DAY } from '@rebound/core/pickup';
import { formatDateKeyLong } from '@rebound/core/shop-clock-formats';
import { isDateKey } from '@rebound/core/time';
import { z } from 'zod';
import { defineTemplate, id, text } from './define';
import { messageOf, siteUrl, sms, str } from './format';

/**
 * 'pickup_final_notice': an item paid and not collected 14 days after its pickup window (the Terms,
 * "Storage fees and abandoned items"; pickup/final-notices.ts). lastDay is the shop date by which to
 * collect it or contact the shop.
 */
export const pickupFinalNotice = defineTemplate({
  name: 'pickup_final_notice',
  fields: {
    orderId: id,
    productTitle: text,
    lastDay: z.string().refine(isDateKey, { error: 'Expected a YYYY-MM-DD date.' }).nullish(),
  },
  render: (p, ctx) => {
    const message = messageOf(p);
    const title = str(p.productTitle) ?? 'your item';
    const lastDay = p.lastDay ? formatDateKeyLong(p.lastDay) : null;
    const url = siteUrl(ctx, [p.targetUrl], '/account?tab=orders');
    return {
      email: {
        subject: `Final notice: collect ${title}${lastDay ? ` by ${lastDay}` : ''}`,
        preheader: message,
        heading: 'Final notice: your item is still here',
        blocks: [
          { type: 'p', text: message },
          {
            type: 'facts',
            rows: [
              { label: 'Item', value: title },
              ...(lastDay ? [{ label: 'Collect or contact us by', value: lastDay, strong: true }] : []),
            ],
          },
          { type: 'button', label: 'Book your pickup', url },
          {
            type: 'note',
            text: `Storage is ${formatCents(STORAGE_FEE_CENTS_PER_DAY)} per item per day until you collect it. If you neither collect the item nor contact us by that day, it is treated as abandoned, as our Terms of Service explain.`,
          },
        ],
        reason: 'you bought an item on Rebound that is still waiting for pickup',
      },
      sms: sms(message, url),
      push: {
        title: 'Final notice',
        body: message,
        url,
        tag: `final-notice-${str(p.orderId, 60) ?? title}`,
      },
    };
  },
});
