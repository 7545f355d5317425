import type { AuthUser } from '@rebound/contract/auth';
import { UserRound } from 'lucide-react';
import { NavLink } from 'react-router';
import { MailMenu } from '../../features/notifications/components/MailMenu';
import { SignOutButton } from '../../features/session/components/SignOutButton';
import { useLiveMeSummary } from '../../features/watchlist/api';
import { HeaderBadges } from '../../features/watchlist/components/HeaderBadges';
import { CartLink } from './CartLink';

const accountLinkClass =
  'inline-flex h-9 max-w-[11rem] items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-ink-800 ring-1 ring-ink-200 ring-inset transition-colors hover:bg-ink-50 hover:ring-ink-300 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800 aria-[current=page]:ring-brand-200 sm:max-w-[14rem]';

/** The header's account area for a signed-in shopper: its own chunk, loaded once someone is signed in. */
export default function SignedInHeader({ user }: { user: Pick<AuthUser, 'handle'> }) {
  // The shopper's own socket room keeps the badges current on every page (mounted while signed in).
  useLiveMeSummary();
  return (
    <div className="flex items-center gap-1.5">
      {/* Winning / Losing / Watching and the cart; on phones they sit in the side menu. */}
      <div className="hidden md:block">
        <HeaderBadges />
      </div>
      <div className="hidden md:block">
        <CartLink />
      </div>
      {/* The Mail menu: unread count, the 3 latest and 'Show All'; on every width. */}
      <MailMenu />
      <NavLink to="/account" className={accountLinkClass} title="Your account">
        <UserRound className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span className="truncate">{user.handle || 'Account'}</span>
        <span className="sr-only"> (your account)</span>
      </NavLink>
      {/* On phones Sign out lives in the side menu. */}
      <div className="hidden md:block">
        <SignOutButton />
      </div>
    </div>
  );
}
