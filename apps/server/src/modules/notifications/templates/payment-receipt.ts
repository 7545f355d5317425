import { formatCents } from '@rebound/core/money';
import { STORAGE_FEE_CENTS_PER_DAY } from '@rebound/core/pickup';
import { DEMO_TAX_REGISTRATION, taxRegistrationLines } from '@rebound/core/tax-registration';
import { PICKUP_WINDOW_DAYS } from '@rebound/core/time';
import { z } from 'zod';
import { cents, defineTemplate, flag, id, text, when } from './define';
import { longDateTime, messageOf, money, siteUrl, sms, str } from './format';
import type { Block } from './types';

/** 'payment_receipt': what one checkout paid, line by line. */
export const paymentReceipt = defineTemplate({
  name: 'payment_receipt',
  fields: {
    checkoutId: id,
    providerSessionId: text,
    paidAt: when,
    orderId: id,
    subtotalCents: cents,
    premiumCents: cents,
    gstCents: cents,
    pstCents: cents,
    totalCents: cents,
    amountCents: cents,
    lines: z.array(z.object({ orderId: id, title: text, amountCents: cents })).nullish(),
    /** A storage-fee payment (checkout/sync.ts): it paid no order, so there is no pickup to book. */
    storageFeesOnly: flag,
  },
  render: (p, ctx) => {
    const message = messageOf(p);
    const feesOnly = p.storageFeesOnly === true;
    const total = money(p.totalCents);
    const paidAt = longDateTime(p.paidAt);
    const url = siteUrl(ctx, [p.targetUrl], '/account?tab=orders');
    const lines = (p.lines ?? []).slice(0, 50).flatMap((line): { label: string; value: string }[] => {
      const title = str(line.title);
      const amount = money(line.amountCents);
      return title ? [{ label: title, value: amount ?? '' }] : [];
    });
    const sums = (
      [
        ['Items', p.subtotalCents],
        ['Buyer’s premium', p.premiumCents],
        ['PST', p.pstCents],
        ['GST', p.gstCents],
      ] as const
    ).flatMap(([label, amount]) => {
      const v = money(amount);
      return v ? [{ label, value: v }] : [];
    });
    const blocks: Block[] = [{ type: 'p', text: message }];
    if (lines.length > 0)
      blocks.push({ type: 'h2', text: 'What you paid for' }, { type: 'facts', rows: lines });
    blocks.push({
      type: 'facts',
      rows: [
        ...sums,
        ...(total ? [{ label: 'Total paid', value: total, strong: true }] : []),
        ...(paidAt ? [{ label: 'Paid', value: paidAt }] : []),
        ...(str(p.checkoutId, 60) ? [{ label: 'Receipt number', value: str(p.checkoutId, 60)! }] : []),
        // The seller's registrations, as a Canadian receipt names them (modules/tax-registration).
        ...taxRegistrationLines(ctx.taxRegistration ?? DEMO_TAX_REGISTRATION),
      ],
    });
    blocks.push(
      { type: 'button', label: feesOnly ? 'See your pickup' : 'Book your pickup', url },
      {
        type: 'note',
        text: feesOnly
          ? 'Keep this email as your receipt. Storage counts again only if your pickup moves to a later day.'
          : `Keep this email as your receipt. Pick up within ${PICKUP_WINDOW_DAYS} days of the auction’s end; after that, storage is ${formatCents(STORAGE_FEE_CENTS_PER_DAY)} per item per day.`,
      },
    );
    return {
      email: {
        subject: total ? `Receipt: ${total} paid to Rebound` : 'Your Rebound receipt',
        preheader: message,
        heading: feesOnly ? 'Storage fee paid, thank you!' : 'Payment received, thank you!',
        blocks,
        reason: feesOnly ? 'you paid a storage fee on Rebound' : 'you paid for your orders on Rebound',
      },
      sms: sms(message, url),
      push: {
        title: feesOnly ? 'Storage fee paid' : 'Payment received',
        body: message,
        url,
        tag: `receipt-${str(p.checkoutId, 60) ?? 'latest'}`,
      },
    };
  },
});
