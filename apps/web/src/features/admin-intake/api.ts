import type { AdminProduct, ImagesResponse, ProductInput } from '@rebound/contract/admin-catalogue';
import type { IntakeLookup } from '@rebound/contract/admin-intake';
import type { Category } from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload';

/** The categories (the same cache entry every page reads them from). */
export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getJson<{ categories: Category[] }>(API.categories, signal),
    staleTime: 5 * 60_000,
  });
}

/** A scanned or typed code looked up as an item (the server reads GTINs in any form). */
export function useLookUp() {
  return useMutation({
    mutationFn: (code: string) =>
      getJson<IntakeLookup>(`${API.adminIntakeLookup}?code=${encodeURIComponent(code)}`),
  });
}

/** Saves the unit, then uploads its photos to it; the photos' failure does not undo the unit. */
export function useReceiveUnit(onProgress: (fraction: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, photos }: { input: ProductInput; photos: File[] }) => {
      const product = await sendJson<AdminProduct>('POST', API.adminIntakeUnits, input);
      let photoError: unknown = null;
      if (photos.length > 0) {
        const form = new FormData();
        for (const file of photos) form.append('images', file, file.name);
        try {
          await uploadWithProgress<ImagesResponse>(API.adminProductImages(product.id), form, onProgress);
        } catch (err) {
          photoError = err;
        }
      }
      return { product, photoError, photoCount: photos.length };
    },
    onSuccess: () => {
      // The catalogue's lists show the new unit when next opened.
      void client.invalidateQueries({ queryKey: ['admin', 'catalogue'] });
    },
  });
}
