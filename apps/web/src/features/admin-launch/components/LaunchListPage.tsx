import type { AdminLaunchSignupRow } from '@rebound/contract/launch';
import { LAUNCH_SOURCES } from '@rebound/contract/launch-text';
import { API } from '@rebound/contract/routes';
import { createColumnHelper } from '@tanstack/react-table';
import { CircleCheck, Clock, Download, Megaphone, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { AdminListPage, anyOf, labelled } from '../../../components/admin/ListPage';
import type { ListState } from '../../../components/admin/use-list-state';
import { Badge } from '../../../components/ui/Badge';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/Dialog';
import { FormAlert } from '../../../components/ui/Field';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { formatShopDateTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useAnnounceLaunch, useLaunchSignups, useLaunchStats } from '../api';
import { SOURCE_LABELS } from './labels';
import { SignupsByDayChart, SignupsBySource } from './SignupsChart';

const col = createColumnHelper<AdminLaunchSignupRow>();

function when(iso: string | null) {
  if (!iso) return '—';
  return formatShopDateTime(new Date(iso));
}

// The API lists newest first and does not sort by column: sorting is off.
const columns = [
  col.accessor('email', {
    id: 'email',
    header: 'Email',
    enableSorting: false,
    cell: (c) => <span className="font-medium text-ink-950">{c.getValue()}</span>,
  }),
  col.accessor('status', {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    cell: (c) =>
      c.getValue() === 'confirmed' ? <Badge tone="brand">Confirmed</Badge> : <Badge>Pending</Badge>,
  }),
  col.accessor('source', {
    id: 'source',
    header: 'Source',
    enableSorting: false,
    cell: (c) => <span className="whitespace-nowrap">{SOURCE_LABELS[c.getValue()] ?? c.getValue()}</span>,
  }),
  col.display({
    id: 'campaign',
    header: 'Campaign',
    enableSorting: false,
    cell: ({ row }) => {
      const utm = row.original.utm;
      const text = [utm.source, utm.medium, utm.campaign].filter(Boolean).join(' / ');
      return text ? (
        <span className="text-xs text-ink-700">{text}</span>
      ) : (
        <span className="text-ink-500">—</span>
      );
    },
  }),
  col.accessor('locale', {
    id: 'locale',
    header: 'Locale',
    enableSorting: false,
    cell: (c) => c.getValue() ?? '—',
  }),
  col.accessor('createdAt', {
    id: 'createdAt',
    header: 'Signed up',
    enableSorting: false,
    cell: (c) => <span className="whitespace-nowrap">{when(c.getValue())}</span>,
  }),
  col.accessor('confirmedAt', {
    id: 'confirmedAt',
    header: 'Confirmed',
    enableSorting: false,
    cell: (c) => <span className="whitespace-nowrap">{when(c.getValue())}</span>,
  }),
  col.accessor('hasAccount', {
    id: 'hasAccount',
    header: 'Account',
    enableSorting: false,
    cell: (c) =>
      c.getValue() ? <Badge tone="gold">Has account</Badge> : <span className="text-ink-500">—</span>,
  }),
];

/** The API's query: page, size, search and the two filters (the list has one order, newest first). */
function signupsQueryString(state: ListState): string {
  const p = new URLSearchParams();
  p.set('page', String(state.page));
  p.set('pageSize', String(state.pageSize));
  if (state.q.trim()) p.set('q', state.q.trim());
  for (const [key, value] of Object.entries(state.filters)) if (value) p.set(key, value);
  return p.toString();
}

function useSignupRows(state: ListState) {
  return useLaunchSignups(signupsQueryString(state));
}

/** Back-office: the pre-launch list (counts, charts, the list, the CSV export and the launch email). */
export default function LaunchListPage() {
  const stats = useLaunchStats();
  const [announcing, setAnnouncing] = useState(false);
  const s = stats.data;

  return (
    <>
      <AdminListPage
        title="Launch list"
        description="Who joined the pre-launch list, from where, and who confirmed their address."
        actions={
          <>
            <a href={API.adminLaunchExport} download className={buttonClasses({ variant: 'secondary' })}>
              <Download aria-hidden="true" />
              Export confirmed (CSV)
            </a>
            <Button onClick={() => setAnnouncing(true)} disabled={!s || s.awaitingOpenNotice === 0}>
              <Megaphone aria-hidden="true" />
              Announce launch
            </Button>
          </>
        }
        above={
          <>
            {stats.isError && !s ? (
              <ErrorState
                title="The launch figures could not be loaded"
                message={errorMessageOf(stats.error)}
                onRetry={() => void stats.refetch()}
                className="mb-6"
              />
            ) : null}
            {stats.isPending ? <StatsSkeleton /> : null}
            {s ? (
              <div className="mb-8 flex flex-col gap-6">
                <dl className="grid grid-cols-3 gap-2 sm:gap-3">
                  <Stat icon={<Users />} label="Signups" value={s.total} />
                  <Stat icon={<CircleCheck />} label="Confirmed" value={s.confirmed} />
                  <Stat
                    icon={<Clock />}
                    label="Pending"
                    value={s.pending}
                    note="Waiting for the link to be opened"
                  />
                </dl>
                <p className="text-sm text-ink-700">
                  {s.launchedAt
                    ? `The launch email went out ${when(s.launchedAt)}. `
                    : 'The launch email has not been sent yet. '}
                  {s.awaitingOpenNotice > 0
                    ? `${s.awaitingOpenNotice.toLocaleString('en-CA')} confirmed ${s.awaitingOpenNotice === 1 ? 'signup has' : 'signups have'} not been told the store is open.`
                    : 'Every confirmed signup has been told the store is open.'}
                </p>
                {s.total > 0 ? (
                  <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
                    <section
                      aria-labelledby="by-day-h"
                      className="rounded-card border border-ink-200 bg-white p-5"
                    >
                      <h2 id="by-day-h" className="font-semibold text-ink-950">
                        Signups by day
                      </h2>
                      <p className="mb-3 text-sm text-ink-600">
                        The last 14 days with signups, Vancouver time.
                      </p>
                      <SignupsByDayChart byDay={s.byDay} />
                    </section>
                    <section
                      aria-labelledby="by-source-h"
                      className="rounded-card border border-ink-200 bg-white p-5"
                    >
                      <h2 id="by-source-h" className="mb-4 font-semibold text-ink-950">
                        Signups by source
                      </h2>
                      <SignupsBySource bySource={s.bySource} />
                    </section>
                  </div>
                ) : null}
              </div>
            ) : null}
            <h2 className="mb-3 text-lg font-semibold text-ink-950">Signups</h2>
          </>
        }
        label="Launch signups"
        columns={columns as never}
        useRows={useSignupRows}
        getRowId={(row: AdminLaunchSignupRow) => row.id}
        sort="createdAt"
        search={{ label: 'Search', placeholder: 'Email address' }}
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: anyOf([
              { value: 'confirmed', label: 'Confirmed' },
              { value: 'pending', label: 'Pending' },
            ]),
          },
          {
            name: 'source',
            label: 'Source',
            options: anyOf(labelled(LAUNCH_SOURCES, SOURCE_LABELS)),
          },
        ]}
        empty={({ filtered }) =>
          filtered
            ? 'No signups match this search and these filters.'
            : 'No one has joined the launch list yet.'
        }
      />
      <AnnounceDialog open={announcing} onOpenChange={setAnnouncing} count={s?.awaitingOpenNotice ?? 0} />
    </>
  );
}

