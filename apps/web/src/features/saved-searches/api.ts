import { API } from '@rebound/contract/routes';
import type {
  CreateSavedSearchBody,
  DeleteSavedSearchResponse,
  SavedSearch,
  SavedSearchesResponse,
} from '@rebound/contract/saved-searches';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessageOf, getJson, sendJson } from '../../lib/api-client';
import { USER_SCOPE } from '../../lib/query-scope';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';

// Saved shop searches. Types only from the contract: its values would pull zod in.

export const savedSearchKeys = {
  /** The signed-in shopper's list (dropped on sign-in and sign-out with USER_SCOPE). */
  list: () => [USER_SCOPE, 'saved-searches'] as const,
};

export function useSavedSearches() {
  const { user } = useSession();
  return useQuery({
    queryKey: savedSearchKeys.list(),
    queryFn: ({ signal }) => getJson<SavedSearchesResponse>(API.meSavedSearches, signal),
    enabled: user !== null,
  });
}

/** Saves a search; the caller shows the outcome (the dialog keeps a failure beside the form). */
export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSavedSearchBody) => sendJson<SavedSearch>('POST', API.meSavedSearches, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.list() }),
  });
}

/**
 * The shopper agrees to marketing emails and turns on the daily new-drops email (POST
 * /api/profile/new-drops-email), so saved-search matches reach them by email.
 */
export function useJoinNewDropsEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<{ message: string }>('POST', API.profileNewDropsEmail, { consent: true }),
    onSuccess: () => {
      // The list says whether the email now carries matches; the account's profile shows the consent.
      void queryClient.invalidateQueries({ queryKey: savedSearchKeys.list() });
      void queryClient.invalidateQueries({ queryKey: [USER_SCOPE, 'profile'] });
    },
  });
}

function replaceItem(list: SavedSearchesResponse | undefined, item: SavedSearch) {
  return list ? { ...list, items: list.items.map((s) => (s.id === item.id ? item : s)) } : list;
}

/** The push toggle: changes at once, and goes back with the server's message if refused. */
export function useSetSearchPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, notifyPush }: { id: string; notifyPush: boolean }) =>
      sendJson<SavedSearch>('PATCH', API.meSavedSearch(id), { notifyPush }),
    onMutate: async ({ id, notifyPush }) => {
      await queryClient.cancelQueries({ queryKey: savedSearchKeys.list() });
      const previous = queryClient.getQueryData<SavedSearchesResponse>(savedSearchKeys.list());
      const item = previous?.items.find((s) => s.id === id);
      if (item)
        queryClient.setQueryData(savedSearchKeys.list(), replaceItem(previous, { ...item, notifyPush }));
      return { previous };
    },
    onSuccess: (item) => {
      queryClient.setQueryData<SavedSearchesResponse>(savedSearchKeys.list(), (old) =>
        replaceItem(old, item),
      );
      toast.succeeded(`saved-search-push:${item.id}`);
      toast.success(
        item.notifyPush ? `Push alerts on for "${item.name}"` : `Push alerts off for "${item.name}"`,
      );
    },
    onError: (error, vars, context) => {
      if (context?.previous) queryClient.setQueryData(savedSearchKeys.list(), context.previous);
      toast.failed(`saved-search-push:${vars.id}`, errorMessageOf(error));
    },
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson<DeleteSavedSearchResponse>('DELETE', API.meSavedSearch(id)),
    onSuccess: (answer) => {
      queryClient.setQueryData<SavedSearchesResponse>(savedSearchKeys.list(), (old) =>
        old ? { ...old, items: old.items.filter((s) => s.id !== answer.id) } : old,
      );
      toast.succeeded(`saved-search-delete:${answer.id}`);
      toast.success(answer.message);
    },
    onError: (error, id) => toast.failed(`saved-search-delete:${id}`, errorMessageOf(error)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.list() }),
  });
}
