import { type AdminReturnRow, RETURN_STATE_LABELS, RETURN_STATES } from '@rebound/contract/returns';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { AdminListPage } from '../../../components/admin/ListPage';
import { formatShopDateTime } from '../../../lib/format-date';
import { useAdminReturns } from '../api';
import { ReturnStateBadge } from './ReturnStateBadge';

const col = createColumnHelper<AdminReturnRow>();

const columns = [
  col.display({
    id: 'order',
    header: 'Order',
    cell: ({ row }) => (
      <Link
        to={row.original.id}
        className="font-mono font-semibold text-brand-800 underline-offset-2 hover:underline"
      >
        #{row.original.orderNumber}
        <span className="sr-only">, return of {row.original.productTitle}</span>
      </Link>
    ),
  }),
  col.display({
    id: 'item',
    header: 'Item',
    cell: ({ row }) => (
      <div className="min-w-40">
        <p className="line-clamp-2 font-medium text-ink-900">{row.original.productTitle}</p>
        <p className="text-xs text-ink-600">{row.original.reasonLabel}</p>
      </div>
    ),
  }),
  col.display({
    id: 'shopper',
    header: 'Shopper',
    cell: ({ row }) => (
      <div>
        <p className="text-ink-900">{row.original.shopper.email}</p>
        <p className="text-xs text-ink-600">@{row.original.shopper.handle}</p>
      </div>
    ),
  }),
  col.display({
    id: 'state',
    header: 'State',
    cell: ({ row }) => <ReturnStateBadge state={row.original.state} label={row.original.stateLabel} />,
  }),
  col.display({
    id: 'dropOff',
    header: 'Drop-off',
    cell: ({ row }) =>
      row.original.dropOffLabel ? (
        <span className="block min-w-36">{row.original.dropOffLabel}</span>
      ) : (
        <span className="text-ink-600">Not booked</span>
      ),
  }),
  col.accessor('createdAt', {
    id: 'createdAt',
    header: 'Asked',
    cell: ({ row }) => (
      <span className="whitespace-nowrap">{formatShopDateTime(row.original.createdAt)}</span>
    ),
  }),
];

const stateFilter = {
  name: 'state',
  label: 'State',
  options: [
    { value: '', label: 'All states' },
    ...RETURN_STATES.map((s) => ({ value: s, label: RETURN_STATE_LABELS[s] })),
  ],
};
const dueFilter = {
  name: 'dueToday',
  label: 'Drop-off',
  options: [
    { value: '', label: 'Any day' },
    { value: 'true', label: 'Due today' },
  ],
};

export function ReturnsListPage() {
  return (
    <AdminListPage
      title="Returns"
      description="Returns shoppers asked for: bring up one to receive the item at the desk, then refund or refuse it."
      columns={columns as never}
      useRows={useAdminReturns}
      getRowId={(row: AdminReturnRow) => row.id}
      sort="createdAt"
      search={{ label: 'Search returns', placeholder: 'ava@rebound.test, #1a2b3c4d…' }}
      filters={[stateFilter, dueFilter]}
      empty={(list) =>
        list.filtered ? 'No returns match these filters.' : 'No returns yet. Shoppers’ requests appear here.'
      }
    />
  );
}
