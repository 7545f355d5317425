import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { clearedShopState, readShopParams, type ShopState, writeShopParams } from './search-params';

export type ShopParams = {
  state: ShopState;
  /** Change filters, sort or search: a new history entry, back on page 1 unless `page` is given. */
  update: (patch: Partial<ShopState>) => void;
  /** Go to a page of the current results. */
  goToPage: (page: number) => void;
  /** Clear every filter and the search (the sort stays). */
  clear: () => void;
  /** Correct the address without a new history entry (e.g. a page past the last one). */
  replace: (patch: Partial<ShopState>) => void;
};

/** The shop's state, read from and written to the address bar so links and the back button work. */
export function useShopParams(): ShopParams {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readShopParams(params), [params]);

  const update = useCallback(
    (patch: Partial<ShopState>) =>
      // Filters change under the shopper's hand: keep the scroll position where it is.
      setParams((prev) => writeShopParams({ ...readShopParams(prev), page: 1, ...patch }), {
        preventScrollReset: true,
      }),
    [setParams],
  );

  const goToPage = useCallback(
    (page: number) => setParams((prev) => writeShopParams({ ...readShopParams(prev), page })),
    [setParams],
  );

  const clear = useCallback(
    () =>
      setParams((prev) => writeShopParams(clearedShopState(readShopParams(prev))), {
        preventScrollReset: true,
      }),
    [setParams],
  );

  const replace = useCallback(
    (patch: Partial<ShopState>) =>
      setParams((prev) => writeShopParams({ ...readShopParams(prev), ...patch }), {
        replace: true,
        preventScrollReset: true,
      }),
    [setParams],
  );

  return { state, update, goToPage, clear, replace };
}
