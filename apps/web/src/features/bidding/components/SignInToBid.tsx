import { LogIn } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';

/**
 * The signed-out stand-in for the bid control (a login prompt replaces it without sign-in).
 * The bidding issue renders its own control in this place for signed-in shoppers.
 */
export function SignInToBid({ size = 'lg', hint = true }: { size?: 'md' | 'lg'; hint?: boolean }) {
  const link = (
    <ButtonLink to="/auth" size={size} block>
      <LogIn aria-hidden="true" />
      Sign in to bid
    </ButtonLink>
  );
  if (!hint) return link;
  return (
    <div className="flex flex-col gap-2">
      {link}
      <p className="text-center text-xs text-ink-600">Free to join. Bidding needs a Rebound account.</p>
    </div>
  );
}
