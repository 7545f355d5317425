import { Lock, LockOpen } from 'lucide-react';
import { useId, useState } from 'react';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/Dialog';
import { FormAlert } from '../../../components/ui/Field';
import { TextAreaField } from '../../../components/ui/FormFields';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSiteSettings, useTaxRegistration, useUpdateSiteSettings } from '../api';
import { TaxNumbersSection } from './TaxNumbersSection';

/**
 * Back-office: site settings: the pre-launch lock, switched with a confirmation, and the seller's tax
 * numbers on receipts.
 */
export default function SettingsPage() {
  const settings = useSiteSettings();
  const taxNumbers = useTaxRegistration();
  const [target, setTarget] = useState<boolean | null>(null);
  const labelId = useId();
  const describedId = useId();
  const locked = settings.data?.locked;

  return (
    <>
      <AdminPageHeader
        title="Settings"
        description="Site-wide switches and the numbers receipts print. Every change is kept in the audit log."
      />
      {settings.isError && !settings.data ? (
        <ErrorState
          title="The settings could not be loaded"
          message={errorMessageOf(settings.error)}
          onRetry={() => void settings.refetch()}
        />
      ) : null}
      {settings.isPending ? (
        <div aria-busy="true">
          <span className="sr-only" role="status">
            Loading...
          </span>
          <Skeleton className="h-44 rounded-card" />
        </div>
      ) : null}
      {locked !== undefined ? (
        <section
          aria-labelledby={labelId}
          className="max-w-3xl rounded-card border border-ink-200 bg-white p-5 sm:p-6"
        >
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h2 id={labelId} className="text-lg font-semibold text-ink-950">
                  Pre-launch lock
                </h2>
                {locked ? <Badge tone="accent">Locked</Badge> : <Badge tone="brand">Open</Badge>}
              </div>
              <p id={describedId} className="mt-1 text-sm text-ink-700">
                {locked
                  ? 'The store is locked. Visitors and shoppers see the launch landing page on every page and can join the launch list; staff see the store with a banner.'
                  : 'The store is open. Everyone sees the shop, drops and product pages and can bid.'}
              </p>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={locked}
              aria-labelledby={labelId}
              aria-describedby={describedId}
              onClick={() => setTarget(!locked)}
              className={
                'relative inline-flex h-8 w-14 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ' +
                (locked ? 'bg-accent-700' : 'bg-ink-300')
              }
            >
              <span
                aria-hidden="true"
                className={
                  'inline-flex size-6 items-center justify-center rounded-full bg-white shadow transition-transform ' +
                  (locked ? 'translate-x-7' : 'translate-x-1')
                }
              >
                {locked ? (
                  <Lock className="size-3.5 text-accent-700" />
                ) : (
                  <LockOpen className="size-3.5 text-ink-600" />
                )}
              </span>
            </button>
          </div>
        </section>
      ) : null}
      {taxNumbers.isError && !taxNumbers.data ? (
        <ErrorState
          title="The tax numbers could not be loaded"
          message={errorMessageOf(taxNumbers.error)}
          onRetry={() => void taxNumbers.refetch()}
        />
      ) : null}
      {taxNumbers.data ? <TaxNumbersSection numbers={taxNumbers.data} /> : null}
      <LockDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}

function LockDialog({ target, onClose }: { target: boolean | null; onClose: () => void }) {
  const update = useUpdateSiteSettings();
  const [reason, setReason] = useState('');
  const lock = target === true;
  const close = () => {
    update.reset();
    setReason('');
    onClose();
  };
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="max-w-md p-6">
        <DialogTitle className="pr-10 text-lg font-bold text-ink-950">
          {lock ? 'Lock the store?' : 'Open the store?'}
        </DialogTitle>
        <DialogDescription asChild>
          <div className="mt-1 text-sm text-ink-700">
            {lock ? (
              <ul className="list-disc space-y-1 pl-5">
                <li>
                  Visitors and shoppers see the launch landing page on every page, with the launch list
                  signup.
                </li>
                <li>
                  The store's pages and data are no longer served to them; bidding and checkout stop for them.
                </li>
                <li>Staff, and browsers unlocked with the bypass address, still see the store.</li>
              </ul>
            ) : (
              <ul className="list-disc space-y-1 pl-5">
                <li>Everyone sees the store again: shop, drops and product pages, bidding and checkout.</li>
                <li>The launch landing page is no longer shown. Announce the launch from the Launch list.</li>
              </ul>
            )}
          </div>
        </DialogDescription>
        <form
          className="mt-5 flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (target === null) return;
            update.mutate(
              { locked: target, confirm: true, reason: reason.trim() || undefined },
              {
                onSuccess: (settings) => {
                  toast.success(settings.locked ? 'The store is locked' : 'The store is open');
                  close();
                },
              },
            );
          }}
        >
          {update.isError ? <FormAlert>{errorMessageOf(update.error)}</FormAlert> : null}
          <TextAreaField
            label="Reason (optional)"
            hint="Kept in the audit log with your name."
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              {lock ? 'Lock the store' : 'Open the store'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
