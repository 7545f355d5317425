import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** A server-side table's state: page, size, search, sort and any filters. */
export interface ListState {
  page: number;
  pageSize: number;
  q: string;
  sort: string;
  dir: 'asc' | 'desc';
  /** Extra filters by name (e.g. status), '' meaning none. */
  filters: Record<string, string>;
}

export interface ListDefaults {
  sort: string;
  dir?: 'asc' | 'desc';
  pageSize?: number;
  /** The filter names the list knows (read from and written to the address). */
  filters?: readonly string[];
}

/**
 * A table's state kept in the address (?page=2&q=ava&status=suspended), so a list can be
 * bookmarked, shared and returned to with the back button. Changing anything but the page goes back
 * to page 1.
 */
export function useListState(defaults: ListDefaults) {
  const [params, setParams] = useSearchParams();
  // Joined: the memo depends on the names, not on the array's identity.
  const filterKey = (defaults.filters ?? []).join(',');
  const state = useMemo<ListState>(() => {
    const page = Number(params.get('page'));
    const pageSize = Number(params.get('pageSize'));
    const dir = params.get('dir');
    return {
      page: Number.isInteger(page) && page >= 1 ? page : 1,
      pageSize:
        Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= 100 ? pageSize : (defaults.pageSize ?? 25),
      q: params.get('q') ?? '',
      sort: params.get('sort') ?? defaults.sort,
      dir: dir === 'asc' || dir === 'desc' ? dir : (defaults.dir ?? 'desc'),
      filters: Object.fromEntries(
        (filterKey ? filterKey.split(',') : []).map((name) => [name, params.get(name) ?? '']),
      ),
    };
  }, [params, defaults.sort, defaults.dir, defaults.pageSize, filterKey]);

  const setState = useCallback(
    (patch: Partial<Omit<ListState, 'filters'>> & { filters?: Record<string, string> }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const put = (key: string, value: string | number | undefined, fallback?: string | number) => {
            if (value === undefined) return;
            if (value === '' || value === fallback) next.delete(key);
            else next.set(key, String(value));
          };
          put('q', patch.q);
          put('sort', patch.sort, defaults.sort);
          put('dir', patch.dir, defaults.dir ?? 'desc');
          put('pageSize', patch.pageSize, defaults.pageSize ?? 25);
          for (const [key, value] of Object.entries(patch.filters ?? {})) put(key, value);
          const onlyPage = Object.keys(patch).every((k) => k === 'page');
          put('page', onlyPage ? patch.page : (patch.page ?? 1), 1);
          return next;
        },
        { replace: patch.q !== undefined },
      );
    },
    [setParams, defaults.sort, defaults.dir, defaults.pageSize],
  );

  return { state, setState };
}

/** The list state as API query parameters (only what is set). */
export function listQueryString(state: ListState): string {
  const p = new URLSearchParams();
  p.set('page', String(state.page));
  p.set('pageSize', String(state.pageSize));
  if (state.q.trim()) p.set('q', state.q.trim());
  p.set('sort', state.sort);
  p.set('dir', state.dir);
  for (const [key, value] of Object.entries(state.filters)) if (value) p.set(key, value);
  return p.toString();
}
