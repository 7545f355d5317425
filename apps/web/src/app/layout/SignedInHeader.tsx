import type { AuthUser } from '@rebound/contract/auth';
import { LayoutDashboard, UserRound } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { OweFigures } from '../../features/bidding/components/OweSummary';
import { MailMenu } from '../../features/notifications/components/MailMenu';
import { SignOutButton } from '../../features/session/components/SignOutButton';
import { useLiveMeSummary, useMeSummary } from '../../features/watchlist/api';
import { HeaderBadges } from '../../features/watchlist/components/HeaderBadges';
import { CartLink } from './CartLink';

const accountLinkClass =
  'inline-flex h-9 max-w-[11rem] items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-ink-800 ring-1 ring-ink-200 ring-inset transition-colors hover:bg-ink-50 hover:ring-ink-300 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800 aria-[current=page]:ring-brand-200 sm:max-w-[14rem]';

/**
 * The header's account area for a signed-in person: its own chunk, loaded once someone is signed in.
 * Staff cannot bid, so they get the way to the back-office instead of the Winning / Losing / Watching
 * badges and the cart. The cart link stays on every width (on phones too, beside the Mail menu); on phones the
 * account link is its icon alone, so the row fits a 375-pixel screen.
 */
export default function SignedInHeader({ user }: { user: Pick<AuthUser, 'handle' | 'role'> }) {
  // The shopper's own socket room keeps the badges current on every page (mounted while signed in).
  useLiveMeSummary();
  const hasBids = useHasRunningBids();
  return (
    <div className="flex items-center gap-1.5">
      {user.role === 'staff' ? (
        <Link to="/admin" className={accountLinkClass} data-testid="back-office-link">
          <LayoutDashboard className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span className="hidden sm:inline">Back-office</span>
          <span className="sr-only sm:hidden">Back-office</span>
        </Link>
      ) : (
        // Winning / Losing / Watching; on phones they sit in the side menu.
        <>
          <div className="hidden md:block">
            <HeaderBadges />
          </div>
          {/* Winning now / At most, for a shopper with bids; where the row has room (phones: the menu). */}
          <div className="hidden lg:block">
            <OweFigures enabled={hasBids} />
          </div>
        </>
      )}
      {/* Staff cannot win, so their cart is always empty. */}
      {user.role === 'staff' ? null : <CartLink />}
      {/* The Mail menu: unread count, the 3 latest and 'Show All'; on every width. */}
      <MailMenu />
      <NavLink to="/account" className={accountLinkClass} title="Your account">
        <UserRound className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span className="sr-only truncate sm:not-sr-only">{user.handle || 'Account'}</span>
        <span className="sr-only"> (your account)</span>
      </NavLink>
      {/* On phones Sign out lives in the side menu. */}
      <div className="hidden md:block">
        <SignOutButton />
      </div>
    </div>
  );
}

/** Whether the signed-in shopper holds a maximum on a running lot (the header badges' counts). */
function useHasRunningBids(): boolean {
  const { data } = useMeSummary();
  return data !== undefined && data.winning + data.losing > 0;
}
