import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/Skeleton';
import { errorMessageOf } from '../../../lib/api-client';
import { formatShopDateTime } from '../../../lib/format-date';
import { useReturnsOfOrder } from '../api';
import { ReturnStateBadge } from './ReturnStateBadge';

/** An order's returns on its back-office page: each one's state, when asked, and a link to it. */
export function OrderReturns({ order }: { order: { id: string; number: string } }) {
  const returns = useReturnsOfOrder(order);
  if (returns.isPending) {
    return (
      <div aria-busy="true">
        <span role="status" className="sr-only">
          Loading the order's returns…
        </span>
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (returns.isError) {
    return (
      <p role="alert" className="text-sm text-danger-700">
        The returns could not be loaded: {errorMessageOf(returns.error)}
      </p>
    );
  }
  if (returns.data.length === 0) return <p className="text-sm text-ink-700">No return was asked for.</p>;
  return (
    <ul className="flex flex-col gap-3" data-testid="admin-order-returns">
      {returns.data.map((r) => (
        <li key={r.id} className="flex flex-col gap-1 rounded-xl border border-ink-200 p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <ReturnStateBadge state={r.state} label={r.stateLabel} />
            <span className="text-xs text-ink-600">Asked {formatShopDateTime(r.createdAt)}</span>
          </div>
          <p className="text-ink-900">{r.reasonLabel}</p>
          {r.dropOffLabel ? <p className="text-ink-700">Drop-off {r.dropOffLabel}</p> : null}
          <Link
            to={`/admin/returns/${r.id}`}
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            Open the return
          </Link>
        </li>
      ))}
    </ul>
  );
}
