import { LAUNCH_TEXT } from '@rebound/contract/launch-text';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';

/**
 * The server marks the page `<html data-locked="true">` when the store is locked and this viewer still
 * sees it (staff, or a browser unlocked by the bypass). Staff get a banner saying so, with the way to
 * the switch; the back-office's Settings page updates the mark when it changes the lock.
 */
export function isStoreLockedMark(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.locked === 'true';
}

export function LockedBanner() {
  const { user } = useSession();
  if (!isStoreLockedMark() || user?.role !== 'staff') return null;
  return (
    <div className="bg-gold-100 text-gold-800 ring-1 ring-gold-800/15">
      <p className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-2 text-sm sm:items-center sm:px-6 lg:px-8">
        <Lock className="mt-0.5 size-4 shrink-0 sm:mt-0" aria-hidden="true" />
        <span>
          <span className="font-medium">{LAUNCH_TEXT.lockedBanner}</span>{' '}
          <Link
            to="/admin/settings"
            className="font-semibold whitespace-nowrap underline underline-offset-2 hover:no-underline"
          >
            Lock settings
          </Link>
        </span>
      </p>
    </div>
  );
}
