import {
  ADMIN_AUCTION_STATUS_LABELS,
  ADMIN_AUCTION_STATUSES,
  type AdminAuctionRow,
} from '@rebound/contract/admin-auctions';
import { formatCents } from '@rebound/core/money';
import { createColumnHelper } from '@tanstack/react-table';
import { CalendarPlus, ImageOff, Layers } from 'lucide-react';
import { Link } from 'react-router';
import { AdminListPage } from '../../../components/admin/ListPage';
import { type ListState, listQueryString } from '../../../components/admin/use-list-state';
import { ButtonLink } from '../../../components/ui/Button';
import { useAuctionList, useDrops, useLocations } from '../api';
import { ShopTime, StatusBadge } from './shared';

const col = createColumnHelper<AdminAuctionRow>();

// Column ids are the API's sort keys (AdminAuctionQuery.sort).
const columns = [
  col.display({
    id: 'photo',
    header: () => <span className="sr-only">Photo</span>,
    enableSorting: false,
    cell: ({ row }) =>
      row.original.thumbnailUrl ? (
        <img
          src={row.original.thumbnailUrl}
          alt=""
          width={40}
          height={40}
          className="size-10 max-w-none rounded-lg object-cover ring-1 ring-ink-200"
        />
      ) : (
        <span className="flex size-10 items-center justify-center rounded-lg bg-ink-100 text-ink-500">
          <ImageOff className="size-4" aria-hidden="true" />
        </span>
      ),
  }),
  col.accessor('productTitle', {
    id: 'title',
    header: 'Lot',
    cell: ({ row }) => {
      const a = row.original;
      return (
        <div className="max-w-[20rem]">
          <Link
            to={a.id}
            className="font-semibold text-ink-950 underline-offset-2 hover:text-brand-700 hover:underline"
          >
            {a.productTitle}
          </Link>
          <p className="truncate text-xs text-ink-600">
            {[a.sku, a.dropTitle ? `Drop: ${a.dropTitle}` : null, a.locationName].filter(Boolean).join(' · ')}
          </p>
        </div>
      );
    },
  }),
  col.accessor('status', {
    id: 'status',
    header: 'Status',
    cell: (c) => <StatusBadge status={c.getValue()} />,
  }),
  col.accessor('startTime', {
    id: 'start',
    header: 'Starts',
    cell: (c) => <ShopTime at={c.getValue()} />,
  }),
  col.accessor('endTime', {
    id: 'end',
    header: 'Ends',
    cell: (c) => <ShopTime at={c.getValue()} seconds />,
  }),
  col.accessor('currentPriceCents', {
    id: 'price',
    header: 'Price',
    cell: ({ row }) => (
      <span className="tabular-nums">
        {formatCents(row.original.currentPriceCents)}
        {row.original.reservePriceCents !== null ? (
          <span className="block text-xs text-ink-600">
            Reserve {formatCents(row.original.reservePriceCents)}
          </span>
        ) : null}
      </span>
    ),
  }),
  col.accessor('bidCount', {
    id: 'bids',
    header: 'Bids',
    cell: (c) => <span className="tabular-nums">{c.getValue()}</span>,
  }),
];

const any = { value: '', label: 'Any' };

function useAuctionRows(state: ListState) {
  return useAuctionList(listQueryString(state));
}

/** The auctions table: search by title or SKU, filter by status, drop and location; paged on the server. */
export function AuctionList() {
  const drops = useDrops();
  const locations = useLocations();
  return (
    <AdminListPage
      title="Auctions"
      description="Schedule lots one by one or as a drop with staggered ends; edit, cancel, relist."
      actions={
        <>
          <ButtonLink to="drops/new" variant="secondary">
            <Layers aria-hidden="true" />
            New drop
          </ButtonLink>
          <ButtonLink to="new">
            <CalendarPlus aria-hidden="true" />
            Schedule auction
          </ButtonLink>
        </>
      }
      columns={columns as never}
      useRows={useAuctionRows}
      getRowId={(a: AdminAuctionRow) => a.id}
      sort="start"
      search={{ label: 'Search', placeholder: 'Title or SKU' }}
      filters={[
        {
          name: 'status',
          label: 'Status',
          options: [
            any,
            ...ADMIN_AUCTION_STATUSES.map((s) => ({ value: s, label: ADMIN_AUCTION_STATUS_LABELS[s] })),
          ],
        },
        {
          name: 'dropId',
          label: 'Drop',
          options: [any, ...(drops.data?.items ?? []).map((d) => ({ value: d.id, label: d.title }))],
        },
        {
          name: 'locationId',
          label: 'Location',
          options: [any, ...(locations.data?.locations ?? []).map((l) => ({ value: l.id, label: l.name }))],
          // One location: nothing to choose.
          hidden: (locations.data?.locations.length ?? 0) <= 1,
        },
      ]}
      empty={({ filtered }) =>
        filtered ? 'No auctions match this search and these filters.' : 'No auctions yet.'
      }
    />
  );
}
