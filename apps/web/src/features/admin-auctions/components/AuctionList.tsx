import {
  ADMIN_AUCTION_STATUS_LABELS,
  ADMIN_AUCTION_STATUSES,
  type AdminAuctionRow,
} from '@rebound/contract/admin-auctions';
import { formatCents } from '@rebound/core/money';
import { createColumnHelper } from '@tanstack/react-table';
import { CalendarPlus, Layers } from 'lucide-react';
import { AdminListPage, anyOf, labelled } from '../../../components/admin/ListPage';
import { RowPhoto, RowTitle } from '../../../components/admin/row-cells';
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
    cell: ({ row }) => <RowPhoto url={row.original.thumbnailUrl} size={40} />,
  }),
  col.accessor('productTitle', {
    id: 'title',
    header: 'Lot',
    cell: ({ row }) => {
      const a = row.original;
      return (
        <RowTitle to={a.id} title={a.productTitle} className="max-w-[20rem]">
          {[a.sku, a.dropTitle ? `Drop: ${a.dropTitle}` : null, a.locationName].filter(Boolean).join(' · ')}
        </RowTitle>
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
          options: anyOf(labelled(ADMIN_AUCTION_STATUSES, ADMIN_AUCTION_STATUS_LABELS)),
        },
        {
          name: 'dropId',
          label: 'Drop',
          options: anyOf((drops.data?.items ?? []).map((d) => ({ value: d.id, label: d.title }))),
        },
        {
          name: 'locationId',
          label: 'Location',
          options: anyOf((locations.data?.locations ?? []).map((l) => ({ value: l.id, label: l.name }))),
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
