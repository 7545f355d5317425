import { NON_RETURNABLE_KINDS, SALE_TERMS, saleTermsText } from '@rebound/core/sale-terms';
import { PAYMENT_WINDOW_HOURS } from '@rebound/core/time';
import { z } from 'zod';
import { cents, defineTemplate, id, text, when } from './define';
import { longDateTime, messageOf, money, shortDateTime, siteUrl, sms, str } from './format';

/**
 * 'auction_won': totalCents is all-in (price, premium and taxes); older rows carry only finalAmountCents.
 * saleTerms (and nonReturnableKind) say the lot's returns terms in core's words; older rows lack them
 * and the message then says none.
 */
export const auctionWon = defineTemplate({
  name: 'auction_won',
  fields: {
    orderId: id,
    productTitle: text,
    finalAmountCents: cents,
    totalCents: cents,
    payBy: when,
    paymentDueAt: when,
    saleTerms: z.enum(SALE_TERMS).nullish(),
    nonReturnableKind: z.enum(NON_RETURNABLE_KINDS).nullish(),
  },
  render: (p, ctx) => {
    const title = str(p.productTitle) ?? 'your lot';
    const total = money(p.totalCents);
    const price = money(p.finalAmountCents);
    const payBy = longDateTime(p.payBy) ?? longDateTime(p.paymentDueAt);
    const payByShort = shortDateTime(p.payBy);
    const url = siteUrl(ctx, [p.targetUrl], '/account?tab=orders');
    const amount = total ?? price;
    const terms = p.saleTerms
      ? saleTermsText({ saleTerms: p.saleTerms, nonReturnableKind: p.nonReturnableKind ?? null })
      : null;
    const lead = amount ? `You won ${title} for ${amount}${total ? ' all-in' : ''}!` : messageOf(p);
    const deadline = payBy
      ? `Pay by ${payBy}, then book your pickup.`
      : `Pay within ${PAYMENT_WINDOW_HOURS} hours, then book your pickup.`;
    return {
      email: {
        subject: `You won ${title}!`,
        preheader: `${lead} ${deadline}`,
        heading: 'Congratulations, you won!',
        blocks: [
          { type: 'p', text: lead },
          {
            type: 'facts',
            rows: [
              { label: 'Lot', value: title },
              ...(total
                ? [{ label: 'Total to pay (price, buyer’s premium and taxes)', value: total, strong: true }]
                : price
                  ? [{ label: 'Winning bid', value: price, strong: true }]
                  : []),
              {
                label: 'Pay by',
                value: payBy ?? `within ${PAYMENT_WINDOW_HOURS} hours of the auction’s end`,
              },
              ...(terms ? [{ label: 'Sale terms', value: terms }] : []),
            ],
          },
          { type: 'button', label: 'Pay now', url },
          {
            type: 'note',
            text: `An order not paid within ${PAYMENT_WINDOW_HOURS} hours of the auction's end is cancelled and a non-payment strike is added to your account. After paying, book a pickup time at the warehouse.`,
          },
        ],
        reason: 'you won an auction on Rebound',
      },
      sms: sms(
        `You won ${title}${amount ? ` for ${amount}` : ''}!${terms ? ` ${terms}` : ''} Pay ${payByShort ? `by ${payByShort}` : `within ${PAYMENT_WINDOW_HOURS}h`}:`,
        url,
      ),
      push: {
        title: 'You won!',
        body: `${title}${amount ? ` for ${amount}` : ''}.${terms ? ` ${terms}` : ''} ${deadline}`,
        url,
        tag: `won-${str(p.orderId, 60) ?? title}`,
      },
    };
  },
});
