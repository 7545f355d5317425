import { formatCents } from '@rebound/core/money';
import { formatShopTime } from '@rebound/core/shop-clock';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Clock, Gavel, Hourglass, PackageCheck, RefreshCw, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { formatDateKey, formatShopDateTime } from '../../../lib/format-date';
import { dashboardQuery } from '../api';
import { RevenueChart } from './RevenueChart';

const time = (iso: string) => formatShopTime(new Date(iso));

/** /admin: the day at a glance, refreshed every 15 seconds. */
export default function DashboardPage() {
  const query = useQuery(dashboardQuery);
  const d = query.data;
  return (
    <>
      <AdminPageHeader
        title="Dashboard"
        description={
          d ? (
            <span className="inline-flex items-center gap-1.5">
              <RefreshCw
                className={clsx('size-3.5', query.isFetching && 'animate-spin')}
                aria-hidden="true"
              />
              Updated {time(d.generatedAt)}; refreshes every 15 seconds.
            </span>
          ) : (
            'The store today.'
          )
        }
      />
      {query.isError && !d ? (
        <ErrorState
          title="The dashboard could not be loaded"
          message={errorMessageOf(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.isPending ? <DashboardSkeleton /> : null}
      {d ? (
        <div className="flex flex-col gap-6">
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat icon={<Gavel />} label="Live auctions" value={d.liveAuctions.toLocaleString('en-CA')} />
            <Stat
              icon={<TrendingUp />}
              label="Bids in the last hour"
              value={d.bidsLastHour.toLocaleString('en-CA')}
            />
            <Stat
              icon={<Hourglass />}
              label="Ending today"
              value={d.endingToday.count.toLocaleString('en-CA')}
              note={
                d.endingToday.nextEndsAt ? `Next at ${time(d.endingToday.nextEndsAt)}` : 'None left today'
              }
            />
            <Stat
              icon={<PackageCheck />}
              label="Pickups today"
              value={d.pickupsToday.count.toLocaleString('en-CA')}
              note={`${d.pickupsToday.completed} handed over`}
            />
          </dl>

          <section aria-labelledby="revenue-h" className="rounded-card border border-ink-200 bg-white p-5">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="revenue-h" className="font-semibold text-ink-950">
                Revenue this week (paid)
              </h2>
              <p className="text-2xl font-bold text-ink-950">{formatCents(d.revenueWeek.totalCents)}</p>
            </div>
            {d.revenueWeek.totalCents === 0 ? (
              <p className="mt-1 text-sm text-ink-600">No payments received yet this week.</p>
            ) : null}
            <RevenueChart days={d.revenueWeek.days} today={d.today} />
          </section>

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <Panel
              id="unpaid-h"
              title={`Unpaid, due within 24 hours (${d.unpaidNearDeadline.count})`}
              empty="No unpaid order is near its deadline."
            >
              {d.unpaidNearDeadline.items.map((o) => (
                <li
                  key={o.orderId}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5"
                >
                  <div className="min-w-0">
                    <p className="truncate font-medium text-ink-900">{o.productTitle}</p>
                    <p className="text-xs text-ink-600">
                      #{o.orderNumber} ·{' '}
                      <Link
                        className="underline hover:text-ink-900"
                        to={`/admin/people?q=${encodeURIComponent(o.email)}`}
                      >
                        @{o.handle}
                      </Link>{' '}
                      · {formatCents(o.totalCents)}
                    </p>
                  </div>
                  <p className="inline-flex items-center gap-1 text-sm font-medium text-accent-800">
                    <Clock className="size-3.5" aria-hidden="true" />
                    Due {formatShopDateTime(o.paymentDueAt)}
                  </p>
                </li>
              ))}
            </Panel>
            <Panel
              id="pickups-h"
              title={`Today’s pickups (${d.pickupsToday.count})`}
              empty="No pickups booked today."
            >
              {d.pickupsToday.items.map((p) => (
                <li
                  key={`${p.orderNumber}-${p.startsAt}`}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5"
                >
                  <div className="min-w-0">
                    <p className="truncate font-medium text-ink-900">{p.productTitle}</p>
                    <p className="text-xs text-ink-600">
                      #{p.orderNumber} · @{p.handle}
                    </p>
                  </div>
                  <p className="text-sm text-ink-800">
                    {time(p.startsAt)}
                    {p.status === 'completed' ? ' · handed over' : ''}
                  </p>
                </li>
              ))}
            </Panel>
            <Panel
              id="desk-marks-h"
              title="Missing or damaged at the desk (last 8 weeks)"
              empty="Nothing marked missing or damaged."
            >
              {d.deskMarksByWeek
                .filter((w) => w.missing + w.damaged > 0)
                .map((w) => (
                  <li key={w.weekOf} className="flex items-baseline justify-between gap-x-4 py-2.5">
                    <p className="font-medium text-ink-900">Week of {formatDateKey(w.weekOf)}</p>
                    <p className="text-sm text-ink-800 tabular-nums">
                      {w.missing} missing · {w.damaged} damaged
                    </p>
                  </li>
                ))}
            </Panel>
          </div>
        </div>
      ) : null}
    </>
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
  value: string;
  note?: string;
}) {
  return (
    <div className="rounded-card border border-ink-200 bg-white p-4">
      <dt className="flex items-center gap-2 text-sm font-medium text-ink-700 [&_svg]:size-4 [&_svg]:text-brand-700">
        <span aria-hidden="true">{icon}</span>
        {label}
      </dt>
      <dd className="mt-2 text-3xl font-bold tracking-tight text-ink-950">{value}</dd>
      {note ? <dd className="mt-1 text-xs text-ink-600">{note}</dd> : null}
    </div>
  );
}

function Panel({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <section aria-labelledby={id} className="rounded-card border border-ink-200 bg-white p-5">
      <h2 id={id} className="font-semibold text-ink-950">
        {title}
      </h2>
      {children.length === 0 ? (
        <p className="mt-3 text-sm text-ink-600">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-ink-100">{children}</ul>
      )}
    </section>
  );
}

function DashboardSkeleton() {
  return (
    <div aria-busy="true">
      <span className="sr-only" role="status">
        Loading...
      </span>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28 rounded-card" />
        ))}
      </div>
      <Skeleton className="mt-6 h-56 rounded-card" />
    </div>
  );
}
