import {
  ADMIN_PRODUCT_STATUS_LABELS,
  ADMIN_PRODUCT_STATUSES,
  type AdminProductSort,
} from '@rebound/contract/admin-catalogue';
import { CONDITION_LABELS, PRODUCT_CONDITIONS } from '@rebound/core/catalog';
import { formatCents } from '@rebound/core/money';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, ImageOff, Plus, Search, Star } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/Badge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/Field';
import { Skeleton } from '../../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCategories, useProductList } from '../api';

const PAGE_SIZE = 25;
const FILTERS = ['status', 'categoryId', 'condition', 'featured'] as const;

const COLUMNS: { key: AdminProductSort | null; label: string; className?: string }[] = [
  { key: null, label: 'Photo', className: 'w-16' },
  { key: 'title', label: 'Product' },
  { key: 'sku', label: 'SKU' },
  { key: 'status', label: 'Status' },
  { key: 'retail', label: 'Retail', className: 'text-right' },
  { key: 'resale', label: 'Resale', className: 'text-right' },
  { key: 'updated', label: 'Updated' },
];

const selectClasses = clsx(inputClasses, 'h-10 pr-8');

/** The catalogue table: one search box, filters, sortable columns and pages, all on the server. */
export function ProductList() {
  useDocumentTitle('Catalogue · Back-office');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const searchId = useId();
  const sort = (params.get('sort') as AdminProductSort | null) ?? 'updated';
  const dir = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const page = Math.max(1, Number(params.get('page')) || 1);

  const qs = new URLSearchParams();
  for (const [k, v] of params) if (v) qs.set(k, v);
  qs.set('pageSize', String(PAGE_SIZE));
  const list = useProductList(qs.toString());
  const categories = useCategories();

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  // Search as you type, a moment after the last key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text starts a search
  useEffect(() => {
    const current = params.get('q') ?? '';
    if (search.trim() === current) return;
    const timer = setTimeout(() => update({ q: search.trim() || null }), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const from = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(page * PAGE_SIZE, total);
  const filtered = FILTERS.some((f) => params.get(f)) || Boolean(params.get('q'));

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-950">Catalogue</h1>
          <p className="mt-1 text-sm text-ink-600">
            Products, their photos and what the desk needs to find them.
          </p>
        </div>
        <ButtonLink to="/admin/catalogue/new">
          <Plus aria-hidden="true" />
          New product
        </ButtonLink>
      </div>

      <search className="grid grid-cols-2 gap-3 rounded-card bg-white p-4 ring-1 ring-ink-200 lg:grid-cols-[2fr_repeat(4,1fr)]">
        <div className="col-span-2 flex flex-col gap-1.5 lg:col-span-1">
          <label htmlFor={searchId} className="text-sm font-semibold text-ink-900">
            Search
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-500"
              aria-hidden="true"
            />
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Title, brand or SKU"
              className={clsx(inputClasses, 'h-10 pl-9')}
            />
          </div>
        </div>
        <FilterSelect
          label="Status"
          value={params.get('status') ?? ''}
          onChange={(v) => update({ status: v })}
        >
          {ADMIN_PRODUCT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ADMIN_PRODUCT_STATUS_LABELS[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Category"
          value={params.get('categoryId') ?? ''}
          onChange={(v) => update({ categoryId: v })}
        >
          {(categories.data?.categories ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Condition"
          value={params.get('condition') ?? ''}
          onChange={(v) => update({ condition: v })}
        >
          {PRODUCT_CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {CONDITION_LABELS[c]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Featured"
          value={params.get('featured') ?? ''}
          onChange={(v) => update({ featured: v })}
        >
          <option value="true">Featured</option>
          <option value="false">Not featured</option>
        </FilterSelect>
      </search>

      {list.isError ? (
        <ErrorState
          title="We could not load the catalogue"
          message={errorMessageOf(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <div className="flex flex-col gap-2" role="status" aria-busy="true" aria-label="Loading products">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : list.data.items.length === 0 ? (
        <EmptyState
          action={
            filtered ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setSearch('');
                  setParams(new URLSearchParams(), { replace: true });
                }}
              >
                Clear search and filters
              </Button>
            ) : (
              <ButtonLink to="/admin/catalogue/new" size="sm">
                New product
              </ButtonLink>
            )
          }
        >
          {filtered ? 'No products match this search.' : 'No products yet.'}
        </EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-card bg-white ring-1 ring-ink-200">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <caption className="sr-only">
                Products, sorted by {COLUMNS.find((c) => c.key === sort)?.label ?? sort},{' '}
                {dir === 'asc' ? 'ascending' : 'descending'}
              </caption>
              <thead className="border-b border-ink-200 bg-ink-50 text-xs font-semibold tracking-wide text-ink-700 uppercase">
                <tr>
                  {COLUMNS.map((col) => (
                    <th
                      key={col.label}
                      scope="col"
                      className={clsx('px-3 py-2.5', col.className)}
                      aria-sort={col.key === sort ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {col.key ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 rounded uppercase hover:text-ink-950 focus-visible:outline-2 focus-visible:outline-brand-600"
                          onClick={() =>
                            update({
                              sort: col.key,
                              dir: col.key === sort && dir === 'desc' ? 'asc' : 'desc',
                            })
                          }
                        >
                          {col.label}
                          {col.key === sort ? (
                            dir === 'asc' ? (
                              <ArrowUp className="size-3.5" aria-hidden="true" />
                            ) : (
                              <ArrowDown className="size-3.5" aria-hidden="true" />
                            )
                          ) : null}
                        </button>
                      ) : (
                        <span className="sr-only">{col.label}</span>
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={clsx('divide-y divide-ink-100', list.isPlaceholderData && 'opacity-60')}>
                {list.data.items.map((p) => (
                  <tr key={p.id} className="hover:bg-ink-50/70">
                    <td className="px-3 py-2">
                      {p.thumbnailUrl ? (
                        <img
                          src={p.thumbnailUrl}
                          alt=""
                          width={48}
                          height={48}
                          className="size-12 max-w-none rounded-lg object-cover ring-1 ring-ink-200"
                        />
                      ) : (
                        <span className="flex size-12 items-center justify-center rounded-lg bg-ink-100 text-ink-500">
                          <ImageOff className="size-4" aria-hidden="true" />
                        </span>
                      )}
                    </td>
                    <td className="max-w-[22rem] px-3 py-2">
                      <Link
                        to={`/admin/catalogue/${p.id}`}
                        className="font-semibold text-ink-950 hover:text-brand-700 hover:underline"
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
                    </td>
                    <td className="px-3 py-2 font-mono text-xs">
                      {p.sku ?? <span className="text-ink-500">—</span>}
                    </td>
                    <td className="px-3 py-2">
                      <Badge
                        tone={
                          p.status === 'withdrawn' ? 'danger' : p.status === 'auctioned' ? 'brand' : 'neutral'
                        }
                      >
                        {ADMIN_PRODUCT_STATUS_LABELS[p.status]}
                      </Badge>
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatCents(p.retailPriceCents)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatCents(p.resalePriceCents)}</td>
                    <td className="px-3 py-2 whitespace-nowrap text-ink-700">
                      {new Date(p.updatedAt).toLocaleDateString('en-CA', {
                        month: 'short',
                        day: 'numeric',
                        year: 'numeric',
                      })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p className="text-ink-700" aria-live="polite">
              {from}–{to} of {total.toLocaleString('en-CA')}
            </p>
            <div className="flex items-center gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => update({ page: String(page - 1) })}
              >
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <span className="text-ink-700 tabular-nums">
                Page {page} of {pages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => update({ page: String(page + 1) })}
              >
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </nav>
        </>
      )}
    </div>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string | null) => void;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink-900">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value || null)}
        className={selectClasses}
      >
        <option value="">Any</option>
        {children}
      </select>
    </div>
  );
}
