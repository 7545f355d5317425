import { LogIn } from 'lucide-react';
import { ButtonLink } from '../../components/ui/Button';

/**
 * The header's account area. Sign-in arrives in a later issue: with a session, this is where the
 * Winning / Losing / Watching badges, the cart link with its count, the Mail menu (unread count,
 * 3 latest, 'Show All') and the account link go. Until then only the signed-out state exists.
 */
export function HeaderAccount() {
  return (
    <ButtonLink to="/auth" size="sm">
      <LogIn aria-hidden="true" />
      Sign In
    </ButtonLink>
  );
}
