import {
  ADMIN_PRODUCT_STATUS_LABELS,
  ADMIN_PRODUCT_STATUSES,
  type AdminProductRow,
} from '@rebound/contract/admin-catalogue';
import { CONDITION_LABELS, PRODUCT_CONDITIONS } from '@rebound/core/catalog';
import { formatCents } from '@rebound/core/money';
import { createColumnHelper } from '@tanstack/react-table';
import { ImageOff, Plus, Star } from 'lucide-react';
import { Link } from 'react-router';
import { AdminListPage } from '../../../components/admin/ListPage';
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
    cell: ({ row }) =>
      row.original.thumbnailUrl ? (
        <img
          src={row.original.thumbnailUrl}
          alt=""
          width={48}
          height={48}
          className="size-12 max-w-none rounded-lg object-cover ring-1 ring-ink-200"
        />
      ) : (
        <span className="flex size-12 items-center justify-center rounded-lg bg-ink-100 text-ink-500">
          <ImageOff className="size-4" aria-hidden="true" />
        </span>
      ),
  }),
  col.accessor('title', {
    id: 'title',
    header: 'Product',
    cell: ({ row }) => {
      const p = row.original;
      return (
        <div className="max-w-[22rem]">
          <Link
            to={p.id}
            className="font-semibold text-ink-950 underline-offset-2 hover:text-brand-700 hover:underline"
          >
            {p.title}
          </Link>
          <p className="truncate text-xs text-ink-600">
            {[p.brand, p.categoryName, CONDITION_LABELS[p.condition]].filter(Boolean).join(' · ')}
            {p.isFeatured ? (
              <span className="ml-1.5 inline-flex items-center gap-0.5 text-gold-800">
                <Star className="size-3" aria-hidden="true" /> Featured
              </span>
            ) : null}
          </p>
        </div>
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

const any = { value: '', label: 'Any' };

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
      search={{ label: 'Search', placeholder: 'Title, brand or SKU' }}
      filters={[
        {
          name: 'status',
          label: 'Status',
          options: [
            any,
            ...ADMIN_PRODUCT_STATUSES.map((s) => ({ value: s, label: ADMIN_PRODUCT_STATUS_LABELS[s] })),
          ],
        },
        {
          name: 'categoryId',
          label: 'Category',
          options: [any, ...(categories.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))],
        },
        {
          name: 'condition',
          label: 'Condition',
          options: [any, ...PRODUCT_CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] }))],
        },
        {
          name: 'featured',
          label: 'Featured',
          options: [any, { value: 'true', label: 'Featured' }, { value: 'false', label: 'Not featured' }],
        },
      ]}
      empty={({ filtered }) =>
        filtered ? 'No products match this search and these filters.' : 'No products yet.'
      }
    />
  );
}
