import { ENDING_LOTS_LISTED } from '@rebound/core/notices';
import { z } from 'zod';
import { cents, defineTemplate, id, text, when } from './define';
import { longDateTime, messageOf, money, num, siteUrl, sms, str, timeOfDay } from './format';
import { LOT, lotsOf } from './lots';

/**
 * When the lot ends, in words: from the minutes left when the reminder was written (a 1-hour
 * reminder first sent with 30 minutes to go says so), else from its mark.
 */
export function endingIn(minutesLeft: unknown, mark: unknown): string {
  if (
    typeof minutesLeft === 'number' &&
    Number.isFinite(minutesLeft) &&
    minutesLeft > 0 &&
    minutesLeft <= 24 * 60
  ) {
    const m = Math.round(minutesLeft);
    if (m <= 1) return 'in a minute';
    if (m < 60) return `in ${m} minutes`;
    if (m < 90) return 'in 1 hour';
    return `in ${Math.round(m / 60)} hours`;
  }
  return mark === '5m' ? 'in 5 minutes' : mark === '1h' ? 'in 1 hour' : 'soon';
}

/**
 * 'auction_ending': the 1-hour and 5-minute reminders to a bidder or watcher (mark '1h' | '5m'). The
 * lots of one shopper that reach a mark together are one reminder (modules/notifications/ending-reminders.ts):
 * the payload's own fields are the lot ending first, `moreCount` counts the others and `moreLots` lists
 * them (docs/decisions/072-one-ending-reminder-per-shopper.md).
 */
export const auctionEnding = defineTemplate({
  name: 'auction_ending',
  fields: {
    auctionId: id,
    productTitle: text,
    endsAt: when,
    mark: text,
    minutesLeft: z.number().nullish().catch(null),
    currentPriceCents: cents,
    lotUrl: text,
    moreCount: z.number().int().nonnegative().nullish(),
    moreLots: z.array(LOT).nullish(),
  },
  render: (p, ctx) => {
    const title = str(p.productTitle) ?? 'A lot you follow';
    const soon = endingIn(p.minutesLeft, p.mark);
    const price = money(p.currentPriceCents);
    const ends = longDateTime(p.endsAt);
    const endsTime = timeOfDay(p.endsAt);
    const firstEnds = `${title} ends ${soon}${endsTime ? ` (${endsTime})` : ''}`;
    const url = siteUrl(ctx, [p.lotUrl, p.targetUrl], '/account?tab=watchlist');
    const message = messageOf(p);
    const more = num(p.moreCount) ?? 0;
    const others = lotsOf(p.moreLots, ctx, ENDING_LOTS_LISTED);
    const unlisted = more - others.length;
    const lots = more > 0 ? `${title} and ${more} more ${more === 1 ? 'lot' : 'lots'}` : title;
    return {
      email: {
        subject: `Ending ${soon}: ${lots}`,
        preheader: message,
        heading: `Ending ${soon}`,
        blocks: [
          { type: 'p', text: message },
          {
            type: 'facts',
            rows: [
              { label: 'Lot', value: title },
              ...(price ? [{ label: 'Current price', value: price, strong: true }] : []),
              ...(ends ? [{ label: 'Ends', value: ends }] : []),
            ],
          },
          { type: 'button', label: more > 0 ? 'Go to the lot ending first' : 'Go to the lot', url },
          ...(others.length > 0
            ? [
                { type: 'h2' as const, text: 'Also ending' },
                { type: 'lots' as const, lots: others },
                ...(unlisted > 0
                  ? [{ type: 'p' as const, text: `And ${unlisted} more in your watchlist and bids.` }]
                  : []),
              ]
            : []),
          {
            type: 'note',
            text: 'A bid in the last minutes extends the auction, so the end time can move.',
          },
        ],
        reason: `you watch or bid on ${more > 0 ? 'these lots' : 'this lot'} and auction-ending reminders by email are on in your settings`,
      },
      sms: sms(
        more > 0
          ? `${lots} you follow end soon. ${firstEnds}.`
          : `${firstEnds}.${price ? ` Now ${price}.` : ''}`,
        url,
      ),
      push: {
        title: `Ending ${soon}`,
        body: message,
        url,
        // One reminder per lot on the device: the 5-minute one replaces the 1-hour one (a grouped one
        // is tagged with the lot ending first).
        tag: `ending-${str(p.auctionId, 60) ?? url}`,
      },
    };
  },
});
