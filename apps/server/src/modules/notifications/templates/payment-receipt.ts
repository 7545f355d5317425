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
    lines: z.array(z.looseObject({ orderId: id, title: text, amountCents: cents })).nullish(),
    /** A storage-fee payment (checkout/sync.ts): it paid no order, so there is no pickup to book. */
    storageFeesOnly: flag,
  },
  render: (p, ctx) => {
    const message = messageOf(p);
    const feesOnly = p.storageFeesOnly === true;
    const total = money(p, 'totalCents');
    const paidAt = longDateTime(p, 'paidAt');
    const url = siteUrl(ctx, p, ['targetUrl'], '/account?tab=orders');
    const lines = (Array.isArray(p.lines) ? p.lines : [])
      .slice(0, 50)
      .flatMap((l): { label: string; value: string }[] => {
        if (typeof l !== 'object' || l === null) return [];
        const line = l as Record<string, unknown>;
        const title = str(line, 'title');
        const cents =
          typeof line.amountCents === 'number' && Number.isFinite(line.amountCents) ? line.amountCents : null;
        return title ? [{ label: title, value: cents !== null ? formatCents(cents) : '' }] : [];
      });
    const sums = (
      [
        ['Items', 'subtotalCents'],
        ['Buyer’s premium', 'premiumCents'],
        ['PST', 'pstCents'],
        ['GST', 'gstCents'],
      ] as const
    ).flatMap(([label, key]) => {
      const v = money(p, key);
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
        ...(str(p, 'checkoutId', 60) ? [{ label: 'Receipt number', value: str(p, 'checkoutId', 60)! }] : []),
        // The seller's registrations, as a Canadian receipt names them (config.taxRegistration).
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
        tag: `receipt-${str(p, 'checkoutId', 60) ?? 'latest'}`,
      },
    };
  },
});
