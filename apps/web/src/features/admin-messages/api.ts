import type {
  ContactDetail,
  ContactListResponse,
  DeadLetterActionResponse,
  DeadLetterResponse,
  MessagesSummary,
} from '@rebound/contract/admin-messages';
import { API } from '@rebound/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ListState, listQueryString } from '../../components/admin/use-list-state';
import { getJson, sendJson } from '../../lib/api-client';
import { USER_SCOPE } from '../../lib/query-scope';

const messagesKey = [USER_SCOPE, 'admin', 'messages'] as const;
const contactKey = (id: string) => [...messagesKey, 'contact', id] as const;

/** How often an answered message's page asks again while its reply email is still on its way. */
export const DELIVERY_REFRESH_MS = 3_000;

export function useMessagesSummary() {
  return useQuery({
    queryKey: [...messagesKey, 'summary'] as const,
    queryFn: ({ signal }) => getJson<MessagesSummary>(API.adminMessagesSummary, signal),
    refetchInterval: 30_000,
  });
}

export function useContactMessages(state: ListState) {
  const qs = listQueryString(state);
  return useQuery({
    queryKey: [...messagesKey, 'list', qs] as const,
    queryFn: ({ signal }) => getJson<ContactListResponse>(`${API.adminContactMessages}?${qs}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useContactMessage(id: string) {
  return useQuery({
    queryKey: contactKey(id),
    queryFn: ({ signal }) => getJson<ContactDetail>(API.adminContactMessage(id), signal),
    // While the reply email waits in the outbox, ask again until it is sent or has failed.
    refetchInterval: (q) => {
      const status = q.state.data?.delivery?.status;
      return status === 'queued' || status === 'retrying' ? DELIVERY_REFRESH_MS : false;
    },
  });
}

type ContactChange = { kind: 'reply'; reply: string } | { kind: 'close' } | { kind: 'reopen' };

export function useContactChange(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ContactChange) => {
      switch (change.kind) {
        case 'reply':
          return sendJson<ContactDetail>('POST', API.adminContactMessageReply(id), { reply: change.reply });
        case 'close':
          return sendJson<ContactDetail>('POST', API.adminContactMessageClose(id));
        case 'reopen':
          return sendJson<ContactDetail>('POST', API.adminContactMessageReopen(id));
      }
    },
    onSuccess: (detail) => {
      queryClient.setQueryData(contactKey(id), detail);
      void queryClient.invalidateQueries({ queryKey: [...messagesKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...messagesKey, 'summary'] });
      void queryClient.invalidateQueries({ queryKey: [USER_SCOPE, 'admin', 'audit'] });
    },
  });
}

export function useDeadLetters(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...messagesKey, 'dead', page, pageSize] as const,
    queryFn: ({ signal }) =>
      getJson<DeadLetterResponse>(`${API.adminDeadLetters}?page=${page}&pageSize=${pageSize}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDeadLetterAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'retry' | 'discard' }) =>
      sendJson<DeadLetterActionResponse>(
        'POST',
        action === 'retry' ? API.adminDeadLetterRetry(id) : API.adminDeadLetterDiscard(id),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...messagesKey, 'dead'] });
      void queryClient.invalidateQueries({ queryKey: [...messagesKey, 'summary'] });
      void queryClient.invalidateQueries({ queryKey: [USER_SCOPE, 'admin', 'audit'] });
    },
  });
}
