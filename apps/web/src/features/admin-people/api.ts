import type {
  BidLimitBody,
  NotesBody,
  PeopleResponse,
  PersonDetail,
  RoleBody,
} from '@rebound/contract/admin-people';
import { API } from '@rebound/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ListState, listQueryString } from '../../components/admin/use-list-state';
import { getJson, sendJson } from '../../lib/api-client';
import { USER_SCOPE } from '../../lib/query-scope';

const peopleKey = [USER_SCOPE, 'admin', 'people'] as const;
const personKey = (id: string) => [...peopleKey, 'person', id] as const;

export function usePeople(state: ListState) {
  const qs = listQueryString(state);
  return useQuery({
    queryKey: [...peopleKey, 'list', qs] as const,
    queryFn: ({ signal }) => getJson<PeopleResponse>(`${API.adminPeople}?${qs}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePerson(id: string) {
  return useQuery({
    queryKey: personKey(id),
    queryFn: ({ signal }) => getJson<PersonDetail>(API.adminPerson(id), signal),
  });
}

type Change =
  | { kind: 'suspend' | 'restore'; reason: string }
  | { kind: 'role'; body: RoleBody }
  | { kind: 'notes'; body: NotesBody }
  | { kind: 'strike'; strikeId: string; reason: string }
  | { kind: 'bid-limit'; body: BidLimitBody }
  | { kind: 'approve-bidding'; reason: string };

/** Every change to a person; the answer is the person as they now are. */
export function usePersonChange(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => {
      switch (change.kind) {
        case 'suspend':
          return sendJson<PersonDetail>('POST', API.adminPersonSuspend(id), { reason: change.reason });
        case 'restore':
          return sendJson<PersonDetail>('POST', API.adminPersonRestore(id), { reason: change.reason });
        case 'role':
          return sendJson<PersonDetail>('PUT', API.adminPersonRole(id), change.body);
        case 'notes':
          return sendJson<PersonDetail>('PUT', API.adminPersonNotes(id), change.body);
        case 'bid-limit':
          return sendJson<PersonDetail>('PUT', API.adminPersonBidLimit(id), change.body);
        case 'approve-bidding':
          return sendJson<PersonDetail>(
            'POST',
            API.adminPersonApproveBidding(id),
            change.reason ? { reason: change.reason } : {},
          );
        case 'strike':
          return sendJson<PersonDetail>('POST', API.adminPersonStrikeRemove(id, change.strikeId), {
            reason: change.reason,
          });
      }
    },
    onSuccess: (person) => {
      queryClient.setQueryData(personKey(id), person);
      void queryClient.invalidateQueries({ queryKey: [...peopleKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [USER_SCOPE, 'admin', 'audit'] });
    },
  });
}
