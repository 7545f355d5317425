import type { SignalAccount, SignalView } from '@rebound/contract/admin-signals';
import { formatCents } from '@rebound/core/money';
import type { LinkKind, SignalKind, SignalStrength } from '@rebound/core/signals';
import { clsx } from 'clsx';
import { CheckCheck, RotateCw, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { formatShopDateTime } from '../../../lib/format-date';
import { useMarkReviewed, useSignals } from '../api';

const KIND_LABELS: Record<SignalKind, { title: string; why: string }> = {
  linked_bidders: {
    title: 'Linked accounts bid on the same lots',
    why: 'Accounts that share a device, card, phone, mailbox or network bid against each other.',
  },
  linked_accounts: {
    title: 'Linked accounts',
    why: 'Shares something with other accounts, which never met on a lot (a family may share a laptop).',
  },
  price_pushing: {
    title: 'Pushes prices and stops just below',
    why: 'Raises at the minimum, finds the leader’s maximum, stops just below it, and rarely wins.',
  },
  losing_to_same: {
    title: 'Keeps losing to the same account',
    why: 'Most lots this account bid on were won by one other account.',
  },
  scripted_spacing: {
    title: 'Machine-regular bids',
    why: 'A run of bids at intervals no person keeps.',
  },
  scripted_rate: {
    title: 'Too many lots in an hour',
    why: 'More different lots bid on within one hour than anyone could read.',
  },
  scripted_reaction: {
    title: 'Instant re-bids',
    why: 'Answers being outbid faster than a person sees the notice and types.',
  },
  non_payer: {
    title: 'Does not pay',
    why: 'Strikes, unpaid orders cancelled, or refunds after a card dispute.',
  },
};

const STRENGTH_TONES: Record<SignalStrength, BadgeTone> = {
  strongest: 'danger',
  strong: 'danger',
  moderate: 'gold',
  weak: 'neutral',
};
const STRENGTH_LABELS: Record<SignalStrength, string> = {
  strongest: 'Strongest',
  strong: 'Strong',
  moderate: 'Moderate',
  weak: 'Weak',
};
const SHARED_LABELS: Record<LinkKind, string> = {
  device: 'a device',
  card: 'a payment card',
  phone: 'a phone number',
  email: 'a mailbox',
  network: 'a network address (within a day)',
};

function StrengthBadge({ strength, quiet }: { strength: SignalStrength; quiet?: boolean }) {
  return (
    <Badge tone={quiet ? 'neutral' : STRENGTH_TONES[strength]}>
      {STRENGTH_LABELS[strength]}
      {quiet ? ' · reviewed' : ''}
    </Badge>
  );
}

function Evidence({ signal }: { signal: SignalView }) {
  return (
    <div className="mt-2 space-y-2 text-sm text-ink-800">
      {signal.facts.length ? (
        <ul className="list-disc space-y-0.5 pl-5">
          {signal.facts.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      ) : null}
      {signal.accounts.length ? (
        <p>
          <span className="font-medium">With: </span>
          {signal.accounts.map((a, i) => (
            <span key={a.id}>
              {i > 0 ? ', ' : ''}
              <Link
                to={`/admin/people/${a.id}`}
                className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
              >
                @{a.handle}
              </Link>{' '}
              <span className="break-all text-ink-600">({a.email})</span>
              {a.role === 'staff' ? (
                <Badge tone="danger" className="ml-1">
                  staff
                </Badge>
              ) : null}
            </span>
          ))}
        </p>
      ) : null}
      {signal.shared.length ? (
        <p>
          <span className="font-medium">Shared: </span>
          {signal.shared.map((k) => SHARED_LABELS[k]).join(', ')}
        </p>
      ) : null}
      {signal.lots.length ? (
        <details className="rounded-lg border border-ink-200 bg-ink-50/60 px-3 py-2">
          <summary className="cursor-pointer font-medium text-ink-900">
            {signal.lots.length} lot{signal.lots.length === 1 ? '' : 's'} and their bids
          </summary>
          <ul className="mt-2 space-y-3">
            {signal.lots.map((lot) => (
              <li key={lot.auctionId}>
                <Link
                  to={`/admin/auctions/${lot.auctionId}`}
                  className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
                >
                  {lot.title}
                </Link>
                <ol className="mt-1 space-y-0.5 text-xs text-ink-700">
                  {lot.bids.map((b, i) => (
                    <li key={`${b.userId}-${b.at}-${i}`} className="flex flex-wrap gap-x-2">
                      <span className="whitespace-nowrap tabular-nums">{formatShopDateTime(b.at)}</span>
                      <span>@{b.handle}</span>
                      <span className="font-medium tabular-nums">max {formatCents(b.maxCents)}</span>
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function AccountCard({ item }: { item: SignalAccount }) {
  const mark = useMarkReviewed();
  const { account } = item;
  return (
    <li
      className={clsx(
        'rounded-card border bg-white p-4 shadow-sm sm:p-5',
        item.quiet ? 'border-ink-200 opacity-80' : 'border-ink-300',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-ink-950">
            <Link
              to={`/admin/people/${account.id}`}
              className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              @{account.handle}
            </Link>
            <StrengthBadge strength={item.strength} quiet={item.quiet} />
            {account.role === 'staff' ? <Badge tone="danger">staff</Badge> : null}
            {account.status === 'suspended' ? <Badge>suspended</Badge> : null}
          </h2>
          <p className="break-all text-sm text-ink-700">{account.email}</p>
          {item.reviewedAt ? (
            <p className="mt-0.5 text-xs text-ink-600">Reviewed {formatShopDateTime(item.reviewedAt)}</p>
          ) : null}
        </div>
        <div className="flex flex-col items-end gap-1">
          <Button
            variant="secondary"
            size="sm"
            loading={mark.isPending}
            disabled={item.quiet}
            onClick={() => mark.mutate(account.id)}
          >
            <CheckCheck aria-hidden="true" />
            {item.quiet ? 'Reviewed' : 'Mark reviewed'}
          </Button>
          {mark.isError ? (
            <p role="alert" className="text-xs text-danger-700">
              {errorMessageOf(mark.error)}
            </p>
          ) : null}
        </div>
      </div>
      <ul className="mt-3 divide-y divide-ink-100">
        {item.signals.map((s) => (
          <li key={s.kind} className="py-3 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold text-ink-900">{KIND_LABELS[s.kind].title}</h3>
              <StrengthBadge strength={s.strength} quiet={s.quiet} />
              <span className="text-xs text-ink-600">latest {formatShopDateTime(s.latestAt)}</span>
            </div>
            <p className="text-sm text-ink-600">{KIND_LABELS[s.kind].why}</p>
            <Evidence signal={s} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** /admin/signals: accounts whose bidding looks unfair, strongest first, with the evidence. */
export default function SignalsPage() {
  const query = useSignals();
  const data = query.data;
  return (
    <div>
      <AdminPageHeader
        title="Signals"
        description={
          <>
            Accounts whose bidding looks like shill or scripted bidding, strongest first. A signal is a reason
            to look, not proof: read the evidence, then mark the account reviewed.
            {data ? ` Lots that ended in the last ${data.windowDays} days, and those still running.` : ''}
          </>
        }
        actions={
          <Button
            variant="secondary"
            size="sm"
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            <RotateCw aria-hidden="true" />
            Refresh
          </Button>
        }
      />
      {query.isPending ? (
        <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading signals">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-40 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState
          title="The signals could not be loaded"
          message={errorMessageOf(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : data && data.items.length === 0 ? (
        <EmptyState detail="No account's bidding fired a rule in the window. Nothing to review.">
          No signals
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 flex items-center gap-2 text-sm text-ink-700">
            <ShieldAlert className="size-4 text-danger-700" aria-hidden="true" />
            {data!.items.filter((a) => !a.quiet).length} to review,{' '}
            {data!.items.filter((a) => a.quiet).length} reviewed
          </p>
          <ul className="space-y-4">
            {data!.items.map((item) => (
              <AccountCard key={item.account.id} item={item} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
