import type {
  AdminProduct,
  AdminProductList,
  ImagesResponse,
  ProductInput,
} from '@rebound/contract/admin-catalogue';
import type { Category } from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload';

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

/** Uploads a product's photos as multipart with progress (0-1). */
function uploadImages(productId: string, files: File[], onProgress: (fraction: number) => void) {
  const form = new FormData();
  for (const file of files) form.append('images', file, file.name);
  return uploadWithProgress<ImagesResponse>(API.adminProductImages(productId), form, onProgress);
}

export function useUploadImages(productId: string, onProgress: (fraction: number) => void) {
  return useImagesWrite(productId, (files: File[]) => uploadImages(productId, files, onProgress));
}
