import { ChevronRight, ExternalLink, LogIn, LogOut, UserRound } from 'lucide-react';
import type { ComponentProps } from 'react';
import { NavLink } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import {
  Dialog,
  DialogClose,
  DialogDescription,
  DialogTitle,
  SheetContent,
} from '../../components/ui/Dialog';
import { Logo } from '../../components/ui/Logo';
import { OweFigures } from '../../features/bidding/components/OweSummary';
import { useMeSummary } from '../../features/watchlist/api';
import { HeaderBadges } from '../../features/watchlist/components/HeaderBadges';
import { useSession, useSignOut } from '../../lib/session';
import { CartLink } from './CartLink';
import { HEADER_LINKS } from './nav';

type MobileMenuProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onHowItWorks: () => void;
  onCloseAutoFocus: ComponentProps<typeof SheetContent>['onCloseAutoFocus'];
};

const itemClass =
  'flex min-h-12 w-full items-center justify-between gap-2 rounded-xl px-4 text-base font-medium text-ink-900 transition-colors hover:bg-ink-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800';

/** The side menu on small screens: the header's links, How it Works, and sign in or the account. */
export function MobileMenu({ open, onOpenChange, onHowItWorks, onCloseAutoFocus }: MobileMenuProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <SheetContent onCloseAutoFocus={onCloseAutoFocus}>
        <div className="flex h-16 items-center border-b border-ink-100 px-5">
          <Logo />
        </div>
        <DialogTitle className="sr-only">Menu</DialogTitle>
        <DialogDescription className="sr-only">Site navigation</DialogDescription>
        <nav aria-label="Mobile" className="flex-1 px-3 py-4">
          <ul className="flex flex-col gap-1">
            {HEADER_LINKS.map((item) => (
              <li key={item.label}>
                {item.external ? (
                  <a href={item.to} target="_blank" rel="noopener noreferrer" className={itemClass}>
                    <span>
                      {item.label}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </span>
                    <ExternalLink className="size-4 text-ink-500" aria-hidden="true" />
                  </a>
                ) : (
                  <DialogClose asChild>
                    <NavLink to={item.to} className={itemClass}>
                      {item.label}
                      <ChevronRight className="size-4 text-ink-400" aria-hidden="true" />
                    </NavLink>
                  </DialogClose>
                )}
              </li>
            ))}
            <li>
              <button type="button" className={itemClass} onClick={onHowItWorks}>
                How it Works
                <ChevronRight className="size-4 text-ink-400" aria-hidden="true" />
              </button>
            </li>
          </ul>
        </nav>
        <div className="border-t border-ink-100 p-5">
          <MenuAccount onNavigate={() => onOpenChange(false)} />
        </div>
      </SheetContent>
    </Dialog>
  );
}

/** Signed out: Sign In. Signed in: who is signed in, the account link and Sign out. */
function MenuAccount({ onNavigate }: { onNavigate: () => void }) {
  const { user, isPending } = useSession();
  const signOut = useSignOut();
  if (isPending) return null;
  if (!user) {
    return (
      <>
        <DialogClose asChild>
          <ButtonLink to="/auth" size="lg" block>
            <LogIn aria-hidden="true" />
            Sign In
          </ButtonLink>
        </DialogClose>
        <p className="mt-3 text-center text-xs text-ink-600">Sign in to bid, watch auctions and pay.</p>
      </>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="mb-1 truncate text-center text-xs text-ink-600">
        Signed in as <span className="font-semibold text-ink-900">{user.handle || user.email}</span>
      </p>
      <div className="mb-2">
        {/* Staff cannot bid: no Winning / Losing counts for them (the header links the back-office). */}
        {user.role === 'staff' ? null : (
          <>
            <HeaderBadges layout="menu" onNavigate={onNavigate} />
            <div className="mt-2">
              <MenuOweFigures onNavigate={onNavigate} />
            </div>
          </>
        )}
        <div className="mt-2">
          <CartLink layout="menu" onNavigate={onNavigate} />
        </div>
      </div>
      <DialogClose asChild>
        <ButtonLink to="/account" size="lg" block>
          <UserRound aria-hidden="true" />
          My Account
        </ButtonLink>
      </DialogClose>
      <DialogClose asChild>
        <Button variant="secondary" size="lg" block onClick={() => signOut.mutate()}>
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
      </DialogClose>
    </div>
  );
}

/** Winning now / At most in the side menu, for a shopper holding a maximum on a running lot. */
function MenuOweFigures({ onNavigate }: { onNavigate: () => void }) {
  const { data } = useMeSummary();
  const hasBids = data !== undefined && data.winning + data.losing > 0;
  return <OweFigures enabled={hasBids} layout="menu" onNavigate={onNavigate} />;
}
