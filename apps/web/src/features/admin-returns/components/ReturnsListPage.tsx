import { type AdminReturnRow, RETURN_STATE_LABELS, RETURN_STATES } from '@rebound/contract/returns';
import { createColumnHelper } from '@tanstack/react-table';
import { AdminListPage, anyOf, labelled } from '../../../components/admin/ListPage';
import { OrderItemCell, OrderNumberCell, ShopperCell } from '../../../components/admin/order-cells';
import { formatShopDateTime } from '../../../lib/format-date';
import { useAdminReturns } from '../api';
import { ReturnStateBadge } from './ReturnStateBadge';

const col = createColumnHelper<AdminReturnRow>();

const columns = [
  col.display({
    id: 'order',
    header: 'Order',
    cell: ({ row }) => (
      <OrderNumberCell
        to={row.original.id}
        number={row.original.orderNumber}
        srLabel={`return of ${row.original.productTitle}`}
      />
    ),
  }),
  col.display({
    id: 'item',
    header: 'Item',
    cell: ({ row }) => (
      <OrderItemCell title={row.original.productTitle}>
        <p className="text-xs text-ink-600">{row.original.reasonLabel}</p>
      </OrderItemCell>
    ),
  }),
  col.display({
    id: 'shopper',
    header: 'Shopper',
    cell: ({ row }) => <ShopperCell shopper={row.original.shopper} />,
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
  options: anyOf(labelled(RETURN_STATES, RETURN_STATE_LABELS), 'All states'),
};
const dueFilter = {
  name: 'dueToday',
  label: 'Drop-off',
  options: anyOf([{ value: 'true', label: 'Due today' }], 'Any day'),
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
