import type {
  AdminReturnResponse,
  AdminReturnsResponse,
  ReceiveReturnRequest,
  RefuseReturnRequest,
} from '@rebound/contract/returns';
import { RETURN_API } from '@rebound/contract/returns-routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ListState, listQueryString } from '../../components/admin/use-list-state';
import { ApiError, getJson, sendJson } from '../../lib/api-client';
import { USER_SCOPE } from '../../lib/query-scope';
import { uploadWithProgress } from '../../lib/upload';

// Under USER_SCOPE: signing out drops the staff's cached returns.
const keys = {
  all: [USER_SCOPE, 'admin-returns'] as const,
  list: (qs: string) => [USER_SCOPE, 'admin-returns', 'list', qs] as const,
  one: (id: string) => [USER_SCOPE, 'admin-returns', 'one', id] as const,
};

export function useAdminReturns(state: ListState) {
  const qs = listQueryString(state);
  return useQuery({
    queryKey: keys.list(qs),
    queryFn: ({ signal }) => getJson<AdminReturnsResponse>(`${RETURN_API.adminReturns}?${qs}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminReturn(id: string) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => getJson<AdminReturnResponse>(RETURN_API.adminReturn(id), signal),
    select: (answer) => answer.return,
  });
}

/** Every desk step changes the return, the list and the order (its refunds, its status). */
function useDeskStep<V>(send: (vars: V) => Promise<AdminReturnResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.all }),
        queryClient.invalidateQueries({ queryKey: [USER_SCOPE, 'admin-orders'] }),
      ]),
  });
}

/** The item is at the desk: the checklist and note, then the desk's photos (multipart `photos`). */
export function useReceiveReturn(id: string) {
  return useDeskStep(async ({ photos, ...body }: ReceiveReturnRequest & { photos: File[] }) => {
    const received = await sendJson<AdminReturnResponse>('POST', RETURN_API.adminReturnReceive(id), body);
    if (photos.length === 0) return received;
    const form = new FormData();
    for (const photo of photos) form.append('photos', photo, photo.name);
    try {
      return await uploadWithProgress<AdminReturnResponse>(RETURN_API.adminReturnPhotos(id), form, () => {});
    } catch (error) {
      throw new ApiError(
        error instanceof ApiError ? error.status : 0,
        'return_photos_failed',
        `The return is received, but the photos were not saved: ${error instanceof ApiError ? error.message : 'the upload failed.'}`,
      );
    }
  });
}

/** Refunds what the server computes for the return (no body: the amount is the server's). */
export function useRefundReturn(id: string) {
  return useDeskStep(() => sendJson<AdminReturnResponse>('POST', RETURN_API.adminReturnRefund(id)));
}

export function useRefuseReturn(id: string) {
  return useDeskStep((body: RefuseReturnRequest) =>
    sendJson<AdminReturnResponse>('POST', RETURN_API.adminReturnRefuse(id), body),
  );
}

/** The returns of one order (found by its number among all returns), newest first. */
export function useReturnsOfOrder(order: { id: string; number: string }) {
  const qs = new URLSearchParams({ q: order.number, pageSize: '10' }).toString();
  return useQuery({
    queryKey: keys.list(`order:${qs}`),
    queryFn: ({ signal }) => getJson<AdminReturnsResponse>(`${RETURN_API.adminReturns}?${qs}`, signal),
    select: (answer) => answer.items.filter((row) => row.orderId === order.id),
  });
}
