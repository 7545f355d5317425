import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { errorMessageOf } from '../../lib/api-client';
import { Button } from '../ui/Button';
import { inputClasses } from '../ui/Field';
import { Skeleton } from '../ui/Skeleton';
import { EmptyState, ErrorState } from '../ui/StatusMessage';
import type { ListState } from './use-list-state';

/** One page of rows as every /api/admin list answers (contract adminPage). */
export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** What the table needs of a TanStack Query result. */
export interface TableQuery<T> {
  data: PageOf<T> | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface DataTableProps<T> {
  /** The table's name for screen readers (its caption). */
  label: string;
  /** Column ids are the API's sort keys; set `enableSorting: false` where the API cannot sort. */
  columns: ColumnDef<T, never>[];
  query: TableQuery<T>;
  state: ListState;
  onStateChange: (patch: Partial<Omit<ListState, 'filters'>> & { filters?: Record<string, string> }) => void;
  getRowId: (row: T) => string;
  /** Search box label and hint; no search box when omitted. */
  search?: { label: string; placeholder?: string };
  /** Filter controls beside the search box. */
  toolbar?: ReactNode;
  /** Shown when nothing matches (e.g. 'No shoppers match.'). */
  empty: ReactNode;
  pageSizes?: readonly number[];
}

/**
 * The back-office's table: the server pages, sorts, filters and searches (manual mode); the table
 * shows loading, empty and error states and is used with the keyboard alone (sort buttons in the
 * headers, links in the cells, labelled paging).
 */
export function DataTable<T>({
  label,
  columns,
  query,
  state,
  onStateChange,
  getRowId,
  search,
  toolbar,
  empty,
  pageSizes = [10, 25, 50, 100],
}: DataTableProps<T>) {
  const sorting: SortingState = [{ id: state.sort, desc: state.dir === 'desc' }];
  const table = useReactTable<T>({
    data: query.data?.items ?? [],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableSortingRemoval: false,
    rowCount: query.data?.total ?? 0,
    state: { sorting, pagination: { pageIndex: state.page - 1, pageSize: state.pageSize } },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first) onStateChange({ sort: first.id, dir: first.desc ? 'desc' : 'asc' });
    },
  });

  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / state.pageSize));
  const from = total === 0 ? 0 : (state.page - 1) * state.pageSize + 1;
  const to = Math.min(total, state.page * state.pageSize);
  const statusId = useId();

  return (
    <div className="flex flex-col gap-3">
      {search || toolbar ? (
        <div className="flex flex-wrap items-end gap-3">
          {search ? (
            <SearchBox
              label={search.label}
              placeholder={search.placeholder}
              value={state.q}
              onChange={(q) => onStateChange({ q })}
            />
          ) : null}
          {toolbar}
        </div>
      ) : null}

      <section
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard (WCAG 2.1.1).
        tabIndex={0}
        // `relative`: visually hidden cell text (sr-only is absolute) is clipped by this region
        // instead of widening the whole page on a phone.
        className="relative overflow-x-auto rounded-card border border-ink-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <table className="w-full min-w-[40rem] border-collapse text-left text-sm" aria-describedby={statusId}>
          <caption className="sr-only">{label}</caption>
          <thead className="border-b border-ink-200 bg-ink-50 text-xs font-semibold tracking-wide text-ink-700 uppercase">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const canSort = header.column.getCanSort();
                  const sorted = header.column.getIsSorted();
                  const title = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="px-3 py-2.5 whitespace-nowrap"
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 uppercase hover:text-ink-950"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {title}
                          {sorted === 'asc' ? (
                            <ArrowUp className="size-3.5" aria-hidden="true" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown className="size-3.5" aria-hidden="true" />
                          ) : (
                            <ArrowUpDown className="size-3.5 text-ink-400" aria-hidden="true" />
                          )}
                        </button>
                      ) : (
                        title
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={clsx(query.isFetching && !query.isPending && 'opacity-70 transition-opacity')}>
            {query.isPending
              ? Array.from({ length: 5 }, (_, i) => (
                  <tr key={i} className="border-b border-ink-100 last:border-0">
                    {columns.map((_c, j) => (
                      <td key={j} className="px-3 py-3">
                        <Skeleton className="h-4 w-full max-w-40" />
                      </td>
                    ))}
                  </tr>
                ))
              : query.isError || table.getRowModel().rows.length === 0
                ? null
                : table.getRowModel().rows.map((row) => (
                    <tr key={row.id} className="border-b border-ink-100 last:border-0 hover:bg-ink-50/60">
                      {row.getVisibleCells().map((cell) => (
                        <td key={cell.id} className="px-3 py-2.5 align-top text-ink-800">
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      ))}
                    </tr>
                  ))}
          </tbody>
        </table>
        {query.isError ? (
          <ErrorState
            className="m-3 border-0"
            title="This list could not be loaded"
            message={errorMessageOf(query.error)}
            onRetry={() => void query.refetch()}
          />
        ) : !query.isPending && total === 0 ? (
          <EmptyState className="m-3 border-0">{empty}</EmptyState>
        ) : null}
      </section>

      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-700">
        <p id={statusId} role="status">
          {query.isPending
            ? 'Loading…'
            : total === 0
              ? 'No rows'
              : `${from}–${to} of ${total.toLocaleString('en-CA')}`}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2">
            <span>Rows per page</span>
            <select
              className="h-9 rounded-lg bg-white px-2 text-sm ring-1 ring-ink-300 ring-inset"
              value={state.pageSize}
              onChange={(e) => onStateChange({ pageSize: Number(e.target.value) })}
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <nav aria-label={`${label}: pages`} className="flex items-center gap-1">
            <Button
              variant="secondary"
              size="sm"
              disabled={state.page <= 1}
              onClick={() => onStateChange({ page: state.page - 1 })}
            >
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <span className="px-2 whitespace-nowrap">
              Page {Math.min(state.page, pageCount)} of {pageCount}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={state.page >= pageCount}
              onClick={() => onStateChange({ page: state.page + 1 })}
            >
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        </div>
      </div>
    </div>
  );
}

/** A search box that asks the server 300 ms after typing stops. */
function SearchBox({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder?: string | undefined;
  value: string;
  onChange: (q: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  // The address changed elsewhere (back button): follow it.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <div className="flex w-full min-w-0 flex-col gap-1.5 sm:w-auto sm:max-w-md sm:flex-1">
      <label htmlFor={id} className="text-sm font-semibold text-ink-900">
        {label}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-3 left-3 size-5 text-ink-500"
          aria-hidden="true"
        />
        <input
          id={id}
          type="search"
          className={clsx(inputClasses, 'pl-10')}
          placeholder={placeholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onChange(text);
          }}
        />
      </div>
    </div>
  );
}

/** A labelled select for a table filter ('' = all). */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink-900">
        {label}
      </label>
      <select
        id={id}
        className="h-11 rounded-xl bg-white px-3 text-base ring-1 ring-ink-300 ring-inset sm:text-sm"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
