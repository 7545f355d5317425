import type {
  BookDropOffRequest,
  CreateReturnRequest,
  DropOffSlotsResponse,
  ReturnResponse,
} from '@rebound/contract/returns';
import { RETURN_API } from '@rebound/contract/returns-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, sendJson } from '../../lib/api-client';
import { meKeys } from '../../lib/query-keys';
import { USER_SCOPE } from '../../lib/query-scope';
import { getTimedJson } from '../../lib/server-clock';
import { uploadWithProgress } from '../../lib/upload';

// Keys only this feature reads; under USER_SCOPE so that signing out drops them.
const returnKeys = {
  slots: (returnId: string) => [USER_SCOPE, 'return-drop-off-slots', returnId] as const,
};

/** The orders (their return part) and the drop-off times change together. */
function useRefresh() {
  const queryClient = useQueryClient();
  return useCallback(
    (returnId?: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meKeys.orders() }),
        returnId ? queryClient.invalidateQueries({ queryKey: returnKeys.slots(returnId) }) : null,
      ]),
    [queryClient],
  );
}

/** Photos go up after the request, in one multipart call (field `photos`). */
function uploadPhotos(returnId: string, photos: File[]): Promise<ReturnResponse> {
  const form = new FormData();
  for (const photo of photos) form.append('photos', photo, photo.name);
  return uploadWithProgress<ReturnResponse>(RETURN_API.meReturnPhotos(returnId), form, () => {});
}

/**
 * Asks for a return (POST /api/me/returns), then sends its photos. When the request went through
 * but the photos did not, the error says so: the return exists and can be seen on the order.
 */
export function useRequestReturn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ photos, ...body }: CreateReturnRequest & { photos: File[] }) => {
      const created = await sendJson<ReturnResponse>('POST', RETURN_API.meReturns, body);
      if (photos.length === 0) return created;
      try {
        return await uploadPhotos(created.return.id, photos);
      } catch (error) {
        const why = error instanceof ApiError ? error.message : 'The upload failed.';
        throw new ApiError(
          error instanceof ApiError ? error.status : 0,
          'return_photos_failed',
          `Your return request was sent, but the photos were not: ${why}`,
        );
      }
    },
    onSettled: () => refresh(),
  });
}

/** The drop-off times before the return's deadline, at the order's location. */
export function useDropOffSlots(returnId: string) {
  return useQuery({
    queryKey: returnKeys.slots(returnId),
    queryFn: ({ signal }) =>
      getTimedJson<DropOffSlotsResponse>(
        `${RETURN_API.meReturnDropOffSlots(returnId)}?${new URLSearchParams({ days: '14' })}`,
        signal,
      ),
    refetchOnWindowFocus: true,
  });
}

/** Books, or moves, the drop-off (PUT /api/me/returns/:id/drop-off). */
export function useBookDropOff(returnId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BookDropOffRequest) =>
      sendJson<ReturnResponse>('PUT', RETURN_API.meReturnDropOff(returnId), body),
    onSettled: () => refresh(returnId),
  });
}

/** The shopper keeps the item (POST /api/me/returns/:id/withdraw). */
export function useWithdrawReturn(returnId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => sendJson<ReturnResponse>('POST', RETURN_API.meReturnWithdraw(returnId)),
    onSettled: () => refresh(returnId),
  });
}
