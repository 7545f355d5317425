import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { AdminPageHeader } from './AdminPageHeader';
import { DataTable, FilterSelect, type TableQuery } from './DataTable';
import { type ListState, useListState } from './use-list-state';

/** A select above the table; its name is the address and API parameter ('' = all). */
export interface ListFilter {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  /** Kept in the address but not shown (e.g. a location select when there is one location). */
  hidden?: boolean;
}

/** The list's state and how to change it, for toolbars and empty texts. */
export interface ListControls {
  state: ListState;
  setState: ReturnType<typeof useListState>['setState'];
  /** A search or any filter is set (the empty text says 'no match' rather than 'none yet'). */
  filtered: boolean;
}

/**
 * The frame of every back-office list page: the header, the search and filters row, the server-paged
 * table with its loading, empty and error-with-retry states, and the paging. A page declares only its
 * columns, filters and query; the state lives in the address (use-list-state).
 */
export function AdminListPage<T>({
  title,
  description,
  actions,
  label,
  columns,
  useRows,
  getRowId,
  sort,
  dir,
  pageSize,
  search,
  filters = [],
  hiddenFilters = [],
  toolbar,
  empty,
  above,
  below,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** The table's name for screen readers; the title when omitted. */
  label?: string;
  columns: ColumnDef<T, never>[];
  /** The query hook for one page of rows (called once per render, like any hook). */
  useRows: (state: ListState) => TableQuery<T>;
  getRowId: (row: T) => string;
  /** The default sort (a column id the API sorts by) and direction. */
  sort: string;
  dir?: 'asc' | 'desc';
  /** Rows per page until the reader picks another (25 when omitted). */
  pageSize?: number;
  search?: { label: string; placeholder?: string };
  filters?: ListFilter[];
  /** Filters set by links rather than selects (the audit log's 'one record'). */
  hiddenFilters?: readonly string[];
  /** More controls after the filter selects. */
  toolbar?: (list: ListControls) => ReactNode;
  empty: ReactNode | ((list: ListControls) => ReactNode);
  /** Between the header and the table (a notice, figures about the list). */
  above?: ReactNode;
  below?: ReactNode;
}) {
  const { state, setState } = useListState({
    sort,
    ...(dir ? { dir } : {}),
    ...(pageSize ? { pageSize } : {}),
    filters: [...filters.map((f) => f.name), ...hiddenFilters],
  });
  const query = useRows(state);
  const list: ListControls = {
    state,
    setState,
    filtered: Boolean(state.q) || Object.values(state.filters).some(Boolean),
  };
  const selects = filters.filter((f) => !f.hidden);
  const more = toolbar?.(list);
  return (
    <>
      <AdminPageHeader title={title} description={description} actions={actions} />
      {above}
      <DataTable
        label={label ?? title}
        columns={columns}
        query={query}
        state={state}
        onStateChange={setState}
        getRowId={getRowId}
        {...(search ? { search } : {})}
        toolbar={
          selects.length || more ? (
            <>
              {selects.map((f) => (
                <FilterSelect
                  key={f.name}
                  label={f.label}
                  value={state.filters[f.name] ?? ''}
                  options={f.options}
                  onChange={(value) => setState({ filters: { [f.name]: value } })}
                />
              ))}
              {more}
            </>
          ) : undefined
        }
        empty={typeof empty === 'function' ? empty(list) : empty}
      />
      {below}
    </>
  );
}

/** A filter's options: the 'no filter' choice ('' = all; 'Any' unless told) first, then `options`. */
export function anyOf(options: { value: string; label: string }[], label = 'Any') {
  return [{ value: '', label }, ...options];
}

/** Options from a list of values and their labels (a contract's statuses and their words). */
export function labelled<V extends string>(values: readonly V[], labels: Record<V, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}
