import type { ReactNode } from 'react';
import { Container } from '../../../components/ui/Container';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProfile } from '../api';
import { AccountHeader } from './AccountHeader';
import { type AccountTabPanels, AccountTabs } from './AccountTabs';
import { LedgerSection } from './LedgerSection';
import { LocationSettings } from './LocationSettings';
import { NotificationSettingsForm } from './NotificationSettingsForm';
import { PhoneSettings } from './PhoneSettings';
import { SpendingLimitSettings } from './SpendingLimitSettings';

type AccountPageProps = {
  /** Shown beside the welcome: the Logout button. */
  headerActions?: ReactNode;
  /** The My Bids, Orders, Appointments and Watchlist tabs' contents. */
  tabs: AccountTabPanels;
  /** Below the settings: the saved-searches feature's panel (composed by the app). */
  savedSearches?: ReactNode;
};

/**
 * /account for a signed-in shopper: welcome, the My Bids, Orders, Appointments and Watchlist tabs,
 * then the settings.
 */
export function AccountPage({ headerActions, tabs, savedSearches }: AccountPageProps) {
  useDocumentTitle('My Account');
  const profile = useProfile();

  if (profile.isPending) {
    return (
      <Container className="py-8 sm:py-12" aria-busy="true">
        <span className="sr-only" role="status">
          Loading your account...
        </span>
        <Skeleton className="h-4 w-28" />
        <Skeleton className="mt-3 h-9 w-64" />
        <Skeleton className="mt-3 h-4 w-80 max-w-full" />
        <div className="mt-10 grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-64 w-full rounded-card" />
          <Skeleton className="h-64 w-full rounded-card" />
        </div>
      </Container>
    );
  }
  if (profile.isError) {
    return (
      <Container className="py-16">
        <ErrorState
          title="Error loading your account"
          message={errorMessageOf(profile.error)}
          onRetry={() => void profile.refetch()}
        />
      </Container>
    );
  }

  const data = profile.data;
  return (
    <Container className="py-8 sm:py-12">
      <AccountHeader profile={data} actions={headerActions} />

      <AccountTabs {...tabs} />

      <LedgerSection />

      <div className="mt-10 border-t border-ink-200 pt-8 sm:mt-12">
        <h2 className="text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">Settings</h2>
        <p className="mt-1 text-sm text-ink-600">
          Your contact number, pickup location, spending limit and notifications.
        </p>
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.25fr)]">
          <div className="flex flex-col gap-6">
            <PhoneSettings key={data.phone ?? ''} profile={data} />
            <LocationSettings profile={data} />
            {data.role === 'staff' ? null : (
              <SpendingLimitSettings key={String(data.spendingLimitCents)} profile={data} />
            )}
          </div>
          <NotificationSettingsForm profile={data} />
        </div>
        {savedSearches ? <div className="mt-6">{savedSearches}</div> : null}
      </div>
    </Container>
  );
}
