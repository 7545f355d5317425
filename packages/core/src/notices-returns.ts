// The sentences a shopper reads when their return changes state (in-app, and the email/SMS/push of
// the 'return_update' template; docs/product.md "Returns"). Kept out of notices.ts, which the first
// pages load.
import { formatCents } from './money';
import { type ReturnState, returnByLabel } from './returns';

export interface ReturnNoticeFacts {
  productTitle: string;
  /** 'Fri, Nov 27': the last day to bring the item back. */
  lastDayLabel: string;
  /** 'Fri, Nov 27, 10:00 – 10:30 a.m. PT' once a drop-off is booked. */
  dropOffLabel?: string | null;
  amountCents?: number | null;
  refusalReason?: string | null;
  /** A refusal where the shopper left the item with the shop (it is relisted, nothing refunded). */
  itemKept?: boolean | null;
  /** A move of a booked drop-off (not its first booking). */
  moved?: boolean;
}

/** What the shopper can do about a refusal they disagree with. */
export const RETURN_QUESTIONS =
  'Questions, or think this is wrong? Write to us from the Contact page and name the item.';

/** A reason as a sentence: ends with a full stop unless it already ends a sentence. */
function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

export function returnNotice(state: ReturnState, f: ReturnNoticeFacts): string {
  switch (state) {
    case 'requested':
      return `Return requested for ${f.productTitle}. Book a drop-off time and bring it back ${returnByLabel(f.lastDayLabel)}.`;
    case 'drop_off_booked':
      return `${f.moved ? 'Drop-off moved' : 'Drop-off booked'} for ${f.productTitle}: ${f.dropOffLabel ?? 'see your order'}.`;
    case 'received':
      return `We received ${f.productTitle} at the desk and are checking it.`;
    case 'refunded':
      return `Return accepted: ${formatCents(f.amountCents ?? 0)} refunded for ${f.productTitle}. It reaches your card in 5-10 business days.`;
    case 'refused':
      return `Return refused for ${f.productTitle}: ${sentence(f.refusalReason ?? 'see your order')} ${
        f.itemKept
          ? 'You left the item with us, so it stays with the shop and no refund is made.'
          : 'The item stays yours: if you did not take it with you, ask for it at the pickup desk.'
      } ${RETURN_QUESTIONS}`;
    case 'withdrawn':
      return `You withdrew the return of ${f.productTitle}.`;
    case 'expired':
      return `The return of ${f.productTitle} expired: the item was not brought back ${returnByLabel(f.lastDayLabel)}.`;
  }
}

/**
 * The reason recorded on the refund of an accepted return: the refund email's 'Reason', the
 * ledger's refund line and the back-office read it, so it names the item, never an internal id.
 */
export function returnRefundReason(productTitle: string): string {
  return `Return of ${productTitle} accepted`;
}
