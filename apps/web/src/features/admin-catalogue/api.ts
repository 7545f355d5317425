import type {
  AdminProduct,
  AdminProductList,
  ImagesResponse,
  ProductInput,
} from '@rebound/contract/admin-catalogue';
import type { Category } from '@rebound/contract/catalog';
import type { ErrorBody } from '@rebound/contract/common';
import { API } from '@rebound/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, getJson, sendJson } from '../../lib/api-client';

export const catalogueKeys = {
  all: ['admin', 'catalogue'] as const,
  list: (qs: string) => ['admin', 'catalogue', 'list', qs] as const,
  product: (id: string) => ['admin', 'catalogue', 'product', id] as const,
};

/** The list as the table asks for it; `qs` is the query string (filters, search, sort, page). */
export function useProductList(qs: string) {
  return useQuery({
    queryKey: catalogueKeys.list(qs),
    queryFn: ({ signal }) => getJson<AdminProductList>(`${API.adminProducts}?${qs}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: catalogueKeys.product(id ?? ''),
    queryFn: ({ signal }) => getJson<AdminProduct>(API.adminProduct(id!), signal),
    enabled: Boolean(id),
  });
}

export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getJson<{ categories: Category[] }>(API.categories, signal),
    staleTime: 5 * 60_000,
  });
}

function useProductWrite<V>(write: (v: V) => Promise<AdminProduct>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (product) => {
      client.setQueryData(catalogueKeys.product(product.id), product);
      void client.invalidateQueries({ queryKey: [...catalogueKeys.all, 'list'] });
    },
  });
}

export function useSaveProduct(id: string | undefined) {
  return useProductWrite((input: ProductInput) =>
    id
      ? sendJson<AdminProduct>('PUT', API.adminProduct(id), input)
      : sendJson<AdminProduct>('POST', API.adminProducts, input),
  );
}

export function useWithdrawProduct(id: string) {
  return useProductWrite((reason: string) =>
    sendJson<AdminProduct>('POST', API.adminProductWithdraw(id), reason ? { reason } : {}),
  );
}

/** Puts the product's new images into its cached copy. */
function useImagesWrite<V>(productId: string, write: (v: V) => Promise<ImagesResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: ({ images }) => {
      client.setQueryData<AdminProduct>(catalogueKeys.product(productId), (old) =>
        old ? { ...old, images } : old,
      );
      void client.invalidateQueries({ queryKey: [...catalogueKeys.all, 'list'] });
    },
  });
}

export function useReorderImages(productId: string) {
  return useImagesWrite(productId, (imageIds: string[]) =>
    sendJson<ImagesResponse>('PUT', API.adminProductImageOrder(productId), { imageIds }),
  );
}

export function useDeleteImage(productId: string) {
  return useImagesWrite(productId, (imageId: string) =>
    sendJson<ImagesResponse>('DELETE', API.adminProductImage(productId, imageId)),
  );
}

/**
 * Uploads files as multipart with progress (0-1). fetch has no upload progress, so this is XHR;
 * errors carry the server's message like every other call.
 */
function uploadWithProgress(productId: string, files: File[], onProgress: (fraction: number) => void) {
  return new Promise<ImagesResponse>((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('images', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', API.adminProductImages(productId));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body as ImagesResponse);
      const error = (body as ErrorBody | undefined)?.error;
      reject(
        new ApiError(
          xhr.status,
          error?.code ?? 'http_error',
          error?.message ?? 'The upload failed. Please try again.',
        ),
      );
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'network', 'We could not reach Rebound. Check your connection and try again.'));
    xhr.send(form);
  });
}

export function useUploadImages(productId: string, onProgress: (fraction: number) => void) {
  return useImagesWrite(productId, (files: File[]) => uploadWithProgress(productId, files, onProgress));
}
