import type { AdminOrderRow } from '@rebound/contract/admin-orders';
import { formatCents } from '@rebound/core/money';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@rebound/core/orders';
import { createColumnHelper } from '@tanstack/react-table';
import { AdminListPage, anyOf, labelled } from '../../../components/admin/ListPage';
import { OrderItemCell, OrderNumberCell, ShopperCell } from '../../../components/admin/order-cells';
import { formatShopDateTime } from '../../../lib/format-date';
import { useAdminOrders } from '../api';
import { OrderStatusBadge } from './status';

const col = createColumnHelper<AdminOrderRow>();

const columns = [
  col.display({
    id: 'number',
    header: 'Order',
    cell: ({ row }) => (
      <OrderNumberCell
        to={row.original.id}
        number={row.original.number}
        srLabel={row.original.productTitle}
      />
    ),
  }),
  col.display({
    id: 'item',
    header: 'Item',
    cell: ({ row }) => (
      <OrderItemCell title={row.original.productTitle}>
        <p className="font-mono text-xs text-ink-600">{row.original.sku}</p>
      </OrderItemCell>
    ),
  }),
  col.display({
    id: 'shopper',
    header: 'Shopper',
    cell: ({ row }) => <ShopperCell shopper={row.original.shopper} />,
  }),
  col.accessor('status', {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <OrderStatusBadge status={row.original.status} label={row.original.statusLabel} />,
  }),
  col.accessor('totalCents', {
    id: 'total',
    header: 'Total',
    cell: ({ row }) => (
      <div className="text-right tabular-nums">
        <p>{formatCents(row.original.totalCents ?? row.original.finalAmountCents)}</p>
        {row.original.totalCents === null ? <p className="text-xs text-ink-600">winning bid</p> : null}
        {row.original.refundedCents > 0 ? (
          <p className="text-xs text-accent-800">−{formatCents(row.original.refundedCents)} refunded</p>
        ) : null}
      </div>
    ),
  }),
  col.accessor('createdAt', {
    id: 'createdAt',
    header: 'Won',
    cell: ({ row }) => (
      <span className="whitespace-nowrap">{formatShopDateTime(row.original.createdAt)}</span>
    ),
  }),
  col.accessor('paidAt', {
    id: 'paidAt',
    header: 'Paid',
    cell: ({ row }) =>
      row.original.paidAt ? (
        <span className="whitespace-nowrap">{formatShopDateTime(row.original.paidAt)}</span>
      ) : row.original.status === 'pending' ? (
        <span className="text-xs whitespace-nowrap text-gold-800">
          Due {formatShopDateTime(row.original.paymentDueAt)}
        </span>
      ) : (
        <span className="text-ink-500">—</span>
      ),
  }),
];

const statusFilter = {
  name: 'status',
  label: 'Status',
  options: anyOf(labelled(ORDER_STATUSES, ORDER_STATUS_LABELS), 'All statuses'),
};

export function OrdersListPage() {
  return (
    <AdminListPage
      title="Orders"
      description="Find an order by the shopper’s email or handle, its number, the item’s SKU or title, or its status."
      columns={columns as never}
      useRows={useAdminOrders}
      getRowId={(row: AdminOrderRow) => row.id}
      sort="createdAt"
      search={{ label: 'Search orders', placeholder: 'ava@rebound.test, #1a2b3c4d, SKU…' }}
      filters={[statusFilter]}
      empty="No orders match. Try part of an email, an order number or a SKU."
    />
  );
}
