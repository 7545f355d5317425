import type { PersonRow } from '@rebound/contract/admin-people';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { AdminListPage, anyOf } from '../../../components/admin/ListPage';
import { Badge } from '../../../components/ui/Badge';
import { formatShopDate } from '../../../lib/format-date';
import { usePeople } from '../api';

const col = createColumnHelper<PersonRow>();

const columns = [
  col.accessor((p) => `${p.firstName} ${p.lastName}`.trim(), {
    id: 'name',
    header: 'Name',
    cell: ({ row, getValue }) => (
      <Link to={row.original.id} className="font-medium text-brand-800 underline-offset-2 hover:underline">
        {getValue() || '(no name)'}
        <span className="block text-xs font-normal text-ink-600">@{row.original.handle}</span>
      </Link>
    ),
  }),
  col.accessor('email', {
    id: 'email',
    header: 'Email',
    cell: (c) => <span className="break-all">{c.getValue()}</span>,
  }),
  col.accessor('phone', {
    header: 'Phone',
    enableSorting: false,
    cell: (c) => <span className="whitespace-nowrap">{c.getValue() ?? '—'}</span>,
  }),
  col.display({
    id: 'account',
    header: 'Account',
    cell: ({ row }) => (
      <span className="flex flex-wrap gap-1">
        {row.original.role === 'staff' ? <Badge tone="brand">Staff</Badge> : <Badge>Shopper</Badge>}
        {row.original.status === 'suspended' ? <Badge tone="danger">Suspended</Badge> : null}
      </span>
    ),
  }),
  col.accessor('strikes', { id: 'strikes', header: 'Strikes', cell: (c) => c.getValue() }),
  col.accessor('joinedAt', {
    id: 'joined',
    header: 'Joined',
    cell: (c) => <span className="whitespace-nowrap">{formatShopDate(c.getValue())}</span>,
  }),
];

const filters = [
  {
    name: 'role',
    label: 'Role',
    options: anyOf(
      [
        { value: 'shopper', label: 'Shoppers' },
        { value: 'staff', label: 'Staff' },
      ],
      'Everyone',
    ),
  },
  {
    name: 'status',
    label: 'Status',
    options: anyOf([
      { value: 'active', label: 'Active' },
      { value: 'suspended', label: 'Suspended' },
    ]),
  },
];

/** /admin/people: find anyone by email, handle, name or phone. */
export function PeopleList() {
  return (
    <AdminListPage
      title="People"
      description="Shoppers and staff: find anyone, see their bids, orders and strikes."
      columns={columns as never}
      useRows={usePeople}
      getRowId={(p: PersonRow) => p.id}
      sort="joined"
      search={{ label: 'Search people', placeholder: 'Email, handle, name or phone' }}
      filters={filters}
      empty={({ state }) => (state.q ? `Nobody matches “${state.q}”.` : 'Nobody matches these filters.')}
    />
  );
}
