import { LogIn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { ButtonLink } from '../../components/ui/Button';
import { Skeleton } from '../../components/ui/Skeleton';
import { useSession } from '../../lib/session';

// Signed in: the badges, the Mail menu and the account link (with notifications' and the
// watchlist's code, and the badges' live updates) load in their own chunk; a visitor's first load
// does not carry them.
const SignedInHeader = lazy(() => import('./SignedInHeader'));

/**
 * The header's account area. Signed out: Sign In. Signed in: the account link (the user's handle)
 * and Sign out (on phones, Sign out sits in the side menu), after the Winning / Losing / Watching
 * badges and the cart link with its count, and the Mail menu (unread count, 3 latest, 'Show All').
 */
export function HeaderAccount() {
  const { user, isPending } = useSession();

  if (isPending) {
    // Sized like the Sign In button, so the header does not jump when the session arrives.
    return <Skeleton className="h-9 w-24 rounded-lg" />;
  }

  if (!user) {
    return (
      <ButtonLink to="/auth" size="sm">
        <LogIn aria-hidden="true" />
        Sign In
      </ButtonLink>
    );
  }

  return (
    <Suspense fallback={<Skeleton className="h-9 w-24 rounded-lg" />}>
      <SignedInHeader user={user} />
    </Suspense>
  );
}