function AnnounceDialog({
  open,
  onOpenChange,
  count,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
}) {
  const announce = useAnnounceLaunch();
  const people = `${count.toLocaleString('en-CA')} confirmed ${count === 1 ? 'signup' : 'signups'}`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) announce.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-md p-6">
        <DialogTitle className="pr-10 text-lg font-bold text-ink-950">Announce the launch?</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-ink-700">
          This emails {people} that the store is open, once each, with an unsubscribe link. Signups already
          told are skipped. It cannot be undone.
        </DialogDescription>
        <div className="mt-5 flex flex-col gap-4">
          {announce.isError ? <FormAlert>{errorMessageOf(announce.error)}</FormAlert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              loading={announce.isPending}
              onClick={() =>
                announce.mutate(undefined, {
                  onSuccess: ({ queued }) => {
                    toast.success('Launch announced', {
                      description: `${queued.toLocaleString('en-CA')} ${queued === 1 ? 'email' : 'emails'} queued.`,
                    });
                    onOpenChange(false);
                  },
                })
              }
            >
              Email {people}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Stat({
  icon,
  label,
  value,
  note,
}: {
  icon: ReactNode;
  label: string;
  value: number;
  note?: string;
}) {
  return (
    <div className="rounded-card border border-ink-200 bg-white p-3 sm:p-4">
      <dt className="flex items-center gap-2 text-sm font-medium text-ink-700 [&_svg]:hidden [&_svg]:size-4 [&_svg]:text-brand-700 sm:[&_svg]:block">
        <span aria-hidden="true">{icon}</span>
        {label}
      </dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight text-ink-950 sm:mt-2 sm:text-3xl">
        {value.toLocaleString('en-CA')}
      </dd>
      {note ? <dd className="mt-1 hidden text-xs text-ink-600 sm:block">{note}</dd> : null}
    </div>
  );
}

function StatsSkeleton() {
  return (
    <div aria-busy="true" className="mb-8">
      <span className="sr-only" role="status">
        Loading...
      </span>
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 rounded-card" />
        ))}
      </div>
      <Skeleton className="mt-6 h-56 rounded-card" />
    </div>
  );
}
