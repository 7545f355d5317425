import type { MyBidPosition } from '@rebound/contract/bidding';
import { RESERVE_NOT_MET_STANDING } from '@rebound/core/bidding-text';
import { formatCents } from '@rebound/core/money';
import { PAYMENT_WINDOW_HOURS } from '@rebound/core/windows';
import { clsx } from 'clsx';
import { Link } from 'react-router';

export const STANDING_TEXT = {
  winning: '🏆 Winning',
  // Leading below the hidden reserve is not winning (core bidding.ts standingOf).
  reserve_not_met: RESERVE_NOT_MET_STANDING,
  outbid: 'Outbid',
  won: 'Won',
  lost: 'Lost',
} as const;

export const STANDING_TONE = {
  winning: 'bg-brand-700 text-white',
  reserve_not_met: 'bg-accent-100 text-accent-800 ring-1 ring-accent-200 ring-inset',
  outbid: 'bg-danger-700 text-white',
  won: 'bg-brand-700 text-white',
  lost: 'bg-ink-700 text-white',
} as const;

/**
 * The signed-in shopper's own maximum and standing, always in view while they have one. Read out
 * when it changes (an outbid arriving over the socket).
 */
export function MyStanding({ me, className }: { me: MyBidPosition | null | undefined; className?: string }) {
  if (!me || me.maxBidCents === null || me.standing === 'none') return null;
  const standing = me.standing;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="my-standing"
      data-standing={standing}
      className={clsx(
        'flex flex-wrap items-center justify-between gap-2 rounded-xl px-3.5 py-2.5 ring-1 ring-inset',
        standing === 'outbid' || standing === 'lost'
          ? 'bg-danger-50 ring-danger-200'
          : 'bg-brand-50 ring-brand-200',
        className,
      )}
    >
      <span className="text-sm text-ink-800">
        Your maximum <strong className="tabular-nums text-ink-950">{formatCents(me.maxBidCents)}</strong>
      </span>
      <span className={clsx('rounded-full px-2.5 py-0.5 text-xs font-bold', STANDING_TONE[standing])}>
        {STANDING_TEXT[standing]}
      </span>
      {standing === 'reserve_not_met' ? (
        <p className="basis-full text-xs text-ink-700">
          Yours is the highest bid, but it is below the seller's hidden reserve: the item sells only if the
          bidding reaches it.
        </p>
      ) : null}
      {standing === 'outbid' ? (
        <p className="basis-full text-xs text-danger-700">
          Another bidder's maximum is higher. Raise yours to lead.
        </p>
      ) : null}
      {standing === 'won' ? (
        <p className="basis-full text-xs text-ink-700">
          You won! Pay within {PAYMENT_WINDOW_HOURS} hours from{' '}
          <Link to="/account?tab=orders" className="font-semibold text-brand-800 underline">
            your orders
          </Link>
          , then book a pickup slot.
        </p>
      ) : null}
    </div>
  );
}
