import type { SavedSearch } from '@rebound/contract/saved-searches';
import { Bell, Search, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { useDeleteSavedSearch, useSavedSearches, useSetSearchPush } from '../api';
import { describeSearch } from '../describe';

/**
 * The account's 'Saved searches': each with what it looks for, a link that runs it in the shop, the
 * push toggle and delete. Composed into the account page by the app.
 */
export function SavedSearchesPanel() {
  const list = useSavedSearches();
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const loaded = list.data !== undefined;
  // '/account#saved-searches' (the shop's 'View' after saving) lands here once the list is in.
  useEffect(() => {
    if (loaded && hash === '#saved-searches') section.current?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  return (
    <section
      ref={section}
      id="saved-searches"
      aria-labelledby={headingId}
      className="scroll-mt-28 rounded-card bg-white p-5 shadow-card ring-1 ring-ink-200/80 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-bold tracking-tight text-ink-950">
            Saved searches{list.data ? ` (${list.data.items.length})` : ''}
          </h2>
          <p className="mt-0.5 text-sm text-ink-600">
            {list.data?.dailyEmail === false
              ? "New matches are not emailed to you: you haven't agreed to our new-drops email (you can when you save a search)"
              : 'New matches appear in your daily new-drops email'}
            {list.data ? `; you can keep up to ${list.data.limit}` : ''}. Push alerts reach the devices where
            you turned on push notifications.
          </p>
        </div>
      </div>
      <div className="mt-4">
        {list.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">Loading your saved searches...</span>
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-20 w-full rounded-xl" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorState
            title="Error loading your saved searches"
            message={errorMessageOf(list.error)}
            onRetry={() => void list.refetch()}
          />
        ) : list.data.items.length === 0 ? (
          <EmptyState action={<ButtonLink to="/shop">Go to the shop</ButtonLink>}>
            No saved searches yet. Choose filters or keywords in the shop and tap 'Save this search'.
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-3">
            {list.data.items.map((s) => (
              <SavedSearchRow key={s.id} search={s} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const setPush = useSetSearchPush();
  const remove = useDeleteSavedSearch();
  const toggleId = useId();
  const deleting = remove.isPending;

  return (
    <li
      data-testid="saved-search"
      aria-busy={deleting || undefined}
      className="flex flex-col gap-3 rounded-xl p-3 ring-1 ring-ink-200 sm:flex-row sm:items-center sm:justify-between sm:gap-4 sm:p-4"
    >
      <div className="min-w-0">
        <p className="truncate font-semibold text-ink-950">{search.name}</p>
        <p className="mt-0.5 text-sm text-ink-600">{describeSearch(search.query).join(' · ')}</p>
        <div className="mt-2 flex items-center gap-2">
          <input
            id={toggleId}
            type="checkbox"
            role="switch"
            aria-checked={search.notifyPush}
            checked={search.notifyPush}
            onChange={(e) => setPush.mutate({ id: search.id, notifyPush: e.target.checked })}
            className="size-5 shrink-0 cursor-pointer rounded accent-brand-700"
          />
          <label htmlFor={toggleId} className="flex cursor-pointer items-center gap-1.5 text-sm text-ink-800">
            <Bell className="size-4 text-ink-500" aria-hidden="true" />
            Push me new matches
          </label>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <ButtonLink to={search.href} variant="secondary" size="sm" aria-label={`Run search: ${search.name}`}>
          <Search aria-hidden="true" />
          Run search
        </ButtonLink>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => remove.mutate(search.id)}
          disabled={deleting}
          aria-label={`Delete saved search: ${search.name}`}
          className="text-danger-700 hover:bg-danger-50"
        >
          <Trash2 aria-hidden="true" />
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </li>
  );
}
