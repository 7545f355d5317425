import { cents, defineTemplate, id, text, when } from './define';
import { longDateTime, messageOf, shortDateTime, siteUrl, sms, str } from './format';

/** 'payment_reminder': the 24-hour and 2-hour reminders before the payment deadline. */
export const paymentReminder = defineTemplate({
  name: 'payment_reminder',
  fields: {
    orderId: id,
    productTitle: text,
    timeLeft: text,
    paymentDueAt: when,
    totalCents: cents,
    payBy: when,
  },
  render: (p, ctx) => {
    const title = str(p.productTitle) ?? 'your order';
    // The real time left when the reminder was written (core timeLeftLabel); never a nominal '24 hours'.
    const timeLeft = str(p.timeLeft, 60);
    const due = longDateTime(p.paymentDueAt);
    const dueShort = shortDateTime(p.paymentDueAt);
    const url = siteUrl(ctx, [p.targetUrl], '/account?tab=orders');
    const message = messageOf(p);
    const left = timeLeft ? `${timeLeft[0]!.toUpperCase()}${timeLeft.slice(1)} left` : 'Time is running out';
    return {
      email: {
        subject: `${left} to pay for ${title}`,
        preheader: message,
        heading: 'Reminder: payment due soon',
        blocks: [
          { type: 'p', text: message },
          {
            type: 'facts',
            rows: [
              { label: 'Order', value: title },
              ...(due ? [{ label: 'Pay by', value: due, strong: true }] : []),
            ],
          },
          { type: 'button', label: 'Pay now', url },
          {
            type: 'note',
            text: 'An unpaid order is cancelled at the deadline and a non-payment strike is added to your account; three strikes suspend bidding.',
          },
        ],
        reason: 'you won this auction and have not paid for it yet',
      },
      sms: sms(`Pay for ${title}${dueShort ? ` by ${dueShort}` : ' soon'} or the order is cancelled:`, url),
      push: { title: `${left} to pay`, body: message, url, tag: `pay-${str(p.orderId, 60) ?? title}` },
    };
  },
});
