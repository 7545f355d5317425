import {
  ADMIN_PRODUCT_STATUS_LABELS,
  ADMIN_PRODUCT_STATUSES,
  type AdminProductRow,
} from '@rebound/contract/admin-catalogue';
import { CONDITION_LABELS, PRODUCT_CONDITIONS } from '@rebound/core/catalog';
import { formatCents } from '@rebound/core/money';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus, Star } from 'lucide-react';
import { AdminListPage, anyOf, labelled } from '../../../components/admin/ListPage';
import { RowPhoto, RowTitle } from '../../../components/admin/row-cells';
import { type ListState, listQueryString } from '../../../components/admin/use-list-state';
import { Badge } from '../../../components/ui/Badge';
import { ButtonLink } from '../../../components/ui/Button';
import { formatShopDate } from '../../../lib/format-date';
import { useCategories, useProductList } from '../api';

const col = createColumnHelper<AdminProductRow>();

// Column ids are the API's sort keys (AdminProductQuery.sort).
const columns = [
  col.display({
    id: 'photo',
    header: () => <span className="sr-only">Photo</span>,
    enableSorting: false,
    cell: ({ row }) => <RowPhoto url={row.original.thumbnailUrl} size={48} />,
  }),
  col.accessor('title', {
    id: 'title',
    header: 'Product',
    cell: ({ row }) => {
      const p = row.original;
      return (
        <RowTitle to={p.id} title={p.title} className="max-w-[22rem]">
          {[p.brand, p.categoryName, CONDITION_LABELS[p.condition]].filter(Boolean).join(' · ')}
          {p.isFeatured ? (
            <span className="ml-1.5 inline-flex items-center gap-0.5 text-gold-800">
              <Star className="size-3" aria-hidden="true" /> Featured
            </span>
          ) : null}
        </RowTitle>
      );
    },
  }),
  col.accessor('sku', {
    id: 'sku',
    header: 'SKU',
    cell: (c) => <span className="font-mono text-xs">{c.getValue()}</span>,
  }),
  col.accessor('status', {
    id: 'status',
    header: 'Status',
    cell: (c) => (
      <Badge
        tone={c.getValue() === 'withdrawn' ? 'danger' : c.getValue() === 'auctioned' ? 'brand' : 'neutral'}
      >
        {ADMIN_PRODUCT_STATUS_LABELS[c.getValue()]}
      </Badge>
    ),
  }),
  col.accessor('retailPriceCents', {
    id: 'retail',
    header: 'Retail',
    cell: (c) => <span className="tabular-nums">{formatCents(c.getValue())}</span>,
  }),
  col.accessor('resalePriceCents', {
    id: 'resale',
    header: 'Resale',
    cell: (c) => <span className="tabular-nums">{formatCents(c.getValue())}</span>,
  }),
  col.accessor('updatedAt', {
    id: 'updated',
    header: 'Updated',
    cell: (c) => <span className="whitespace-nowrap">{formatShopDate(new Date(c.getValue()))}</span>,
  }),
];

function useProductRows(state: ListState) {
  return useProductList(listQueryString(state));
}

/** The catalogue table: one search box (title, brand, SKU), filters, sorting and pages on the server. */
export function ProductList() {
  const categories = useCategories();
  return (
    <AdminListPage
      title="Catalogue"
      description="Products, their photos and what the desk needs to find them."
      actions={
        <ButtonLink to="new">
          <Plus aria-hidden="true" />
          New product
        </ButtonLink>
      }
      label="Products"
      columns={columns as never}
      useRows={useProductRows}
      getRowId={(p: AdminProductRow) => p.id}
      sort="updated"
      search={{ label: 'Search', placeholder: 'Title, brand, SKU, GTIN or model' }}
      filters={[
        {
          name: 'status',
          label: 'Status',
          options: anyOf(labelled(ADMIN_PRODUCT_STATUSES, ADMIN_PRODUCT_STATUS_LABELS)),
        },
        {
          name: 'categoryId',
          label: 'Category',
          options: anyOf((categories.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))),
        },
        {
          name: 'condition',
          label: 'Condition',
          options: anyOf(labelled(PRODUCT_CONDITIONS, CONDITION_LABELS)),
        },
        {
          name: 'featured',
          label: 'Featured',
          options: anyOf([
            { value: 'true', label: 'Featured' },
            { value: 'false', label: 'Not featured' },
          ]),
        },
      ]}
      empty={({ filtered }) =>
        filtered ? 'No products match this search and these filters.' : 'No products yet.'
      }
    />
  );
}
