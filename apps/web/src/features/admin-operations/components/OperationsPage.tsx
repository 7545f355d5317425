import type { OperationsResponse } from '@rebound/contract/admin-operations';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { ColumnHeads } from '../../../components/admin/ColumnHeads';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { formatShopDateTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { operationsQuery, useRetryDeadLetter } from '../api';

/** '0 s', '42 s', '3 min 5 s', '2 h 4 min'. */
export function formatSeconds(s: number): string {
  const whole = Math.round(s);
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return whole % 60 ? `${Math.floor(whole / 60)} min ${whole % 60} s` : `${whole / 60} min`;
  const minutes = Math.floor((whole % 3600) / 60);
  return minutes ? `${Math.floor(whole / 3600)} h ${minutes} min` : `${Math.floor(whole / 3600)} h`;
}

const n = (v: number) => v.toLocaleString('en-CA');

/** /admin/operations: the outbox, jobs and realtime health /metrics shows, for staff. */
export default function OperationsPage() {
  const query = useQuery(operationsQuery);
  const d = query.data;
  return (
    <>
      <AdminPageHeader
        title="Operations"
        description={
          d
            ? `Read ${formatShopDateTime(d.at)} from server ${d.instance.host} (process ${d.instance.pid}${
                d.instance.worker !== null ? `, worker ${d.instance.worker}` : ''
              }); refreshes every 15 seconds.`
            : 'Messages, jobs and live updates.'
        }
        actions={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            aria-label="Refresh the figures"
          >
            <RefreshCw className={clsx(query.isFetching && 'animate-spin')} aria-hidden="true" />
            Refresh
          </Button>
        }
      />
      {query.isError && !d ? (
        <ErrorState
          title="The figures could not be loaded"
          message={errorMessageOf(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.isPending ? <OperationsSkeleton /> : null}
      {d ? <Figures d={d} /> : null}
    </>
  );
}

function Figures({ d }: { d: OperationsResponse }) {
  const o = d.outbox;
  const lateJobs = d.jobs.filter((j) => j.lagSeconds > 0 || j.failures > 0).length;
  return (
    <div className="flex flex-col gap-6">
      <Section id="ops-outbox-h" title="Outgoing messages (all servers)">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Stat
            label="Waiting to send"
            value={n(o.pending)}
            warn={o.pending > 0 && o.oldestPendingAgeSeconds > 300}
          />
          <Stat
            label="Oldest waiting"
            value={o.pending > 0 ? formatSeconds(o.oldestPendingAgeSeconds) : '—'}
            warn={o.oldestPendingAgeSeconds > 300}
          />
          <Stat label="Dead letters" value={n(o.dead)} warn={o.dead > 0} />
          <Stat
            label="Sent in the last 24 hours"
            value={n(o.sentLastDay.email + o.sentLastDay.sms + o.sentLastDay.push)}
            note={`Email ${n(o.sentLastDay.email)} · SMS ${n(o.sentLastDay.sms)} · Push ${n(o.sentLastDay.push)}`}
          />
        </dl>
        <DeadLetters d={d} />
      </Section>

      <Section
        id="ops-jobs-h"
        title={`Scheduled jobs on this server${lateJobs ? ` (${lateJobs} late or failing)` : ''}`}
      >
        {d.jobs.length === 0 ? (
          <p className="text-sm text-ink-600">No scheduled jobs run on this server.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Scheduled jobs: interval, last good run, lag and failures</caption>
              <ColumnHeads columns={['Job', 'Every', 'Last good run', 'Lag', 'Failures']} />
              <tbody className="divide-y divide-ink-100">
                {d.jobs.map((j) => (
                  <tr
                    key={j.name}
                    className={clsx((j.lagSeconds > 0 || j.failures > 0) && 'text-danger-700')}
                  >
                    <th scope="row" className="py-2 pr-4 font-mono text-xs font-normal">
                      {j.name}
                    </th>
                    <td className="py-2 pr-4 tabular-nums">{formatSeconds(j.everySeconds)}</td>
                    <td className="py-2 pr-4 tabular-nums">
                      {j.lastSuccessSecondsAgo === null
                        ? 'not yet'
                        : `${formatSeconds(j.lastSuccessSecondsAgo)} ago`}
                    </td>
                    <td className="py-2 pr-4 tabular-nums">
                      {j.lagSeconds > 0 ? formatSeconds(j.lagSeconds) : 'on time'}
                    </td>
                    <td className="py-2 tabular-nums">{n(j.failures)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>

      <Section id="ops-live-h" title="Live updates and the database (this server)">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Stat
            label="Live updates"
            value={d.realtime.listenConnected ? 'Connected' : 'Not connected'}
            warn={!d.realtime.listenConnected}
            note={`${n(d.realtime.listenReconnects)} reconnects since start`}
          />
          <Stat label="Open sockets" value={n(d.realtime.openSockets)} />
          <Stat
            label="Bid batches since start"
            value={n(d.bidBatches.batches)}
            note={
              d.bidBatches.meanSeconds !== null && d.bidBatches.maxSeconds !== null
                ? `${n(d.bidBatches.bids)} ${d.bidBatches.bids === 1 ? 'bid' : 'bids'} · mean ${(d.bidBatches.meanSeconds * 1000).toFixed(1)} ms · max ${(d.bidBatches.maxSeconds * 1000).toFixed(1)} ms`
                : 'No bids yet'
            }
          />
          <Stat
            label="Database pool"
            value={
              d.dbPool ? `${n(d.dbPool.total - d.dbPool.idle)} of ${n(d.dbPool.total)} busy` : 'Embedded'
            }
            warn={(d.dbPool?.waiting ?? 0) > 0}
            note={
              d.dbPool
                ? `${n(d.dbPool.waiting)} waiting now · ${n(d.dbPool.waits)} waits since start`
                : 'No pool on the embedded database'
            }
          />
          <Stat
            label="Auction close lag"
            value={d.auctionCloseLagSeconds === null ? 'Unknown' : formatSeconds(d.auctionCloseLagSeconds)}
            warn={(d.auctionCloseLagSeconds ?? 0) > 120}
          />
        </dl>
      </Section>
    </div>
  );
}

function DeadLetters({ d }: { d: OperationsResponse }) {
  const retry = useRetryDeadLetter();
  const items = d.outbox.latestDead;
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-ink-900">Latest dead letters</h3>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-ink-600">
          No dead letters: every message went out or is still being tried.
        </p>
      ) : (
        <ul className="mt-1 divide-y divide-ink-100" aria-label="Latest dead letters">
          {items.map((m) => (
            <li key={m.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-2.5">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-ink-900">
                  {m.channel} · <span className="font-mono text-xs">{m.template}</span> · {m.attempts}{' '}
                  attempts
                  {m.deadAt ? ` · ${formatShopDateTime(m.deadAt)}` : ''}
                </p>
                <p className="break-words text-ink-700">{m.lastError ?? 'No error recorded'}</p>
                <p className="text-xs text-ink-600">
                  Request id: <span className="font-mono">{m.requestId ?? 'none (queued by a job)'}</span>
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                loading={retry.isPending && retry.variables === m.id}
                aria-label={`Retry the ${m.channel} message ${m.template}`}
                onClick={() =>
                  retry.mutate(m.id, {
                    onSuccess: () => {
                      toast.succeeded(`dead-letter-retry:${m.id}`);
                      toast.success('Queued again: the sender tries it soon.');
                    },
                    onError: (err) => toast.failed(`dead-letter-retry:${m.id}`, errorMessageOf(err)),
                  })
                }
              >
                Retry
              </Button>
            </li>
          ))}
        </ul>
      )}
      {d.outbox.dead > items.length ? (
        <p className="mt-2 text-sm">
          <Link className="text-brand-800 underline" to="/admin/messages/failed">
            All {n(d.outbox.dead)} dead letters
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-card border border-ink-200 bg-white p-5">
      <h2 id={id} className="mb-3 font-semibold text-ink-950">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Stat({ label, value, note, warn }: { label: string; value: string; note?: string; warn?: boolean }) {
  return (
    <div
      className={clsx('rounded-card border p-4', warn ? 'border-danger-200 bg-danger-50' : 'border-ink-200')}
    >
      <dt className="text-sm font-medium text-ink-700">{label}</dt>
      <dd
        className={clsx('mt-2 text-2xl font-bold tracking-tight', warn ? 'text-danger-700' : 'text-ink-950')}
      >
        {value}
      </dd>
      {note ? <dd className="mt-1 text-xs text-ink-600">{note}</dd> : null}
    </div>
  );
}

function OperationsSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <span className="sr-only" role="status">
        Loading...
      </span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-40 rounded-card" />
      ))}
    </div>
  );
}
