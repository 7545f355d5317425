import type { ContactRow } from '@rebound/contract/admin-messages';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { AdminListPage, anyOf } from '../../../components/admin/ListPage';
import { formatShopDateTime } from '../../../lib/format-date';
import { useContactMessages } from '../api';
import { ContactStatusBadge } from './labels';

const col = createColumnHelper<ContactRow>();

const columns = [
  col.accessor('name', {
    header: 'From',
    enableSorting: false,
    cell: ({ row, getValue }) => (
      <Link
        to={row.original.id}
        className="block min-w-[11rem] font-medium text-brand-800 underline-offset-2 hover:underline"
      >
        {getValue()}
        <span className="block text-xs font-normal break-all text-ink-600">{row.original.email}</span>
      </Link>
    ),
  }),
  col.accessor('preview', {
    header: 'Message',
    enableSorting: false,
    cell: (c) => (
      <span className="line-clamp-2 max-w-[28rem] min-w-[14rem] text-ink-800">{c.getValue()}</span>
    ),
  }),
  col.accessor('status', {
    header: 'Status',
    enableSorting: false,
    cell: (c) => <ContactStatusBadge status={c.getValue()} />,
  }),
  col.accessor('receivedAt', {
    id: 'received',
    header: 'Received',
    cell: (c) => <span className="whitespace-nowrap">{formatShopDateTime(c.getValue())}</span>,
  }),
];

const statusFilter = {
  name: 'status',
  label: 'Status',
  options: anyOf([
    { value: 'new', label: 'New' },
    { value: 'answered', label: 'Answered' },
    { value: 'closed', label: 'Closed' },
  ]),
};

/** /admin/messages: what visitors sent through the contact form, newest first. */
export function ContactInbox() {
  return (
    <AdminListPage
      title="Messages"
      description="What visitors and shoppers send through the contact form. Replies go out by email."
      label="Contact messages"
      columns={columns as never}
      useRows={useContactMessages}
      getRowId={(m: ContactRow) => m.id}
      sort="received"
      search={{ label: 'Search messages', placeholder: 'Name, email or words in the message' }}
      filters={[statusFilter]}
      empty={({ state }) =>
        state.q
          ? `No message matches “${state.q}”.`
          : state.filters.status
            ? 'No messages with this status.'
            : 'No messages yet. What visitors send through the contact page appears here.'
      }
    />
  );
}
