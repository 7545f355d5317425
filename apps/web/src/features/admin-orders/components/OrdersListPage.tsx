import type { AdminOrderRow } from '@rebound/contract/admin-orders';
import { formatCents } from '@rebound/core/money';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@rebound/core/orders';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { AdminListPage, anyOf, labelled } from '../../../components/admin/ListPage';
import { formatShopDateTime } from '../../../lib/format-date';
import { useAdminOrders } from '../api';
import { OrderStatusBadge } from './status';

const col = createColumnHelper<AdminOrderRow>();

const columns = [
  col.display({
    id: 'number',
    header: 'Order',
    cell: ({ row }) => (
      <Link
        to={row.original.id}
        className="font-mono font-semibold text-brand-800 underline-offset-2 hover:underline"
      >
        #{row.original.number}
        <span className="sr-only">, {row.original.productTitle}</span>
      </Link>
    ),
  }),
  col.display({
    id: 'item',
    header: 'Item',
    cell: ({ row }) => (
      <div className="min-w-40">
        <p className="line-clamp-2 font-medium text-ink-900">{row.original.productTitle}</p>
        <p className="font-mono text-xs text-ink-600">{row.original.sku}</p>
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
