import { ACCOUNT_SUSPENDED_BANNER } from '@rebound/core/bidding-text';
import { Ban } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';

/**
 * A suspended account that is signed in (a strikes suspension keeps its sessions; after a staff
 * suspension the shopper may sign in again to pay and collect) is told so on every page, with the
 * way to ask the shop: the contact page (docs/product.md "Accounts and sign-in").
 */
export function SuspendedBanner() {
  const { user } = useSession();
  if (user?.status !== 'suspended' || user.role !== 'shopper') return null;
  return (
    <div role="status" className="bg-accent-50 text-accent-800 ring-1 ring-accent-800/15">
      <p className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-2 text-sm sm:items-center sm:px-6 lg:px-8">
        <Ban className="mt-0.5 size-4 shrink-0 sm:mt-0" aria-hidden="true" />
        <span>
          <span className="font-medium">{ACCOUNT_SUSPENDED_BANNER}</span>{' '}
          <Link
            to="/contact"
            className="font-semibold whitespace-nowrap underline underline-offset-2 hover:no-underline"
          >
            Contact us
          </Link>
        </span>
      </p>
    </div>
  );
}
